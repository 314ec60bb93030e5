// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/token.h"

#include <QList>
#include <QStringList>
#include <QStringView>

namespace fanva::lang {

/// Splits fanva-kb text into highlighting tokens (kb-language.md §2–§4): both highlighters —
/// KSyntaxHighlighting with resources/syntax/fanva-kb.xml and the built-in KbHighlighter —
/// assign the classes by the same rules. One line at a time; pure and reentrant: the only state
/// carried from line to line is whether a string is still open.
class KbTokenizer final
{
public:
    enum class State : quint8 { Normal, InString };

    /// Tokens of @p line, in order; whitespace and delimiters between tokens are not returned.
    /// @p state is the state at the start of the line and becomes the state at its end.
    [[nodiscard]] static QList<Token> tokenize(QStringView line, State &state);

    /// The class of one symbol or number token read on its own; @p functorPosition says
    /// whether it directly follows a `(`.
    [[nodiscard]] static TokenClass classifyAtom(QStringView token, bool functorPosition);

    /// The built-in structural vocabulary highlighted as keywords (namespaces `set/` and
    /// `agg/` are keywords as a whole and not listed).
    [[nodiscard]] static const QStringList &keywords();
};

} // namespace fanva::lang
