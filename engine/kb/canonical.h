// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/term.h"

#include <string>
#include <string_view>

namespace fanva::kb {

/// The orders of §6: rank number < string < symbol or '.' < list < vector < variable.
/// Blind treats all variables as equal; Full orders them by name (after numbering).
enum class TermOrder : std::uint8_t { Blind, Full };

/// Three-way comparison under `order` (<0, 0, >0).
[[nodiscard]] int compareTerms(Term a, Term b, TermOrder order);

/// The canonical term of a sentence (§6): wrappers peeled, exceptWhen queries collected,
/// double negations removed, greaterThan turned round, unknown conjunctions sorted,
/// ground symmetric literals ordered, antecedents sorted, variables numbered ?0 ?1 ...
/// `symmetric` are the predicates marked symmetric anywhere in the KB.
[[nodiscard]] OwnedTerm canonicalize(Term sentence, const SymbolSet &symmetric = {});

/// The canonical key: the canonical term rendered flat (UTF-8). Identity of a sentence is
/// (context, key).
[[nodiscard]] std::string canonicalKey(Term sentence, const SymbolSet &symmetric = {});
/// canonicalKey() of a sentence read from `source` (its Document's text), copying symbols
/// from the text where the sentence is its own canonical form (the loader's fast path).
[[nodiscard]] std::string canonicalKey(Term sentence, const SymbolSet &symmetric, std::string_view source);

} // namespace fanva::kb
