// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/applyflow.h"

#include "review/applyprogress.h"
#include "review/applyresultbar.h"
#include "review/applyrunner.h"
#include "review/applytexts.h"
#include "review/reviewcontroller.h"

#include "proposal/apply.h"
#include "status.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

#include <utility>

ApplyFlow::ApplyFlow(ReviewController *review, ApplyResultBar *resultBar, QStatusBar *statusBar, QWidget *window)
    : QObject(window)
    , m_review(review)
    , m_resultBar(resultBar)
    , m_statusBar(statusBar)
    , m_window(window)
{
    ApplyRunner *runner = m_review->applyRunner();
    m_progress = new ApplyProgress(runner, m_statusBar, m_window);
    connect(runner, &ApplyRunner::started, this, &ApplyFlow::runningChanged);
    connect(runner, &ApplyRunner::finished, this, [this] {
        Q_EMIT runningChanged();
        if (std::exchange(m_closeAfterApply, false))
            Q_EMIT closeRequested();
    });
    connect(m_review, &ReviewController::applyFinished, this, &ApplyFlow::onApplyFinished);
    connect(m_review, &ReviewController::undoApplyFinished, this, &ApplyFlow::onUndoApplyFinished);
    connect(m_review, &ReviewController::journalRecovered, this, &ApplyFlow::journalRecovered);
}

ApplyFlow::~ApplyFlow() = default;

bool ApplyFlow::apply()
{
    if (!m_review->hasProposal() || m_review->isRunning() || m_review->isApplying())
        return false;
    const QString confirmation = ApplyTexts::confirmation(m_review->proposal());
    if (m_review->proposal().toWrite().empty()) {
        m_statusBar->showMessage(confirmation);
        return false;
    }
    // Return applies (Ctrl+Shift+Return, Return: docs/formalize.md §11.2), Escape cancels.
    if (m_interactive
        && QMessageBox::question(m_window, tr("Apply"), confirmation, QMessageBox::Apply | QMessageBox::Cancel, QMessageBox::Apply)
            != QMessageBox::Apply)
        return false;
    return settleGitConsent() && m_review->startApply();
}

void ApplyFlow::onApplyFinished(const fanva::proposal::ApplyResult &result)
{
    const QString text = ApplyTexts::result(result);
    m_statusBar->showMessage(text);
    m_resultBar->showApplyResult(result);
    Q_EMIT runningChanged();
    const bool written = result.status == fanva::proposal::ApplyStatus::Applied;
    if (!written)
        Q_EMIT problemReported(text, true);
    Q_EMIT applyFinished(written);
}

bool ApplyFlow::undo()
{
    if (!m_review->hasProposal() || m_review->isRunning() || m_review->isApplying())
        return false;
    return settleGitConsent() && m_review->startUndoApply();
}

void ApplyFlow::onUndoApplyFinished(const fanva::proposal::UndoResult &result)
{
    const QString text = ApplyTexts::undoResult(result);
    m_statusBar->showMessage(text);
    m_resultBar->showUndoResult(result);
    Q_EMIT runningChanged();
    const bool undone = result.status == fanva::proposal::UndoResult::Status::Undone;
    if (!undone)
        Q_EMIT problemReported(text, true);
    Q_EMIT undoApplyFinished(undone);
}

void ApplyFlow::recoverJournal()
{
    if (!m_review->startJournalRecovery())
        Q_EMIT journalRecovered({});
}

bool ApplyFlow::deferClose()
{
    // An Apply being written or committed is not dropped: the window closes once it is over.
    if (!m_review->isApplying())
        return false;
    m_closeAfterApply = true;
    m_statusBar->showMessage(tr("Fanva closes once this is over: %1 (Esc stops waiting)").arg(m_review->applyRunner()->progressText()));
    return true;
}

// Audit M12: a commit runs the repository's hooks and the programs its configuration names, so
// the first Apply or Undo Apply that would commit in a work tree asks first (rewrite.md §5).
bool ApplyFlow::settleGitConsent()
{
    if (!m_review->gitCommits() || !m_review->hasProposal())
        return true;
    const QString root = fanva::proposal::gitWorkTreeOf(m_review->targetPath());
    if (root.isEmpty() || fanva::proposal::gitConsent(root) != fanva::proposal::GitConsent::Unknown)
        return true;
    if (!m_gitConsentChooser && !m_interactive)
        return true; // nobody to ask: the engine leaves git off there and says so
    const std::optional<fanva::proposal::GitConsent> answer = m_gitConsentChooser ? m_gitConsentChooser(root) : askGitConsent(root);
    if (!answer)
        return false;
    if (const fanva::Status stored = fanva::proposal::setGitConsent(root, *answer); !stored)
        Q_EMIT errorReported(tr("Cannot remember the answer for %1: %2").arg(QDir::toNativeSeparators(root), stored.message()));
    return true;
}

std::optional<fanva::proposal::GitConsent> ApplyFlow::askGitConsent(const QString &workTreeRoot)
{
    QMessageBox box(QMessageBox::Question, tr("Commit with git?"),
        tr("%1 lies in the git work tree %2.\n\n"
           "With “Commit Applies to git” on, Apply and Undo Apply commit the file there, and git then runs that "
           "repository's hooks and the programs its configuration names (filters, a signing program) as you.\n\n"
           "Commit with git in this repository? Fanva remembers the answer for this work tree.")
            .arg(QFileInfo(m_review->targetPath()).fileName(), QDir::toNativeSeparators(workTreeRoot)),
        QMessageBox::Cancel, m_window);
    box.setObjectName(QStringLiteral("gitConsentQuestion"));
    QPushButton *allow = box.addButton(tr("&Commit with git"), QMessageBox::AcceptRole);
    QPushButton *refuse = box.addButton(tr("&Don't commit in this repository"), QMessageBox::DestructiveRole);
    // Return commits, as the setting asks; Esc cancels the Apply and remembers nothing.
    box.setDefaultButton(allow);
    box.setEscapeButton(QMessageBox::Cancel);
    box.exec();
    if (box.clickedButton() == allow)
        return fanva::proposal::GitConsent::Allowed;
    if (box.clickedButton() == refuse)
        return fanva::proposal::GitConsent::Refused;
    return std::nullopt;
}
