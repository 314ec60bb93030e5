// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/segmenter.h"

#include "enumnames.h"
#include "lang/utf8.h"

#include <QChar>

#include <algorithm>
#include <array>
#include <string_view>

namespace fanva::formalize {

namespace {

constexpr std::array<std::string_view, 38> s_abbreviations {
    "mr",
    "mrs",
    "ms",
    "dr",
    "prof",
    "st",
    "mt",
    "jr",
    "sr",
    "vs",
    "etc",
    "e.g",
    "i.e",
    "cf",
    "viz",
    "approx",
    "ca",
    "fig",
    "no",
    "vol",
    "p",
    "pp",
    "inc",
    "ltd",
    "co",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
};

// A decoded code point and the byte offset it starts at.
struct Char {
    qsizetype offset = 0;
    char32_t cp = 0;
};

bool isBlank(char32_t c)
{
    return c == u' ' || c == u'\t';
}

bool isSpace(char32_t c)
{
    return c == u' ' || c == u'\t' || c == u'\r' || c == u'\n' || (c > 0x7F && QChar::isSpace(c));
}

bool isTerminator(char32_t c)
{
    return c == u'.' || c == u'!' || c == u'?' || c == U'\u2026';
}

bool isCloser(char32_t c)
{
    return c == u'"' || c == u'\'' || c == U'\u201D' || c == U'\u2019' || c == u')' || c == u']' || c == U'\u00BB';
}

bool isOpener(char32_t c)
{
    return c == u'"' || c == u'\'' || c == U'\u201C' || c == U'\u2018' || c == u'(' || c == u'[' || c == U'\u00AB';
}

bool isAsciiLetter(char32_t c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// The text between `from` and `to` (code point indices) as lower-case ASCII, or empty if
// it holds anything else.
std::string lowerAscii(const std::vector<Char> &chars, qsizetype from, qsizetype to)
{
    std::string word;
    for (qsizetype i = from; i < to; ++i) {
        const char32_t c = chars[i].cp;
        if (c > 0x7F)
            return {};
        word.push_back(char(c >= u'A' && c <= u'Z' ? c + 32 : c));
    }
    return word;
}

// Single letters each followed by '.': the token [from, dot) followed by the dot at `dot`.
bool isInitials(const std::vector<Char> &chars, qsizetype from, qsizetype dot)
{
    if (dot - from < 1)
        return false;
    for (qsizetype i = from; i < dot; i += 2) {
        if (!isAsciiLetter(chars[i].cp))
            return false;
        if (i + 1 < dot && chars[i + 1].cp != u'.')
            return false;
        if (i + 1 == dot)
            return true;
    }
    return false;
}

class Splitter
{
public:
    Splitter(const std::vector<Char> &chars, qsizetype byteEnd)
        : m_chars(chars)
        , m_byteEnd(byteEnd)
    { }

    [[nodiscard]] qsizetype offset(qsizetype index) const { return index < qsizetype(m_chars.size()) ? m_chars[index].offset : m_byteEnd; }

    void add(qsizetype from, qsizetype to, Segment::Kind kind)
    {
        while (from < to && isSpace(m_chars[from].cp))
            ++from;
        while (to > from && isSpace(m_chars[to - 1].cp))
            --to;
        if (from < to)
            m_segments.push_back(Segment { int(m_segments.size()) + 1, offset(from), offset(to), kind });
    }

    // A prose or item block [from, to): cut after every unsuppressed terminator (rule 3).
    void splitBlock(qsizetype from, qsizetype to, Segment::Kind kind)
    {
        qsizetype start = from;
        qsizetype i = from;
        while (i < to) {
            if (!isTerminator(m_chars[i].cp)) {
                ++i;
                continue;
            }
            qsizetype runEnd = i;
            while (runEnd < to && isTerminator(m_chars[runEnd].cp))
                ++runEnd;
            qsizetype cut = runEnd;
            while (cut < to && isCloser(m_chars[cut].cp))
                ++cut;
            if (cut < to && !isSpace(m_chars[cut].cp)) {
                i = runEnd;
                continue;
            }
            if (!isSuppressed(i, runEnd, cut, to)) {
                add(start, cut, kind);
                start = cut;
            }
            i = cut;
        }
        add(start, to, kind);
    }

    std::vector<Segment> take() { return std::move(m_segments); }

private:
    [[nodiscard]] bool isSuppressed(qsizetype runStart, qsizetype runEnd, qsizetype cut, qsizetype blockEnd) const
    {
        qsizetype next = cut;
        while (next < blockEnd && isSpace(m_chars[next].cp))
            ++next;
        if (next < blockEnd) {
            const char32_t c = m_chars[next].cp;
            if (c == u',' || c == u';' || c == u':' || QChar::isLower(c))
                return true;
        }
        if (runEnd - runStart != 1 || m_chars[runStart].cp != u'.')
            return false;
        qsizetype tokenStart = runStart;
        while (tokenStart > 0 && !isSpace(m_chars[tokenStart - 1].cp))
            --tokenStart;
        while (tokenStart < runStart && isOpener(m_chars[tokenStart].cp))
            ++tokenStart;
        if (tokenStart == runStart)
            return false;
        const std::string word = lowerAscii(m_chars, tokenStart, runStart);
        if (!word.empty() && std::find(s_abbreviations.begin(), s_abbreviations.end(), word) != s_abbreviations.end())
            return true;
        return isInitials(m_chars, tokenStart, runStart);
    }

    const std::vector<Char> &m_chars;
    qsizetype m_byteEnd;
    std::vector<Segment> m_segments;
};

// Length in code points of a list marker at `i` ("- ", "12. ", "• "), 0 if none.
qsizetype listMarker(const std::vector<Char> &chars, qsizetype i, qsizetype lineEnd)
{
    if (i >= lineEnd)
        return 0;
    const char32_t c = chars[i].cp;
    if (c == u'-' || c == u'*' || c == u'+' || c == U'\u2022')
        return i + 1 < lineEnd && isBlank(chars[i + 1].cp) ? 2 : 0;
    qsizetype digits = 0;
    while (i + digits < lineEnd && digits < 4 && chars[i + digits].cp >= u'0' && chars[i + digits].cp <= u'9')
        ++digits;
    if (digits < 1 || digits > 3 || i + digits + 1 >= lineEnd)
        return 0;
    const char32_t punct = chars[i + digits].cp;
    if ((punct == u'.' || punct == u')') && isBlank(chars[i + digits + 1].cp))
        return digits + 2;
    return 0;
}

// Length in code points of a heading marker at `i` ("## "), 0 if none.
qsizetype headingMarker(const std::vector<Char> &chars, qsizetype i, qsizetype lineEnd)
{
    qsizetype hashes = 0;
    while (i + hashes < lineEnd && chars[i + hashes].cp == u'#')
        ++hashes;
    if (hashes < 1 || hashes > 6 || i + hashes >= lineEnd || !isBlank(chars[i + hashes].cp))
        return 0;
    return hashes + 1;
}

} // namespace

QLatin1StringView segmentKindName(Segment::Kind kind)
{
    static constexpr std::array names {
        EnumName { Segment::Kind::Prose, QLatin1StringView("prose") },
        EnumName { Segment::Kind::Item, QLatin1StringView("item") },
        EnumName { Segment::Kind::Heading, QLatin1StringView("heading") },
    };
    return enumName(names, kind);
}

QLatin1StringView SegmentationError::id() const
{
    static constexpr std::array names {
        EnumName { Code::DocumentEncoding, QLatin1StringView("document-encoding") },
        EnumName { Code::EmptyDocument, QLatin1StringView("empty-document") },
    };
    return enumName(names, code);
}

Segmentation segment(const QByteArray &document)
{
    Segmentation result;
    const auto *begin = reinterpret_cast<const unsigned char *>(document.constData());
    const auto *end = begin + document.size();
    qsizetype pos = document.startsWith("\xEF\xBB\xBF") ? 3 : 0;

    std::vector<Char> chars;
    chars.reserve(std::size_t(document.size()));
    while (pos < document.size()) {
        const lang::Utf8Step step = lang::decodeUtf8(begin + pos, end);
        if (step.error != lang::Utf8Step::Error::None) {
            result.error = SegmentationError { SegmentationError::Code::DocumentEncoding, pos,
                QStringLiteral("%1 at byte %2").arg(lang::utf8ErrorMessage(step.error, begin[pos])).arg(pos) };
            return result;
        }
        chars.push_back(Char { pos, step.codePoint });
        pos += step.length;
    }

    Splitter splitter(chars, document.size());
    const auto count = qsizetype(chars.size());
    qsizetype blockStart = -1;
    qsizetype blockEnd = -1;
    Segment::Kind blockKind = Segment::Kind::Prose;
    const auto flush = [&] {
        if (blockStart >= 0)
            splitter.splitBlock(blockStart, blockEnd, blockKind);
        blockStart = -1;
    };

    qsizetype lineStart = 0;
    while (lineStart < count) {
        qsizetype lineEnd = lineStart;
        while (lineEnd < count && chars[lineEnd].cp != u'\n')
            ++lineEnd;
        const qsizetype next = lineEnd + 1;
        if (lineEnd > lineStart && chars[lineEnd - 1].cp == u'\r')
            --lineEnd;

        qsizetype indent = lineStart;
        while (indent < lineEnd && isBlank(chars[indent].cp))
            ++indent;
        if (indent == lineEnd) {
            flush();
        } else if (const qsizetype heading = headingMarker(chars, indent, lineEnd)) {
            flush();
            splitter.add(indent + heading, lineEnd, Segment::Kind::Heading);
        } else if (const qsizetype marker = listMarker(chars, indent, lineEnd)) {
            flush();
            blockStart = indent + marker;
            blockEnd = lineEnd;
            blockKind = Segment::Kind::Item;
        } else if (blockStart >= 0) {
            blockEnd = lineEnd;
        } else {
            blockStart = lineStart;
            blockEnd = lineEnd;
            blockKind = Segment::Kind::Prose;
        }
        lineStart = next;
    }
    flush();

    result.segments = splitter.take();
    if (result.segments.empty())
        result.error = SegmentationError { SegmentationError::Code::EmptyDocument, 0, QStringLiteral("the document holds no sentence") };
    return result;
}

QString segmentText(const QByteArray &document, const Segment &segment)
{
    return QString::fromUtf8(document.mid(segment.start, segment.length()));
}

} // namespace fanva::formalize
