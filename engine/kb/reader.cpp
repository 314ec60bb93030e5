// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/reader.h"

#include "kb/hugepages_p.h"
#include "kb/nameinterner_p.h"
#include "kb/reader_p.h"
#include "kb/utf8_p.h"

#include <QLoggingCategory>

#include <array>
#include <cstring>
#include <limits>

namespace fanva::kb {

namespace {

constexpr int s_maxErrors = 100;

enum CharClass : std::uint8_t {
    Ordinary = 0,
    Whitespace = 1,
    Delimiter = 2, // whitespace and ( ) [ ] { } " ;
    SymbolChar = 4,
};

constexpr std::array<std::uint8_t, 256> makeClasses()
{
    std::array<std::uint8_t, 256> table {};
    for (unsigned char c : { ' ', '\t', '\r', '\n', ',' })
        table[c] = Whitespace | Delimiter;
    for (unsigned char c : { '(', ')', '[', ']', '{', '}', '"', ';' })
        table[c] = Delimiter;
    for (int c = 'A'; c <= 'Z'; ++c)
        table[c] = SymbolChar;
    for (int c = 'a'; c <= 'z'; ++c)
        table[c] = SymbolChar;
    for (int c = '0'; c <= '9'; ++c)
        table[c] = SymbolChar;
    for (unsigned char c : { '.', '_', '-', '\'', '+', '=', '&', ':', '*', '<', '>', '!', '?', '#', '$', '%', '/' })
        table[c] = SymbolChar;
    return table;
}

constexpr std::array<std::uint8_t, 256> s_classes = makeClasses();

bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

bool isLower(unsigned char c)
{
    return c >= 'a' && c <= 'z';
}

bool isAlpha(unsigned char c)
{
    return isLower(c) || (c >= 'A' && c <= 'Z');
}

QString charText(unsigned char c)
{
    return QString(QLatin1Char(char(c)));
}

QString latin1(std::string_view text)
{
    return QString::fromLatin1(text.data(), qsizetype(text.size()));
}

// Reserves the room `bytes` bytes of text usually take when read into `arena` and
// `sentences`. Reserved up front, the tables are not copied as they grow, and their pages can
// be huge; the reserve is address space, not memory, until written. The string pool never
// holds more than the text (strings only lose their quotes and escapes): a text of long
// comments (the corpus) otherwise regrows and copies it twice. A sentence takes 40 bytes of
// text or more (the corpus: 60).
void reserveFor(std::size_t bytes, TermArena &arena, std::vector<Term> &sentences)
{
    arena.reserve(bytes / 5, bytes / 6, bytes);
    detail::reserveHuge(sentences, bytes / 40);
}

// A position in the raw text: byte offset, 1-based line, and the offset its line starts at.
struct Cursor {
    std::size_t offset = 0;
    std::uint32_t line = 1;
    std::size_t lineStart = 0;
};

// The reader of §2: a single forward pass with an explicit stack (no recursion), producing
// nodes in a TermArena. Errors inside a top-level form stop that form and resynchronise
// per §2; errors outside any form resume right after them.
class Reader
{
public:
    // Reads bytes [begin, end) of `text`, which start a line; offsets stay the whole text's,
    // lines count from 1 at `begin`.
    Reader(const QByteArray &text, Document &document, TermArena &arena, std::size_t begin, std::size_t end)
        : m_data(reinterpret_cast<const unsigned char *>(text.constData()))
        , m_begin(begin)
        , m_size(end)
        , m_document(document)
        , m_arena(arena)
    {
        m_cur.offset = begin;
        m_cur.lineStart = begin;
    }

    // The line the reader is on: after run(), 1 + the newlines of its bytes.
    [[nodiscard]] std::uint32_t line() const { return m_cur.line; }

