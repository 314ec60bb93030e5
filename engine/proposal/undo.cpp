// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Undo of an Apply (formalize.md §11, rewrite.md §4–5): the journal's last committed Apply
// of a file, written back under the file's lock, and its commit reverted with git.
#include "proposal/apply.h"

#include "proposal/atomicwrite_p.h"
#include "proposal/filelock_p.h"
#include "proposal/gitcommit.h"
#include "proposal/journal.h"
#include "status.h"

#include <QFileInfo>

namespace fanva::proposal {

using detail::FileState;
using detail::readFile;

namespace {

QString undoneEntryCount(std::size_t n)
{
    return n == 1 ? QStringLiteral("1 entry") : QStringLiteral("%1 entries").arg(n);
}

Decision acceptedDecision(const Entry &entry)
{
    if (!entry.forced.isEmpty())
        return Decision::Forced;
    return entry.selectedShape == 0 ? Decision::Edited : Decision::Accepted;
}

GitControl gitControlOf(const ApplyControl &control)
{
    return GitControl { control.progress, control.cancelled, control.gitTimeoutMs };
}

/// One Undo in progress.
struct UndoRun {
    Journal journal;
    const ApplyControl &control;
    UndoResult &result;
    Transaction t; ///< the Apply being undone
    QString name; ///< its file's name
    FileState current; ///< the file as the check read it

