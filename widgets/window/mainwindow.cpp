// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/mainwindow.h"
#include "attempts/attemptlogmodel.h"
#include "attempts/attemptlogview.h"
#include "attempts/attemptspane.h"
#include "common/kbhighlighting.h"
#include "kbbrowser/kbbrowser.h"
#include "review/applyresultbar.h"
#include "review/applytexts.h"
#include "review/entrydetailsview.h"
#include "review/entrymodel.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "settings/providersettingsdialog.h"
#include "version.h"

#include "llm/credentials.h"
#include "llm/selection.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace {

const QString s_geometryKey = QStringLiteral("window/geometry");
const QString s_stateKey = QStringLiteral("window/state");
const QString s_splitterKey = QStringLiteral("window/splitter");

// fanva and fanva-cli set no organization name (they share AppDataLocation by application
// name alone), and QSettings' default constructor needs one; so the file is named here.
QString settingsFile()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation) + QStringLiteral("/fanva.conf");
}

// A titled pane: a label whose mnemonic focuses the view, an optional file label and the view.
QWidget *makePane(const QString &objectName, const QString &title, QWidget *view, QLabel *fileLabel)
{
    auto *pane = new QWidget;
    pane->setObjectName(objectName);
    auto *layout = new QVBoxLayout(pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);

    auto *header = new QHBoxLayout;
    auto *titleLabel = new QLabel(title);
    titleLabel->setObjectName(objectName + QStringLiteral("Title"));
    QFont titleFont = titleLabel->font();
    titleFont.setBold(true);
    titleLabel->setFont(titleFont);
    titleLabel->setBuddy(view);
    titleLabel->setAccessibleName(QString(title).remove(QLatin1Char('&')));
    header->addWidget(titleLabel);
    if (fileLabel) {
        fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        fileLabel->setForegroundRole(QPalette::PlaceholderText);
        header->addWidget(fileLabel, 1, Qt::AlignRight);
    } else {
        header->addStretch(1);
    }
    layout->addLayout(header);
    layout->addWidget(view, 1);
    pane->setAccessibleName(titleLabel->accessibleName());
    return pane;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setObjectName(QStringLiteral("mainWindow"));
    m_providerSettings = ProviderSettings::load(QSettings(ProviderSettings::defaultFile(), QSettings::IniFormat));
    m_review = new ReviewController(this);
    m_kbLoader = new KbLoader(this);
    createActions();
    createPanes();
    createMenus();
    createStatusBar();
    updateTitle();
    updateStatusBar();
    showTargetContext();

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
    // The KB loads in the background: progress in the status bar, Formalize once it is there.
    connect(m_kbLoader, &KbLoader::started, this, [this] {
        m_kbProgress->setValue(0);
        m_kbProgress->show();
        if (!m_kbLoader->knowledgeBase())
            m_kbBrowser->setPlaceholderText(tr("Loading the KB…"));
        updateReviewActions();
    });
    connect(m_kbLoader, &KbLoader::progressChanged, m_kbProgress, &QProgressBar::setValue);
    connect(m_kbLoader, &KbLoader::loaded, this, &MainWindow::onKbLoaded);
    connect(m_kbLoader, &KbLoader::failed, this, [this](const QString &message) {
        m_kbProgress->hide();
        m_kbBrowser->setKnowledgeBase(nullptr);
        m_kbBrowser->setPlaceholderText(message);
        updateReviewActions();
        if (m_kbFresh) {
            reportError(message);
        } else {
            // A file saved half-edited: no message box on every save; the next save reloads.
            statusBar()->showMessage(message);
            Q_EMIT problemReported(message, true);
        }
        m_kbFresh = false;
        Q_EMIT kbLoadFailed(message);
    });
    updateReviewActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::setInteractive(bool interactive)
{
    m_interactive = interactive;
}

void MainWindow::createActions()
{
    m_openWorkspaceAction = new QAction(QIcon::fromTheme(QStringLiteral("folder-open")), tr("Open &Workspace…"), this);
    m_openWorkspaceAction->setObjectName(QStringLiteral("actionOpenWorkspace"));
    m_openWorkspaceAction->setShortcut(QKeySequence::Open);
    m_openWorkspaceAction->setStatusTip(tr("Open a folder with a kb/ folder and English documents"));
    connect(m_openWorkspaceAction, &QAction::triggered, this, &MainWindow::chooseWorkspace);

    m_openDocumentAction = new QAction(QIcon::fromTheme(QStringLiteral("document-open")), tr("Open &Document…"), this);
    m_openDocumentAction->setObjectName(QStringLiteral("actionOpenDocument"));
    m_openDocumentAction->setShortcut(QKeySequence(tr("Ctrl+Shift+O")));
    m_openDocumentAction->setStatusTip(tr("Open an English document to formalize"));
    connect(m_openDocumentAction, &QAction::triggered, this, &MainWindow::chooseDocument);

    m_openKbAction = new QAction(QIcon::fromTheme(QStringLiteral("folder-documents")), tr("Open &KB Folder…"), this);
    m_openKbAction->setObjectName(QStringLiteral("actionOpenKbFolder"));
    m_openKbAction->setStatusTip(tr("Use the context files (Cx*.txt) of another folder as the KB"));
    connect(m_openKbAction, &QAction::triggered, this, &MainWindow::chooseKbFolder);

    m_saveSessionAction = new QAction(QIcon::fromTheme(QStringLiteral("document-save")), tr("&Save Session…"), this);
    m_saveSessionAction->setObjectName(QStringLiteral("actionSaveSession"));
    m_saveSessionAction->setShortcut(QKeySequence::Save);
    m_saveSessionAction->setStatusTip(tr("Save the review session (available once a formalization has run)"));
    m_saveSessionAction->setEnabled(false);
    connect(m_saveSessionAction, &QAction::triggered, this, &MainWindow::saveSession);

    m_openSessionAction = new QAction(QIcon::fromTheme(QStringLiteral("document-open-recent")), tr("Open &Session…"), this);
    m_openSessionAction->setObjectName(QStringLiteral("actionOpenSession"));
    m_openSessionAction->setStatusTip(tr("Reopen a saved review session (.fanva)"));
    connect(m_openSessionAction, &QAction::triggered, this, &MainWindow::chooseSession);

    m_quitAction = new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    m_quitAction->setObjectName(QStringLiteral("actionQuit"));
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_formalizeAction = new QAction(QIcon::fromTheme(QStringLiteral("system-run")), tr("&Formalize"), this);
    m_formalizeAction->setObjectName(QStringLiteral("actionFormalize"));
    m_formalizeAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_formalizeAction->setStatusTip(tr("Formalize the document into the target context"));
    m_formalizeAction->setEnabled(false);
    connect(m_formalizeAction, &QAction::triggered, this, &MainWindow::formalize);

    m_cancelAction = new QAction(QIcon::fromTheme(QStringLiteral("process-stop")), tr("&Cancel Formalization"), this);
    m_cancelAction->setObjectName(QStringLiteral("actionCancelFormalize"));
    m_cancelAction->setStatusTip(tr("Stop the running formalization; what it found so far is kept"));
    connect(m_cancelAction, &QAction::triggered, m_review, &ReviewController::cancel);

    m_applyAction = new QAction(QIcon::fromTheme(QStringLiteral("dialog-ok-apply")), tr("&Apply…"), this);
    m_applyAction->setObjectName(QStringLiteral("actionApply"));
    m_applyAction->setStatusTip(tr("Write the accepted entries into the target context file"));
    m_applyAction->setEnabled(false);
    connect(m_applyAction, &QAction::triggered, this, &MainWindow::applyProposal);

    m_undoAction = m_review->undoStack()->createUndoAction(this);
    m_undoAction->setObjectName(QStringLiteral("actionUndo"));
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_redoAction = m_review->undoStack()->createRedoAction(this);
    m_redoAction->setObjectName(QStringLiteral("actionRedo"));
    m_redoAction->setShortcut(QKeySequence::Redo);

    m_undoApplyAction = new QAction(QIcon::fromTheme(QStringLiteral("edit-undo-history")), tr("Undo &Apply"), this);
    m_undoApplyAction->setObjectName(QStringLiteral("actionUndoApply"));
    m_undoApplyAction->setStatusTip(tr("Restore the target context file as it was before the last Apply"));
    connect(m_undoApplyAction, &QAction::triggered, this, &MainWindow::undoApply);

    m_aboutAction = new QAction(QIcon::fromTheme(QStringLiteral("help-about")), tr("&About Fanva"), this);
    m_aboutAction->setObjectName(QStringLiteral("actionAbout"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    m_providerSettingsAction = new QAction(QIcon::fromTheme(QStringLiteral("configure")), tr("&Provider…"), this);
    m_providerSettingsAction->setObjectName(QStringLiteral("actionProviderSettings"));
    m_providerSettingsAction->setShortcuts(QKeySequence::Preferences);
    m_providerSettingsAction->setMenuRole(QAction::PreferencesRole);
    m_providerSettingsAction->setStatusTip(tr("Choose the model provider, its model, key and timeouts"));
    connect(m_providerSettingsAction, &QAction::triggered, this, &MainWindow::showProviderSettings);

    m_aboutQtAction = new QAction(tr("About &Qt"), this);
    m_aboutQtAction->setObjectName(QStringLiteral("actionAboutQt"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);

    m_lookUpAction = new QAction(QIcon::fromTheme(QStringLiteral("edit-find")), tr("&Look Up Term"), this);
    m_lookUpAction->setObjectName(QStringLiteral("actionLookUpTerm"));
    m_lookUpAction->setShortcut(QKeySequence(tr("Ctrl+L")));
    m_lookUpAction->setStatusTip(tr("Show the term under the proposal's cursor in the KB browser"));
    connect(m_lookUpAction, &QAction::triggered, this, &MainWindow::lookUpTerm);
}

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("menuFile"));
    fileMenu->addAction(m_openWorkspaceAction);
    fileMenu->addAction(m_openDocumentAction);
    fileMenu->addAction(m_openKbAction);
    fileMenu->addSeparator();
    fileMenu->addAction(m_openSessionAction);
    fileMenu->addAction(m_saveSessionAction);
    fileMenu->addSeparator();
    fileMenu->addAction(m_quitAction);

    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->setObjectName(QStringLiteral("menuEdit"));
    editMenu->addAction(m_undoAction);
    editMenu->addAction(m_redoAction);
    editMenu->addSeparator();
    editMenu->addAction(m_undoApplyAction);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->setObjectName(QStringLiteral("menuView"));
    viewMenu->addAction(m_kbDock->toggleViewAction());
    viewMenu->addAction(m_detailsDock->toggleViewAction());
    viewMenu->addAction(m_lookUpAction);

    QMenu *reviewMenu = menuBar()->addMenu(tr("&Review"));
    reviewMenu->setObjectName(QStringLiteral("menuReview"));
    reviewMenu->addAction(m_formalizeAction);
    reviewMenu->addAction(m_cancelAction);
    reviewMenu->addSeparator();
    const QList<QAction *> reviewActions = m_presenter->actions();
    for (QAction *action : reviewActions) {
        reviewMenu->addAction(action);
        if (action == m_presenter->editAction())
            reviewMenu->addSeparator();
    }
    reviewMenu->addSeparator();
    reviewMenu->addAction(m_sourceView->filterAction());
    reviewMenu->addAction(m_sourceView->showAllAction());
    reviewMenu->addSeparator();
    reviewMenu->addAction(m_applyAction);

    QMenu *settingsMenu = menuBar()->addMenu(tr("&Settings"));
    settingsMenu->setObjectName(QStringLiteral("menuSettings"));
    settingsMenu->addAction(m_providerSettingsAction);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("menuHelp"));
    helpMenu->addAction(m_aboutAction);
    helpMenu->addAction(m_aboutQtAction);
}

void MainWindow::createPanes()
{
    m_sourceView = new SourceView;
    m_sourceView->setObjectName(QStringLiteral("sourceView"));
    m_sourceView->setAccessibleName(tr("Source document"));
    m_sourceView->setAccessibleDescription(tr("The English document to formalize; it can be edited"));
    m_sourceView->setPlaceholderText(tr("Open a document (File ▸ Open Document…) to see it here."));
    m_sourceFileLabel = new QLabel;
    m_sourceFileLabel->setObjectName(QStringLiteral("sourceFileLabel"));
    m_sourceFileLabel->setAccessibleName(tr("Source file"));

    m_proposalView = new ProposalView;
    m_proposalView->setObjectName(QStringLiteral("proposalView"));
    m_proposalView->setAccessibleName(tr("Proposal"));
    m_proposalView->setAccessibleDescription(tr("The target context file and, after a formalization, the sentences proposed for it"));
    m_proposalView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = KbHighlighting::attach(m_proposalView->document(), m_proposalView->palette());
    m_proposalFileLabel = new QLabel;
    m_proposalFileLabel->setObjectName(QStringLiteral("proposalFileLabel"));
    m_proposalFileLabel->setAccessibleName(tr("Target context file"));

    m_splitter = new QSplitter(Qt::Horizontal);
    m_splitter->setObjectName(QStringLiteral("paneSplitter"));
    m_splitter->setAccessibleName(tr("Panes"));
    m_splitter->setChildrenCollapsible(false);
    m_splitter->addWidget(makePane(QStringLiteral("sourcePane"), tr("&Source"), m_sourceView, m_sourceFileLabel));
    QWidget *attemptsPane = makePane(QStringLiteral("attemptsPane"), tr("A&ttempts"), createAttemptsPane(), nullptr);
    if (auto *title = attemptsPane->findChild<QLabel *>(QStringLiteral("attemptsPaneTitle")))
        title->setBuddy(m_attemptLog);
    m_splitter->addWidget(attemptsPane);
    // Apply's outcome shows above the proposal it concerns.
    m_applyResult = new ApplyResultBar;
    connect(m_applyResult, &ApplyResultBar::rediffRequested, this, &MainWindow::rediff);
    connect(m_applyResult, &ApplyResultBar::undoApplyRequested, this, &MainWindow::undoApply);
    auto *proposalBox = new QWidget;
    auto *proposalLayout = new QVBoxLayout(proposalBox);
    proposalLayout->setContentsMargins(0, 0, 0, 0);
    proposalLayout->setSpacing(2);
    proposalLayout->addWidget(m_applyResult);
    proposalLayout->addWidget(m_proposalView, 1);
    proposalBox->setFocusProxy(m_proposalView);
    QWidget *proposalPane = makePane(QStringLiteral("proposalPane"), tr("&Proposal"), proposalBox, m_proposalFileLabel);
    if (auto *title = proposalPane->findChild<QLabel *>(QStringLiteral("proposalPaneTitle")))
        title->setBuddy(m_proposalView);
    m_splitter->addWidget(proposalPane);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setStretchFactor(2, 4);
    m_splitter->setContentsMargins(6, 6, 6, 0);
    setCentralWidget(m_splitter);

    m_presenter = new ReviewPresenter(m_review, m_proposalView, this);

    m_details = new EntryDetailsView;
    m_details->setObjectName(QStringLiteral("entryDetails"));
    m_detailsDock = new QDockWidget(tr("Entry Details"), this);
    m_detailsDock->setObjectName(QStringLiteral("entryDetailsDock"));
    m_detailsDock->setWidget(m_details);
    m_detailsDock->toggleViewAction()->setObjectName(QStringLiteral("actionShowEntryDetails"));
    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);

    m_kbBrowser = new KbBrowser;
    m_kbDock = new QDockWidget(tr("KB Browser"), this);
    m_kbDock->setObjectName(QStringLiteral("kbBrowserDock"));
    m_kbDock->setAccessibleName(tr("KB browser"));
    m_kbDock->setWidget(m_kbBrowser);
    m_kbDock->toggleViewAction()->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    connect(m_kbDock->toggleViewAction(), &QAction::triggered, m_kbBrowser, [this](bool shown) {
        if (shown)
            m_kbBrowser->setFocus();
    });
    addDockWidget(Qt::LeftDockWidgetArea, m_kbDock);
    m_kbDock->hide();
}

