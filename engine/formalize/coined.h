// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/symbol.h"
#include "kb/term.h"
#include "lang/drafting.h"

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

/// A functor the entries use that the KB does not know (formalize.md §8; lang/drafting.h).
using CoinedFunctor = lang::CoinedFunctor;

[[nodiscard]] QLatin1StringView coinedRoleName(CoinedFunctor::Role role);
/// type | property | relation; anything else is nullopt.
[[nodiscard]] std::optional<CoinedFunctor::Role> coinedRoleFromName(QStringView name);

/// Counts over the non-frame literals of all entries (lang/drafting.h).
using CoinedReport = lang::CoinedReport;

/// One entry's id and its selected shape.
struct CoinedInput {
    QString id;
    kb::Term sentence;
};

/// Walks each entry's sentence, skipping the frame (implies and not exists set/* exceptWhen
/// ist), and reports the functors unknown to KnowledgeBase::findTerm() in `context`.
[[nodiscard]] CoinedReport coinedVocabulary(const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<CoinedInput> &entries);

} // namespace fanva::formalize
