// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/nibli/ast.h"
#include "lang/nibli/lexicon.h"
#include "lang/nibli/reader.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fanva::lang::nibli {

// The checks of a statement that read (nibli-kr.md §3–§5). Problems are Diagnostics whose
// line and column are 0 until `locate` fills them from the text the statement came from.

/// §3: resolves every predicate word, argument place, restrictor, `it`, `slot`, Name and
/// declaration of `s` against `vocabulary`, filling the tree's place numbers. Returns every
/// problem, sorted by offset (ties in §7's order); empty when it resolves.
[[nodiscard]] std::vector<Diagnostic> resolve(Statement &s, const Vocabulary &vocabulary);

/// The up-to-three nearest simple words of V to `word` (§3.2), nearest first.
[[nodiscard]] std::vector<std::string> suggestions(std::string_view word, const Vocabulary &vocabulary);

/// §4.1–§4.3 on a resolved statement: query-only forms, rule-wide prefixes, content-less
/// statements. Every problem, sorted by offset.
[[nodiscard]] std::vector<Diagnostic> assertability(const Statement &s);

/// The Names of `s` as written, in source order (§4.4, indexes).
[[nodiscard]] std::vector<std::string> namesOf(const Statement &s);

/// The Name terms of `s`, in source order.
[[nodiscard]] std::vector<const Term *> nameTerms(const Statement &s);

/// The predicate heads `s` uses (predications, restrictors, bare clauses, via), in source order.
[[nodiscard]] std::vector<std::string> headsOf(const Statement &s);

/// A one-argument statement `P(i).` (§1.3's score profile, the card's Name lines): no prefix,
/// no `~`, no `via`, one argument at place 1 that is a Name without clauses.
struct OneArgumentFact {
    std::string head; ///< the predication's head word (a tanru's last unit)
    std::string name; ///< the Name as written
    friend bool operator==(const OneArgumentFact &, const OneArgumentFact &) = default;
};

/// The fact `s` states when it is a resolved one-argument statement, else nullopt.
[[nodiscard]] std::optional<OneArgumentFact> oneArgumentFact(const Statement &s);

/// Renames every Name of `s` that `renaming` maps (as written → new spelling), at any depth;
/// returns how many Name terms changed. The tree keeps its offsets (they no longer match a
/// text); render it and read the render back for a statement of its own text.
size_t renameNames(Statement &s, const std::unordered_map<std::string, std::string> &renaming);

/// §5.2: the canonical one-line spelling of a resolved statement.
[[nodiscard]] std::string render(const Statement &s);

/// §5.3: the identity key of a resolved statement.
[[nodiscard]] std::string key(const Statement &s);

/// An unambiguous dump of N(s) (§5.1): two statements have equal normalized trees iff
/// their dumps are equal.
[[nodiscard]] std::string normalizedTree(const Statement &s);

/// §5.4: the `round-trip` problem of a resolved statement, if its render does not read back
/// as the same statement under `vocabulary`.
[[nodiscard]] std::optional<Diagnostic> roundTrip(const Statement &s, const Vocabulary &vocabulary);

/// Sets line and column of each diagnostic from `index`.
void locate(std::vector<Diagnostic> &diagnostics, const LineIndex &index);

} // namespace fanva::lang::nibli
