// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"

#include <QString>

#include <functional>
#include <vector>

namespace fanva::proposal {

/// How a git call is followed and stopped (ApplyControl's, for git). A call that outlives
/// `timeoutMs` (0: ten minutes, for hooks and gpg) or is cancelled gets SIGTERM in its whole
/// process group, so git removes its own index.lock; one that ignores it is killed 10 s later.
struct GitControl {
    std::function<void(const QString &)> progress;
    std::function<bool()> cancelled;
    int timeoutMs = 0;
};

/// The target file's git state before an Apply (docs/spec/rewrite.md §5).
struct GitState {
    bool available = false; ///< `git` is on the PATH, the file lies in a work tree the user allowed git in
    bool tracked = false; ///< git knows the file
    bool dirty = false; ///< it has uncommitted changes (or exists untracked)
    QString note; ///< why git is not available though the file lies in a work tree (consent not given yet)
};

/// Asks git about `file` (absolute) when the user allowed git in its work tree (gitconsent.h):
/// `rev-parse --is-inside-work-tree`, `ls-files`, `status`, with `core.fsmonitor` off and no
/// optional locks. Without consent nothing runs; `note` says how to give it.
[[nodiscard]] GitState gitStateOf(const QString &file, const GitControl &control = {});

/// The message of an Apply's commit: summary line, one line per entry, the Fanva-Session trailer
/// (the session's path relative to the work tree of the proposal's target, else its file name).
[[nodiscard]] QString gitCommitMessage(
    const Proposal &proposal, const std::vector<const Entry *> &entries, const QString &fileName, const QString &sessionPath);

/// What a git step did: the new commit's hash, or why there is none (`note`, a sentence). A
/// commit may carry a note too (made on a detached HEAD).
struct GitOutcome {
    QString commit;
    QString note;
    [[nodiscard]] bool committed() const { return !commit.isEmpty(); }
};

/// Commits `file` alone (`git add` first only when git does not know it yet, then
/// `git commit --only -m MESSAGE -- FILE`); never another path or index entry. A file it added
/// is unstaged again when the commit fails.
[[nodiscard]] GitOutcome gitCommitFile(const QString &file, bool tracked, const QString &message, const GitControl &control = {});

/// `git revert --no-edit COMMIT` when COMMIT is still HEAD, the index holds no staged change and
/// `file` has no uncommitted change; empty commit (and a note) otherwise or when git refuses.
[[nodiscard]] GitOutcome gitRevertIfHead(const QString &file, const QString &commit, const GitControl &control = {});

/// Drops the index entry of `file` when the index holds it and HEAD does not (a new file whose
/// commit failed, removed by Undo). A note when git refused.
[[nodiscard]] GitOutcome gitUnstageNew(const QString &file, const GitControl &control = {});

/// The subject line of `commit` (for "fanva: undo …").
[[nodiscard]] QString gitSubject(const QString &file, const QString &commit, const GitControl &control = {});

} // namespace fanva::proposal
