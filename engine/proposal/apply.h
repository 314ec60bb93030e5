// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/edits.h"
#include "proposal/journal.h"
#include "proposal/proposal.h"
#include "status.h"

#include <QDateTime>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace fanva::lang {
class Kb;
}

namespace fanva::proposal {

enum class ApplyStatus { Applied, Blocked, Conflict, IoError, VerifyFailed };
[[nodiscard]] QString applyStatusName(ApplyStatus status);

/// Points inside Apply where a test may stop the process to prove atomicity.
enum class ApplyStage {
    TempWritten, ///< the new bytes are durable in the temporary file and the journal says pending
    Renamed, ///< the rename happened; the committed line is not yet written
};

/// Lets a caller off the GUI thread follow and stop a long Apply or Undo (waiting for the file
/// lock, git hooks).
struct ApplyControl {
    std::function<void(const QString &)> progress; ///< e.g. "Waiting for another Apply to CxAnimals.txt…"
    std::function<bool()> cancelled; ///< polled while waiting for the lock or for git
    int lockTimeoutMs = 0; ///< how long to wait for the file's lock; 0: two minutes
    int gitTimeoutMs = 0; ///< how long one git call may run (hooks, gpg); 0: ten minutes
};

/// What Apply needs besides the proposal: the gate it re-runs, where the journal lives,
/// and the clock and ids (injected by tests so that reruns are byte-identical).
struct ApplyOptions {
    BatchGate gate; ///< empty: criticGate(), through the KB's language
    QString journalPath; ///< empty: Journal::defaultPath()
    std::function<QDateTime()> now;
    std::function<QString()> newId;
    QString sessionPath; ///< recorded in the journal so `apply --undo` can update the session
    std::function<void(ApplyStage)> probe;
    /// Commit the file alone to git when it lies in a work tree (docs/spec/rewrite.md §5).
    bool git = false;
    /// Progress and cancellation. Cancelled while waiting for the file's lock, Apply writes
    /// nothing; once the file is renamed, the journal is finished and only the git commit is
    /// skipped or stopped (rewrite.md §5).
    ApplyControl control;
};

/// An accepted entry that the re-gate refused, with the blocking problems it was not forced past.
struct BlockedEntry {
    QString id;
    std::vector<lang::Problem> problems;
    friend bool operator==(const BlockedEntry &, const BlockedEntry &) = default;
};

/// The outcome of Apply (formalize.md §11). Nothing was written unless the status is
/// Applied or VerifyFailed.
struct ApplyResult {
    ApplyStatus status = ApplyStatus::IoError;
    QString message;
    std::vector<BlockedEntry> blocked; ///< Blocked
    QString expectedSha256, foundSha256; ///< Conflict ("absent" for a missing file)
    QStringList missing; ///< VerifyFailed: entry ids whose canonical form is not stored
    QString journalId;
    QString file;
    QByteArray block; ///< the bytes appended
    QStringList written; ///< entry ids, document order
    std::vector<RemovedLine> removedLines; ///< an edit Apply: every line it removed, comments included
    QString gitCommit; ///< the commit Apply made (ApplyOptions::git)
    QString gitNote; ///< why it made none though git was on and the file lies in a work tree
};

/// Applies the accepted entries: re-gate against the KB reloaded from disk (→ Blocked),
/// hash check against baseSha256 (→ Conflict), journaled atomic write, reload and verify
/// (→ VerifyFailed). On success the entries become applied and the base moves on. The only
/// code path in Fanva that writes a KB file.
[[nodiscard]] ApplyResult apply(Proposal &proposal, const ApplyOptions &options);

/// The outcome of undoing an Apply. `transaction` is the Apply it tried (even when it failed).
struct UndoResult {
    enum class Status { Undone, NothingToUndo, Changed, IoError };
    Status status = Status::NothingToUndo;
    QString message;
    Transaction transaction;
    QString gitCommit; ///< the revert or "fanva: undo" commit, with `git`
    QString gitNote;
};

/// Undoes the most recent committed Apply in the journal (of `file`, if given): the file
/// must still hash to the Apply's result and its first `offset` bytes to the base; those
/// bytes are written back atomically and the journal says undone.
/// An edit Apply's bytes come from the base stored beside the journal instead. With `git` and an
/// Apply that made a commit: `git revert` while that commit is HEAD, else a "fanva: undo" commit.
/// `control` reports waiting and may stop the wait for the lock (nothing written) or git (the
/// file is restored and the journal says undone; the commit is skipped).
[[nodiscard]] UndoResult undoLast(const QString &journalPath, const QString &file = {}, bool git = false, const ApplyControl &control = {});

/// undoLast() of the Apply `id`; Changed (naming the one to undo first) when a later Apply to
/// its file is still committed, NothingToUndo when the journal holds no committed Apply `id`.
[[nodiscard]] UndoResult undoTransaction(const QString &journalPath, const QString &id, bool git = false, const ApplyControl &control = {});

/// Replaces a KB file's bytes outside Apply (`fanva-cli fmt`): under the file's lock (the
/// lock file beside `journalPath`'s journal, empty: the default), only while the file still
/// holds `expected`, atomically, keeping mode, owner and group; a symbolic link, a
/// hard-linked or a non-regular file is refused; why not, as a sentence, otherwise.
[[nodiscard]] Status rewriteKbFile(const QString &path, const QByteArray &expected, const QByteArray &bytes, const QString &journalPath);

/// Undoes the proposal's last Apply (its target file) and turns its entries back to accepted.
[[nodiscard]] UndoResult undo(Proposal &proposal, const QString &journalPath, bool git = false, const ApplyControl &control = {});

/// Puts the entries a (now undone) Apply wrote back to their accepted decision.
void markUndone(Proposal &proposal, const Transaction &transaction);

/// Re-diff after a conflict: takes the file as it is now as the base, re-gates every
/// entry not yet applied (accepted ones as a batch, in document order; a replacement against
/// the KB without the sentences it removes; a retraction not at all), keeps decisions,
/// clears a force whose problems changed. Returns the ids whose problems changed.
/// `gate` re-gates (empty: criticGate(), through the KB's language); a replacement is gated
/// against the KB the language's SentenceEdits role loads without what it removes.
[[nodiscard]] QStringList rediff(Proposal &proposal, const lang::Kb &kb, const BatchGate &gate = {});

} // namespace fanva::proposal
