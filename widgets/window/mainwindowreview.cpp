// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's side of the review: formalize, the review wiring, sessions and crash recovery
// (Apply: mainwindowapply.cpp; the rest: mainwindow.cpp and mainwindowsetup.cpp).
#include "window/mainwindow.h"

#include "attempts/attemptlogmodel.h"
#include "attempts/attemptspane.h"
#include "review/applyresultbar.h"
#include "review/applytexts.h"
#include "review/entrydetailsview.h"
#include "review/entrymodel.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"

#include "llm/contextwindow.h"
#include "llm/credentials.h"
#include "llm/providerinfo.h"
#include "status.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStatusBar>

// The review: the attempt log streams the run, the presenter's selection drives the details and
// the source pane, and the source pane filters the proposal.
void MainWindow::connectReview()
{
    connect(m_review, &ReviewController::finished, this, &MainWindow::onFormalizeFinished);
    connect(m_review, &ReviewController::started, this, &MainWindow::updateReviewActions);
    connect(m_review, &ReviewController::proposalChanged, this, &MainWindow::updateReviewActions);
    connect(m_review, &ReviewController::textDelta, m_attemptsPane,
        [this](int, const QString &text) { m_attemptsPane->appendReplyText(text); });
    connect(m_review, &ReviewController::thinkingDelta, m_attemptsPane,
        [this](int, const QString &text) { m_attemptsPane->appendThinkingText(text); });
    connect(m_presenter, &ReviewPresenter::currentEntryChanged, this, &MainWindow::showEntryDetails);
    // The source pane: read-only while a run reads it, coverage once there is a proposal, and
    // the proposal filtered to the sentence the reviewer picks there.
    connect(m_review, &ReviewController::started, this, [this] {
        m_sourceView->setReadOnly(true);
        m_presenter->clearSegmentFilter();
    });
    connect(m_review, &ReviewController::finished, m_sourceView, [this] { m_sourceView->setReadOnly(false); });
    connect(m_review, &ReviewController::proposalChanged, this, &MainWindow::showCoverage);
    connect(m_sourceView, &SourceView::segmentFilterRequested, m_presenter, &ReviewPresenter::setSegmentFilter);
    connect(m_presenter, &ReviewPresenter::segmentFilterChanged, m_sourceView, &SourceView::setFilteredSegment);
    connect(m_review->entries(), &EntryModel::entriesChanged, this, [this] { showEntryDetails(m_presenter->currentEntry()); });
    // Accepted entries that clash with each other show it before Apply.
    connect(m_review, &ReviewController::clashesChanged, this, [this] {
        showEntryDetails(m_presenter->currentEntry());
        const QStringList clashing = m_review->clashingEntries();
        if (!clashing.isEmpty())
            statusBar()->showMessage(tr("Accepted entries clash with the others: %1 — see their details before Apply.")
                                         .arg(clashing.join(QStringLiteral(", "))));
    });
}

bool MainWindow::formalize()
{
    return formalizeFocus({});
}

bool MainWindow::formalizeFocus(const std::vector<int> &focus)
{
    QString missing;
    if (m_workspace.document.isEmpty() && !m_targets.isNewDocument())
        missing = tr("Open a document to formalize first.");
    else if (m_workspace.kbFolder.isEmpty())
        missing = tr("Open a KB folder first.");
    else if (!m_kb->loader()->hasKb())
        missing = m_kb->loader()->isLoading() ? tr("The KB is still loading; formalize once it is loaded.")
                                              : tr("The KB did not load; fix the errors in its files first.");
    else if (m_workspace.context.isEmpty())
        missing = hasContexts() ? tr("Choose a target context first (--context or fanva.json).")
                                : tr("Choose a target first: its name in --context or fanva.json's \"context\".");
    if (!missing.isEmpty()) {
        reportError(missing);
        return false;
    }
    if (m_targets.isNewDocument() && !saveNewDocument())
        return false;
    if (m_sourceView->document()->isModified() && !saveDocument())
        return false;
    ReviewSetup setup;
    setup.kbFolder = m_workspace.kbFolder;
    setup.language = m_workspace.language;
    setup.kb = m_kb->loader()->seamKb();
    if (setup.kb)
        setup.fingerprint = m_kb->loader()->fingerprint();
    setup.documentPath = m_workspace.document;
    setup.context = m_workspace.context;
    setup.settings = m_model->settings().session;
    setup.instruction = m_noteField->text().trimmed();
    setup.focus = focus;
    setup.sees = m_targets.sees(m_workspace.context);
    return withProviderKey([this, setup](fanva::llm::ProviderOptions options) mutable {
        setup.provider = std::move(options);
        return startReview(setup);
    });
}

