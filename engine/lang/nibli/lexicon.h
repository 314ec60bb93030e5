// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fanva::lang::nibli {

struct Declaration;

/// A predicate of the vocabulary: a lexicon row (lexicon.tsv) or a declaration (§3.6).
struct Entry {
    std::string name; ///< a simple word, or a compound `a+b`
    std::vector<std::string> places; ///< place names in order; arity = places.size()
    std::string converseOf; ///< the base of a converse alias, else empty
    std::string gloss; ///< the lexicon's short gloss
    std::string reading; ///< the template with {x1}…{x5}, empty when none
    bool declared = false; ///< from a `pred` declaration
    std::string declarationText; ///< the declaration's canonical render, for conflicts
    [[nodiscard]] int arity() const { return static_cast<int>(places.size()); }
    /// The place (1-based) a label names: a place name or the raw x1…xN; 0 when none.
    [[nodiscard]] int placeOf(std::string_view label) const;
    /// "a, b, c": the place names.
    [[nodiscard]] std::string labelList(int from = 1) const;
};

struct StringHash {
    using is_transparent = void;
    [[nodiscard]] size_t operator()(std::string_view s) const { return std::hash<std::string_view> {}(s); }
};

/// The fixed predicate vocabulary nibli KR resolves names against (nibli-kr.md §3.1).
/// Immutable once loaded; `builtin()` is the lexicon shipped with Fanva.
class Lexicon final
{
public:
    /// Parses lexicon.tsv (header `name arity places converse_of gloss template`);
    /// nullopt and `error` set when a row is malformed.
    [[nodiscard]] static std::optional<Lexicon> fromTsv(std::string_view tsv, std::string *error = nullptr);
    /// The lexicon shipped as a resource (resources/nibli/lexicon.tsv).
    [[nodiscard]] static const Lexicon &builtin();

    [[nodiscard]] const Entry *find(std::string_view name) const;
    [[nodiscard]] const std::vector<Entry> &entries() const { return m_entries; }

private:
    std::vector<Entry> m_entries;
    std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> m_index;
};

/// V (§3.1): a lexicon plus declarations. Lookups see declarations after the lexicon.
class Vocabulary final
{
public:
    explicit Vocabulary(const Lexicon &lexicon)
        : m_lexicon(&lexicon)
    { }

    [[nodiscard]] const Lexicon &lexicon() const { return *m_lexicon; }
    [[nodiscard]] const Entry *find(std::string_view name) const;
    [[nodiscard]] const Entry *findDeclared(std::string_view name) const;
    /// Adds a declaration whose canonical render is `text`; a name already in V is left
    /// as it is (its conflict is the resolver's to report). Returns whether it was added.
    bool declare(const Declaration &declaration, const std::string &text);
    /// Every simple word of V (lexicon names without '+', then declared names).
    [[nodiscard]] std::vector<std::string_view> simpleWords() const;
    [[nodiscard]] const std::vector<Entry> &declarations() const { return m_declared; }

private:
    const Lexicon *m_lexicon;
    std::vector<Entry> m_declared;
    std::unordered_map<std::string, size_t, StringHash, std::equal_to<>> m_index;
};

} // namespace fanva::lang::nibli
