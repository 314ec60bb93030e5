// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"

#include <QString>

#include <vector>

namespace fanva::proposal {

/// The target file's git state before an Apply (docs/spec/rewrite.md §5).
struct GitState {
    bool available = false; ///< `git` is on the PATH and the file lies in a git work tree
    bool tracked = false; ///< git knows the file
    bool dirty = false; ///< it has uncommitted changes (or exists untracked)
};

/// Asks git about `file` (absolute): `rev-parse --is-inside-work-tree`, `ls-files`, `status`.
[[nodiscard]] GitState gitStateOf(const QString &file);

/// The message of an Apply's commit: summary line, one line per entry, the Fanva-Session trailer.
[[nodiscard]] QString gitCommitMessage(
    const Proposal &proposal, const std::vector<const Entry *> &entries, const QString &fileName, const QString &sessionPath);

/// What a git step did: the new commit's hash, or why there is none (`note`, a sentence).
struct GitOutcome {
    QString commit;
    QString note;
    [[nodiscard]] bool committed() const { return !commit.isEmpty(); }
};

/// Commits `file` alone (`git add` first only when git does not know it yet, then
/// `git commit --only -m MESSAGE -- FILE`); never another path or index entry.
[[nodiscard]] GitOutcome gitCommitFile(const QString &file, bool tracked, const QString &message);

/// `git revert --no-edit COMMIT` when COMMIT is still HEAD, the index holds no staged change and
/// `file` has no uncommitted change; empty commit (and a note) otherwise or when git refuses.
[[nodiscard]] GitOutcome gitRevertIfHead(const QString &file, const QString &commit);

/// The subject line of `commit` (for "fanva: undo …").
[[nodiscard]] QString gitSubject(const QString &file, const QString &commit);

} // namespace fanva::proposal
