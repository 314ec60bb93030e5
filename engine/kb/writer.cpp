// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/writer.h"

#include "kb/canonical.h"
#include "kb/canonical_p.h"
#include "kb/reader.h"

#include <algorithm>

namespace fanva::kb {

namespace {

constexpr int s_lineWidth = 80;
constexpr int s_commentIndent = 9;
constexpr int s_ruleIndent = 2;

void appendEscaped(std::string &out, std::string_view text)
{
    out.push_back('"');
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20 || c == 0x7F) {
                // Other controls cannot be written raw (the reader refuses them).
                static const char hex[] = "0123456789ABCDEF";
                out += "\\u00";
                out.push_back(hex[c >> 4]);
                out.push_back(hex[c & 0xF]);
            } else {
                out.push_back(ch);
            }
        }
    }
    // C1 controls (U+0080..U+009F, UTF-8 C2 80..C2 9F) are escaped too, for the same reason.
    std::size_t at = 0;
    while ((at = out.find('\xC2', at)) != std::string::npos) {
        if (at + 1 < out.size() && static_cast<unsigned char>(out[at + 1]) <= 0x9F && static_cast<unsigned char>(out[at + 1]) >= 0x80) {
            static const char hex[] = "0123456789ABCDEF";
            const auto c = static_cast<unsigned char>(out[at + 1]);
            out.replace(at, 2, std::string("\\u00") + hex[c >> 4] + hex[c & 0xF]);
        }
        ++at;
    }
    out.push_back('"');
}

// `source`: the text the term was read from, or empty. Symbols are then copied from it by
// their span, which streams through the text instead of visiting the symbol table.
void appendFlat(std::string &out, Term term, std::string_view source = {})
{
    switch (term.kind()) {
    case TermKind::Integer:
        out += std::to_string(term.integer());
        return;
    case TermKind::Decimal:
        out += term.text();
        return;
    case TermKind::String:
        appendEscaped(out, term.text());
        return;
    case TermKind::Symbol:
        if (const Span span = term.span(); span.end > span.begin && span.end <= source.size())
            out.append(source.substr(span.begin, span.end - span.begin));
        else
            out += term.name();
        return;
    case TermKind::Variable:
        out += term.name();
        return;
    case TermKind::Anonymous:
        out.push_back('_');
        return;
    case TermKind::Dot:
        out.push_back('.');
        return;
    case TermKind::List:
    case TermKind::Vector:
        break;
    }
    out.push_back(term.isList() ? '(' : '[');
    for (std::uint32_t i = 0; i < term.size(); ++i) {
        if (i > 0)
            out.push_back(' ');
        appendFlat(out, term.at(i), source);
    }
    out.push_back(term.isList() ? ')' : ']');
}

int codePoints(std::string_view text, std::size_t from = 0)
{
    int count = 0;
    for (std::size_t i = from; i < text.size(); ++i) {
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++count;
    }
    return count;
}

// Lays out `term` starting at `column` (1-based, where its first character goes); the
// caller has already written the indentation.
void layout(std::string &out, Term term, int column)
{
    const std::size_t start = out.size();
    appendFlat(out, term);
    const bool alwaysBreaks = term.isForm(sym::exceptWhen) && term.size() == 3;
    if (!term.isCompound() || term.size() < 2 || (!alwaysBreaks && column + codePoints(out, start) - 1 <= s_lineWidth))
        return;
    out.resize(start);

    const std::string close = term.isList() ? ")" : "]";
    const auto newlineAt = [&out](int col) {
        out.push_back('\n');
        out.append(std::size_t(col - 1), ' ');
    };
    out.push_back(term.isList() ? '(' : '[');
    const Term head = term.at(0);
    const bool wrapper = term.isList() && head.isSymbol() && isRuleWrapper(head.symbol()) && term.size() == 2;
    if (alwaysBreaks || wrapper) {
        // (exceptWhen QUERY / (set/… : the rule goes on the next line, indented 2.
        appendFlat(out, head);
        if (alwaysBreaks) {
            out.push_back(' ');
            layout(out, term.at(1), column + 1 + codePoints(head.name()) + 1);
        }
        newlineAt(column + s_ruleIndent);
        layout(out, term.at(term.size() - 1), column + s_ruleIndent);
        out += close;
        return;
    }
    if (term.isForm(sym::comment) && term.size() == 3 && term.at(2).isString()) {
        appendFlat(out, head);
        out.push_back(' ');
        layout(out, term.at(1), column + 1 + codePoints(symbolName(sym::comment)) + 1);
        newlineAt(column + s_commentIndent);
        appendFlat(out, term.at(2));
        out += close;
        return;
    }
    // Head and first element on the first line, each further element under the first.
    const std::size_t headStart = out.size();
    layout(out, head, column + 1);
    // The head is flat unless it is itself too wide; find where the first element goes.
    const std::size_t lastNewline = out.rfind('\n');
    int col = lastNewline == std::string::npos || lastNewline < headStart ? column + 1 + codePoints(out, headStart)
                                                                          : 1 + codePoints(out, lastNewline + 1);
    out.push_back(' ');
    ++col;
    const int elementColumn = col;
    layout(out, term.at(1), elementColumn);
    for (std::uint32_t i = 2; i < term.size(); ++i) {
        newlineAt(elementColumn);
        layout(out, term.at(i), elementColumn);
    }
    out += close;
}