bool MainWindow::withProviderKey(const std::function<bool(fanva::llm::ProviderOptions)> &next)
{
    return m_model->withKey(m_model->resolve(provider()), next);
}

bool MainWindow::startReview(const ReviewSetup &setup)
{
    return m_model->withContextWindow(setup.provider, setup.settings, [this, setup](fanva::formalize::SessionSettings settings) {
        ReviewSetup sized = setup;
        sized.settings = std::move(settings);
        return launchReview(sized);
    });
}

bool MainWindow::launchReview(const ReviewSetup &setup)
{
    // A new context's KB loads off the GUI thread first: a failure then is reported when it ends.
    const fanva::Status started = m_review->start(setup, [this](const fanva::Status &begun) {
        updateReviewActions();
        if (!begun)
            reportError(begun.message());
    });
    updateReviewActions();
    if (!started) {
        reportError(started.message());
        return false;
    }
    statusBar()->showMessage(tr("Formalizing %1 with %2…").arg(QFileInfo(m_workspace.document).fileName(), setup.provider.id));
    return true;
}

void MainWindow::onFormalizeFinished(const QString &outcome)
{
    statusBar()->showMessage(tr("Formalization finished: %1").arg(AttemptLogModel::outcomeWord(outcome)));
    m_proposalFileLabel->setText(QFileInfo(m_review->targetPath()).fileName());
    m_proposalFileLabel->setToolTip(QDir::toNativeSeparators(m_review->targetPath()));
    updateReviewActions();
    Q_EMIT formalizeFinished(outcome);
}

void MainWindow::updateReviewActions()
{
    const bool running = m_review->isRunning();
    const bool ready = (!m_workspace.document.isEmpty() || m_targets.isNewDocument()) && !m_workspace.kbFolder.isEmpty()
        && !m_workspace.context.isEmpty() && m_kb->loader()->hasKb();
    const bool waiting = m_model->isWaiting();
    m_formalizeAction->setEnabled(ready && !running && !waiting);
    m_formalizeSelectionAction->setEnabled(ready && !running && !waiting);
    const QString formalizeTip = waitsForKb() ? tr("Formalize waits for the KB to finish loading") : QString();
    const QString formalizeWhat = hasContexts() ? tr("Formalize the document into the target context")
                                                : tr("Formalize the document into the target %1 file").arg(m_workspace.language);
    m_formalizeAction->setStatusTip(formalizeTip.isEmpty() ? formalizeWhat : formalizeTip);
    m_formalizeAction->setToolTip(formalizeTip); // empty: the action's text, as before
    m_cancelAction->setEnabled(running);
    m_cancelButton->setEnabled(running);
    // One Apply, Undo Apply or recovery at a time, and no run that would replace the proposal.
    const bool applying = m_review->isApplying();
    m_formalizeAction->setEnabled(m_formalizeAction->isEnabled() && !applying);
    m_formalizeSelectionAction->setEnabled(m_formalizeSelectionAction->isEnabled() && !applying);
    m_openSessionAction->setEnabled(!applying);
    m_applyAction->setEnabled(!running && !applying && m_review->hasProposal() && !m_review->proposal().toWrite().empty());
    m_undoApplyAction->setEnabled(!running && !applying && m_review->hasProposal() && !m_review->proposal().applies.empty());
    m_saveSessionAction->setEnabled(!running && m_review->hasProposal());
    updateKbActions();
    updateContextChooser();
}

