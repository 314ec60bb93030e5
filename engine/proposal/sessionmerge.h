// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/merge.h"
#include "proposal/sessionfile.h"

#include <functional>
#include <memory>
#include <set>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::proposal {

/// The canonical key of a sentence in @p kb (formalize.md §9.5); empty when it does not read.
[[nodiscard]] std::function<QString(const QString &sentence)> canonicalKeyIn(std::shared_ptr<const kb::KnowledgeBase> kb);

/// True when @p previous is a session of the same KB folder (canonical paths), the same
/// document (its absolute path) and the same target context as @p fresh: a new run merges into it.
[[nodiscard]] bool isSameTarget(const SessionFile &previous, const SessionFile &fresh);

struct SessionMerge {
    SessionFile session;
    formalize::MergeResult merge;
};

/// A new run's session file merged into the review's (docs/formalize.md §9.5): the
/// review's id, created and applies; the run's document, segments, prompts and target base;
/// the events one after the other; the run's outcome with entries and coverage recomputed
/// over the merged entries. @p scope: the segments the run formalized (empty: all).
[[nodiscard]] SessionMerge mergeSessionFiles(const SessionFile &previous, const SessionFile &fresh, const std::set<int> &scope,
    const std::function<QString(const QString &)> &key, bool keepLost = true);

} // namespace fanva::proposal
