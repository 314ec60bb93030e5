// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QChar>
#include <QString>
#include <QStringView>
#include <QtGlobal>

namespace fanva::lang {

/// The lexical rules a cursor scan reads text with (the author's editor, docs/spec/language-seam.md):
/// the language's word class and how its comments start. Strings are `"…"` with backslash
/// escapes in every language.
struct CursorSyntax {
    /// True for a character that may be part of a word (a symbol, a name, a variable).
    bool (*isWordChar)(QChar) = nullptr;
    /// Starts a comment that runs to the end of the line.
    QChar lineComment;
    /// Whether `/* … */` is a comment too.
    bool blockComments = false;
};

/// Where a scan up to the cursor ended: the word the cursor is in or right after, and the
/// literal still open there.
struct CursorScan {
    /// The word [wordStart, wordEnd) in the text; empty (both the position) between words
    /// and in a literal.
    int wordStart = 0;
    int wordEnd = 0;
    /// The part of that word before the cursor.
    QString prefix;
    bool inString = false;
    bool inComment = false;
    [[nodiscard]] bool inLiteral() const { return inString || inComment; }
};

/// Reads @p text up to @p position with @p syntax, tolerant of unfinished text: one scanner
/// for every language's editor, which builds its own structure from what it is shown.
/// `onWord(start, end)` is called for each word that ends before the cursor; `onMark(c)`
/// for each other character outside strings and comments, the one opening a string or a
/// comment included, right after the word before it ended.
template<typename OnWord, typename OnMark>
[[nodiscard]] CursorScan scanToCursor(QStringView text, int position, const CursorSyntax &syntax, OnWord onWord, OnMark onMark)
{
    CursorScan out;
    position = qBound(0, position, int(text.size()));
    bool lineComment = false;
    bool blockComment = false;
    int wordStart = -1;
    const auto opensBlock = [&](int i) { return syntax.blockComments && text[i] == u'/' && i + 1 < position && text[i + 1] == u'*'; };
    for (int i = 0; i < position; ++i) {
        const QChar c = text[i];
        if (lineComment) {
            lineComment = c != u'\n';
            continue;
        }
        if (blockComment) {
            if (c == u'*' && i + 1 < position && text[i + 1] == u'/') {
                blockComment = false;
                ++i;
            }
            continue;
        }
        if (out.inString) {
            if (c == u'\\')
                ++i;
            else if (c == u'"')
                out.inString = false;
            continue;
        }
        if (syntax.isWordChar(c)) {
            if (wordStart < 0)
                wordStart = i;
            continue;
        }
        if (wordStart >= 0)
            onWord(wordStart, i);
        wordStart = -1;
        onMark(c);
        if (c == u'"') {
            out.inString = true;
        } else if (c == syntax.lineComment) {
            lineComment = true;
        } else if (opensBlock(i)) {
            blockComment = true;
            ++i;
        }
    }
    out.inComment = lineComment || blockComment;
    out.wordStart = out.wordEnd = position;
    if (out.inLiteral())
        return out;
    if (wordStart >= 0) {
        out.wordStart = wordStart;
        out.prefix = text.mid(wordStart, position - wordStart).toString();
    }
    int end = position;
    while (end < text.size() && syntax.isWordChar(text[end]))
        ++end;
    out.wordEnd = end;
    return out;
}

} // namespace fanva::lang
