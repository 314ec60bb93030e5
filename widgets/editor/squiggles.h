// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"

#include <QString>
#include <QTextEdit>

#include <vector>

class QPlainTextEdit;

/// One problem placed in the editor's text: [start, end) in QString positions.
struct PlacedProblem {
    int start = 0;
    int end = 0;
    fanva::check::Problem problem;
};

/// The problems of the author's editor as wavy underlines at their spans (issue 15). A
/// problem's span indexes the UTF-8 bytes of the gated sentence, which is the editor's text
/// without its leading white space; a reader error's empty span underlines the character it
/// points at (the last one at the end of the text). Problems without a span are not placed.
class Squiggles final
{
public:
    /// Places @p problems in @p text (the editor's whole text).
    [[nodiscard]] static std::vector<PlacedProblem> place(const QString &text, const std::vector<fanva::check::Problem> &problems);
    /// The underlines for @p placed in @p editor: red for a blocking problem, the palette's
    /// link colour for a note.
    [[nodiscard]] static QList<QTextEdit::ExtraSelection> selections(QPlainTextEdit *editor, const std::vector<PlacedProblem> &placed);
    /// The messages of the problems covering @p position, one per line ("" when none).
    [[nodiscard]] static QString messagesAt(const std::vector<PlacedProblem> &placed, int position);
};