    void run()
    {
        if (m_begin == 0 && m_size >= 3 && std::memcmp(m_data, "\xEF\xBB\xBF", 3) == 0) {
            m_cur.offset = 3;
            m_cur.lineStart = 3; // columns start after a BOM
        }
        reserveFor(m_size - m_begin, m_arena, m_document.sentences);
        while (!m_stopped) {
            if (!skipTrivia(false)) {
                reportPending();
                continue;
            }
            if (m_cur.offset >= m_size)
                break;
            readTopLevel();
        }
        m_names.flush();
    }

private:
    struct Frame {
        unsigned char open;
        Cursor at;
        std::size_t childBase;
        // The column of `at`, taken while reading moves forward: computing it at the close
        // would scan the line again from its start for every compound (quadratic on one long
        // line, issue 14 M10).
        std::uint32_t column;
    };

    // An error's code (a diagnostic:: constant) and message.
    struct Message {
        QLatin1StringView code;
        QString text;
    };

    struct PendingError {
        Cursor at;
        Message message;
        Cursor resyncBase; // recovery resumes after this line
        std::size_t resumeOffset = 0; // outside a form: where reading goes on
    };

    // --- positions ---------------------------------------------------------------------

    std::uint32_t columnOf(const Cursor &c)
    {
        std::size_t from = c.lineStart;
        std::uint32_t column = 1;
        if (m_columnCache.lineStart == c.lineStart && m_columnCache.offset <= c.offset) {
            from = m_columnCache.offset;
            column = m_columnCache.column;
        }
        const unsigned char *end = m_data + m_size;
        while (from < c.offset) {
            if (m_data[from] < 0x80) {
                ++from;
            } else {
                from += std::size_t(detail::decodeUtf8(m_data + from, end).length);
            }
            ++column;
        }
        m_columnCache = { c.lineStart, c.offset, column };
        return column;
    }

    Span spanFrom(const Cursor &begin, std::size_t end)
    {
        return { std::uint32_t(begin.offset), std::uint32_t(end), begin.line, columnOf(begin) };
    }

    Cursor cursorAt(std::size_t offset) const
    {
        Cursor c = m_cur;
        c.offset = offset;
        return c;
    }

    void newline()
    {
        // m_cur.offset is at the '\n'.
        ++m_cur.line;
        m_cur.lineStart = m_cur.offset + 1;
        if (m_inForm && !m_col1Paren && m_cur.lineStart < m_size && m_data[m_cur.lineStart] == '(') {
            m_col1Paren = Cursor { m_cur.lineStart, m_cur.line, m_cur.lineStart };
        }
    }

    // --- errors ------------------------------------------------------------------------

    bool fail(const Cursor &at, QLatin1StringView code, QString message, std::size_t resumeOffset = 0)
    {
        m_pending = PendingError { at, { code, std::move(message) }, at, resumeOffset };
        return false;
    }

    bool fail(const Cursor &at, Message message, std::size_t resumeOffset = 0)
    {
        m_pending = PendingError { at, std::move(message), at, resumeOffset };
        return false;
    }

    void report(const Cursor &at, const Message &message)
    {
        if (m_stopped)
            return;
        Diagnostic diagnostic;
        diagnostic.file = m_document.file;
        diagnostic.line = int(at.line);
        diagnostic.column = int(columnOf(at));
        diagnostic.byteOffset = qint64(at.offset);
        if (++m_errorCount > s_maxErrors) {
            diagnostic.code = codes::tooManyErrors;
            diagnostic.message = QStringLiteral("too many errors (more than %1); reading stopped").arg(s_maxErrors);
            m_stopped = true;
        } else {
            diagnostic.code = message.code;
            diagnostic.message = message.text;
        }
        m_document.diagnostics.push_back(std::move(diagnostic));
    }

    void warnLoneCr()
    {
        if (m_warnedLoneCr)
            return;
        m_warnedLoneCr = true;
        Diagnostic warning;
        warning.code = codes::loneCr;
        warning.severity = Diagnostic::Severity::Warning;
        warning.file = m_document.file;
        warning.line = int(m_cur.line);
        warning.column = int(columnOf(m_cur));
        warning.byteOffset = qint64(m_cur.offset);
        warning.message = QStringLiteral(
            "a comment ends at a lone CR (U+000D with no line feed after it) — Fanva ends lines at LF; save the file with LF line endings");
        m_document.diagnostics.push_back(std::move(warning));
    }

