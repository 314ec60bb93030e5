// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/span.h"

#include <QLatin1StringView>
#include <QString>
#include <QStringView>

#include <array>
#include <optional>

namespace fanva::lang {

/// One finding of a language's checker or a gate, in any language. `type` is a stable
/// kebab-case id (the `problem::` constants below; kb-language.md §5.3, formalize.md §5.1);
/// `message` is one English line that names the offending term, says what is wrong and how to
/// fix it — it is what a model reads on a repair turn and what a reviewer reads in the gutter.
/// `span` marks the part named, when the checked statement was read from text.
struct Problem {
    QString type;
    QString message;
    std::optional<Span> span;

    friend bool operator==(const Problem &, const Problem &) = default;
};

/// The problem ids, spelled once. A language reports the ids that have a meaning in it; the
/// session, the gates and Apply's re-diff add their own notes.
namespace problem {
inline constexpr QLatin1StringView shape("shape");
inline constexpr QLatin1StringView unknownOption("unknown-option");
inline constexpr QLatin1StringView contextEscape("context-escape");
inline constexpr QLatin1StringView notWellFormed("not-well-formed");
inline constexpr QLatin1StringView contextName("context-name");
inline constexpr QLatin1StringView functor("functor");
inline constexpr QLatin1StringView lexemeFunctor("lexeme-functor");
inline constexpr QLatin1StringView functorArity("functor-arity");
inline constexpr QLatin1StringView argument("argument");
inline constexpr QLatin1StringView istContext("ist-context");
inline constexpr QLatin1StringView dotMarker("dot-marker");
inline constexpr QLatin1StringView notGround("not-ground");
inline constexpr QLatin1StringView notRangeRestricted("not-range-restricted");
inline constexpr QLatin1StringView exceptionNotClosed("exception-not-closed");
inline constexpr QLatin1StringView notIndexable("not-indexable");
inline constexpr QLatin1StringView notStratified("not-stratified");
inline constexpr QLatin1StringView arity("arity");
inline constexpr QLatin1StringView argType("arg-type");
inline constexpr QLatin1StringView disjoint("disjoint");
inline constexpr QLatin1StringView asymmetric("asymmetric");
inline constexpr QLatin1StringView functional("functional");
inline constexpr QLatin1StringView irreflexive("irreflexive");
// Notes (never blocking).
inline constexpr QLatin1StringView isaMembership("isa-membership");
inline constexpr QLatin1StringView functionalCoreference("functional-coreference");
inline constexpr QLatin1StringView alreadyStored("already-stored");
inline constexpr QLatin1StringView duplicateInBatch("duplicate-in-batch");
// Notes a formalize session adds (formalize.md §5.2, §5.3, §9; never blocking).
inline constexpr QLatin1StringView known("known");
inline constexpr QLatin1StringView noSegment("no-segment");
inline constexpr QLatin1StringView withdrawn("withdrawn");
inline constexpr QLatin1StringView untranslated("untranslated");
// Notes a re-diff adds to replace and retract entries (rewrite.md §4; never blocking).
inline constexpr QLatin1StringView sentenceMoved("sentence-moved");
inline constexpr QLatin1StringView retractDependents("retract-dependents");
// Gates (formalize.md §5.1).
inline constexpr QLatin1StringView unreadable("unreadable");
inline constexpr QLatin1StringView severalSentences("several-sentences");
inline constexpr QLatin1StringView emptySentence("empty-sentence");
inline constexpr QLatin1StringView roundTrip("round-trip");
} // namespace problem

/// False only for the non-blocking notes of architecture.md "Where the specs meet"
/// (already-stored / known, duplicate-in-batch, functional-coreference, isa-membership,
/// no-segment, withdrawn), the session's `untranslated` note on a dropped candidate and the
/// re-diff's sentence-moved and retract-dependents notes on edit entries: the
/// one place that decides whether a problem refuses an entry.
[[nodiscard]] inline bool isBlocking(QStringView type)
{
    static constexpr std::array notes {
        problem::alreadyStored,
        problem::known,
        problem::duplicateInBatch,
        problem::functionalCoreference,
        problem::isaMembership,
        problem::noSegment,
        problem::withdrawn,
        problem::untranslated,
        problem::sentenceMoved,
        problem::retractDependents,
    };
    for (const QLatin1StringView note : notes) {
        if (type == note)
            return false;
    }
    return true;
}

/// True if any problem in `problems` is blocking.
template<typename Range> [[nodiscard]] bool hasBlocking(const Range &problems)
{
    for (const Problem &p : problems) {
        if (isBlocking(p.type))
            return true;
    }
    return false;
}

} // namespace fanva::lang
