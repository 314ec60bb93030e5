// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow: the workspace, its KB and provider, the status bar, reports, settings and close
// (the set-up: mainwindowsetup.cpp; the review: mainwindowreview.cpp).
#include "window/mainwindow.h"

#include "settings/providersettings.h"

#include "common/kbhighlighting.h"
#include "kbbrowser/kbbrowser.h"
#include "review/applyrunner.h"
#include "review/inlineeditor.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "settings/applysettings.h"
#include "settings/providersettingsdialog.h"
#include "window/contextchooser.h"

#include "lang/language.h"
#include "lang/registry.h"
#include "llm/providerinfo.h"

#include "version.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QSyntaxHighlighter>

namespace {

const QString s_geometryKey = QStringLiteral("window/geometry");
const QString s_stateKey = QStringLiteral("window/state");
const QString s_splitterKey = QStringLiteral("window/splitter");

// fanva and fanva-cli set no organization name (they share AppDataLocation by application
// name alone), and QSettings' default constructor needs one; so the file is named here.
} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_model = new ModelAccess(ProviderSettings::load(QSettings(ProviderSettings::defaultFile(), QSettings::IniFormat)), this);
    m_review = new ReviewController(this);
    m_review->setGitCommits(ApplySettings::load(QSettings(ProviderSettings::defaultFile(), QSettings::IniFormat)).gitCommits);
    createActions();
    createAuthoringActions();
    createPanes();
    createMenus();
    createStatusBar();
    createFormalizeBar();
    updateTitle();
    updateStatusBar();
    showTargetContext();
    connectReview();
    connectApply();
    connectKbPane();
    connectAuthoring();
    connectRewrite();
    updateReviewActions();
}

MainWindow::~MainWindow()
{
    // ~QWidget takes the focus from the note field after this body: it must not call back
    // into a MainWindow that is gone (editingFinished → saveNote).
    if (m_noteField) {
        saveNote();
        m_noteField->disconnect(this);
    }
}

void MainWindow::setInteractive(bool interactive)
{
    m_interactive = interactive;
    m_apply->setInteractive(interactive);
}

// The KB loads in the background: Formalize once it is there; and the model's look-ups hold
// the model actions while they run.
void MainWindow::connectKbPane()
{
    connect(m_kb, &KbPane::started, this, &MainWindow::updateReviewActions);
    connect(m_kb, &KbPane::loaded, this, &MainWindow::onKbLoaded);
    connect(m_kb, &KbPane::indexed, this, &MainWindow::kbIndexed);
    connect(m_kb, &KbPane::failed, this, [this](const QString &message, bool fresh) {
        updateReviewActions();
        if (fresh) {
            reportError(message);
        } else {
            // A file saved half-edited: no message box on every save; the next save reloads.
            statusBar()->showMessage(message);
            Q_EMIT problemReported(message, true);
        }
        Q_EMIT kbLoadFailed(message);
    });
    connect(m_model, &ModelAccess::waitStarted, this, [this](const QString &message) {
        updateReviewActions();
        statusBar()->showMessage(message);
    });
    connect(m_model, &ModelAccess::waitFinished, this, &MainWindow::updateReviewActions);
}

bool MainWindow::openWorkspace(const QString &folder)
{
    const WorkspaceLoadResult result = WorkspaceLoader::load(folder);
    report(result.issues);
    if (!result.workspace)
        return false;

    m_workspace = *result.workspace;
    m_targets.clearContexts();
    applyLanguage();
    loadNote();
    m_kb->load(m_workspace.kbFolder);
    m_sourceView->setDocumentText({});
    m_sourceFileLabel->clear();
    m_sourceFileLabel->setToolTip({});
    if (!m_workspace.document.isEmpty())
        openDocument(m_workspace.document);
    updateTitle();
    updateStatusBar();
    showTargetContext();
    if (result.issues.isEmpty())
        statusBar()->showMessage(tr("Opened the workspace %1.").arg(QDir::toNativeSeparators(m_workspace.root)), 5000);
    return true;
}

bool MainWindow::openDocument(const QString &path)
{
    const TextFileResult file = WorkspaceLoader::readText(path);
    if (!file.text) {
        reportError(file.error);
        return false;
    }
    m_workspace.document = QFileInfo(path).absoluteFilePath();
    m_targets.setNewDocument(false);
    m_sourceView->setDocumentText(*file.text);
    showCoverage();
    m_sourceFileLabel->setText(QFileInfo(path).fileName());
    m_sourceFileLabel->setToolTip(QDir::toNativeSeparators(m_workspace.document));
    updateTitle();
    updateReviewActions();
    return true;
}