QWidget *MainWindow::createAttemptsPane()
{
    m_attemptsPane = new AttemptsPane;
    m_attemptsPane->setModel(m_review->attempts());
    m_attemptLog = m_attemptsPane->logView();
    m_outcomeLabel = m_attemptsPane->outcomeBanner();
    m_cancelButton = m_attemptsPane->cancelButton();
    connect(m_cancelButton, &QPushButton::clicked, m_review, &ReviewController::cancel);
    return m_attemptsPane;
}

void MainWindow::createStatusBar()
{
    const auto addLabel = [this](const QString &objectName, const QString &accessibleName) {
        auto *label = new QLabel;
        label->setObjectName(objectName);
        label->setContentsMargins(6, 0, 6, 0);
        label->setAccessibleName(accessibleName);
        statusBar()->addPermanentWidget(label);
        return label;
    };
    statusBar()->setObjectName(QStringLiteral("statusBar"));
    statusBar()->setAccessibleName(tr("Status"));
    m_providerLabel = addLabel(QStringLiteral("providerLabel"), tr("Provider"));
    m_kbLabel = addLabel(QStringLiteral("kbLabel"), tr("KB folder"));
    m_contextLabel = addLabel(QStringLiteral("contextLabel"), tr("Target context"));
    m_kbProgress = new QProgressBar;
    m_kbProgress->setObjectName(QStringLiteral("kbProgress"));
    m_kbProgress->setAccessibleName(tr("KB loading progress"));
    m_kbProgress->setRange(0, KbLoader::progressMaximum);
    m_kbProgress->setFormat(tr("Loading KB… %p%"));
    m_kbProgress->setMaximumWidth(200);
    m_kbProgress->hide();
    statusBar()->addPermanentWidget(m_kbProgress);
}

