// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/turnvocabulary.h"

#include <nlohmann/json.hpp>

namespace fanva::lang::nibli {

class KnowledgeBase;

/// The vocabulary part of the rules turn for a nibli KB (docs/spec/rules.md §2): every simple
/// word of the shipped lexicon and the KB's `pred` declarations (query-only words left out) —
/// a word whose first place is the word itself or whose reading is "{x1} is a N" as a type,
/// a word whose reading uses {x1} (and {x2}) as a relation of that arity with the comment
/// `(w ?x1 ?x2) means READING.`, another word as a relation the drafter matches by name —
/// and every Name the KB uses with the words of its one-place facts as its types. Sorted by
/// name: the same KB gives the same bytes.
[[nodiscard]] nlohmann::json turnVocabulary(const KnowledgeBase &kb);

/// The TurnVocabulary role of the nibli adapter; `knowledgeBaseOf` reaches the adapter's
/// nibli KB behind a lang::Kb.
class TurnVocabulary final : public lang::TurnVocabulary
{
public:
    using KnowledgeBaseOf = const KnowledgeBase &(*)(const Kb &kb);
    explicit TurnVocabulary(KnowledgeBaseOf knowledgeBaseOf)
        : m_knowledgeBaseOf(knowledgeBaseOf)
    { }

    [[nodiscard]] nlohmann::json vocabulary(const Kb &kb, const QString &target) const override;

private:
    KnowledgeBaseOf m_knowledgeBaseOf;
};

} // namespace fanva::lang::nibli
