// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Undo of an Apply (formalize.md §11, rewrite.md §4–5): the journal's last committed Apply
// of a file, written back under the file's lock, and its commit reverted with git.
#include "proposal/apply.h"

#include "proposal/atomicwrite_p.h"
#include "proposal/filelock_p.h"
#include "proposal/gitcommit.h"

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

} // namespace

UndoResult undoLast(const QString &journalPath, const QString &file, bool git, const ApplyControl &control)
{
    Q_UNUSED(control) // the lock and git follow it with the hardening of issue 33
    UndoResult result;
    const QString path = journalPath.isEmpty() ? Journal::defaultPath() : journalPath;
    Journal journal(path);
    std::optional<Transaction> last = journal.lastCommitted(file);
    if (!last) {
        result.status = UndoResult::Status::NothingToUndo;
        result.message = QStringLiteral("Nothing to undo");
        return result;
    }
    // The file's lock, then the journal again: another process may have undone it meanwhile.
    const detail::FileLock lock(detail::kbFileLockPath(path, last->file));
    if (!lock.isLocked()) {
        result.status = UndoResult::Status::IoError;
        result.message = QStringLiteral("%1 Nothing was written.").arg(lock.error());
        return result;
    }
    last = journal.lastCommitted(last->file);
    if (!last) {
        result.status = UndoResult::Status::NothingToUndo;
        result.message = QStringLiteral("Nothing to undo");
        return result;
    }
    result.transaction = *last;
    const QString name = QFileInfo(last->file).fileName();
    const QString unsafe = detail::unsafeTarget(last->file);
    if (!unsafe.isEmpty()) {
        result.status = UndoResult::Status::IoError;
        result.message = QStringLiteral("%1 Nothing was written.").arg(unsafe);
        return result;
    }
    const FileState current = readFile(last->file);
    const auto matches = [&](const FileState &state) {
        if (last->edit)
            return state.exists && sha256Hex(state.bytes) == last->newSha256;
        return state.exists && sha256Hex(state.bytes) == last->newSha256 && state.bytes.size() >= last->offset
            && (last->baseSha256.isEmpty() ? last->offset == 0 : sha256Hex(state.bytes.left(last->offset)) == last->baseSha256);
    };
    if (!matches(current)) {
        result.status = UndoResult::Status::Changed;
        result.message = QStringLiteral("%1 changed since the Apply; undo would lose those edits. Nothing was written.").arg(name);
        return result;
    }
    if (git && !last->gitCommit.isEmpty()) {
        // The Apply's commit still HEAD: git reverts it, and the file must be the base again.
        const GitOutcome reverted = gitRevertIfHead(last->file, last->gitCommit);
        const std::optional<QString> now = fileSha256(last->file);
        if (reverted.committed() && now && *now == last->baseSha256) {
            QString error;
            if (!journal.appendState(last->id, Transaction::State::Undone, &error)) {
                result.status = UndoResult::Status::IoError;
                result.message = QStringLiteral("%1 was reverted, but the journal could not record it: %2").arg(name, error);
                return result;
            }
            result.transaction.state = Transaction::State::Undone;
            result.status = UndoResult::Status::Undone;
            result.gitCommit = reverted.commit;
            result.message = QStringLiteral("Restored %1 as it was before the Apply (git revert %2).").arg(name, reverted.commit.left(8));
            return result;
        }
        result.gitNote = reverted.note;
    }
    // An edit Apply's old bytes are stored by hash beside the journal (rewrite.md §4).
    std::optional<QByteArray> base = last->edit ? journal.storedBase(last->baseSha256) : current.bytes.left(last->offset);
    if (!base) {
        result.status = UndoResult::Status::IoError;
        result.message = QStringLiteral("The stored copy of %1 as it was before the Apply is gone. Nothing was written.").arg(name);
        return result;
    }
    QString error;
    bool changed = false;
    const bool ok = last->baseSha256.isEmpty() ? detail::removeDurably(last->file, &error)
                                               : detail::writeAtomically(
                                                   last->file, *base,
                                                   [&] {
                                                       // Just before the rename: a hand edit made meanwhile is not lost.
                                                       changed = readFile(last->file).bytes != current.bytes;
                                                       return !changed;
                                                   },
                                                   &error);
    if (!ok) {
        result.status = changed ? UndoResult::Status::Changed : UndoResult::Status::IoError;
        result.message = changed ? QStringLiteral("%1 changed since the Apply; undo would lose those edits. Nothing was written.").arg(name)
                                 : QStringLiteral("%1 Nothing was written.").arg(error);
        return result;
    }
    if (!journal.appendState(last->id, Transaction::State::Undone, &error)) {
        result.status = UndoResult::Status::IoError;
        result.message = QStringLiteral("%1 was restored, but the journal could not record it: %2").arg(name, error);
        return result;
    }
    result.transaction.state = Transaction::State::Undone;
    result.status = UndoResult::Status::Undone;
    if (git && !last->gitCommit.isEmpty() && gitStateOf(last->file).available) {
        const QString subject = gitSubject(last->file, last->gitCommit);
        const GitOutcome undone = gitCommitFile(last->file, true,
            QStringLiteral("fanva: undo %1\n\nUndoes %2 (%3).\n")
                .arg(name, last->gitCommit, subject.isEmpty() ? QStringLiteral("?") : subject));
        result.gitCommit = undone.commit;
        if (!undone.committed())
            result.gitNote = undone.note;
    }
    result.message = last->edit
        ? QStringLiteral("Restored %1 as it was before the Apply.").arg(name)
        : QStringLiteral("Restored %1 as it was before the Apply (%2 removed).").arg(name, undoneEntryCount(last->entries.size()));
    return result;
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
