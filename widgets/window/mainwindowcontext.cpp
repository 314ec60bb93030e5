// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's new contexts (docs/formalize.md §11.3): File ▸ New Context… and the context
// chooser's last item name a context and the contexts it sees; Apply creates its file.
#include "window/mainwindow.h"

#include "review/reviewcontroller.h"
#include "window/contextchooser.h"
#include "window/newcontextdialog.h"

#include <QAction>
#include <QStatusBar>

QAction *MainWindow::createNewContextAction()
{
    m_newContextAction = new QAction(QIcon::fromTheme(QStringLiteral("folder-new")), tr("New Con&text…"), this);
    m_newContextAction->setObjectName(QStringLiteral("actionNewContext"));
    m_newContextAction->setStatusTip(tr("Name a new target context and the contexts it sees; Apply creates its file"));
    connect(m_newContextAction, &QAction::triggered, this, &MainWindow::newContext);
    return m_newContextAction;
}

bool MainWindow::newContext()
{
    if (m_review->isRunning() || m_review->hasProposal()) {
        reportError(
            tr("The review files its sentences in %1; open another workspace or session to change the target.").arg(m_workspace.context));
        return false;
    }
    if (m_workspace.kbFolder.isEmpty()) {
        reportError(tr("Open a KB folder first."));
        return false;
    }
    if (!hasContexts()) {
        reportError(Targets::noContextsText(m_workspace.language));
        return false;
    }
    NewContextDialog dialog(ContextChooser::contextsOf(m_workspace.contextFiles), m_workspace.context, this);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    return createContext(dialog.name(), dialog.sees());
}

bool MainWindow::createContext(const QString &context, const QStringList &sees)
{
    QString problem;
    if (m_review->isRunning() || m_review->hasProposal())
        problem
            = tr("The review files its sentences in %1; open another workspace or session to change the target.").arg(m_workspace.context);
    else if (m_workspace.kbFolder.isEmpty())
        problem = tr("Open a KB folder first.");
    else
        problem = m_targets.problemWithNewContext(context, sees, m_workspace.contextFiles);
    if (!problem.isEmpty()) {
        reportError(problem);
        return false;
    }
    m_targets.addContext(context, sees);
    setTargetContext(context);
    statusBar()->showMessage(tr("New context %1, seeing %2: Apply creates %1.txt.").arg(context, sees.join(QStringLiteral(", "))), 5000);
    return true;
}