bool MainWindow::openWorkspace(const QString &folder)
{
    const WorkspaceLoadResult result = WorkspaceLoader::load(folder);
    report(result.issues);
    if (!result.workspace)
        return false;

    m_workspace = *result.workspace;
    loadKb();
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
    m_workspace.contextFiles = WorkspaceLoader::contextFilesIn(m_workspace.kbFolder);
    loadKb();
    if (m_workspace.contextFiles.isEmpty())
        report({ { WorkspaceIssue::Severity::Warning,
            tr("The KB folder %1 holds no context files (Cx*.txt).").arg(QDir::toNativeSeparators(m_workspace.kbFolder)) } });
    updateStatusBar();
    showTargetContext();
    return true;
}

bool MainWindow::setTargetContext(const QString &context)
{
    m_workspace.context = context;
    updateStatusBar();
    showTargetContext();
    return m_workspace.contextFile(context).has_value();
}

void MainWindow::setProvider(const QString &provider)
{
    m_workspace.provider = provider;
    updateStatusBar();
}

bool MainWindow::formalize()
{
    QString missing;
    if (m_workspace.document.isEmpty())
        missing = tr("Open a document to formalize first.");
    else if (m_workspace.kbFolder.isEmpty())
        missing = tr("Open a KB folder first.");
    else if (!m_kbLoader->knowledgeBase())
        missing = m_kbLoader->isLoading() ? tr("The KB is still loading; formalize once it is loaded.")
                                          : tr("The KB did not load; fix the errors in its files first.");
    else if (m_workspace.context.isEmpty())
        missing = tr("Choose a target context first (--context or fanva.json).");
    if (!missing.isEmpty()) {
        reportError(missing);
        return false;
    }
    if (m_sourceView->document()->isModified() && !saveDocument())
        return false;
    ReviewSetup setup;
    setup.kbFolder = m_workspace.kbFolder;
    setup.kb = m_kbLoader->knowledgeBase();
    setup.documentPath = m_workspace.document;
    setup.context = m_workspace.context;
    setup.provider = m_providerSettings.resolve(provider(), QProcessEnvironment::systemEnvironment());
    setup.settings = m_providerSettings.session;
    // Keys: the environment (resolve()), a key typed in Settings, then the OS keyring.
    const QString account = fanva::llm::keyringAccount(setup.provider.id, setup.provider.baseUrl);
    if (setup.provider.apiKey.isEmpty() && !m_sessionKeys.value(account).isEmpty()) {
        setup.provider.apiKey = m_sessionKeys.value(account);
        setup.provider.keySource = QStringLiteral("settings");
    } else if (setup.provider.apiKey.isEmpty() && !account.isEmpty() && fanva::llm::hasKeyring()) {
        auto *reader = new fanva::llm::KeyringReader(this);
        connect(reader, &fanva::llm::KeyringReader::finished, this, [this, reader, setup](const QString &key) mutable {
            reader->deleteLater();
            m_readingKey = false;
            if (!key.isEmpty()) {
                setup.provider.apiKey = key;
                setup.provider.keySource = QStringLiteral("keyring");
            }
            startReview(setup);
        });
        m_readingKey = true;
        updateReviewActions();
        statusBar()->showMessage(tr("Reading the API key from the OS keyring…"));
        reader->start(account);
        return true;
    }
    return startReview(setup);
}

