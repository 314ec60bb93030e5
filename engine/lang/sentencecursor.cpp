// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/sentencecursor.h"

#include "lang/cursorscan.h"

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
    std::vector<Frame> frames;
    const auto startElement = [&] {
        if (!frames.empty())
            ++frames.back().elements;
    };
    const auto onWord = [&](int start, int end) {
        if (!frames.empty() && frames.back().list && frames.back().elements == 0)
            frames.back().functor = text.mid(start, end - start).toString();
        startElement();
    };
    const auto onMark = [&](QChar c) {
        if (c == u'(' || c == u'[') {
            startElement();
            frames.push_back({ c == u'(', {}, 0 });
        } else if (c == u')' || c == u']') {
            if (!frames.empty())
                frames.pop_back();
        } else if (c == u'"') {
            startElement();
        }
    };
    static constexpr CursorSyntax syntax { &SentenceCursor::isSymbolChar, u';', false };
    const CursorScan scan = scanToCursor(text, position, syntax, onWord, onMark);
    out.inString = scan.inString;
    out.inLiteral = scan.inLiteral();
    out.depth = int(frames.size());
    out.wordStart = scan.wordStart;
    out.wordEnd = scan.wordEnd;
    out.prefix = scan.prefix;
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
