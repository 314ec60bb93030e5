// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's side of authoring (docs/formalize.md §9.1–§9.4): New Sentence from anywhere in the
// window and from the KB browser's term page, and Re-judge with the window's provider.
#include "window/mainwindow.h"

#include "kbbrowser/kbbrowser.h"
#include "review/entrymodel.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"

#include "llm/credentials.h"
#include "status.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QStatusBar>

void MainWindow::createAuthoringActions()
{
    m_newSentenceAction = new QAction(QIcon::fromTheme(QStringLiteral("list-add")), tr("&New Sentence"), this);
    m_newSentenceAction->setObjectName(QStringLiteral("actionNewSentence"));
    m_newSentenceAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    connect(m_newSentenceAction, &QAction::triggered, this, [this] { newSentence(); });
}

void MainWindow::connectAuthoring()
{
    connect(m_presenter, &ReviewPresenter::newSentenceRequested, this, [this] { newSentence(); });
    connect(m_presenter, &ReviewPresenter::rejudgeRequested, this, &MainWindow::rejudge);
    connect(
        m_kb->browser(), &KbBrowser::newSentenceRequested, this, [this](const QString &text, int cursor) { newSentence(text, cursor); });
    connect(m_review, &ReviewController::rejudgeFinished, this, [this](const QStringList &ids) {
        QStringList verdicts;
        for (const QString &id : ids) {
            if (const fanva::proposal::Entry *e = m_review->proposal().entry(id))
                verdicts.append(tr("%1: %2").arg(id,
                    e->verdictNote.isEmpty() ? fanva::formalize::verdictName(e->verdict)
                                             : tr("%1 — %2").arg(fanva::formalize::verdictName(e->verdict), e->verdictNote)));
        }
        statusBar()->showMessage(tr("Re-judged %1").arg(verdicts.join(QStringLiteral("; "))));
        showEntryDetails(m_presenter->currentEntry());
    });
    // A new sentence needs the KB; so does Re-judge's gloss.
    const auto update = [this] { m_newSentenceAction->setEnabled(!m_review->isRunning() && !waitsForKb()); };
    connect(m_review, &ReviewController::started, this, update);
    connect(m_review, &ReviewController::finished, this, update);
}

bool MainWindow::beginAuthoring()
{
    QString missing;
    if (m_workspace.kbFolder.isEmpty())
        missing = tr("Open a KB folder first.");
    else if (!m_kb->loader()->hasKb())
        missing = m_kb->loader()->isLoading() ? tr("The KB is still loading; write once it is loaded.")
                                              : tr("The KB did not load; fix the errors in its files first.");
    else if (m_workspace.context.isEmpty())
        missing = hasContexts() ? tr("Choose a target context first (--context or fanva.json).")
                                : tr("Choose a target first: its name in --context or fanva.json's \"context\".");
    QString error = missing;
    if (error.isEmpty()) {
        const fanva::Status begun = m_review->beginAuthoring(m_workspace.kbFolder, m_kb->loader()->seamKb(), m_workspace.context,
            m_targets.sees(m_workspace.context), m_kb->loader()->fingerprint());
        error = begun.message();
    }
    if (error.isEmpty()) {
        m_proposalFileLabel->setText(QFileInfo(m_review->targetPath()).fileName());
        m_proposalFileLabel->setToolTip(QDir::toNativeSeparators(m_review->targetPath()));
        updateReviewActions();
        return true;
    }
    statusBar()->showMessage(error, 5000);
    Q_EMIT problemReported(error, false);
    return false;
}

bool MainWindow::addBrowserStatement(const QString &text)
{
    QString problem;
    if (m_review->isRunning())
        problem = tr("Wait for the formalization to finish, or cancel it, to add a statement.");
    else if (!m_review->hasProposal() && !beginAuthoring())
        return false;
    QStringList ids;
    if (problem.isEmpty()) {
        ids = m_review->addAuthorEntries(QString(), text);
        if (ids.isEmpty())
            problem = tr("The review cannot take %1.").arg(text);
    }
    if (!problem.isEmpty()) {
        statusBar()->showMessage(problem, 5000);
        Q_EMIT problemReported(problem, false);
        return false;
    }
    m_presenter->setCurrentEntry(ids.constLast());
    const fanva::proposal::Entry *entry = m_review->proposal().entry(ids.constLast());
    statusBar()->showMessage(entry && entry->isAccepted() ? tr("Added %1 to the review, accepted, for %2: Apply writes it.")
                                                                .arg(ids.join(QStringLiteral(", ")), m_review->proposal().context)
                                                          : tr("Added %1 to the review for %2; see its problems before Apply.")
                                                                .arg(ids.join(QStringLiteral(", ")), m_review->proposal().context),
        8000);
    updateReviewActions();
    return true;
}

bool MainWindow::newSentence(const QString &text, int cursor)
{
    if (m_review->isRunning()) {
        statusBar()->showMessage(tr("Wait for the formalization to finish, or cancel it, to write a sentence."), 5000);
        return false;
    }
    if (!m_review->hasProposal() && !beginAuthoring())
        return false;
    if (!m_presenter->newSentence(text, cursor))
        return false;
    statusBar()->showMessage(tr("New sentence: Enter commits, Shift+Enter starts a new line, Esc cancels."), 5000);
    return true;
}

bool MainWindow::rejudge()
{
    return withProviderKey([this](fanva::llm::ProviderOptions options) { return rejudgeWith(std::move(options)); });
}

bool MainWindow::rejudgeWith(fanva::llm::ProviderOptions options)
{
    const QString id = m_presenter->currentEntry();
    QString error;
    if (!m_review->canRejudge(id))
        error = tr("Select an edited or author entry to re-judge.");
    else if (const fanva::Status sent = m_review->rejudge({ id }, options); !sent)
        error = sent.message().isEmpty() ? tr("Cannot re-judge %1.").arg(id) : sent.message();
    if (!error.isEmpty()) {
        statusBar()->showMessage(error, 5000);
        Q_EMIT problemReported(error, false);
        return false;
    }
    if (m_review->isRejudging()) {
        m_presenter->rejudgeAction()->setEnabled(false);
        statusBar()->showMessage(tr("Re-judging %1 with %2…").arg(id, options.id));
    }
    return true;
}