bool MainWindow::startReview(const ReviewSetup &setup)
{
    QString error;
    const bool started = m_review->start(setup, &error);
    updateReviewActions();
    if (!started) {
        reportError(error);
        return false;
    }
    statusBar()->showMessage(tr("Formalizing %1 with %2…").arg(QFileInfo(m_workspace.document).fileName(), setup.provider.id));
    return true;
}

QString MainWindow::provider() const
{
    return !m_workspace.provider.isEmpty() ? m_workspace.provider
                                           : m_providerSettings.defaultProvider(QProcessEnvironment::systemEnvironment());
}

void MainWindow::showProviderSettings()
{
    ProviderSettingsDialog dialog(m_providerSettings, provider(), this);
    dialog.setSessionKeys(m_sessionKeys);
    if (dialog.exec() != QDialog::Accepted)
        return;
    m_providerSettings = dialog.settings();
    m_sessionKeys = dialog.sessionKeys();
    QSettings settings(ProviderSettings::defaultFile(), QSettings::IniFormat);
    m_providerSettings.save(settings);
    // A provider chosen here wins over the workspace's fanva.json for this window.
    if (dialog.isProviderChanged())
        m_workspace.provider = dialog.provider();
    updateStatusBar();
}

void MainWindow::onFormalizeFinished(const QString &outcome)
{
    statusBar()->showMessage(tr("Formalization finished: %1").arg(outcome));
    m_proposalFileLabel->setText(QFileInfo(m_review->targetPath()).fileName());
    m_proposalFileLabel->setToolTip(QDir::toNativeSeparators(m_review->targetPath()));
    updateReviewActions();
    Q_EMIT formalizeFinished(outcome);
}