bool MainWindow::openKbFolder(const QString &folder)
{
    const QFileInfo info(folder);
    if (!info.isDir()) {
        reportError(tr("The KB folder %1 does not exist or is not a folder.").arg(QDir::toNativeSeparators(folder)));
        return false;
    }
    m_workspace.kbFolder = info.absoluteFilePath();
    m_workspace.contextFiles = WorkspaceLoader::contextFilesIn(m_workspace.kbFolder, m_workspace.language);
    m_kb->load(m_workspace.kbFolder);
    if (m_workspace.contextFiles.isEmpty() && hasContexts())
        report({ { WorkspaceIssue::Severity::Warning,
            tr("The KB folder %1 holds no context files (Cx*.txt).").arg(QDir::toNativeSeparators(m_workspace.kbFolder)) } });
    else if (m_workspace.contextFiles.isEmpty())
        report({ { WorkspaceIssue::Severity::Warning,
            tr("The %1 KB folder %2 holds no KB files.").arg(m_workspace.language, QDir::toNativeSeparators(m_workspace.kbFolder)) } });
    updateStatusBar();
    showTargetContext();
    return true;
}

bool MainWindow::setTargetContext(const QString &context)
{
    m_workspace.context = context;
    updateTitle();
    updateStatusBar();
    showTargetContext();
    return m_workspace.contextFile(context).has_value();
}

void MainWindow::setProvider(const QString &provider)
{
    m_workspace.provider = provider;
    updateStatusBar();
}

QString MainWindow::provider() const
{
    return m_model->provider(m_workspace.provider);
}

void MainWindow::showProviderSettings()
{
    ProviderSettingsDialog dialog(m_model->settings(), provider(), this);
    dialog.setSessionKeys(m_model->sessionKeys());
    dialog.setGitCommits(m_review->gitCommits());
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_model->setSettings(dialog.settings(), dialog.sessionKeys());
    QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
    m_model->settings().save(settings);
    m_review->setGitCommits(dialog.gitCommits());
    ApplySettings { dialog.gitCommits() }.save(settings);
    // A provider chosen here wins over the workspace's fanva.json for this window.
    if (dialog.isProviderChanged())
        m_workspace.provider = dialog.provider();
    updateStatusBar();
}

// The language of the workspace: its KB loads, and its KB text is highlighted, in it.
void MainWindow::applyLanguage()
{
    const fanva::lang::Language *language = fanva::lang::languageById(m_workspace.language);
    if (!language)
        language = &fanva::lang::defaultLanguage();
    if (&m_kb->loader()->language() == language)
        return;
    m_kb->loader()->setLanguage(*language);
    m_presenter->editor()->setLanguage(*language);
    delete m_highlighter;
    m_highlighter = KbHighlighting::attach(m_proposalView->document(), m_proposalView->palette(), *language);
}

void MainWindow::onKbLoaded(bool fresh)
{
    const std::shared_ptr<const fanva::lang::Kb> kb = m_kb->loader()->seamKb();
    // A reload after the files changed: context files may have come or gone.
    if (!fresh)
        m_workspace.contextFiles = WorkspaceLoader::contextFilesIn(m_workspace.kbFolder, m_workspace.language);
    updateStatusBar();
    statusBar()->showMessage((fresh ? tr("Loaded the %1 KB: %n statements", nullptr, int(kb->statementCount()))
                                    : tr("Reloaded the %1 KB: %n statements", nullptr, int(kb->statementCount())))
                                 .arg(kb->language().id()),
        5000);
    updateReviewActions();
    Q_EMIT kbLoaded();
}

bool MainWindow::lookUpTerm()
{
    QTextCursor cursor = m_proposalView->textCursor();
    const KbLoader *loader = m_kb->loader();
    const fanva::lang::Language &language = loader->language();
    QString term = KbBrowser::termAt(cursor, language);
    // Before the first token (an entry's line start): its functor.
    while (term.isEmpty() && !cursor.atBlockEnd()) {
        cursor.movePosition(QTextCursor::NextCharacter);
        term = KbBrowser::termAt(cursor, language);
    }
    QString problem;
    if (term.isEmpty())
        problem = tr("Put the proposal's cursor on a term to look it up.");
    else if (!loader->hasKb())
        problem = loader->isLoading() ? tr("The KB is still loading.") : tr("No KB is loaded.");
    if (!problem.isEmpty()) {
        statusBar()->showMessage(problem, 5000);
        return false;
    }
    return m_kb->lookUp(term, m_workspace.context);
}

