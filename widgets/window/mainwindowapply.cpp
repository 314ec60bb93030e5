// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's Apply, Undo Apply and start-up journal recovery (formalize.md §11): ApplyFlow runs
// them; the window keeps its actions in step and reports what they say.
#include "window/mainwindow.h"

#include "window/applyflow.h"

#include <QStatusBar>

void MainWindow::connectApply()
{
    m_apply = new ApplyFlow(m_review, m_applyResult, statusBar(), this);
    m_apply->setInteractive(m_interactive);
    connect(m_apply, &ApplyFlow::runningChanged, this, &MainWindow::updateReviewActions);
    connect(m_apply, &ApplyFlow::closeRequested, this, &MainWindow::close);
    connect(m_apply, &ApplyFlow::errorReported, this, &MainWindow::reportError);
    connect(m_apply, &ApplyFlow::problemReported, this, &MainWindow::problemReported);
    connect(m_apply, &ApplyFlow::applyFinished, this, &MainWindow::applyFinished);
    connect(m_apply, &ApplyFlow::undoApplyFinished, this, &MainWindow::undoApplyFinished);
    connect(m_apply, &ApplyFlow::journalRecovered, this, &MainWindow::journalRecovered);
}

bool MainWindow::applyProposal()
{
    return m_apply->apply();
}

bool MainWindow::undoApply()
{
    return m_apply->undo();
}

void MainWindow::recoverJournal()
{
    m_apply->recoverJournal();
}