void MainWindow::loadKb()
{
    m_kbFresh = true;
    m_kbBrowser->setKnowledgeBase(nullptr);
    if (m_workspace.kbFolder.isEmpty()) {
        m_kbLoader->clear();
        m_kbProgress->hide();
        m_kbBrowser->setPlaceholderText(tr("No KB is open."));
        return;
    }
    m_kbLoader->load(m_workspace.kbFolder);
}

void MainWindow::onKbLoaded()
{
    m_kbProgress->hide();
    const std::shared_ptr<const fanva::kb::KnowledgeBase> kb = m_kbLoader->knowledgeBase();
    m_kbBrowser->setKnowledgeBase(kb);
    if (m_kbFresh) {
        m_kbFresh = false;
        if (!m_workspace.context.isEmpty())
            m_kbBrowser->setCurrentContext(m_workspace.context);
        statusBar()->showMessage(tr("Loaded the KB: %n sentences", nullptr, int(kb->sentenceCount())), 5000);
    } else {
        // A reload after the files changed: context files may have come or gone.
        m_workspace.contextFiles = WorkspaceLoader::contextFilesIn(m_workspace.kbFolder);
        updateStatusBar();
        statusBar()->showMessage(tr("Reloaded the KB: %n sentences", nullptr, int(kb->sentenceCount())), 5000);
    }
    updateReviewActions();
    Q_EMIT kbLoaded();
}

