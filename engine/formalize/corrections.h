// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/replyparser.h"
#include "kb/symbol.h"
#include "kb/term.h"
#include "lang/drafting.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// A proposal about a proposal (formalize.md §7; lang/drafting.h).
using Correction = lang::Correction;

/// Runs the passes of §7 on `sentence` against the KB as seen from `context`.
[[nodiscard]] Correction correct(const kb::KnowledgeBase &kb, kb::Term sentence, kb::SymbolId context);

/// The numbered shapes of an entry: 1 as written, 2 the rewrite, 3… the alternatives (at
/// most 9 in all).
[[nodiscard]] QStringList correctionShapes(const Correction &correction, const QString &asWritten);

/// The shape an entry starts with: 2 when there is a rewrite, else 1.
[[nodiscard]] int initialShape(const Correction &correction);

} // namespace fanva::formalize
