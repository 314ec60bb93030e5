// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

namespace fanva::lang::nibli::codes {

/// The problem codes of the nibli reader, resolver, assertability check and KB (nibli-kr.md
/// §4), spelled once: a diagnostic's stable id, what tests and callers compare.
inline constexpr char alreadyStored[] = "already-stored";
inline constexpr char clauseWithoutIt[] = "clause-without-it";
inline constexpr char commentUnterminated[] = "comment-unterminated";
inline constexpr char comparisonQueryOnly[] = "comparison-query-only";
inline constexpr char computeQueryOnly[] = "compute-query-only";
inline constexpr char countNotWhole[] = "count-not-whole";
inline constexpr char countQueryOnly[] = "count-query-only";
inline constexpr char countRange[] = "count-range";
inline constexpr char declarationConflict[] = "declaration-conflict";
inline constexpr char declarationLabel[] = "declaration-label";
inline constexpr char duplicateInBatch[] = "duplicate-in-batch";
inline constexpr char emptySentence[] = "empty-sentence";
inline constexpr char fileTooLarge[] = "file-too-large";
inline constexpr char itOutside[] = "it-outside";
inline constexpr char linkedIt[] = "linked-it";
inline constexpr char linkedX1[] = "linked-x1";
inline constexpr char namePronoun[] = "name-pronoun";
inline constexpr char nameSpelling[] = "name-spelling";
inline constexpr char negationDouble[] = "negation-double";
inline constexpr char negationOutside[] = "negation-outside";
inline constexpr char noContent[] = "no-content";
inline constexpr char numberMalformed[] = "number-malformed";
inline constexpr char numberRange[] = "number-range";
inline constexpr char placeTwice[] = "place-twice";
inline constexpr char positionalAfterNamed[] = "positional-after-named";
inline constexpr char prefixCompound[] = "prefix-compound";
inline constexpr char prefixDuplicate[] = "prefix-duplicate";
inline constexpr char prefixOverRule[] = "prefix-over-rule";
inline constexpr char prefixStacked[] = "prefix-stacked";
inline constexpr char reservedWord[] = "reserved-word";
inline constexpr char roundTrip[] = "round-trip";
inline constexpr char severalSentences[] = "several-sentences";
inline constexpr char slotOutside[] = "slot-outside";
inline constexpr char stringEscape[] = "string-escape";
inline constexpr char stringUnterminated[] = "string-unterminated";
inline constexpr char tooDeep[] = "too-deep";
inline constexpr char tooManyArguments[] = "too-many-arguments";
inline constexpr char tooManyErrors[] = "too-many-errors";
inline constexpr char unknownCompound[] = "unknown-compound";
inline constexpr char unknownLabel[] = "unknown-label";
inline constexpr char unknownPredicate[] = "unknown-predicate";
inline constexpr char variableMalformed[] = "variable-malformed";
inline constexpr char viaArity[] = "via-arity";
inline constexpr char wordMalformed[] = "word-malformed";

} // namespace fanva::lang::nibli::codes