void MainWindow::showTargetContext()
{
    m_proposalView->clear();
    m_proposalView->clearMarks();
    m_proposalView->setLineNumbers({});
    m_proposalFileLabel->clear();
    m_proposalFileLabel->setToolTip({});

    if (m_workspace.kbFolder.isEmpty()) {
        m_proposalView->setPlaceholderText(tr("No KB folder is open (File ▸ Open KB Folder…)."));
        return;
    }
    if (m_workspace.context.isEmpty()) {
        m_proposalView->setPlaceholderText(tr("No target context is chosen: name one with --context or in fanva.json."));
        return;
    }
    const std::optional<QString> file = m_workspace.contextFile(m_workspace.context);
    if (!file && m_targets.isNewContext(m_workspace.context)) {
        m_proposalView->setPlaceholderText(tr("%1 is a new context that sees %2: Apply creates %1.txt in the KB folder.")
                                               .arg(m_workspace.context, m_targets.sees(m_workspace.context).join(QStringLiteral(", "))));
        return;
    }
    if (!file) {
        const QString message = tr("The KB has no file for the target context %1 (expected %1.txt).").arg(m_workspace.context);
        m_proposalView->setPlaceholderText(message);
        statusBar()->showMessage(message);
        return;
    }
    const TextFileResult text = WorkspaceLoader::readText(*file);
    if (!text.text) {
        m_proposalView->setPlaceholderText(text.error);
        reportError(text.error);
        return;
    }
    m_proposalView->setPlainText(*text.text);
    m_proposalFileLabel->setText(QFileInfo(*file).fileName());
    m_proposalFileLabel->setToolTip(QDir::toNativeSeparators(*file));
}

void MainWindow::updateStatusBar()
{
    const QString provider = this->provider();
    const QString model = m_model->resolve(provider).model;
    m_providerLabel->setText(model.isEmpty() ? tr("Provider: %1").arg(provider) : tr("Provider: %1 (%2)").arg(provider, model));
    m_rulesBanner->setVisible(fanva::llm::providerInfo(provider).draftsWithoutModel);
    if (m_workspace.kbFolder.isEmpty()) {
        m_kbLabel->setText(tr("KB: none"));
        m_kbLabel->setToolTip({});
    } else if (hasContexts()) {
        m_kbLabel->setText(
            tr("KB: %1 (context files: %2)").arg(QDir::toNativeSeparators(m_workspace.kbFolder)).arg(m_workspace.contextFiles.size()));
        m_kbLabel->setToolTip(QDir::toNativeSeparators(m_workspace.kbFolder));
    } else {
        m_kbLabel->setText(tr("KB: %1 (%2, files: %3)")
                               .arg(QDir::toNativeSeparators(m_workspace.kbFolder), m_workspace.language)
                               .arg(m_workspace.contextFiles.size()));
        m_kbLabel->setToolTip(QDir::toNativeSeparators(m_workspace.kbFolder));
    }
    m_contextLabel->setText(m_workspace.context.isEmpty() ? tr("Target: none") : tr("Target: %1").arg(m_workspace.context));
    updateReviewActions();
}

void MainWindow::createContextChooser()
{
    m_contextChooser = new ContextChooser;
    statusBar()->addPermanentWidget(m_contextChooser);
    connect(m_contextChooser, &ContextChooser::contextChosen, this, [this](const QString &context) {
        if (context != m_workspace.context)
            setTargetContext(context);
    });
    connect(m_contextChooser, &ContextChooser::newContextRequested, this, &MainWindow::newContext);
}

void MainWindow::updateContextChooser()
{
    m_contextChooser->setContexts(m_targets.knownContexts(m_workspace.contextFiles), m_workspace.context);
    // A review keeps the target it was made for; the next one may choose another.
    const bool reviewing = m_review->isRunning() || m_review->hasProposal();
    m_contextChooser->setEnabled(!reviewing && m_contextChooser->count() > 0);
    if (m_newContextAction) {
        m_newContextAction->setEnabled(!reviewing && !m_workspace.kbFolder.isEmpty() && hasContexts());
        // Disabled for a language without contexts: the action says why where the user looks.
        const QString tip = hasContexts() ? tr("Name a new target context and the contexts it sees; Apply creates its file")
                                          : Targets::noContextsText(m_workspace.language);
        m_newContextAction->setStatusTip(tip);
        m_newContextAction->setToolTip(tip);
    }
    m_contextChooser->setToolTip(reviewing
            ? tr("The review files its sentences in %1; open another workspace or session to change it").arg(m_workspace.context)
            : tr("The context the formalized sentences are filed in"));
}