    // An error outside any form: report it and go on right after it.
    void reportPending()
    {
        report(m_pending.at, m_pending.message);
        m_cur = cursorAt(std::max(m_pending.resumeOffset, m_pending.at.offset + 1));
    }

    // An error inside the top-level form begun at m_formStart (§2 "Errors and recovery").
    void recover()
    {
        m_stack.clear();
        m_pendingChildren.clear();
        m_inForm = false;
        if (m_col1Paren) {
            report(m_formStart, unclosedMessage(m_formOpen));
            m_cur = *m_col1Paren;
            return;
        }
        report(m_pending.at, m_pending.message);
        // Resume at the first line after the base line whose column 1 is '('.
        Cursor c = m_pending.resyncBase;
        std::size_t pos = c.lineStart;
        std::uint32_t line = c.line;
        while (true) {
            const void *nl = std::memchr(m_data + pos, '\n', m_size - pos);
            if (!nl) {
                m_cur = Cursor { m_size, line, pos };
                return;
            }
            pos = std::size_t(static_cast<const unsigned char *>(nl) - m_data) + 1;
            ++line;
            if (pos < m_size && m_data[pos] == '(') {
                m_cur = Cursor { pos, line, pos };
                return;
            }
        }
    }

    static Message unclosedMessage(unsigned char open)
    {
        if (open == '"')
            return { codes::unterminatedString, QStringLiteral("unterminated string — expected a closing \"") };
        const unsigned char close = open == '(' ? ')' : open == '[' ? ']' : '}';
        return { codes::unclosedList, QStringLiteral("unclosed %1 — expected a %2 to close it").arg(charText(open), charText(close)) };
    }

    static Message utf8Message(detail::Utf8Step::Error error, unsigned char lead)
    {
        return { codes::invalidUtf8, detail::utf8ErrorMessage(error, lead) };
    }

    Message badByteMessage(std::size_t offset, bool inString)
    {
        const unsigned char c = m_data[offset];
        if (c == 0)
            return { codes::nulByte, QStringLiteral("NUL byte (U+0000) — KB text cannot hold one; remove it") };
        if (c < 0x80) {
            return { codes::controlCharacter,
                inString ? QStringLiteral("control character %1 in a string — write it as an escape such as \\n or \\u%2")
                               .arg(detail::codePointName(c), QString::number(c, 16).toUpper().rightJustified(4, QLatin1Char('0')))
                         : QStringLiteral("control character %1 outside a string — remove it").arg(detail::codePointName(c)) };
        }
        const detail::Utf8Step step = detail::decodeUtf8(m_data + offset, m_data + m_size);
        if (step.error != detail::Utf8Step::Error::None)
            return utf8Message(step.error, c);
        if (step.codePoint >= 0x80 && step.codePoint <= 0x9F) {
            return { codes::controlCharacter,
                QStringLiteral("control character %1 %2 — remove it")
                    .arg(detail::codePointName(step.codePoint),
                        inString ? QStringLiteral("in a string") : QStringLiteral("outside a string")) };
        }
        return { codes::nonAscii, QStringLiteral("non-ASCII character %1 outside a string").arg(detail::codePointName(step.codePoint)) };
    }

    // --- trivia ------------------------------------------------------------------------

    // Skips whitespace and comments. Returns false with m_pending set on an error.
    bool skipTrivia(bool inForm)
    {
        while (m_cur.offset < m_size) {
            const unsigned char c = m_data[m_cur.offset];
            if (c == '\n') {
                newline();
                ++m_cur.offset;
            } else if (s_classes[c] & Whitespace) {
                ++m_cur.offset;
            } else if (c == ';') {
                if (!skipComment(inForm))
                    return false;
            } else {
                return true;
            }
        }
        return true;
    }

