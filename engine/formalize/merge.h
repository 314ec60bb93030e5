// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <set>
#include <utility>
#include <vector>

namespace fanva::formalize {

/// True for an entry the author wrote rather than the model (issue 15). Author entries are
/// always kept by a merge.
[[nodiscard]] bool isAuthorEntry(const Entry &entry);

/// What a new run merges into (docs/formalize.md §9.5).
struct MergeInput {
    std::vector<Entry> previous; ///< the review's entries, decisions included
    QStringList previousSegments; ///< the review's segment texts, segment n at n − 1
    std::vector<Entry> fresh; ///< the new run's entries, ids after the previous ones
    QStringList freshSegments; ///< the current segment texts, segment n at n − 1
    std::set<int> scope; ///< the segments (current numbers) the run formalized; empty: all
    /// The canonical key of a sentence in the target; empty when it does not read.
    std::function<QString(const QString &sentence)> key;
    /// Decided entries the run did not propose again are kept, marked withdrawn (else lost).
    bool keepLost = true;
};

struct MergeResult {
    std::vector<Entry> entries;
    QStringList kept; ///< previous entries matched by a new one (their decisions kept)
    QStringList withdrawn; ///< previous entries kept and marked withdrawn
    QStringList lost; ///< decided previous entries the run did not propose again (dropped unless keepLost)
    QStringList added; ///< new reviewable entries that arrive undecided
    QStringList gone; ///< the withdrawn entries whose source sentence is no longer in the document
    /// Undecided or rejected previous entries in scope that no new entry matched: replaced by
    /// what the run proposes now (not kept); rejected entries whose sentence is gone among them.
    QStringList replaced;
    /// Each new entry that matched a previous one: (new id, previous id); the previous one stands for it.
    std::vector<std::pair<QString, QString>> matched;
    friend bool operator==(const MergeResult &, const MergeResult &) = default;
};

/// One line of what a merge did (formalize.md §9.5 "What the merge says").
struct MergeLine {
    enum class Kind {
        Matched, ///< new entry `id` proposed previous entry `keptAs` again: that one stays, decision and edit kept
        Added, ///< new entry `id` arrives undecided
        Gone, ///< previous entry `id` kept, withdrawn: its sentence is no longer in the document
        NotAgain, ///< previous entry `id` kept, withdrawn: decided, the run did not propose it again
        Lost, ///< previous entry `id` dropped: decided, the run did not propose it again (the reviewer chose so)
        Replaced, ///< previous entry `id` not kept: undecided or rejected, the run's new entries stand for it
    };
    Kind kind = Kind::Added;
    QString id;
    QString keptAs;
    Decision decision = Decision::Undecided; ///< Matched: the kept entry's decision
    friend bool operator==(const MergeLine &, const MergeLine &) = default;
};

/// What @p result did, one line per entry: matches in the new run's order, then the new
/// entries, then the previous entries withdrawn, lost and replaced.
[[nodiscard]] std::vector<MergeLine> mergeLines(const MergeResult &result);
/// A line in English, as the CLI prints it: "c9 matches c2: kept, accepted".
[[nodiscard]] QString mergeLineText(const MergeLine &line);

/// Merges a new run into a review (docs/formalize.md §9.5). Pure.
[[nodiscard]] MergeResult mergeEntries(const MergeInput &input);

/// The highest entry number among @p entries (0 when none): a new run numbers after it.
[[nodiscard]] int highestEntryNumber(const std::vector<Entry> &entries);

/// Maps each previous segment (1-based) to a current one with the same text (whitespace
/// simplified), nearest the old number, each current segment used once; 0: gone.
[[nodiscard]] std::vector<int> mapSegments(const QStringList &previous, const QStringList &current);

} // namespace fanva::formalize
