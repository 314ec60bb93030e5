// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/symbol.h"
#include "kb/term.h"

#include <QLatin1StringView>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstdint>
#include <optional>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// A functor the entries use that the KB does not know (formalize.md §8). Reported, never
/// rejected.
struct CoinedFunctor {
    enum class Role : std::uint8_t { Type, Property, Relation };
    QString functor;
    int arity = 0;
    Role role = Role::Relation;
    /// Ids of the entries using it, in the order given.
    QStringList entries;
    friend bool operator==(const CoinedFunctor &, const CoinedFunctor &) = default;
};

[[nodiscard]] QLatin1StringView coinedRoleName(CoinedFunctor::Role role);
/// type | property | relation; anything else is nullopt.
[[nodiscard]] std::optional<CoinedFunctor::Role> coinedRoleFromName(QStringView name);

/// Counts over the non-frame literals of all entries; every count is a number of literals.
struct CoinedReport {
    std::vector<CoinedFunctor> functors; ///< once per functor, sorted
    int literals = 0;
    int reused = 0;
    int coined = 0;
    int types = 0;
    int properties = 0;
    int relations = 0;
    /// Individuals the entries name that the KB does not know (not coined vocabulary).
    int introduced = 0;

    /// "31 literals — 27 reuse KB vocabulary, 4 coined (2 types, 1 property, 1 relation)".
    [[nodiscard]] QString header() const;
};

/// One entry's id and its selected shape.
struct CoinedInput {
    QString id;
    kb::Term sentence;
};

/// Walks each entry's sentence, skipping the frame (implies and not exists set/* exceptWhen
/// ist), and reports the functors unknown to KnowledgeBase::findTerm() in `context`.
[[nodiscard]] CoinedReport coinedVocabulary(const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<CoinedInput> &entries);

} // namespace fanva::formalize
