// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/prompts.h"
#include "formalize/resolver.h"
#include "kb/symbol.h"

#include <QString>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// est(x) = ceil(utf8Bytes(x) / 3.5) tokens (formalize.md).
[[nodiscard]] int estimateTokens(const QString &text);

/// The vocabulary card (formalize.md §2): the KB terms a model should use, in tiers —
/// resolved document words, relations licensed by their types, the target's own
/// vocabulary — rendered in blocks within a token budget. A cut is always stated.
struct Inventory {
    /// How many lines each block could not list.
    struct Cut {
        int relations = 0;
        int types = 0;
        int individuals = 0;
        int structural = 0;
        [[nodiscard]] int total() const { return relations + types + individuals + structural; }
        friend bool operator==(const Cut &, const Cut &) = default;
    };

    QString card;
    int tokens = 0;
    Cut cut;
    /// The terms listed on the card, block by block.
    std::vector<kb::SymbolId> relations;
    std::vector<kb::SymbolId> types;
    std::vector<kb::SymbolId> individuals;

    [[nodiscard]] bool isCut() const { return cut.total() > 0; }
};

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
