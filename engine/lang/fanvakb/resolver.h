// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/resolver.h"
#include "formalize/segmenter.h"
#include "kb/symbol.h"

#include <QByteArray>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

/// Document words → KB terms visible from `context` (formalize.md §1.2): longest-first,
/// non-overlapping, one KnowledgeBase::findTerm() per distinct lang::spellings();
/// only types, predicates and individuals. Pure: nothing scans the KB.
[[nodiscard]] std::vector<Resolution> resolve(
    const QByteArray &document, const std::vector<Segment> &segments, const kb::KnowledgeBase &kb, kb::SymbolId context);

} // namespace fanva::lang::fanvakb