QString toQString(const std::string &text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

} // namespace

std::string renderFlatUtf8(Term term)
{
    std::string out;
    if (!term.isNull())
        appendFlat(out, term);
    return out;
}

void detail::appendFlatUtf8(std::string &out, Term term, std::string_view source)
{
    if (!term.isNull())
        appendFlat(out, term, source);
}

std::string renderFlatUtf8(Term term, std::string_view source)
{
    std::string out;
    if (!term.isNull()) {
        out.reserve(term.span().end - term.span().begin);
        appendFlat(out, term, source);
    }
    return out;
}

QString renderFlat(Term term)
{
    return toQString(renderFlatUtf8(term));
}

std::string renderUtf8(Term term)
{
    std::string out;
    if (!term.isNull())
        layout(out, term, 1);
    return out;
}

QString render(Term term)
{
    return toQString(renderUtf8(term));
}

QString renderCanonical(Term sentence, const SymbolSet &symmetric)
{
    if (sentence.isNull())
        return {};
    const OwnedTerm canonical = canonicalize(sentence, symmetric);
    return render(canonical.term);
}

QByteArray formatDocument(const Document &document)
{
    const QByteArray &text = document.text;
    std::string out;
    out.reserve(std::size_t(text.size()) + std::size_t(text.size()) / 8);

    // Trivia between sentences: lines lose trailing blanks and CRs; the blank indent in
    // front of a sentence goes, so every sentence starts in column 1.
    const auto appendTrivia = [&out](std::string_view gap, bool beforeSentence) {
        std::size_t lineBegin = 0;
        while (lineBegin <= gap.size()) {
            const std::size_t nl = gap.find('\n', lineBegin);
            std::string_view line = gap.substr(lineBegin, nl == std::string_view::npos ? std::string_view::npos : nl - lineBegin);
            while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
                line.remove_suffix(1);
            if (nl == std::string_view::npos) {
                if (!beforeSentence)
                    out += line;
                return;
            }
            out += line;
            out.push_back('\n');
            lineBegin = nl + 1;
        }
    };

    std::size_t previousEnd = text.startsWith("\xEF\xBB\xBF") ? 3 : 0;
    bool first = true;
    for (const Term sentence : document.sentences) {
        const Span span = sentence.span();
        const std::string_view gap(text.constData() + previousEnd, span.begin - previousEnd);
        if (!first && gap.find('\n') == std::string_view::npos)
            out.push_back('\n'); // a sentence sharing a line with the one before gets its own
        else
            appendTrivia(gap, true);
        out += renderUtf8(sentence);
        previousEnd = span.end;
        first = false;
    }
    appendTrivia(std::string_view(text.constData() + previousEnd, std::size_t(text.size()) - previousEnd), false);
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ' || out.back() == '\t'))
        out.pop_back();
    if (!out.empty())
        out.push_back('\n');
    return QByteArray(out.data(), qsizetype(out.size()));
}

} // namespace fanva::kb
