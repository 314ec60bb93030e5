// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/nibli/reader.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace fanva::lang::nibli {

// Tokens of nibli KR (nibli-kr.md §2.2), shared by the reader and the highlighter-facing
// helpers. Lexical errors are tokens too, so that the parser reports them in text order.

enum class Tok : uint8_t {
    Word,
    Keyword,
    Name,
    Number,
    Variable,
    String,
    Underscore,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Comma,
    Colon,
    Dot,
    Equals,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Question,
    Plus,
    Arrow,
    DoubleArrow,
    Error,
    End
};

enum class Kw : uint8_t {
    All,
    Also,
    Amount,
    Concept,
    Event,
    Every,
    Exactly,
    Fact,
    Future,
    It,
    ItA,
    ItE,
    ItI,
    ItO,
    ItU,
    May,
    Me,
    Must,
    No,
    Now,
    Past,
    Property,
    Slot,
    Some,
    That,
    The,
    This,
    Via,
    We,
    WeAll,
    WeOthers,
    Where,
    Yonder,
    You,
    YouAll,
    None
};

struct Token {
    Tok kind = Tok::End;
    Kw keyword = Kw::None;
    bool joined = false; ///< a '.' with WORD/KEYWORD tokens touching both sides
    bool terminal = false; ///< an Error that ends reading (encoding, unterminated comment)
    uint8_t reservedMisuse = 0; ///< a KEYWORD followed by ':' (1) or a '(' it cannot take (2)
    uint32_t offset = 0;
    uint32_t end = 0;
    uint32_t error = 0; ///< Error: index into Lexed::errors
    [[nodiscard]] std::string_view text(std::string_view source) const { return source.substr(offset, end - offset); }
};

struct Lexed {
    std::vector<Token> tokens; ///< ends with one End token
    std::vector<Diagnostic> errors; ///< the lexical errors, line:col not yet set
};

[[nodiscard]] Lexed lex(std::string_view text);

/// The keyword spelled `word`, or Kw::None.
[[nodiscard]] Kw keywordOf(std::string_view word);

} // namespace fanva::lang::nibli
