// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QList>
#include <QStringList>
#include <QStringView>

#include <cstddef>

/// The token classes KB text is highlighted by (kb-language.md §2–§4). Both highlighters —
/// KSyntaxHighlighting with resources/syntax/fanva-kb.xml and the built-in KbHighlighter —
/// assign these classes by the same rules.
enum class KbTokenClass : quint8 {
    Other, ///< brackets, `.`, lexemes and symbols no naming role claims
    Comment,
    String,
    Number,
    Variable, ///< `?x`, `_`
    Individual, ///< CapitalCamel, not a context
    Context, ///< `Cx…` or the `cx/` namespace
    Predicate, ///< camelCase, or a single lowercase word in functor position
    Type, ///< snake_case, a sense (`abrasive-grit`), or a single lowercase word as an argument
    Keyword, ///< the built-in structural vocabulary
};

/// The number of KbTokenClass values, for tables indexed by class.
inline constexpr std::size_t kbTokenClassCount = std::size_t(KbTokenClass::Keyword) + 1;

/// One classified span of a line, in UTF-16 code units.
struct KbToken {
    qsizetype start = 0;
    qsizetype length = 0;
    KbTokenClass tokenClass = KbTokenClass::Other;

    friend bool operator==(const KbToken &, const KbToken &) = default;
};

/// Splits KB text into highlighting tokens, one line at a time. Pure and reentrant: the only
/// state carried from line to line is whether a string is still open.
class KbTokenizer final
{
public:
    enum class State : quint8 { Normal, InString };

    /// Tokens of @p line, in order; whitespace and delimiters between tokens are not returned.
    /// @p state is the state at the start of the line and becomes the state at its end.
    [[nodiscard]] static QList<KbToken> tokenize(QStringView line, State &state);

    /// The class of one symbol or number token read on its own; @p functorPosition says
    /// whether it directly follows a `(`.
    [[nodiscard]] static KbTokenClass classifyAtom(QStringView token, bool functorPosition);

    /// The built-in structural vocabulary highlighted as keywords (namespaces `set/` and
    /// `agg/` are keywords as a whole and not listed).
    [[nodiscard]] static const QStringList &keywords();
};
