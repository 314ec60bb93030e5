// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QStringView>

#include <vector>

namespace fanva::lang::nibli {

/// The token classes of nibli KR text (nibli-kr.md §1.5), one to one with the built-in
/// highlighter's KbTokenClass values of the same names.
enum class TokenClass { Comment, String, Number, Variable, Individual, Keyword, Predicate, Other };

/// A highlighted run of one line: [start, start + length) in UTF-16 units.
struct TokenSpan {
    qsizetype start = 0;
    qsizetype length = 0;
    TokenClass tokenClass = TokenClass::Other;
    friend bool operator==(const TokenSpan &, const TokenSpan &) = default;
};

/// Whether a line starts inside a `/* … */` comment (strings never span lines).
enum class LineState { Normal, InBlockComment };

/// The spans of `line` (no line break), given the state the previous line ended in;
/// `state` becomes the state this line ends in. Whitespace gets no span.
[[nodiscard]] std::vector<TokenSpan> highlightLine(QStringView line, LineState &state);

} // namespace fanva::lang::nibli
