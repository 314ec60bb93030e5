// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/highlight.h"

#include "lang/nibli/lexer_p.h"

#include <string>

namespace fanva::lang::nibli {

namespace {

bool isWordChar(QChar c)
{
    return c.unicode() < 128 && (c.isLetterOrNumber() || c == u'_');
}
bool isLower(QChar c)
{
    return c >= u'a' && c <= u'z';
}
bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

} // namespace

std::vector<TokenSpan> highlightLine(QStringView line, LineState &state)
{
    std::vector<TokenSpan> out;
    const qsizetype n = line.size();
    qsizetype i = 0;
    const auto span = [&](qsizetype start, qsizetype end, TokenClass c) { out.push_back({ start, end - start, c }); };
    if (state == LineState::InBlockComment) {
        const qsizetype close = line.indexOf(u"*/");
        if (close < 0) {
            if (n > 0)
                span(0, n, TokenClass::Comment);
            return out;
        }
        span(0, close + 2, TokenClass::Comment);
        i = close + 2;
        state = LineState::Normal;
    }
    while (i < n) {
        const QChar c = line[i];
        if (c == u' ' || c == u'\t' || c == u'\r') {
            ++i;
            continue;
        }
        const qsizetype start = i;
        if (c == u'#') {
            span(start, n, TokenClass::Comment);
            break;
        }
        if (c == u'/' && i + 1 < n && line[i + 1] == u'*') {
            const qsizetype close = line.indexOf(u"*/", i + 2);
            if (close < 0) {
                span(start, n, TokenClass::Comment);
                state = LineState::InBlockComment;
                break;
            }
            i = close + 2;
            span(start, i, TokenClass::Comment);
            continue;
        }
        if (c == u'"') {
            ++i;
            while (i < n && line[i] != u'"')
                i += line[i] == u'\\' ? 2 : 1;
            i = std::min(n, i + 1);
            span(start, i, TokenClass::String);
            continue;
        }
        if (c == u'$' || c == u'?') {
            ++i;
            while (c == u'$' && i < n && isWordChar(line[i]))
                ++i;
            span(start, i, TokenClass::Variable);
            continue;
        }
        if (!isWordChar(c)) {
            i += c == u'<' && line.mid(i).startsWith(u"<->") ? 3 : c == u'-' && i + 1 < n && line[i + 1] == u'>' ? 2 : 1;
            span(start, i, TokenClass::Other);
            continue;
        }
        while (i < n && isWordChar(line[i]))
            ++i;
        if (isDigit(c)) {
            if (i + 1 < n && line[i] == u'.' && isDigit(line[i + 1])) {
                i += 1;
                while (i < n && isWordChar(line[i]))
                    ++i;
            }
            span(start, i, TokenClass::Number);
            continue;
        }
        if (c == u'_') {
            span(start, i, i - start == 1 ? TokenClass::Variable : TokenClass::Other);
            continue;
        }
        if (!isLower(c)) {
            span(start, i, TokenClass::Individual);
            continue;
        }
        const std::string word = line.mid(start, i - start).toLatin1().toStdString();
        if (keywordOf(word) != Kw::None) {
            span(start, i, TokenClass::Keyword);
            continue;
        }
        const bool label = (i < n && line[i] == u':') || (start >= 2 && line[start - 1] == u'.' && isWordChar(line[start - 2]));
        if (label) {
            span(start, i, TokenClass::Other);
            continue;
        }
        while (i + 1 < n && line[i] == u'+' && isLower(line[i + 1])) {
            i += 1;
            while (i < n && isWordChar(line[i]))
                ++i;
        }
        span(start, i, TokenClass::Predicate);
    }
    return out;
}

} // namespace fanva::lang::nibli
