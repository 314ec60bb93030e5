// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/lexer_p.h"

#include "lang/nibli/codes.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>

namespace fanva::lang::nibli {

namespace {

constexpr std::array<std::string_view, 35> s_reserved { "all", "also", "amount", "concept", "event", "every", "exactly", "fact", "future",
    "it", "it_a", "it_e", "it_i", "it_o", "it_u", "may", "me", "must", "no", "now", "past", "property", "slot", "some", "that", "the",
    "this", "via", "we", "we_all", "we_others", "where", "yonder", "you", "you_all" };

enum CharClass : uint8_t { Other = 0, Lower = 1, Upper = 2, Digit = 4, Under = 8 };

constexpr std::array<uint8_t, 256> makeClasses()
{
    std::array<uint8_t, 256> table {};
    for (int c = 'a'; c <= 'z'; ++c)
        table[static_cast<size_t>(c)] = Lower;
    for (int c = 'A'; c <= 'Z'; ++c)
        table[static_cast<size_t>(c)] = Upper;
    for (int c = '0'; c <= '9'; ++c)
        table[static_cast<size_t>(c)] = Digit;
    table['_'] = Under;
    return table;
}

constexpr std::array<uint8_t, 256> s_class = makeClasses();

[[nodiscard]] uint8_t cls(char c)
{
    return s_class[static_cast<unsigned char>(c)];
}

/// The offset of the first ill-formed UTF-8 sequence or NUL, or npos.
size_t firstBadByte(std::string_view text, bool &isNul)
{
    const auto *s = reinterpret_cast<const unsigned char *>(text.data());
    const size_t n = text.size();
    size_t i = 0;
    while (i < n) {
        const unsigned char c = s[i];
        if (c < 0x80) {
            if (c == 0) {
                isNul = true;
                return i;
            }
            ++i;
            continue;
        }
        size_t len = 0;
        uint32_t cp = 0;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
            cp = c & 0x1Fu;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            cp = c & 0x0Fu;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            cp = c & 0x07u;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        for (size_t k = 1; k < len; ++k) {
            if ((s[i + k] & 0xC0u) != 0x80u)
                return i;
            cp = (cp << 6u) | (s[i + k] & 0x3Fu);
        }
        if ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF)))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

uint32_t decodeAt(std::string_view text, size_t i, size_t &len)
{
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
        len = 1;
        return c;
    }
    len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    uint32_t cp = c & (len == 2 ? 0x1Fu : len == 3 ? 0x0Fu : 0x07u);
    for (size_t k = 1; k < len && i + k < text.size(); ++k)
        cp = (cp << 6u) | (static_cast<unsigned char>(text[i + k]) & 0x3Fu);
    return cp;
}

std::string hex(uint32_t value, int width)
{
    std::array<char, 16> buffer {};
    std::snprintf(buffer.data(), buffer.size(), "%0*X", width, value);
    return std::string(buffer.data());
}

std::string snakeCase(std::string_view word)
{
    std::string out;
    for (size_t i = 0; i < word.size(); ++i) {
        const char c = word[i];
        if (cls(c) == Upper) {
            if (i > 0 && word[i - 1] != '_')
                out += '_';
            out += static_cast<char>(c - 'A' + 'a');
        } else {
            out += c;
        }
    }
    return out;
}

class Lexer final
{
public:
    explicit Lexer(std::string_view text)
        : m_text(text)
    { }

    Lexed run();

private:
    void error(std::string id, size_t at, size_t end, std::string message, bool terminal = false);
    void push(Tok kind, size_t at, size_t end, Kw keyword = Kw::None);
    void run(size_t &i);
    void number(size_t &i);
    void string(size_t &i);
    void character(size_t &i);
    [[nodiscard]] bool blockComment(size_t &i);
    void variable(size_t &i);
    [[nodiscard]] bool operatorToken(size_t &i);
    void token(size_t &i);

    std::string_view m_text;
    Lexed m_out;
    bool m_truncated = false; ///< m_text ends at an encoding error, which is reported instead
};