    bool skipComment(bool inForm)
    {
        const unsigned char *end = m_data + m_size;
        while (m_cur.offset < m_size) {
            const unsigned char c = m_data[m_cur.offset];
            if (c == '\n')
                return true; // the caller counts the line
            if (c == '\r' && (m_cur.offset + 1 >= m_size || m_data[m_cur.offset + 1] != '\n')) {
                // Editors show a lone CR as a line break: end the comment there, so that
                // the text after it is read, and say why once (lines still count at LF).
                warnLoneCr();
                return true;
            }
            if (c == 0)
                return fail(m_cur, badByteMessage(m_cur.offset, false), m_cur.offset + 1);
            if (c < 0x80) {
                ++m_cur.offset;
                continue;
            }
            const detail::Utf8Step step = detail::decodeUtf8(m_data + m_cur.offset, end);
            if (step.error != detail::Utf8Step::Error::None) {
                const std::size_t after = m_cur.offset + std::size_t(step.length);
                if (inForm)
                    return fail(m_cur, utf8Message(step.error, c), after);
                // Outside a form: report and read on in the same comment.
                m_pending = PendingError { m_cur, utf8Message(step.error, c), m_cur, after };
                report(m_pending.at, m_pending.message);
                m_cur.offset = after;
                if (m_stopped)
                    return true;
                continue;
            }
            m_cur.offset += std::size_t(step.length);
        }
        return true;
    }

    // --- forms -------------------------------------------------------------------------

    void readTopLevel()
    {
        const unsigned char c = m_data[m_cur.offset];
        m_formStart = m_cur;
        m_formOpen = c;
        m_col1Paren.reset();
        if (c == ')' || c == ']' || c == '}') {
            report(m_cur,
                { codes::unmatchedClose,
                    QStringLiteral("unmatched %1 — no %2 is open")
                        .arg(charText(c),
                            c == ')'       ? QStringLiteral("list")
                                : c == ']' ? QStringLiteral("vector")
                                           : QStringLiteral("map")) });
            ++m_cur.offset;
            return;
        }
        if (c == '(' || c == '[' || c == '{' || c == '"') {
            m_inForm = true;
            std::uint32_t node = 0;
            const bool ok = c == '"' ? readString(node) : readCompound(node);
            m_inForm = false;
            if (ok)
                m_document.sentences.push_back(m_arena.term(node));
            else
                recover();
            return;
        }
        std::uint32_t node = 0;
        if (readToken(node))
            m_document.sentences.push_back(m_arena.term(node));
        else
            reportPending();
    }

    bool readCompound(std::uint32_t &result)
    {
        m_stack.clear();
        m_pendingChildren.clear();
        while (true) {
            if (!m_stack.empty()) {
                if (!skipTrivia(true))
                    return false;
                if (m_cur.offset >= m_size) {
                    const Frame &top = m_stack.front();
                    m_pending = PendingError { top.at, unclosedMessage(top.open), top.at, 0 };
                    return false;
                }
            }
            const unsigned char c = m_data[m_cur.offset];
            switch (c) {
            case '(':
            case '[':
                if (m_stack.size() >= std::size_t(maxDepth))
                    return fail(
                        m_cur, codes::tooDeep, QStringLiteral("nesting deeper than %1 levels — write a flatter term").arg(maxDepth));
                m_stack.push_back({ c, m_cur, m_pendingChildren.size(), columnOf(m_cur) });
                ++m_cur.offset;
                continue;
            case '{':
                return fail(m_cur, codes::map, QStringLiteral("maps { … } are not part of the KB language — write a list ( … )"));
            case ')':
            case ']':
            case '}': {
                if (m_stack.empty() || c == '}') {
                    return fail(m_cur, codes::unmatchedClose,
                        QStringLiteral("unmatched %1 — no %2 is open")
                            .arg(charText(c), c == '}' ? QStringLiteral("map") : QStringLiteral("list")));
                }
                const Frame frame = m_stack.back();
                const unsigned char expected = frame.open == '(' ? ')' : ']';
                if (c != expected) {
                    return fail(m_cur, codes::mismatchedClose,
                        QStringLiteral("%1 closes the %2 opened at %3:%4; expected %5")
                            .arg(charText(c), charText(frame.open))
                            .arg(frame.at.line)
                            .arg(frame.column)
                            .arg(charText(expected)));
                }
                ++m_cur.offset;
                m_stack.pop_back();
                const std::span<const std::uint32_t> children(
                    m_pendingChildren.data() + frame.childBase, m_pendingChildren.size() - frame.childBase);
                const std::uint32_t node = m_arena.addCompound(frame.open == '(' ? TermKind::List : TermKind::Vector, children,
                    Span { std::uint32_t(frame.at.offset), std::uint32_t(m_cur.offset), frame.at.line, frame.column });
                m_pendingChildren.resize(frame.childBase);
                if (m_stack.empty()) {
                    result = node;
                    return true;
                }
                m_pendingChildren.push_back(node);
                continue;
            }
            case '"': {
                std::uint32_t node = 0;
                if (!readString(node))
                    return false;
                m_pendingChildren.push_back(node);
                continue;
            }
            default: {
                std::uint32_t node = 0;
                if (!readToken(node))
                    return false;
                m_pendingChildren.push_back(node);
                continue;
            }
            }
        }
    }

