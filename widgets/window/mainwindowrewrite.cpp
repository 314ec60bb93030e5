// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's side of Review ▸ Rewrite… (docs/spec/rewrite.md §2): the instruction, the
// window's provider, and what the rewrite added.
#include "window/mainwindow.h"

#include "attempts/attemptlogmodel.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/rewritedialog.h"

#include "llm/contextwindow.h"
#include "llm/credentials.h"
#include "status.h"

#include <QAction>
#include <QProcessEnvironment>
#include <QStatusBar>

void MainWindow::connectRewrite()
{
    connect(m_presenter, &ReviewPresenter::rewriteRequested, this, &MainWindow::rewrite);
    connect(m_review, &ReviewController::rewriteFinished, this, [this](const QString &outcome, const QStringList &ids) {
        const bool ran = outcome == QLatin1StringView("success") || outcome == QLatin1StringView("partial")
            || outcome == QLatin1StringView("exhausted");
        if (!ids.isEmpty()) {
            statusBar()->showMessage(
                tr("Rewrite finished: %1 — review %2.").arg(AttemptLogModel::outcomeWord(outcome), ids.join(QStringLiteral(", "))));
            m_presenter->setCurrentEntry(ids.constFirst());
        } else if (ran) {
            statusBar()->showMessage(tr("Rewrite finished: the model changed nothing."), 5000);
        } else {
            reportError(tr("The rewrite ended without a change: %1 — see the attempt log.").arg(AttemptLogModel::outcomeWord(outcome)));
        }
    });
}

bool MainWindow::rewrite()
{
    QString error;
    std::vector<int> lines = m_presenter->selectedFileLines();
    if (m_review->isRunning())
        error = tr("Wait for the formalization to finish, or cancel it, to rewrite.");
    else if (!m_review->hasProposal() && !beginAuthoring())
        return false;
    QStringList sentences;
    if (error.isEmpty()) {
        for (const fanva::formalize::ExistingSentence &s : m_review->rewritableSentences(lines))
            sentences.append(s.text);
        if (sentences.isEmpty())
            error = tr("Select sentences of the target file to rewrite (ones no entry changes yet).");
    }
    if (!error.isEmpty()) {
        statusBar()->showMessage(error, 5000);
        Q_EMIT problemReported(error, false);
        return false;
    }
    auto *dialog = new RewriteDialog(sentences, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, lines] {
        const QString instruction = dialog->instruction();
        withProviderKey([this, lines, instruction](
                            fanva::llm::ProviderOptions options) { return rewriteWith(lines, instruction, std::move(options)); });
    });
    connect(dialog, &QDialog::rejected, this, [this] { m_proposalView->setFocus(Qt::OtherFocusReason); });
    dialog->open();
    return true;
}

bool MainWindow::rewriteWith(const std::vector<int> &lines, const QString &instruction, fanva::llm::ProviderOptions options)
{
    // Sized to the model as a formalization is (Ollama is asked for its context length).
    return m_model->withContextWindow(
        options, m_model->settings().session, [this, lines, instruction, options](fanva::formalize::SessionSettings settings) {
            return launchRewrite(lines, instruction, options, settings);
        });
}

bool MainWindow::launchRewrite(const std::vector<int> &lines, const QString &instruction, const fanva::llm::ProviderOptions &options,
    const fanva::formalize::SessionSettings &settings)
{
    const std::size_t count = m_review->rewritableSentences(lines).size();
    const fanva::Status started = m_review->startRewrite(lines, instruction, options, settings);
    updateReviewActions();
    m_proposalView->setFocus(Qt::OtherFocusReason);
    if (!started) {
        reportError(started.message());
        return false;
    }
    statusBar()->showMessage(tr("Rewriting %n sentence(s) with %1…", nullptr, int(count)).arg(options.id));
    return true;
}