bool MainWindow::lookUpTerm()
{
    QTextCursor cursor = m_proposalView->textCursor();
    QString term = KbBrowser::termAt(cursor);
    // Before the first token (an entry's line start): its functor.
    while (term.isEmpty() && !cursor.atBlockEnd()) {
        cursor.movePosition(QTextCursor::NextCharacter);
        term = KbBrowser::termAt(cursor);
    }
    QString problem;
    if (term.isEmpty())
        problem = tr("Put the proposal's cursor on a term to look it up.");
    else if (!m_kbLoader->knowledgeBase())
        problem = m_kbLoader->isLoading() ? tr("The KB is still loading.") : tr("No KB is loaded.");
    if (!problem.isEmpty()) {
        statusBar()->showMessage(problem, 5000);
        return false;
    }
    m_kbDock->show();
    m_kbDock->raise();
    return m_kbBrowser->lookUp(term, m_workspace.context);
}

void MainWindow::updateReviewActions()
{
    const bool running = m_review->isRunning();
    const bool ready = !m_workspace.document.isEmpty() && !m_workspace.kbFolder.isEmpty() && !m_workspace.context.isEmpty()
        && m_kbLoader->knowledgeBase();
    m_formalizeAction->setEnabled(ready && !running && !m_readingKey);
    m_cancelAction->setEnabled(running);
    m_cancelButton->setEnabled(running);
    m_applyAction->setEnabled(!running && m_review->hasProposal() && !m_review->proposal().toWrite().empty());
    m_undoApplyAction->setEnabled(!running && m_review->hasProposal() && !m_review->proposal().applies.empty());
    m_saveSessionAction->setEnabled(!running && m_review->hasProposal());
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

bool MainWindow::applyProposal()
{
    if (!m_review->hasProposal() || m_review->isRunning())
        return false;
    const QString confirmation = ApplyTexts::confirmation(m_review->proposal());
    if (m_review->proposal().toWrite().empty()) {
        statusBar()->showMessage(confirmation);
        return false;
    }
    if (m_interactive
        && QMessageBox::question(this, tr("Apply"), confirmation, QMessageBox::Apply | QMessageBox::Cancel, QMessageBox::Cancel)
            != QMessageBox::Apply)
        return false;
    const fanva::proposal::ApplyResult result = m_review->apply();
    const QString text = ApplyTexts::result(result);
    statusBar()->showMessage(text);
    m_applyResult->showApplyResult(result);
    updateReviewActions();
    switch (result.status) {
    case fanva::proposal::ApplyStatus::Applied:
        return true;
    case fanva::proposal::ApplyStatus::Conflict:
    case fanva::proposal::ApplyStatus::VerifyFailed:
    case fanva::proposal::ApplyStatus::Blocked:
    case fanva::proposal::ApplyStatus::IoError:
        Q_EMIT problemReported(text, true);
        return false;
    }
    return false;
}

bool MainWindow::undoApply()
{
    const fanva::proposal::UndoResult result = m_review->undoApply();
    const QString text = ApplyTexts::undoResult(result);
    statusBar()->showMessage(text);
    m_applyResult->showUndoResult(result);
    updateReviewActions();
    if (result.status == fanva::proposal::UndoResult::Status::Undone)
        return true;
    Q_EMIT problemReported(text, true);
    return false;
}

bool MainWindow::rediff()
{
    QString error;
    const QStringList changed = m_review->rediff(&error);
    if (!error.isEmpty()) {
        m_applyResult->showMessage(error, ApplyResultBar::Kind::Error);
        reportError(error);
        return false;
    }
    const QString text = ApplyTexts::rediffResult(changed);
    m_applyResult->showMessage(text, ApplyResultBar::Kind::Information);
    statusBar()->showMessage(text);
    updateReviewActions();
    return true;
}

bool MainWindow::openSession(const QString &path)
{
    QString error;
    if (!m_review->openSession(path, &error)) {
        reportError(tr("Cannot open the session %1: %2").arg(QDir::toNativeSeparators(path), error));
        return false;
    }
    showSessionDocument();
    updateReviewActions();
    statusBar()->showMessage(tr("Opened the session %1.").arg(QDir::toNativeSeparators(path)), 5000);
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
    }
    m_sourceView->setDocumentText(m_review->documentText());
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
    QString error;
    if (m_review->saveSession(path, &error))
        statusBar()->showMessage(tr("Saved the session to %1.").arg(QDir::toNativeSeparators(path)), 5000);
    else
        reportError(error);
}