// What needs the KB waits while the first one loads, and says so where its tip is shown.
void MainWindow::updateKbActions()
{
    const bool waiting = waitsForKb();
    m_formalizeSelectionAction->setStatusTip(waiting ? tr("Formalizing a selection waits for the KB to finish loading")
                                                     : tr("Formalize only the sentences selected in the source; the rest is context"));
    m_lookUpAction->setEnabled(!waiting);
    m_lookUpAction->setStatusTip(waiting ? tr("Looking up a term waits for the KB to finish loading")
                                         : tr("Show the term under the proposal's cursor in the KB browser"));
    m_newSentenceAction->setEnabled(!waiting && !m_review->isRunning());
    m_newSentenceAction->setStatusTip(waiting ? tr("Writing a new sentence waits for the KB to finish loading")
                                              : tr("Write a KB sentence of your own after the selected entry (n in the proposal pane)"));
}

void MainWindow::showEntryDetails(const QString &id)
{
    const fanva::proposal::Entry *entry = m_review->proposal().entry(id);
    m_details->showEntry(entry, m_review->proposal(), m_review->clashes(id));
    m_sourceView->setCurrentSegment(entry ? entry->segment : 0);
    updateReviewActions();
}

void MainWindow::showCoverage()
{
    m_sourceView->setFormalization(m_review->proposal().segmentTexts, m_review->coverage());
}

bool MainWindow::saveDocument()
{
    // The run reads the document from its file, so edits made in the source pane go there first.
    QSaveFile file(m_workspace.document);
    if (!file.open(QIODevice::WriteOnly) || file.write(m_sourceView->toPlainText().toUtf8()) < 0 || !file.commit()) {
        reportError(tr("Cannot save %1: %2").arg(QDir::toNativeSeparators(m_workspace.document), file.errorString()));
        return false;
    }
    m_sourceView->document()->setModified(false);
    return true;
}

bool MainWindow::rediff()
{
    if (m_review->isApplying())
        return false;
    // The KB loads off the GUI thread; the result shows when it is re-gated.
    const fanva::Status started = m_review->rediff([this](const fanva::Status &rediffed, const QStringList &changed) {
        if (!rediffed) {
            m_applyResult->showMessage(rediffed.message(), ApplyResultBar::Kind::Error);
            reportError(rediffed.message());
            return;
        }
        const QString text = ApplyTexts::rediffResult(changed);
        m_applyResult->showMessage(text, ApplyResultBar::Kind::Information);
        statusBar()->showMessage(text);
        updateReviewActions();
    });
    if (!started) {
        m_applyResult->showMessage(started.message(), ApplyResultBar::Kind::Error);
        reportError(started.message());
        return false;
    }
    return true;
}

bool MainWindow::openSession(const QString &path)
{
    // The session's KB loads off the GUI thread (the window's own KB is taken when it is the
    // session's); the review shows when it is loaded.
    const auto opened = [this, path](const fanva::Status &status) {
        if (!status) {
            reportError(tr("Cannot open the session %1: %2").arg(QDir::toNativeSeparators(path), status.message()));
            return;
        }
        // The session's target is the window's: a new context it made (formalize.md §11.3) is one
        // again, with what it sees, until Apply creates its file.
        const fanva::proposal::Proposal &target = m_review->proposal();
        if (target.absent && !target.sees.isEmpty())
            m_targets.addContext(target.context, target.sees);
        if (target.context != m_workspace.context) {
            m_workspace.context = target.context;
            updateStatusBar();
        }
        showSessionDocument();
        updateReviewActions();
        statusBar()->showMessage(tr("Opened the session %1.").arg(QDir::toNativeSeparators(path)), 5000);
    };
    const OfferedKb offered { m_workspace.kbFolder, m_kb->loader()->seamKb(), m_kb->loader()->fingerprint() };
    if (const fanva::Status started = m_review->openSession(path, offered, opened); !started) {
        reportError(tr("Cannot open the session %1: %2").arg(QDir::toNativeSeparators(path), started.message()));
        return false;
    }
    statusBar()->showMessage(tr("Opening the session %1…").arg(QDir::toNativeSeparators(path)));
    return true;
}