    UndoResult &fail(UndoResult::Status status, const QString &message)
    {
        result.status = status;
        result.message = message;
        return result;
    }
    UndoResult &undone(const QString &message)
    {
        result.transaction.state = Transaction::State::Undone;
        result.status = UndoResult::Status::Undone;
        result.message = message;
        return result;
    }
};

/// The file must still be the Apply's result (and, for an add, start with its base).
bool stillTheApplysResult(const Transaction &t, const FileState &state)
{
    if (!state.exists || sha256Hex(state.bytes) != t.newSha256)
        return false;
    if (t.edit)
        return true;
    return state.bytes.size() >= t.offset
        && (t.baseSha256.isEmpty() ? t.offset == 0 : sha256Hex(state.bytes.left(t.offset)) == t.baseSha256);
}

/// The Apply's commit still HEAD: `git revert`. A revert that committed is the Undo, whatever
/// bytes git checked out (line-ending attributes, filters). False when git made no commit.
bool revertedByGit(UndoRun &run)
{
    const GitOutcome reverted = gitRevertIfHead(run.t.file, run.t.gitCommit, gitControlOf(run.control));
    run.result.gitNote = reverted.note;
    if (!reverted.committed())
        return false;
    run.result.gitCommit = reverted.commit;
    if (const Status recorded = run.journal.appendState(run.t.id, Transaction::State::Undone); !recorded) {
        run.result.status = UndoResult::Status::IoError;
        run.result.message = QStringLiteral("%1 was reverted by git (%2), but the journal could not record it: %3")
                                 .arg(run.name, reverted.commit.left(8), recorded.message());
        return true;
    }
    run.undone(QStringLiteral("Restored %1 as it was before the Apply (git revert %2).").arg(run.name, reverted.commit.left(8)));
    return true;
}

/// Writes the base back (an edit's from the stored copy, an add's from the file's first bytes;
/// removes a file the Apply created), checking the bytes again just before the rename.
UndoResult &restoreBytes(UndoRun &run)
{
    const Transaction &t = run.t;
    // An edit Apply's old bytes are stored by hash beside the journal (rewrite.md §4).
    const std::optional<QByteArray> base = t.edit ? run.journal.storedBase(t.baseSha256) : run.current.bytes.left(t.offset);
    if (!base)
        return run.fail(UndoResult::Status::IoError,
            QStringLiteral("The stored copy of %1 as it was before the Apply %2 is gone. Nothing was written.").arg(run.name, t.id));
    bool changed = false;
    const Status written = t.baseSha256.isEmpty() ? detail::removeDurably(t.file) : detail::writeAtomically(t.file, *base, [&] {
        // Just before the rename: a hand edit made meanwhile is not lost.
        changed = readFile(t.file).bytes != run.current.bytes;
        return changed ? Status::failure(QStringLiteral("%1 changed since the Apply.").arg(run.name)) : Status();
    });
    if (!written)
        return changed ? run.fail(UndoResult::Status::Changed,
                   QStringLiteral("%1 changed since the Apply; undo would lose those edits. Nothing was written.").arg(run.name))
                       : run.fail(UndoResult::Status::IoError, QStringLiteral("%1 Nothing was written.").arg(written.message()));
    if (const Status recorded = run.journal.appendState(t.id, Transaction::State::Undone); !recorded)
        return run.fail(UndoResult::Status::IoError,
            QStringLiteral("%1 was restored, but the journal could not record it: %2").arg(run.name, recorded.message()));
    return run.undone(t.edit
            ? QStringLiteral("Restored %1 as it was before the Apply.").arg(run.name)
            : QStringLiteral("Restored %1 as it was before the Apply (%2 removed).").arg(run.name, undoneEntryCount(t.entries.size())));
}

/// After the bytes are back: a "fanva: undo" commit of the file alone when the Apply made a
/// commit; a file the Apply created and never committed leaves the index too.
void commitUndo(UndoRun &run)
{
    const Transaction &t = run.t;
    if (t.gitCommit.isEmpty() && !t.baseSha256.isEmpty())
        return; // nothing of it reached git
    const GitControl control = gitControlOf(run.control);
    const GitState state = gitStateOf(t.file, control);
    if (!state.available) {
        if (run.result.gitNote.isEmpty())
            run.result.gitNote = state.note;
        return;
    }
    if (t.gitCommit.isEmpty()) {
        if (t.baseSha256.isEmpty()) {
            const GitOutcome unstaged = gitUnstageNew(t.file, control);
            if (!unstaged.note.isEmpty())
                run.result.gitNote = unstaged.note;
        }
        return;
    }
    const QString subject = gitSubject(t.file, t.gitCommit, control);
    const GitOutcome undone = gitCommitFile(t.file, true,
        QStringLiteral("fanva: undo %1\n\nUndoes %2 (%3).\n").arg(run.name, t.gitCommit, subject.isEmpty() ? QStringLiteral("?") : subject),
        control);
    run.result.gitCommit = undone.commit;
    if (!undone.note.isEmpty())
        run.result.gitNote = undone.note;
}

/// Undoes `t` (found in the journal before its file's lock was taken, and read again under it:
/// another process may have undone it meanwhile, or applied again).
UndoResult undoUnderLock(const QString &journalPath, const Transaction &found, bool git, const ApplyControl &control)
{
    UndoResult result;
    result.transaction = found;
    const QString name = QFileInfo(found.file).fileName();
    const detail::FileLock lock(detail::kbFileLockPath(journalPath, found.file),
        detail::kbLockWait(found.file, control.progress, control.cancelled, control.lockTimeoutMs));
    if (!lock.isLocked()) {
        result.status = UndoResult::Status::IoError;
        result.message = QStringLiteral("%1 Nothing was written.").arg(lock.error());
        return result;
    }
    UndoRun run { Journal(journalPath), control, result, found, name, {} };
    const std::optional<Transaction> last = run.journal.lastCommitted(found.file);
    if (!last)
        return run.fail(UndoResult::Status::NothingToUndo, QStringLiteral("Nothing to undo"));
    if (last->id != found.id)
        return run.fail(UndoResult::Status::Changed,
            QStringLiteral("%1 is not the last Apply to %2; undo %3 first. Nothing was written.").arg(found.id, name, last->id));
    run.t = *last;
    result.transaction = *last;
    const QString unsafe = detail::unsafeTarget(run.t.file);
    if (!unsafe.isEmpty())
        return run.fail(UndoResult::Status::IoError, QStringLiteral("%1 Nothing was written.").arg(unsafe));
    run.current = readFile(run.t.file);
    if (!stillTheApplysResult(run.t, run.current))
        return run.fail(UndoResult::Status::Changed,
            QStringLiteral("%1 changed since the Apply; undo would lose those edits. Nothing was written.").arg(name));
    const bool mayRunGit = git && gitStateOf(run.t.file, gitControlOf(control)).available;
    if (mayRunGit && !run.t.gitCommit.isEmpty() && revertedByGit(run))
        return result;
    if (restoreBytes(run).status == UndoResult::Status::Undone && git)
        commitUndo(run);
    return result;
}

} // namespace

UndoResult undoLast(const QString &journalPath, const QString &file, bool git, const ApplyControl &control)
{
    const QString path = journalPath.isEmpty() ? Journal::defaultPath() : journalPath;
    const std::optional<Transaction> last = Journal(path).lastCommitted(file);
    if (!last) {
        UndoResult result;
        result.status = UndoResult::Status::NothingToUndo;
        result.message = QStringLiteral("Nothing to undo");
        return result;
    }
    return undoUnderLock(path, *last, git, control);
}

UndoResult undoTransaction(const QString &journalPath, const QString &id, bool git, const ApplyControl &control)
{
    const QString path = journalPath.isEmpty() ? Journal::defaultPath() : journalPath;
    const std::optional<Transaction> t = Journal(path).transaction(id);
    if (!t || t->state != Transaction::State::Committed) {
        UndoResult result;
        result.status = UndoResult::Status::NothingToUndo;
        result.message = QStringLiteral("The journal holds no committed Apply %1.").arg(id);
        return result;
    }
    return undoUnderLock(path, *t, git, control);
}

UndoResult undo(Proposal &proposal, const QString &journalPath, bool git, const ApplyControl &control)
{
    UndoResult result = undoLast(journalPath, QFileInfo(proposal.targetPath()).absoluteFilePath(), git, control);
    if (result.status == UndoResult::Status::Undone)
        markUndone(proposal, result.transaction);
    return result;
}

void markUndone(Proposal &proposal, const Transaction &transaction)
{
    for (Entry &e : proposal.entries) {
        if (e.decision == Decision::Applied && e.applied == transaction.id) {
            e.applied.clear();
            e.decision = acceptedDecision(e);
        }
    }
    for (ApplyRecord &record : proposal.applies) {
        if (record.journalId == transaction.id)
            record.state = transactionStateName(Transaction::State::Undone);
    }
    proposal.baseSha256 = transaction.baseSha256;
    proposal.absent = transaction.baseSha256.isEmpty();
}

} // namespace fanva::proposal
