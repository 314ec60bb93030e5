// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/segmenter.h"
#include "kb/roles.h"
#include "kb/symbol.h"
#include "lang/drafting.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// A run of document words that names an existing KB term (formalize.md §1.2; lang/drafting.h).
using Resolution = lang::Resolution;

/// The spellings tried for a run of words, in order, deduplicated (§1.2): camelCase,
/// snake_case, Capitalized, then the same with the last word singular; for one word the
/// word as written first.
[[nodiscard]] QStringList spellings(const QStringList &words);

/// The singular of a lower-case English word (irregulars, -ies, -es, final s).
[[nodiscard]] QString singular(const QString &word);

/// Document words → KB terms visible from `context`: longest-first, non-overlapping, one
/// KnowledgeBase::findTerm() per distinct spelling; only types, predicates and individuals.
/// Pure: nothing scans the KB.
[[nodiscard]] std::vector<Resolution> resolve(
    const QByteArray &document, const std::vector<Segment> &segments, const kb::KnowledgeBase &kb, kb::SymbolId context);

} // namespace fanva::formalize
