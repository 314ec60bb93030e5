// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's Apply, Undo Apply and start-up journal recovery (formalize.md §11): each runs
// on the review's ApplyRunner, off the GUI thread, shown by ApplyProgress; the window stays
// usable, and what would conflict waits.
#include "window/mainwindow.h"

#include "review/applyprogress.h"
#include "review/applyresultbar.h"
#include "review/applyrunner.h"
#include "review/applytexts.h"
#include "review/reviewcontroller.h"

#include <QAction>
#include <QCloseEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QStatusBar>

void MainWindow::connectApply()
{
    ApplyRunner *runner = m_review->applyRunner();
    m_applyProgress = new ApplyProgress(runner, statusBar(), this);
    connect(runner, &ApplyRunner::started, this, &MainWindow::updateReviewActions);
    connect(runner, &ApplyRunner::finished, this, [this] {
        updateReviewActions();
        if (std::exchange(m_closeAfterApply, false))
            close();
    });
    connect(m_review, &ReviewController::applyFinished, this, &MainWindow::onApplyFinished);
    connect(m_review, &ReviewController::undoApplyFinished, this, &MainWindow::onUndoApplyFinished);
    connect(m_review, &ReviewController::journalRecovered, this, &MainWindow::journalRecovered);
}

bool MainWindow::applyProposal()
{
    if (!m_review->hasProposal() || m_review->isRunning() || m_review->isApplying())
        return false;
    const QString confirmation = ApplyTexts::confirmation(m_review->proposal());
    if (m_review->proposal().toWrite().empty()) {
        statusBar()->showMessage(confirmation);
        return false;
    }
    // Return applies (Ctrl+Shift+Return, Return: docs/spec/authoring.md §6), Escape cancels.
    if (m_interactive
        && QMessageBox::question(this, tr("Apply"), confirmation, QMessageBox::Apply | QMessageBox::Cancel, QMessageBox::Apply)
            != QMessageBox::Apply)
        return false;
    return m_review->startApply();
}

void MainWindow::onApplyFinished(const fanva::proposal::ApplyResult &result)
{
    const QString text = ApplyTexts::result(result);
    statusBar()->showMessage(text);
    m_applyResult->showApplyResult(result);
    updateReviewActions();
    const bool written = result.status == fanva::proposal::ApplyStatus::Applied;
    if (!written)
        Q_EMIT problemReported(text, true);
    Q_EMIT applyFinished(written);
}

bool MainWindow::undoApply()
{
    if (!m_review->hasProposal() || m_review->isRunning() || m_review->isApplying())
        return false;
    return m_review->startUndoApply();
}

void MainWindow::onUndoApplyFinished(const fanva::proposal::UndoResult &result)
{
    const QString text = ApplyTexts::undoResult(result);
    statusBar()->showMessage(text);
    m_applyResult->showUndoResult(result);
    updateReviewActions();
    const bool undone = result.status == fanva::proposal::UndoResult::Status::Undone;
    if (!undone)
        Q_EMIT problemReported(text, true);
    Q_EMIT undoApplyFinished(undone);
}

void MainWindow::recoverJournal()
{
    if (!m_review->startJournalRecovery())
        Q_EMIT journalRecovered({});
}