void Lexer::push(Tok kind, size_t at, size_t end, Kw keyword)
{
    Token t;
    t.kind = kind;
    t.keyword = keyword;
    t.offset = static_cast<uint32_t>(at);
    t.end = static_cast<uint32_t>(end);
    m_out.tokens.push_back(t);
}

void Lexer::error(std::string id, size_t at, size_t end, std::string message, bool terminal)
{
    Token t;
    t.kind = Tok::Error;
    t.offset = static_cast<uint32_t>(at);
    t.end = static_cast<uint32_t>(end);
    t.terminal = terminal;
    t.error = static_cast<uint32_t>(m_out.errors.size());
    m_out.tokens.push_back(t);
    Diagnostic d;
    d.id = std::move(id);
    d.offset = static_cast<uint32_t>(at);
    d.message = std::move(message);
    m_out.errors.push_back(std::move(d));
}

// A maximal [A-Za-z0-9_] run: WORD, KEYWORD, NAME, NUMBER or '_', or a lexical error.
void Lexer::run(size_t &i)
{
    const size_t start = i;
    const char first = m_text[i];
    if (cls(first) == Digit) {
        number(i);
        return;
    }
    uint8_t seen = 0;
    while (i < m_text.size() && cls(m_text[i]) != Other)
        seen |= cls(m_text[i++]);
    const std::string_view word = m_text.substr(start, i - start);
    const uint8_t lead = cls(first);
    if (lead == Upper) {
        push(Tok::Name, start, i);
    } else if (lead == Under) {
        if (word.size() == 1)
            push(Tok::Underscore, start, i);
        else
            error(codes::wordMalformed, start, i, "'" + std::string(word) + "': a word cannot start with _ (_ alone is an empty place)");
    } else if ((seen & Upper) != 0) {
        error(codes::wordMalformed, start, i,
            "'" + std::string(word) + "' mixes cases: predicate words and labels are lowercase with underscores (write " + snakeCase(word)
                + "); Names start with a capital");
    } else {
        const Kw k = keywordOf(word);
        push(k == Kw::None ? Tok::Word : Tok::Keyword, start, i, k);
    }
}

void Lexer::number(size_t &i)
{
    const size_t start = i;
    bool bad = false;
    while (i < m_text.size() && cls(m_text[i]) != Other)
        bad |= cls(m_text[i++]) != Digit;
    size_t intEnd = i;
    if (!bad && i + 1 < m_text.size() && m_text[i] == '.' && cls(m_text[i + 1]) == Digit) {
        ++i;
        while (i < m_text.size() && cls(m_text[i]) != Other)
            bad |= cls(m_text[i++]) != Digit;
    }
    const std::string_view word = m_text.substr(start, i - start);
    if (bad) {
        error(codes::numberMalformed, start, i,
            "malformed number '" + std::string(word)
                + "': a number is digits, optionally . and digits (2, 2.5); a word cannot start with a digit");
        return;
    }
    size_t lead = start;
    while (lead < intEnd && m_text[lead] == '0')
        ++lead;
    if (intEnd - lead > 308) {
        error(codes::numberRange, start, i,
            "number " + std::string(word.substr(0, 12)) + "… is too large: at most 308 digits before the point");
        return;
    }
    push(Tok::Number, start, i);
}

