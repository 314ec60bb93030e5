// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// ReviewController's Apply, Undo Apply and journal recovery (formalize.md §11): each runs on
// the ApplyRunner's thread with copies of what it needs, and its outcome comes back to the
// GUI thread, where it is merged into the proposal as the reviewer has it by then.
#include "review/applyrunner.h"
#include "review/entrymodel.h"
#include "review/reviewcontroller.h"

#include "proposal/gate.h"

#include <QFileInfo>
#include <QUndoStack>
#include <QUuid>

#include <memory>

using namespace fanva;
using proposal::Entry;
using proposal::Proposal;

namespace {

/// The engine's view of the runner's control: progress text out, Cancel polled.
proposal::ApplyControl applyControl(const ApplyRunner::Control &control)
{
    proposal::ApplyControl out;
    out.progress = control.progress;
    out.cancelled = control.cancelled;
    return out;
}

} // namespace

bool ReviewController::isApplying() const
{
    return m_applyRunner->isRunning();
}

bool ReviewController::startApply()
{
    if (!m_session || isRunning() || isApplying())
        return false;
    struct Job {
        Proposal proposal;
        proposal::ApplyOptions options;
        proposal::ApplyResult result;
    };
    auto job = std::make_shared<Job>();
    job->proposal = proposal();
    job->options.gate = proposal::criticGate();
    job->options.journalPath = m_journalPath;
    job->options.git = m_gitCommits;
    job->options.newId = [] { return QUuid::createUuid().toString(QUuid::WithoutBraces); };
    m_applying.clear();
    for (const Entry *e : job->proposal.toWrite())
        m_applying.append(e->id);
    const QString file = QFileInfo(job->proposal.targetPath()).fileName();
    return m_applyRunner->start(
        tr("Applying to %1…").arg(file),
        [job](const ApplyRunner::Control &control) {
            job->options.control = applyControl(control);
            job->result = proposal::apply(job->proposal, job->options);
        },
        [this, job, sessionId = m_sessionId] {
            m_applying.clear();
            mergeApplied(job->proposal, job->result, sessionId);
            Q_EMIT applyFinished(job->result);
        });
}

void ReviewController::mergeApplied(const Proposal &applied, const proposal::ApplyResult &result, const QString &sessionId)
{
    if (result.status != proposal::ApplyStatus::Applied && result.status != proposal::ApplyStatus::VerifyFailed)
        return;
    if (!m_session || m_sessionId != sessionId)
        return;
    // The written entries as Apply left them; the other entries keep what was decided meanwhile.
    Proposal merged = proposal();
    for (Entry &e : merged.entries) {
        if (!result.written.contains(e.id))
            continue;
        if (const Entry *written = applied.entry(e.id))
            e = *written;
    }
    merged.baseSha256 = applied.baseSha256;
    merged.absent = applied.absent;
    merged.applies = applied.applies;
    m_undoStack->clear();
    m_entries->updateProposal(merged);
    m_session->proposal = merged;
    markChanged();
    Q_EMIT proposalChanged();
}

bool ReviewController::startUndoApply()
{
    if (!m_session || isRunning() || isApplying())
        return false;
    struct Job {
        QString journalPath;
        QString file;
        bool git = false;
        proposal::UndoResult result;
    };
    auto job = std::make_shared<Job>();
    job->journalPath = journalPath();
    job->file = QFileInfo(proposal().targetPath()).absoluteFilePath();
    job->git = m_gitCommits;
    return m_applyRunner->start(
        tr("Undoing the last Apply to %1…").arg(QFileInfo(job->file).fileName()),
        [job](const ApplyRunner::Control &control) {
            job->result = proposal::undoLast(job->journalPath, job->file, job->git, applyControl(control));
        },
        [this, job, sessionId = m_sessionId] {
            if (job->result.status == proposal::UndoResult::Status::Undone && m_session && m_sessionId == sessionId) {
                Proposal p = proposal();
                proposal::markUndone(p, job->result.transaction);
                m_undoStack->clear();
                m_entries->updateProposal(p);
                m_session->proposal = p;
                markChanged();
                Q_EMIT proposalChanged();
            }
            Q_EMIT undoApplyFinished(job->result);
        });
}

bool ReviewController::startJournalRecovery()
{
    if (isApplying())
        return false;
    auto messages = std::make_shared<QStringList>();
    return m_applyRunner->start(
        tr("Settling the Applies an earlier Fanva left unfinished…"),
        [messages, journal = journalPath()](const ApplyRunner::Control &) { *messages = proposal::recoverJournal(journal); },
        [this, messages] { Q_EMIT journalRecovered(*messages); });
}
