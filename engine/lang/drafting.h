// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The drafting vocabulary of the language seam: what Language's drafting operations (resolve,
// card, gloss, corrections, coined, bareCandidates) take and give, in no language's terms.
// formalize keeps its old names for these as aliases (formalize::Segment, Inventory, …).

#include "lang/termid.h"
#include "lang/termrole.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace fanva::lang {

/// One numbered sentence of a document (formalize.md §1.1). `start`/`end` are UTF-8 byte
/// offsets into the document as stored; `document.mid(start, end - start)` is the text.
/// A BOM and a list item's marker are outside every span; spans never start or end with
/// whitespace.
struct Segment {
    enum class Kind : std::uint8_t { Prose, Item, Heading };
    int number = 0; ///< 1-based: [1] … [n]
    qsizetype start = 0;
    qsizetype end = 0;
    Kind kind = Kind::Prose;

    [[nodiscard]] qsizetype length() const { return end - start; }
    friend bool operator==(const Segment &, const Segment &) = default;
};

enum class Confidence : std::uint8_t { High, Medium, Low };
enum class Strength : std::uint8_t { Default, Monotonic };

/// One candidate as the model wrote it (formalize.md §4.1), normalised: `segment` from
/// 3, "3" or "[3]", none if missing or unreadable; confidence defaults to medium,
/// strength to default.
struct ReplyCandidate {
    QString sentence;
    std::optional<int> segment;
    Confidence confidence = Confidence::Medium;
    Strength strength = Strength::Default;
    /// A rewrite reply's numbers of the selected sentences this one replaces (rewrite.md §3);
    /// `segment` is then the first of them unless the item named one.
    std::vector<int> replaces;
    /// The rules provider's honest marking (docs/spec/rules.md §4): the pattern that made the
    /// candidate and the content words of its sentence it did not use; empty from a model.
    QString pattern;
    QStringList unused;
    friend bool operator==(const ReplyCandidate &, const ReplyCandidate &) = default;
};

/// An English reading of a formal statement, made without a model (formalize.md §6).
/// `Composed`: every literal read from a template or a built-in; `Named`: none was (only
/// names listed — such entries are not judged); `Partial`: some were.
struct Gloss {
    enum class Source : std::uint8_t { Composed, Partial, Named };
    QString text;
    Source source = Source::Named;
    friend bool operator==(const Gloss &, const Gloss &) = default;
};

/// A run of document words that names an existing KB term (formalize.md §1.2). Offsets are
/// UTF-8 bytes into the document: from the first word's start to the last word's end.
/// `term` is the KB's handle for the word (lang/termid.h: only its language reads it back;
/// fanva-kb's symbol id, `noTerm` from a language without handles) and `role` what kind of
/// term it is.
struct Resolution {
    int segment = 0;
    qsizetype start = 0;
    qsizetype end = 0;
    QString surface;
    TermId term = noTerm;
    TermRole role = TermRole::None;
    /// The term as its KB spells it (the prompt's "surface → term" line, formalize.md §3.2).
    QString spelling;
    friend bool operator==(const Resolution &, const Resolution &) = default;
};

/// The vocabulary card (formalize.md §2): the KB terms a model should use, rendered in blocks
/// within a token budget. A cut is always stated.
struct Card {
    /// How many lines each block could not list.
    struct Cut {
        int relations = 0;
        int types = 0;
        int individuals = 0;
        int structural = 0;
        [[nodiscard]] int total() const { return relations + types + individuals + structural; }
        friend bool operator==(const Cut &, const Cut &) = default;
    };

    QString card;
    int tokens = 0;
    Cut cut;
    /// The terms listed on the card, block by block, as the KB's handles (lang/termid.h; a
    /// language may leave them empty: nibli does).
    std::vector<TermId> relations;
    std::vector<TermId> types;
    std::vector<TermId> individuals;

    [[nodiscard]] bool isCut() const { return cut.total() > 0; }
};

/// A proposal about a proposal (formalize.md §7): a rewrite of a candidate that says what
/// its drafter most likely meant. Empty when no pass applies.
struct Correction {
    /// The passes that fired, in order (fanva-kb: arity-surplus, unary-on-type, relation-on-types).
    QStringList rules;
    QString from;
    /// The rewrite, when a pass could make one (each pass's `to` feeds the next).
    std::optional<QString> to;
    /// Further readings, best first.
    QStringList alternatives;
    QString why;
    /// The weakest of the passes that fired.
    Confidence confidence = Confidence::High;

    [[nodiscard]] bool isEmpty() const { return rules.isEmpty(); }
    friend bool operator==(const Correction &, const Correction &) = default;
};

/// A functor the entries use that the KB does not know (formalize.md §8). Reported, never
/// rejected.
struct CoinedFunctor {
    enum class Role : std::uint8_t { Type, Property, Relation };
    QString functor;
    int arity = 0;
    Role role = Role::Relation;
    /// Ids of the entries using it, in the order given.
    QStringList entries;
    friend bool operator==(const CoinedFunctor &, const CoinedFunctor &) = default;
};

/// Counts over the non-frame literals of all entries; every count is a number of literals.
struct CoinedReport {
    std::vector<CoinedFunctor> functors; ///< once per functor, sorted
    int literals = 0;
    int reused = 0;
    int coined = 0;
    int types = 0;
    int properties = 0;
    int relations = 0;
    /// Individuals the entries name that the KB does not know (not coined vocabulary).
    int introduced = 0;

    /// "31 literals — 27 reuse KB vocabulary, 4 coined (2 types, 1 property, 1 relation)".
    [[nodiscard]] QString header() const;
};

} // namespace fanva::lang
