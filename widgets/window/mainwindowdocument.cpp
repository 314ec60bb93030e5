// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow: File ▸ New Document — an empty source, saved under a name the author gives on
// its first Formalize (issue 16 item 4).
#include "window/mainwindow.h"

#include "review/reviewcontroller.h"
#include "review/sourceview.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QSaveFile>
#include <QStatusBar>

QAction *MainWindow::createNewDocumentAction()
{
    m_newDocumentAction = new QAction(QIcon::fromTheme(QStringLiteral("document-new")), tr("&New Document"), this);
    m_newDocumentAction->setObjectName(QStringLiteral("actionNewDocument"));
    m_newDocumentAction->setShortcut(QKeySequence::New);
    m_newDocumentAction->setStatusTip(tr("Start an English document from an empty page; Formalize asks for its name"));
    connect(m_newDocumentAction, &QAction::triggered, this, &MainWindow::newDocument);
    return m_newDocumentAction;
}

bool MainWindow::newDocument()
{
    if (m_review->isRunning()) {
        reportError(tr("Wait for the formalization to finish, or cancel it, before starting a new document."));
        return false;
    }
    if (m_sourceView->document()->isModified() && !m_workspace.document.isEmpty() && !saveDocument())
        return false;
    m_workspace.document.clear();
    m_targets.setNewDocument(true);
    m_sourceView->setDocumentText(QString());
    m_sourceView->setFocus();
    m_sourceFileLabel->setText(tr("New document"));
    m_sourceFileLabel->setToolTip(tr("Saved under a name you choose when you formalize it"));
    updateTitle();
    updateReviewActions();
    statusBar()->showMessage(tr("Write the English to formalize; Formalize asks where to save it."), 5000);
    return true;
}

bool MainWindow::saveNewDocument()
{
    if (m_sourceView->toPlainText().trimmed().isEmpty()) {
        reportError(tr("Write some English to formalize first."));
        return false;
    }
    const QString path = m_targets.askDocumentPath(this, m_workspace.root);
    if (path.isEmpty())
        return false;
    m_workspace.document = QFileInfo(path).absoluteFilePath();
    if (!saveDocument()) {
        m_workspace.document.clear();
        return false;
    }
    m_targets.setNewDocument(false);
    m_sourceFileLabel->setText(QFileInfo(path).fileName());
    m_sourceFileLabel->setToolTip(QDir::toNativeSeparators(m_workspace.document));
    updateTitle();
    return true;
}
