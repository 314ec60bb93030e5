// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/corrections.h"
#include "kb/symbol.h"
#include "kb/term.h"

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::lang::fanvakb {

/// Runs the passes of formalize.md §7 on `sentence` against the KB as seen from `context`.
[[nodiscard]] Correction correct(const kb::KnowledgeBase &kb, kb::Term sentence, kb::SymbolId context);

} // namespace fanva::lang::fanvakb
