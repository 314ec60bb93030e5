// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "enumnames.h"

#include <QLatin1StringView>

#include <array>
#include <cstdint>

namespace fanva::lang {

/// What kind of term a word is, as a language or a KB knows it (the resolver's and
/// `kb term`'s answer; fanva-kb calls it `kb::Role`, kb-language.md §3). Each language uses
/// the kinds it has:
/// - fanva-kb: all of them; a role is read from the spelling alone (Function only from a KB
///   that uses the symbol as the functor of a nested term).
/// - nibli: Predicate (a lexicon or `pred` predicate) and Individual (a Name) only.
/// None: neither the language nor the KB knows the word.
enum class TermRole : std::uint8_t {
    None,
    Variable,
    Number,
    String,
    Lexeme,
    Context,
    Individual,
    Predicate,
    Sense,
    Type,
    Function,
};

namespace detail {
inline constexpr std::array termRoleNames {
    EnumName { TermRole::None, QLatin1StringView("none") },
    EnumName { TermRole::Variable, QLatin1StringView("variable") },
    EnumName { TermRole::Number, QLatin1StringView("number") },
    EnumName { TermRole::String, QLatin1StringView("string") },
    EnumName { TermRole::Lexeme, QLatin1StringView("lexeme") },
    EnumName { TermRole::Context, QLatin1StringView("context") },
    EnumName { TermRole::Individual, QLatin1StringView("individual") },
    EnumName { TermRole::Predicate, QLatin1StringView("predicate") },
    EnumName { TermRole::Sense, QLatin1StringView("sense") },
    EnumName { TermRole::Type, QLatin1StringView("type") },
    EnumName { TermRole::Function, QLatin1StringView("function") },
};
} // namespace detail

/// "variable", "number", ..., "none" (for CLI and JSON output).
[[nodiscard]] constexpr QLatin1StringView roleName(TermRole role)
{
    return enumName(detail::termRoleNames, role);
}

} // namespace fanva::lang
