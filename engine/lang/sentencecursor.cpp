// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/sentencecursor.h"

#include <vector>

namespace fanva::lang {

using kb::CompletionSlot;

namespace {

struct Frame {
    bool list = true;
    QString functor; ///< the first element when it is a symbol
    int elements = 0; ///< elements that started so far
};

} // namespace

bool SentenceCursor::isSymbolChar(QChar c)
{
    return !c.isSpace() && c != u'(' && c != u')' && c != u'[' && c != u']' && c != u'"' && c != u';';
}

SentenceCursor SentenceCursor::at(QStringView text, int position)
{
    SentenceCursor out;
    position = qBound(0, position, int(text.size()));
    std::vector<Frame> frames;
    bool inComment = false;
    int tokenStart = -1; // of the symbol being read
    const auto endToken = [&](int end) {
        if (tokenStart < 0)
            return;
        if (!frames.empty()) {
            Frame &f = frames.back();
            if (f.list && f.elements == 0)
                f.functor = text.mid(tokenStart, end - tokenStart).toString();
            ++f.elements;
        }
        tokenStart = -1;
    };
    const auto startElement = [&] {
        if (!frames.empty())
            ++frames.back().elements;
    };
    for (int i = 0; i < position; ++i) {
        const QChar c = text[i];
        if (inComment) {
            if (c == u'\n')
                inComment = false;
            continue;
        }
        if (out.inString) {
            if (c == u'\\')
                ++i;
            else if (c == u'"')
                out.inString = false;
            continue;
        }
        if (isSymbolChar(c)) {
            if (tokenStart < 0)
                tokenStart = i;
            continue;
        }
        endToken(i);
        if (c == u'(' || c == u'[') {
            startElement();
            frames.push_back({ c == u'(', {}, 0 });
        } else if (c == u')' || c == u']') {
            if (!frames.empty())
                frames.pop_back();
        } else if (c == u'"') {
            startElement();
            out.inString = true;
        } else if (c == u';') {
            inComment = true;
        }
    }
    out.inLiteral = out.inString || inComment;
    out.depth = int(frames.size());
    out.wordStart = out.wordEnd = position;
    if (tokenStart >= 0 && !out.inLiteral) {
        out.wordStart = tokenStart;
        out.prefix = text.mid(tokenStart, position - tokenStart).toString();
    }
    if (!out.inLiteral) {
        int end = position;
        while (end < text.size() && isSymbolChar(text[end]))
            ++end;
        out.wordEnd = end;
    }
    // The cursor's element index in the innermost frame: a token being read is the next element.
    if (!frames.empty()) {
        const Frame &f = frames.back();
        out.argument = out.inString ? f.elements - 1 : f.elements; // an open string is counted already
        if (f.list) {
            // The functor is only known once its token ended (or the cursor is past it).
            out.functor = f.elements > 0 ? f.functor : QString();
            if (f.elements == 0)
                out.slot = CompletionSlot::Functor;
            else if ((f.functor == u"ist" && f.elements == 1) || (f.functor == u"genlCx" && (f.elements == 1 || f.elements == 2)))
                out.slot = CompletionSlot::Context;
        }
    }
    if (out.prefix.startsWith(u'?') || (!out.prefix.isEmpty() && (out.prefix[0].isDigit() || out.prefix[0] == u'-')))
        out.inLiteral = true; // a variable or a number: nothing to complete
    return out;
}

bool SentenceCursor::isClosed(QStringView text)
{
    const SentenceCursor end = at(text, int(text.size()));
    return end.depth == 0 && !end.inString;
}

} // namespace fanva::lang
