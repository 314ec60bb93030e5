// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/nibli/knowledgebase.h"

#include <QString>

#include <string>
#include <vector>

namespace fanva::lang::nibli {

/// What a spelling is to the formalize resolver (nibli-kr.md §6.3).
enum class TermRole { None, Predicate, Individual };

/// `predicate` for a simple word or compound of V, `individual` for a Name used in `kb`.
[[nodiscard]] TermRole findTerm(const KnowledgeBase *kb, const Vocabulary &vocabulary, std::string_view spelling);

/// The vocabulary card of a nibli workspace (§6.3 with formalize.md §2's budget and cut
/// statements): the predicates and Names a model should use, in tiers, within a budget.
struct Card {
    std::string text;
    int tokens = 0;
    int cutPredicates = 0;
    int cutNames = 0;
    std::vector<std::string> predicates; ///< listed, in order
    std::vector<std::string> names; ///< listed, in order
    [[nodiscard]] bool isCut() const { return cutPredicates + cutNames > 0; }
};

/// Builds the card. `resolved` are the document's resolved spellings (predicates and Names)
/// in first-occurrence order; `target` the target file (e.g. "kb/drugs.nibli" relative to the
/// KB root: "drugs.nibli"); `cardTokens` the budget in estimated tokens.
[[nodiscard]] Card card(
    const KnowledgeBase *kb, const Vocabulary &vocabulary, const std::vector<std::string> &resolved, const QString &target, int cardTokens);

/// The heads P of `kb`'s one-argument statements `P(name).` (no prefix, no `~`), in stated
/// order without duplicates (the card's Name lines and score's profile).
[[nodiscard]] std::vector<std::string> profile(const KnowledgeBase &kb, std::string_view name);

} // namespace fanva::lang::nibli
