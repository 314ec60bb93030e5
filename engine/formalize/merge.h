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

/// What a new run merges into (docs/spec/iteration.md §1).
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
    /// Each new entry that matched a previous one: (new id, previous id); the previous one stands for it.
    std::vector<std::pair<QString, QString>> matched;
    friend bool operator==(const MergeResult &, const MergeResult &) = default;
};

/// Merges a new run into a review (docs/spec/iteration.md §1). Pure.
[[nodiscard]] MergeResult mergeEntries(const MergeInput &input);

/// The highest entry number among @p entries (0 when none): a new run numbers after it.
[[nodiscard]] int highestEntryNumber(const std::vector<Entry> &entries);

/// Maps each previous segment (1-based) to a current one with the same text (whitespace
/// simplified), nearest the old number, each current segment used once; 0: gone.
[[nodiscard]] std::vector<int> mapSegments(const QStringList &previous, const QStringList &current);

} // namespace fanva::formalize