    // --- strings -----------------------------------------------------------------------

    static int hexValue(unsigned char c)
    {
        if (isDigit(c))
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    // Reads \uXXXX at m_cur.offset (the '\'); -1 when malformed.
    int readHex4(std::size_t at) const
    {
        if (at + 6 > m_size || m_data[at + 1] != 'u')
            return -1;
        int value = 0;
        for (std::size_t i = at + 2; i < at + 6; ++i) {
            const int digit = hexValue(m_data[i]);
            if (digit < 0)
                return -1;
            value = value * 16 + digit;
        }
        return value;
    }

    static void appendUtf8(std::string &out, char32_t cp)
    {
        if (cp < 0x80) {
            out.push_back(char(cp));
        } else if (cp < 0x800) {
            out.push_back(char(0xC0 | (cp >> 6)));
            out.push_back(char(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(char(0xE0 | (cp >> 12)));
            out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(char(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(char(0xF0 | (cp >> 18)));
            out.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(char(0x80 | (cp & 0x3F)));
        }
    }

    bool readString(std::uint32_t &result)
    {
        const Cursor open = m_cur;
        ++m_cur.offset;
        m_text.clear();
        const unsigned char *end = m_data + m_size;
        while (true) {
            // Fast path: a run of plain printable ASCII.
            std::size_t run = m_cur.offset;
            while (run < m_size) {
                const unsigned char c = m_data[run];
                if (c < 0x20 || c >= 0x7F || c == '"' || c == '\\')
                    break;
                ++run;
            }
            if (run < m_size && m_data[run] == '"' && m_text.empty()) {
                // The whole string is one plain run (most are): the node points into the
                // text itself, which the document keeps, instead of a copy in the arena.
                const auto offset = std::uint32_t(m_cur.offset);
                m_cur.offset = run + 1;
                result = m_arena.addSourceString(offset, std::uint32_t(run - offset), spanFrom(open, m_cur.offset));
                return true;
            }
            m_text.append(reinterpret_cast<const char *>(m_data + m_cur.offset), run - m_cur.offset);
            m_cur.offset = run;
            if (m_cur.offset >= m_size) {
                m_pending = PendingError { open, unclosedMessage('"'), open, 0 };
                return false;
            }
            const unsigned char c = m_data[m_cur.offset];
            if (c == '"') {
                ++m_cur.offset;
                result = m_arena.addString(m_text, spanFrom(open, m_cur.offset));
                return true;
            }
            if (c == '\\') {
                if (!readEscape())
                    return false;
                continue;
            }
            if (c == '\n') {
                m_text.push_back('\n');
                newline();
                ++m_cur.offset;
                continue;
            }
            if (c == '\t' || c == '\r') {
                m_text.push_back(char(c));
                ++m_cur.offset;
                continue;
            }
            if (c < 0x80)
                return fail(m_cur, badByteMessage(m_cur.offset, true)); // C0 control, DEL, NUL
            const detail::Utf8Step step = detail::decodeUtf8(m_data + m_cur.offset, end);
            if (step.error != detail::Utf8Step::Error::None || (step.codePoint >= 0x80 && step.codePoint <= 0x9F))
                return fail(m_cur, badByteMessage(m_cur.offset, true));
            m_text.append(reinterpret_cast<const char *>(m_data + m_cur.offset), std::size_t(step.length));
            m_cur.offset += std::size_t(step.length);
        }
    }

    bool readEscape()
    {
        const Cursor at = m_cur;
        if (m_cur.offset + 1 >= m_size) {
            ++m_cur.offset;
            return true; // the unterminated string is reported by the caller
        }
        const unsigned char e = m_data[m_cur.offset + 1];
        switch (e) {
        case '"':
        case '\\':
            m_text.push_back(char(e));
            m_cur.offset += 2;
            return true;
        case 'n':
            m_text.push_back('\n');
            m_cur.offset += 2;
            return true;
        case 't':
            m_text.push_back('\t');
            m_cur.offset += 2;
            return true;
        case 'r':
            m_text.push_back('\r');
            m_cur.offset += 2;
            return true;
        case 'u':
            break;
        default: {
            const QString shown = e >= 0x21 && e < 0x7F ? QString(QLatin1Char(char(e))) : detail::codePointName(e);
            return fail(at, codes::badEscape,
                QStringLiteral("unknown escape \\%1 in a string — use \\\", \\\\, \\n, \\t, \\r or \\uXXXX").arg(shown));
        }
        }
        const int unit = readHex4(m_cur.offset);
        if (unit < 0)
            return fail(at, codes::badUnicodeEscape,
                QStringLiteral("malformed escape in a string — \\u is followed by four hex digits, as in \\u00E9"));
        char32_t cp = char32_t(unit);
        std::size_t length = 6;
        if (unit >= 0xDC00 && unit <= 0xDFFF) {
            return fail(at, codes::loneSurrogate,
                QStringLiteral("lone surrogate \\u%1 in a string — a character above U+FFFF is a pair of escapes, \\uD83D\\uDE00")
                    .arg(QString::number(unit, 16).toUpper()));
        }
        if (unit >= 0xD800 && unit <= 0xDBFF) {
            const std::size_t next = m_cur.offset + 6;
            const int low = next < m_size && m_data[next] == '\\' ? readHex4(next) : -1;
            if (low < 0xDC00 || low > 0xDFFF) {
                return fail(at, codes::loneSurrogate,
                    QStringLiteral("lone surrogate \\u%1 in a string — a character above U+FFFF is a pair of escapes, \\uD83D\\uDE00")
                        .arg(QString::number(unit, 16).toUpper()));
            }
            cp = 0x10000 + ((char32_t(unit) - 0xD800) << 10) + (char32_t(low) - 0xDC00);
            length = 12;
        }
        if (cp == 0)
            return fail(at, codes::nulEscape, QStringLiteral("\\u0000 in a string — KB text cannot hold U+0000"));
        appendUtf8(m_text, cp);
        m_cur.offset += length;
        return true;
    }

    // --- tokens ------------------------------------------------------------------------

    bool readToken(std::uint32_t &result)
    {
        const Cursor begin = m_cur;
        std::size_t end = m_cur.offset;
        std::size_t firstBad = SIZE_MAX;
        while (end < m_size) {
            const unsigned char c = m_data[end];
            if (s_classes[c] & Delimiter)
                break;
            if (firstBad == SIZE_MAX && (c < 0x20 || c >= 0x7F))
                firstBad = end;
            ++end;
        }
        if (firstBad != SIZE_MAX)
            return fail(cursorAt(firstBad), badByteMessage(firstBad, false), end);
        m_cur.offset = end;
        const std::string_view token(reinterpret_cast<const char *>(m_data + begin.offset), end - begin.offset);
        const auto span = [&] { return spanFrom(begin, end); };
        const unsigned char first = m_data[begin.offset];

        const bool numberLike = isDigit(first) || ((first == '+' || first == '-' || first == '.') && token.size() > 1 && isDigit(token[1]));
        if (numberLike)
            return readNumber(token, begin, end, result);
        if (first == '?') {
            if (token.size() == 1)
                return fail(begin, codes::loneQuestionMark, QStringLiteral("? alone is not a variable — write ?name"), end);
            for (std::size_t i = 1; i < token.size(); ++i) {
                const unsigned char c = token[i];
                if (!isAlpha(c) && !isDigit(c) && c != '_' && c != '-') {
                    return fail(cursorAt(begin.offset + i), codes::malformedVariable,
                        QStringLiteral("malformed variable %1 — a variable is ? followed by letters, digits, _ or -").arg(latin1(token)),
                        end);
                }
            }
            result = m_arena.addVariable(noSymbol, span());
            m_names.queue(token, result);
            return true;
        }
        if (token == "_") {
            result = m_arena.addAnonymous(span());
            return true;
        }
        if (token == ".") {
            result = m_arena.addDot(span());
            return true;
        }
        if (first == ':') {
            return fail(begin, codes::keyword,
                QStringLiteral("keyword %1 is not part of the KB language — write a symbol such as %2")
                    .arg(latin1(token), token.size() > 1 ? latin1(token.substr(1)) : QStringLiteral("name")),
                end);
        }
        if (first == '#')
            return fail(
                begin, codes::hashForm, QStringLiteral("# forms (#{…}, #_, ##Inf, tagged literals) are not part of the KB language"), end);
        if (first == '\\') {
            return fail(begin, codes::characterLiteral,
                QStringLiteral("character literal %1 is not part of the KB language — write a string instead").arg(latin1(token)), end);
        }
        if (first == '\'' || first == '`' || first == '~' || first == '@' || first == '^') {
            return fail(begin, codes::readerMacro,
                QStringLiteral("reader macro %1 is not part of the KB language — write the term itself").arg(charText(first)), end);
        }
        std::size_t slash = std::string_view::npos;
        for (std::size_t i = 0; i < token.size(); ++i) {
            const unsigned char c = token[i];
            if (!(s_classes[c] & SymbolChar)) {
                return fail(cursorAt(begin.offset + i), codes::symbolCharacter,
                    QStringLiteral(
                        "character %1 is not allowed in a symbol — symbols use letters, digits and . _ - ' + = & : * < > ! ? # $ % /")
                        .arg(charText(c)),
                    end);
            }
            if (c == '/' && token.size() > 1) {
                if (slash != std::string_view::npos)
                    return fail(begin, codes::malformedSymbol, namespaceMessage(token), end);
                slash = i;
            }
        }
        if (slash != std::string_view::npos) {
            const std::string_view ns = token.substr(0, slash);
            const std::string_view name = token.substr(slash + 1);
            bool nsOk = !ns.empty() && isLower(ns[0]);
            for (unsigned char c : ns)
                nsOk = nsOk && (isLower(c) || isDigit(c));
            const bool nameOk = !name.empty() && !isDigit(name[0]);
            if (!nsOk || !nameOk)
                return fail(begin, codes::malformedSymbol, namespaceMessage(token), end);
        }
        result = m_arena.addSymbol(noSymbol, span());
        m_names.queue(token, result);
        return true;
    }

    static QString namespaceMessage(std::string_view token)
    {
        return QStringLiteral(
            "malformed symbol %1 — a symbol has at most one /, between a lowercase namespace and a name, as in lex/fool's_gold")
            .arg(latin1(token));
    }

    bool readNumber(std::string_view token, const Cursor &begin, std::size_t end, std::uint32_t &result)
    {
        std::size_t i = 0;
        const bool negative = token[0] == '-';
        if (token[0] == '+' || token[0] == '-')
            ++i;
        const std::size_t intBegin = i;
        while (i < token.size() && isDigit(token[i]))
            ++i;
        const std::size_t intEnd = i;
        bool wellFormed = intEnd > intBegin && !(token[intBegin] == '0' && intEnd - intBegin > 1);
        std::size_t fracBegin = 0;
        bool decimal = false;
        if (wellFormed && i < token.size()) {
            if (token[i] == '.' && i + 1 < token.size()) {
                decimal = true;
                fracBegin = ++i;
                while (i < token.size() && isDigit(token[i]))
                    ++i;
                wellFormed = i == token.size();
            } else {
                wellFormed = false;
            }
        }
        if (!wellFormed) {
            bool hasLetter = false;
            for (unsigned char c : token)
                hasLetter = hasLetter || isAlpha(c);
            if (isDigit(token[0]) && hasLetter) {
                return fail(begin, codes::nameStartsWithDigit,
                    QStringLiteral("malformed number — a name cannot start with a digit; escape it as _%1").arg(latin1(token)), end);
            }
            return fail(begin, codes::malformedNumber,
                QStringLiteral("malformed number %1 — expected an integer such as 42 or a decimal such as 0.5 "
                               "(no leading zeros, exponents or fractions)")
                    .arg(latin1(token)),
                end);
        }
        const Span span = spanFrom(begin, end);
        if (decimal) {
            std::string_view fraction = token.substr(fracBegin);
            while (fraction.size() > 1 && fraction.back() == '0')
                fraction.remove_suffix(1);
            const std::string_view integerPart = token.substr(intBegin, intEnd - intBegin);
            const bool zero = integerPart == "0" && fraction == "0";
            std::string text;
            if (negative && !zero)
                text.push_back('-');
            text.append(integerPart).append(".").append(fraction);
            result = m_arena.addDecimal(text, span);
            return true;
        }
        const std::uint64_t limit = negative ? std::uint64_t(std::numeric_limits<std::int64_t>::max()) + 1
                                             : std::uint64_t(std::numeric_limits<std::int64_t>::max());
        std::uint64_t value = 0;
        for (std::size_t k = intBegin; k < intEnd; ++k) {
            const unsigned digit = unsigned(token[k] - '0');
            if (value > (limit - digit) / 10)
                return fail(begin, codes::integerOverflow, QStringLiteral("integer %1 does not fit in 64 bits").arg(latin1(token)), end);
            value = value * 10 + digit;
        }
        const std::int64_t signedValue = negative ? std::int64_t(0 - value) : std::int64_t(value);
        result = m_arena.addInteger(signedValue, span);
        return true;
    }

    struct ColumnCache {
        std::size_t lineStart = SIZE_MAX;
        std::size_t offset = 0;
        std::uint32_t column = 1;
    };

    const unsigned char *m_data;
    std::size_t m_begin;
    std::size_t m_size; // where reading ends
    Document &m_document;
    TermArena &m_arena;
    Cursor m_cur;
    ColumnCache m_columnCache;
    std::vector<Frame> m_stack;
    std::vector<std::uint32_t> m_pendingChildren;
    std::string m_text;
    detail::NameInterner m_names { m_arena, m_size - m_begin };
    PendingError m_pending;
    Cursor m_formStart;
    unsigned char m_formOpen = '(';
    std::optional<Cursor> m_col1Paren;
    bool m_inForm = false;
    bool m_stopped = false;
    bool m_warnedLoneCr = false;
    int m_errorCount = 0;
};

} // namespace

Document parseDocument(const QByteArray &text, const QString &file)
{
    Document document;
    document.file = file;
    document.text = text;
    auto arena = std::make_shared<TermArena>();
    arena->setSource(document.text);
    Reader(document.text, document, *arena, 0, std::size_t(text.size())).run();
    arena->releaseUnused();
    detail::releaseUnusedCapacity(document.sentences);
    document.arena = std::move(arena);
    return document;
}

namespace detail {

void reserveForText(std::size_t bytes, TermArena &arena, std::vector<Term> &sentences)
{
    reserveFor(bytes, arena, sentences);
}

std::uint32_t readPiece(const QByteArray &text, Document &document, TermArena &arena, std::size_t begin, std::size_t end)
{
    Reader reader(text, document, arena, begin, end);
    reader.run();
    return reader.line();
}

} // namespace detail

} // namespace fanva::kb