void Lexer::string(size_t &i)
{
    const size_t start = i++;
    while (true) {
        if (i >= m_text.size() && m_truncated)
            return;
        if (i >= m_text.size() || m_text[i] == '\n') {
            error(codes::stringUnterminated, start, i,
                "this string is never closed on its line: end it with \" (a string cannot span lines)");
            return;
        }
        const auto c = static_cast<unsigned char>(m_text[i]);
        if (c == '"') {
            push(Tok::String, start, ++i);
            return;
        }
        if (c == '\\') {
            const char next = i + 1 < m_text.size() ? m_text[i + 1] : '\n';
            if (next == '"' || next == '\\') {
                i += 2;
                continue;
            }
            const size_t at = i;
            while (i < m_text.size() && m_text[i] != '\n' && m_text[i] != '"')
                ++i;
            if (i < m_text.size() && m_text[i] == '"')
                ++i;
            error(codes::stringEscape, at, i,
                std::string("unknown escape \\") + (next == '\n' ? std::string("(end of line)") : std::string(1, next))
                    + " in a string: only \\\" and \\\\ are escapes");
            return;
        }
        if ((c < 0x20 && c != '\t') || c == 0x7F) {
            const size_t at = i;
            while (i < m_text.size() && m_text[i] != '\n' && m_text[i] != '"')
                ++i;
            if (i < m_text.size() && m_text[i] == '"')
                ++i;
            error("character", at, i, "control character U+" + hex(c, 4) + " — remove it");
            return;
        }
        ++i;
    }
}

void Lexer::character(size_t &i)
{
    size_t len = 1;
    const uint32_t cp = decodeAt(m_text, i, len);
    const size_t at = i;
    i += len;
    if (cp >= 0x80) {
        error("character", at, i,
            "non-ASCII character U+" + hex(cp, 4)
                + " outside a string or comment: nibli KR syntax is ASCII — put text in \"…\" or a # comment");
        return;
    }
    if (cp < 0x20 || cp == 0x7F) {
        error("character", at, i, "control character U+" + hex(cp, 4) + " — remove it");
        return;
    }
    std::string message = "character '" + std::string(1, static_cast<char>(cp)) + "' is not part of nibli KR";
    if (cp == '-')
        message += "; '-' appears only in ->";
    else if (cp == '<')
        message += "; '<' appears only in <->";
    else if (cp == '/')
        message += "; '/' appears only in /* comments */";
    error("character", at, i, std::move(message));
}

/// The token a single character stands for, if it is one of nibli KR's punctuation marks.
std::optional<Tok> punctuation(char c)
{
    switch (c) {
    case '(':
        return Tok::LParen;
    case ')':
        return Tok::RParen;
    case '[':
        return Tok::LBracket;
    case ']':
        return Tok::RBracket;
    case '{':
        return Tok::LBrace;
    case '}':
        return Tok::RBrace;
    case ',':
        return Tok::Comma;
    case ':':
        return Tok::Colon;
    case '.':
        return Tok::Dot;
    case '=':
        return Tok::Equals;
    case '&':
        return Tok::Amp;
    case '|':
        return Tok::Pipe;
    case '^':
        return Tok::Caret;
    case '~':
        return Tok::Tilde;
    case '?':
        return Tok::Question;
    case '+':
        return Tok::Plus;
    default:
        return std::nullopt;
    }
}

/// Marks what only neighbouring tokens tell: a dot joining two words (`a.b`), and a reserved
/// word used as a label (`must:`) or as a predicate (`all(`).
void markNeighbours(std::vector<Token> &t)
{
    const auto isWordish = [](const Token &k) { return k.kind == Tok::Word || k.kind == Tok::Keyword; };
    for (size_t k = 0; k + 1 < t.size(); ++k) {
        if (t[k].kind == Tok::Dot && k > 0 && isWordish(t[k - 1]) && isWordish(t[k + 1]) && t[k - 1].end == t[k].offset
            && t[k + 1].offset == t[k].end)
            t[k].joined = true;
        if (t[k].kind == Tok::Keyword) {
            if (t[k + 1].kind == Tok::Colon) {
                t[k].reservedMisuse = 1;
            } else if (t[k + 1].kind == Tok::LParen) {
                const Kw w = t[k].keyword;
                if (w != Kw::Must && w != Kw::May && w != Kw::Past && w != Kw::Now && w != Kw::Future && w != Kw::Where && w != Kw::Also)
                    t[k].reservedMisuse = 2;
            }
        }
    }
}

