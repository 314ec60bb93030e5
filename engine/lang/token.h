// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QtGlobal>

#include <cstddef>
#include <cstdint>

namespace fanva::lang {

/// The token classes KB text is highlighted by; every language assigns its tokens to these.
enum class TokenClass : std::uint8_t {
    Other, ///< punctuation, operators, and words no other class claims (fanva-kb: lexemes)
    Comment,
    String,
    Number,
    Variable, ///< fanva-kb: `?x`, `_`
    Individual, ///< a name; fanva-kb: CapitalCamel, not a context
    Context, ///< fanva-kb: `Cx…` or the `cx/` namespace
    Predicate, ///< fanva-kb: camelCase, or a single lowercase word in functor position
    Type, ///< fanva-kb: snake_case, a sense (`abrasive-grit`), or a single lowercase word as an argument
    Keyword, ///< the language's built-in vocabulary
};

/// The number of TokenClass values, for tables indexed by class.
inline constexpr std::size_t tokenClassCount = std::size_t(TokenClass::Keyword) + 1;

/// One classified span of a line, in UTF-16 code units.
struct Token {
    qsizetype start = 0;
    qsizetype length = 0;
    TokenClass tokenClass = TokenClass::Other;
    friend bool operator==(const Token &, const Token &) = default;
};

} // namespace fanva::lang
