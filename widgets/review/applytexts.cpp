// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/applytexts.h"

#include <QDir>
#include <QFileInfo>

#include <set>

using namespace fanva;

namespace {

// The first eight hex digits, as formalize.md §11 quotes a hash; "absent" stays as it is.
QString shortHash(const QString &sha256)
{
    return sha256.size() > 8 ? sha256.left(8) + QStringLiteral("…") : sha256;
}

} // namespace

QString ApplyTexts::confirmation(const proposal::Proposal &proposal)
{
    const std::vector<const proposal::Entry *> entries = proposal.toWrite();
    if (entries.empty())
        return tr("No entry is accepted; Apply has nothing to write.");
    std::set<int> segments;
    QStringList forced;
    for (const proposal::Entry *e : entries) {
        if (e->segment > 0)
            segments.insert(e->segment);
        if (e->decision == formalize::Decision::Forced)
            forced.append(tr("%1 (past %2)").arg(e->id, e->forced.join(QStringLiteral(", "))));
    }
    QString text = tr("Write %n entries to %1?", nullptr, int(entries.size())).arg(QDir::toNativeSeparators(proposal.targetPath()));
    text += QLatin1Char('\n') + tr("They cover %1 of the document's %2 sentences.").arg(segments.size()).arg(proposal.segmentTexts.size());
    if (!forced.isEmpty())
        text += QLatin1Char('\n') + tr("Forced past the gates: %1").arg(forced.join(QStringLiteral(", ")));
    return text;
}

QString ApplyTexts::result(const proposal::ApplyResult &result)
{
    switch (result.status) {
    case proposal::ApplyStatus::Applied:
        return tr("Applied: wrote %n entries to %1.", nullptr, int(result.written.size())).arg(QDir::toNativeSeparators(result.file));
    case proposal::ApplyStatus::Blocked: {
        if (result.blocked.empty())
            return tr("Blocked: %1").arg(result.message);
        QStringList lines;
        for (const proposal::BlockedEntry &b : result.blocked) {
            QStringList problems;
            for (const lang::Problem &p : b.problems)
                problems.append(tr("%1 — %2").arg(p.type, p.message));
            lines.append(tr("%1: %2").arg(b.id, problems.join(QStringLiteral("; "))));
        }
        return tr("Blocked: the gates now refuse these entries. Nothing was written.\n%1").arg(lines.join(QLatin1Char('\n')));
    }
    case proposal::ApplyStatus::Conflict:
        return tr("Conflict: %1 changed on disk since this proposal was made (expected %2, found %3). Nothing was written. "
                  "Re-diff to review the entries against the new file.")
            .arg(QFileInfo(result.file).fileName(), shortHash(result.expectedSha256), shortHash(result.foundSha256));
    case proposal::ApplyStatus::IoError:
        return tr("Could not write: %1").arg(result.message);
    case proposal::ApplyStatus::VerifyFailed:
        return tr("Written, but the check after the reload failed: %1\nUndo Apply restores the file.").arg(result.message);
    }
    return result.message;
}

QString ApplyTexts::undoResult(const proposal::UndoResult &result)
{
    switch (result.status) {
    case proposal::UndoResult::Status::Undone:
        return tr("Undone: %1").arg(result.message);
    case proposal::UndoResult::Status::NothingToUndo:
        return tr("There is no Apply to undo.");
    case proposal::UndoResult::Status::Changed:
    case proposal::UndoResult::Status::IoError:
        return tr("Could not undo: %1").arg(result.message);
    }
    return result.message;
}

QString ApplyTexts::rediffResult(const QStringList &changed)
{
    if (changed.isEmpty())
        return tr("Re-diffed against the file as it is now; no entry's problems changed. Review and Apply again.");
    return tr("Re-diffed against the file as it is now; the problems of %n entries changed: %1. Review them and Apply again.", nullptr,
        int(changed.size()))
        .arg(changed.join(QStringLiteral(", ")));
}
