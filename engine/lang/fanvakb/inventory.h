// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/inventory.h"
#include "kb/symbol.h"

#include <QString>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

/// Builds fanva-kb's card (formalize.md §2; lang::Card) for `context` from the resolved words,
/// within `cardTokens` tokens. It lists the terms in tiers: resolved document words,
/// relations licensed by their types, the target's own vocabulary.
[[nodiscard]] Card buildInventory(
    const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<Resolution> &resolutions, int cardTokens);

/// The rows of the system prefix's names table (§3.1): relation, type, individual, each
/// with the sorted-first commented term of that role in the cone of `context` (fallbacks
/// eats, penguin, Pingu).
[[nodiscard]] std::vector<formalize::RoleExample> roleExamples(const kb::KnowledgeBase &kb, kb::SymbolId context);

/// formalize::systemPrefix(roleExamples(kb, context)).
[[nodiscard]] QString systemPrefix(const kb::KnowledgeBase &kb, kb::SymbolId context);

} // namespace fanva::lang::fanvakb