// A session carries the document it formalized: the source pane shows that text, so that
// its sentence numbers, coverage marks and highlight match the entries, and the target
// file's name heads the proposal.
void MainWindow::showSessionDocument()
{
    m_proposalFileLabel->setText(QFileInfo(m_review->targetPath()).fileName());
    m_proposalFileLabel->setToolTip(QDir::toNativeSeparators(m_review->targetPath()));
    const QString path = m_review->documentPath();
    if (!path.isEmpty()) {
        m_workspace.document = path;
        m_sourceFileLabel->setText(QFileInfo(path).fileName());
        m_sourceFileLabel->setToolTip(QDir::toNativeSeparators(path));
        m_sourceView->setDocumentText(m_review->documentText());
    }
    showCoverage();
    updateTitle();
}

void MainWindow::chooseSession()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Session"), m_workspace.root, tr("Fanva sessions (*.fanva)"));
    if (!path.isEmpty())
        openSession(path);
}

void MainWindow::saveSession()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), m_workspace.root, tr("Fanva sessions (*.fanva)"));
    if (path.isEmpty())
        return;
    if (const fanva::Status saved = m_review->saveSession(path))
        statusBar()->showMessage(tr("Saved the session to %1.").arg(QDir::toNativeSeparators(path)), 5000);
    else
        reportError(saved.message());
}

bool MainWindow::confirmCloseReview()
{
    const auto answer = QMessageBox::warning(this, tr("Close Fanva"),
        tr("The review and its decisions are not saved in a session file. Save them before closing?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        saveSession();
    return answer == QMessageBox::Discard || (answer == QMessageBox::Save && !m_review->isModified());
}

bool MainWindow::offerRecovery()
{
    if (m_review->autosaveDirectory().isEmpty() || (!m_interactive && !m_recoveryChooser))
        return false;
    const QList<RecoverableReview> reviews = RecoveryDialog::find(m_review->autosaveDirectory());
    if (reviews.isEmpty())
        return false;
    const RecoveryChoice choice = m_recoveryChooser ? m_recoveryChooser(reviews) : RecoveryDialog::choose(reviews, this);
    switch (choice.action) {
    case RecoveryChoice::Action::Later:
        return false;
    case RecoveryChoice::Action::Discard:
        RecoveryDialog::discard(choice.path);
        statusBar()->showMessage(tr("Discarded the autosaved review."), 5000);
        return false;
    case RecoveryChoice::Action::Recover:
        break;
    }
    const auto recovered = [this, path = choice.path](const fanva::Status &status) {
        if (!status) {
            reportError(tr("Cannot recover the review %1: %2").arg(QDir::toNativeSeparators(path), status.message()));
            return;
        }
        showSessionDocument();
        updateReviewActions();
        statusBar()->showMessage(tr("Recovered the review; save it to keep it."), 5000);
    };
    const OfferedKb offered { m_workspace.kbFolder, m_kb->loader()->seamKb(), m_kb->loader()->fingerprint() };
    if (const fanva::Status started = m_review->recoverSession(choice.path, offered, recovered); !started) {
        reportError(tr("Cannot recover the review %1: %2").arg(QDir::toNativeSeparators(choice.path), started.message()));
        return false;
    }
    statusBar()->showMessage(tr("Recovering the review…"));
    return true;
}