void MainWindow::updateTitle()
{
    if (!hasContexts()) {
        // A KB whose targets are files: the title names its language and target.
        const QString kb
            = m_workspace.context.isEmpty() ? m_workspace.language : tr("%1 → %2").arg(m_workspace.language, m_workspace.context);
        if (m_workspace.document.isEmpty())
            setWindowTitle(tr("%1 — Fanva").arg(kb));
        else
            setWindowTitle(tr("%1 (%2) — Fanva").arg(QFileInfo(m_workspace.document).fileName(), kb));
        return;
    }
    if (m_workspace.document.isEmpty())
        setWindowTitle(tr("Fanva"));
    else
        setWindowTitle(tr("%1 — Fanva").arg(QFileInfo(m_workspace.document).fileName()));
}

void MainWindow::report(const QList<WorkspaceIssue> &issues)
{
    if (issues.isEmpty())
        return;
    QStringList messages;
    bool anyError = false;
    for (const WorkspaceIssue &issue : issues) {
        const bool isError = issue.severity == WorkspaceIssue::Severity::Error;
        anyError = anyError || isError;
        messages.append(issue.message);
        Q_EMIT problemReported(issue.message, isError);
    }
    statusBar()->showMessage(messages.constFirst());
    if (!m_interactive)
        return;
    if (anyError)
        QMessageBox::critical(this, tr("Fanva"), messages.join(QLatin1Char('\n')));
    else
        QMessageBox::warning(this, tr("Fanva"), messages.join(QLatin1Char('\n')));
}

void MainWindow::reportError(const QString &message)
{
    report({ { WorkspaceIssue::Severity::Error, message } });
}

void MainWindow::chooseWorkspace()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Workspace"), m_workspace.root);
    if (!folder.isEmpty())
        openWorkspace(folder);
}

void MainWindow::chooseDocument()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open Document"), m_workspace.root, tr("English documents (*.txt *.md);;All files (*)"));
    if (!path.isEmpty())
        openDocument(path);
}

void MainWindow::chooseKbFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Open KB Folder"), m_workspace.kbFolder);
    if (!folder.isEmpty())
        openKbFolder(folder);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Fanva"),
        tr("<h3>Fanva %1</h3>"
           "<p>Review knowledge-base text drafted by a language model.</p>"
           "<p>A model formalizes English into KB sentences; local gates check every candidate; "
           "you accept, edit or reject each line; and only Apply writes to the KB.</p>")
            .arg(fanva::version()));
}

void MainWindow::restoreSettings()
{
    const QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
    // The first start (no saved geometry) opens at most 1400 × 900, within the screen, centred:
    // the four panes need the room.
    if (!restoreGeometry(settings.value(s_geometryKey).toByteArray())) {
        if (const QScreen *screen = this->screen()) {
            const QRect available = screen->availableGeometry();
            const QSize size = QSize(1400, 900).boundedTo(available.size() * 9 / 10);
            setGeometry(QStyle::alignedRect(Qt::LeftToRight, Qt::AlignCenter, size, available));
        }
    }
    restoreState(settings.value(s_stateKey).toByteArray());
    m_splitter->restoreState(settings.value(s_splitterKey).toByteArray());
    m_settingsRestored = true;
}

void MainWindow::saveSettings() const
{
    QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
    settings.setValue(s_geometryKey, saveGeometry());
    settings.setValue(s_stateKey, saveState());
    settings.setValue(s_splitterKey, m_splitter->saveState());
}

void MainWindow::keyPressEvent(QKeyEvent *event)
{
    // Esc that no pane took (an open editor or dialog keeps its own) stops a running
    // formalization or rewrite, as Cancel does.
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier && m_review->isRunning()) {
        m_review->cancel();
        event->accept();
        return;
    }
    // ... and one that waits for a lock or git in an Apply or Undo Apply.
    if (event->key() == Qt::Key_Escape && event->modifiers() == Qt::NoModifier && m_review->isApplying()) {
        m_review->applyRunner()->cancel();
        event->accept();
        return;
    }
    QMainWindow::keyPressEvent(event);
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    // An Apply being written or committed is not dropped: the window closes once it is over.
    if (m_apply->deferClose()) {
        event->ignore();
        return;
    }
    if (m_interactive && m_review->isModified() && !confirmCloseReview()) {
        event->ignore();
        return;
    }
    // A clean close: the review's autosave is no longer needed.
    m_review->closeSession();
    if (m_settingsRestored)
        saveSettings();
    event->accept();
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        KbHighlighting::setPalette(m_highlighter, m_proposalView->palette());
}