/// A `/* … */` comment at `i` (the caller saw `/*`): moves `i` past it; false when it runs to
/// the end of the text (reported unless the text was cut at an encoding error).
bool Lexer::blockComment(size_t &i)
{
    const size_t n = m_text.size();
    const size_t close = m_text.find("*/", i + 2);
    if (close == std::string_view::npos) {
        if (!m_truncated)
            error(codes::commentUnterminated, i, n, "this /* comment is never closed: end it with */ (block comments do not nest)", true);
        i = n;
        return false;
    }
    i = close + 2;
    return true;
}

/// A variable at `i` (the caller saw `$`).
void Lexer::variable(size_t &i)
{
    const size_t n = m_text.size();
    const size_t start = i++;
    const size_t runStart = i;
    uint8_t seen = 0;
    while (i < n && cls(m_text[i]) != Other)
        seen |= cls(m_text[i++]);
    if (i > runStart && cls(m_text[runStart]) == Lower && (seen & Upper) == 0)
        push(Tok::Variable, start, i);
    else
        error(codes::variableMalformed, start, i,
            "'" + std::string(m_text.substr(start, i - start))
                + "' is not a variable: write $ then a lowercase letter, then lowercase letters, digits or _ ($x, $drug)");
}

/// `->` or `<->` at `i`: pushes it and moves past it; false when there is none.
bool Lexer::operatorToken(size_t &i)
{
    const size_t n = m_text.size();
    if (m_text[i] == '-' && i + 1 < n && m_text[i + 1] == '>') {
        push(Tok::Arrow, i, i + 2);
        i += 2;
        return true;
    }
    if (m_text[i] == '<' && i + 2 < n && m_text[i + 1] == '-' && m_text[i + 2] == '>') {
        push(Tok::DoubleArrow, i, i + 3);
        i += 3;
        return true;
    }
    return false;
}

/// The token that starts at `i` (not blank, not a comment): moves `i` past it.
void Lexer::token(size_t &i)
{
    const char c = m_text[i];
    if (const std::optional<Tok> mark = punctuation(c)) {
        push(*mark, i, i + 1);
        ++i;
    } else if (c == '"') {
        string(i);
    } else if (c == '$') {
        variable(i);
    } else if (operatorToken(i)) {
        return;
    } else if (cls(c) != Other) {
        run(i);
    } else {
        character(i);
    }
}

Lexed Lexer::run()
{
    bool nul = false;
    const size_t bad = firstBadByte(m_text, nul);
    const std::string_view full = m_text;
    if (bad != std::string_view::npos) {
        m_text = m_text.substr(0, bad);
        m_truncated = true;
    }
    m_out.tokens.reserve(m_text.size() / 3 + 2);
    size_t i = m_text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    const size_t n = m_text.size();
    while (i < n) {
        const char c = m_text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else if (c == '#') {
            while (i < n && m_text[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < n && m_text[i + 1] == '*') {
            if (!blockComment(i))
                break;
        } else {
            token(i);
        }
    }
    if (bad != std::string_view::npos) {
        const auto byte = static_cast<unsigned char>(full[bad]);
        error("encoding", bad, bad + 1,
            nul ? std::string("NUL character — remove it") : "invalid UTF-8 (byte 0x" + hex(byte, 2) + ") — save the file as UTF-8", true);
    }
    push(Tok::End, m_text.size(), m_text.size());
    m_out.tokens.back().offset = static_cast<uint32_t>(bad != std::string_view::npos ? bad : m_text.size());
    m_out.tokens.back().end = m_out.tokens.back().offset;
    markNeighbours(m_out.tokens);
    return std::move(m_out);
}

} // namespace

Kw keywordOf(std::string_view word)
{
    if (word.size() < 2 || word.size() > 9)
        return Kw::None;
    const auto it = std::lower_bound(s_reserved.begin(), s_reserved.end(), word);
    if (it == s_reserved.end() || *it != word)
        return Kw::None;
    return static_cast<Kw>(it - s_reserved.begin());
}

const std::vector<std::string_view> &reservedWords()
{
    static const std::vector<std::string_view> words(s_reserved.begin(), s_reserved.end());
    return words;
}

Lexed lex(std::string_view text)
{
    return Lexer(text).run();
}

} // namespace fanva::lang::nibli
