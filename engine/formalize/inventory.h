// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/prompts.h"
#include "formalize/resolver.h"
#include "kb/symbol.h"
#include "lang/drafting.h"

#include <QString>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// est(x) = ceil(utf8Bytes(x) / 3.5) tokens (formalize.md).
[[nodiscard]] int estimateTokens(const QString &text);

/// The vocabulary card (formalize.md §2; lang::Card): fanva-kb's lists the terms in tiers —
/// resolved document words, relations licensed by their types, the target's own vocabulary.
using Inventory = lang::Card;

/// Builds the card for `context` from the resolved words, within `cardTokens` tokens.
[[nodiscard]] Inventory buildInventory(
    const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<Resolution> &resolutions, int cardTokens);

/// One resolved term per distinct term, in document order, as the document turn lists them.
[[nodiscard]] std::vector<PromptResolution> promptResolutions(const std::vector<Resolution> &resolutions);

/// The rows of the system prefix's names table (§3.1): relation, type, individual, each
/// with the sorted-first commented term of that role in the cone of `context` (fallbacks
/// eats, penguin, Pingu).
[[nodiscard]] std::vector<RoleExample> roleExamples(const kb::KnowledgeBase &kb, kb::SymbolId context);

/// systemPrefix(roleExamples(kb, context)).
[[nodiscard]] QString systemPrefix(const kb::KnowledgeBase &kb, kb::SymbolId context);

} // namespace fanva::formalize