void MainWindow::showTargetContext()
{
    m_proposalView->clear();
    m_proposalView->clearMarks();
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
    const QString model = m_providerSettings.resolve(provider, QProcessEnvironment::systemEnvironment()).model;
    m_providerLabel->setText(model.isEmpty() ? tr("Provider: %1").arg(provider) : tr("Provider: %1 (%2)").arg(provider, model));
    if (m_workspace.kbFolder.isEmpty()) {
        m_kbLabel->setText(tr("KB: none"));
        m_kbLabel->setToolTip({});
    } else {
        m_kbLabel->setText(
            tr("KB: %1 (context files: %2)").arg(QDir::toNativeSeparators(m_workspace.kbFolder)).arg(m_workspace.contextFiles.size()));
        m_kbLabel->setToolTip(QDir::toNativeSeparators(m_workspace.kbFolder));
    }
    m_contextLabel->setText(m_workspace.context.isEmpty() ? tr("Target: none") : tr("Target: %1").arg(m_workspace.context));
    updateReviewActions();
}

void MainWindow::updateTitle()
{
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
    const QSettings settings(settingsFile(), QSettings::IniFormat);
    restoreGeometry(settings.value(s_geometryKey).toByteArray());
    restoreState(settings.value(s_stateKey).toByteArray());
    m_splitter->restoreState(settings.value(s_splitterKey).toByteArray());
    m_settingsRestored = true;
}

void MainWindow::saveSettings() const
{
    QSettings settings(settingsFile(), QSettings::IniFormat);
    settings.setValue(s_geometryKey, saveGeometry());
    settings.setValue(s_stateKey, saveState());
    settings.setValue(s_splitterKey, m_splitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
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
    QString error;
    if (!m_review->recoverSession(choice.path, &error)) {
        reportError(tr("Cannot recover the review %1: %2").arg(QDir::toNativeSeparators(choice.path), error));
        return false;
    }
    showSessionDocument();
    updateReviewActions();
    statusBar()->showMessage(tr("Recovered the review; save it to keep it."), 5000);
    return true;
}

void MainWindow::changeEvent(QEvent *event)
{
    QMainWindow::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        KbHighlighting::setPalette(m_highlighter, m_proposalView->palette());
}
