// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/vocabulary.h"

#include <QString>
#include <QStringView>

namespace fanva::lang {

/// Where the cursor stands in fanva-kb text being typed (the author's editor, issue 15): the
/// symbol it is on, what kind of term fits there, and the list it is an argument of. Read
/// with the reader's lexical rules (strings, `;` comments, lists and vectors), tolerant of
/// unfinished text.
struct SentenceCursor {
    /// The symbol the cursor is in or right after: [wordStart, wordEnd) in the text; empty
    /// (wordStart == wordEnd == position) between tokens.
    int wordStart = 0;
    int wordEnd = 0;
    /// The part of that symbol before the cursor.
    QString prefix;
    /// In a string or a comment: nothing to complete.
    bool inLiteral = false;
    /// What fits at the cursor (functor position, a context position, any other argument).
    kb::CompletionSlot slot = kb::CompletionSlot::Argument;
    /// The functor of the innermost list around the cursor ("" when none, or when it is not a
    /// symbol), and the cursor's position in it: 0 on the functor, i for argument i.
    QString functor;
    int argument = 0;
    /// Lists and vectors still open at the cursor, and whether a string is.
    int depth = 0;
    bool inString = false;

    /// Reads @p text up to @p position.
    [[nodiscard]] static SentenceCursor at(QStringView text, int position);
    /// True when @p text leaves no list, vector or string open (Enter may commit it).
    [[nodiscard]] static bool isClosed(QStringView text);
    /// True for a character that may be part of a symbol or variable.
    [[nodiscard]] static bool isSymbolChar(QChar c);
};

} // namespace fanva::lang
