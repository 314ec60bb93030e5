// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/coined.h"
#include "kb/symbol.h"
#include "kb/term.h"
#include "lang/drafting.h"

#include <QString>

#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

/// One entry's id and its selected shape.
struct CoinedInput {
    QString id;
    kb::Term sentence;
};

/// formalize.md §8 on fanva-kb: walks each entry's sentence, skipping the frame (implies and
/// not exists set/* exceptWhen ist), and reports the functors unknown to
/// KnowledgeBase::findTerm() in `context`.
[[nodiscard]] CoinedReport coinedVocabulary(const kb::KnowledgeBase &kb, kb::SymbolId context, const std::vector<CoinedInput> &entries);

} // namespace fanva::lang::fanvakb
