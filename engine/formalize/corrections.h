// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/replyparser.h"
#include "kb/symbol.h"
#include "kb/term.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

/// A proposal about a proposal (formalize.md §7): a rewrite of a candidate that says what
/// its drafter most likely meant. Pure; nothing is stored or mutated. Empty when no pass
/// applies.
struct Correction {
    /// The passes that fired, in order: arity-surplus, unary-on-type, relation-on-types.
    QStringList rules;
    QString from;
    /// The rewrite, when a pass could make one (each pass's `to` feeds the next).
    std::optional<QString> to;
    /// Further readings, best first.
    QStringList alternatives;
    QString why;
    /// The weakest of the passes that fired.
    Confidence confidence = Confidence::High;

    [[nodiscard]] bool isEmpty() const { return rules.isEmpty(); }
};

/// Runs the passes of §7 on `sentence` against the KB as seen from `context`.
[[nodiscard]] Correction correct(const kb::KnowledgeBase &kb, kb::Term sentence, kb::SymbolId context);

/// The numbered shapes of an entry: 1 as written, 2 the rewrite, 3… the alternatives (at
/// most 9 in all).
[[nodiscard]] QStringList correctionShapes(const Correction &correction, const QString &asWritten);

/// The shape an entry starts with: 2 when there is a rewrite, else 1.
[[nodiscard]] int initialShape(const Correction &correction);

} // namespace fanva::formalize
