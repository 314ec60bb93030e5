// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// MainWindow's actions, menus, panes, docks and status bar (the rest: mainwindow.cpp and
// mainwindowreview.cpp).
#include "window/mainwindow.h"

#include "attempts/attemptlogmodel.h"
#include "attempts/attemptlogview.h"
#include "attempts/attemptspane.h"
#include "common/kbhighlighting.h"
#include "kbbrowser/kbbrowser.h"
#include "review/applyresultbar.h"
#include "review/entrydetailsview.h"
#include "review/inlineeditor.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QUndoStack>
#include <QVBoxLayout>

namespace {

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

    m_formalizeSelectionAction = new QAction(tr("Formalize &Selection"), this);
    m_formalizeSelectionAction->setObjectName(QStringLiteral("actionFormalizeSelection"));
    m_formalizeSelectionAction->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
    m_formalizeSelectionAction->setEnabled(false);
    connect(m_formalizeSelectionAction, &QAction::triggered, this, &MainWindow::formalizeSelection);

    m_cancelAction = new QAction(QIcon::fromTheme(QStringLiteral("process-stop")), tr("&Cancel Formalization"), this);
    m_cancelAction->setObjectName(QStringLiteral("actionCancelFormalize"));
    m_cancelAction->setStatusTip(tr("Stop the running formalization or rewrite (Esc); what it found so far is kept"));
    connect(m_cancelAction, &QAction::triggered, m_review, &ReviewController::cancel);

    m_applyAction = new QAction(QIcon::fromTheme(QStringLiteral("dialog-ok-apply")), tr("&Apply…"), this);
    m_applyAction->setObjectName(QStringLiteral("actionApply"));
    m_applyAction->setShortcuts(
        { QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Enter) });
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
    fileMenu->insertAction(m_openWorkspaceAction, createNewDocumentAction());
    fileMenu->insertAction(m_openWorkspaceAction, createNewContextAction());

    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->setObjectName(QStringLiteral("menuEdit"));
    editMenu->addAction(m_undoAction);
    editMenu->addAction(m_redoAction);
    editMenu->addSeparator();
    editMenu->addAction(m_undoApplyAction);

    QMenu *viewMenu = menuBar()->addMenu(tr("&View"));
    viewMenu->setObjectName(QStringLiteral("menuView"));
    viewMenu->addAction(m_kb->dock()->toggleViewAction());
    viewMenu->addAction(m_detailsDock->toggleViewAction());
    viewMenu->addAction(m_lookUpAction);

    QMenu *reviewMenu = menuBar()->addMenu(tr("&Review"));
    reviewMenu->setObjectName(QStringLiteral("menuReview"));
    reviewMenu->addAction(m_formalizeAction);
    reviewMenu->addAction(m_formalizeSelectionAction);
    reviewMenu->addAction(m_cancelAction);
    reviewMenu->addSeparator();
    reviewMenu->addAction(m_newSentenceAction);
    reviewMenu->addAction(m_presenter->rejudgeAction());
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
    createRulesBanner();
    auto *central = new QWidget;
    auto *centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(0);
    centralLayout->addWidget(m_rulesBanner);
    centralLayout->addWidget(m_splitter, 1);
    setCentralWidget(central);

    m_presenter = new ReviewPresenter(m_review, m_proposalView, this);

    createDocks();
}

void MainWindow::createRulesBanner()
{
    // Without a model the rules draft: the banner says so and names the way to more
    // (docs/spec/rules.md §1). updateStatusBar() shows it while the provider is `rules`.
    m_rulesBanner = new QLabel(tr("Drafted by rules — no model. The rules read plain sentences only and leave the rest "
                                  "untranslated; for more, run a local model with Ollama and choose it in Settings ▸ Provider…"));
    m_rulesBanner->setObjectName(QStringLiteral("rulesBanner"));
    m_rulesBanner->setAccessibleName(tr("Drafting without a model"));
    m_rulesBanner->setWordWrap(true);
    m_rulesBanner->setFrameShape(QFrame::StyledPanel);
    m_rulesBanner->setMargin(4);
    m_rulesBanner->setAutoFillBackground(true);
    m_rulesBanner->setBackgroundRole(QPalette::ToolTipBase);
    m_rulesBanner->setForegroundRole(QPalette::ToolTipText);
    m_rulesBanner->hide();
}

void MainWindow::createDocks()
{
    m_details = new EntryDetailsView;
    m_details->setObjectName(QStringLiteral("entryDetails"));
    m_detailsDock = new QDockWidget(tr("Entry Details"), this);
    m_detailsDock->setObjectName(QStringLiteral("entryDetailsDock"));
    m_detailsDock->setWidget(m_details);
    m_detailsDock->toggleViewAction()->setObjectName(QStringLiteral("actionShowEntryDetails"));
    addDockWidget(Qt::RightDockWidgetArea, m_detailsDock);

    m_kb = new KbPane(this, [this] { return m_workspace.context; });
    // Another language's statement editor checks; what it commits joins the review as the
    // author's new statement, and Apply writes it.
    connect(m_kb->browser()->statementBrowser(), &StatementBrowser::statementCommitted, this, &MainWindow::addBrowserStatement);

    // The author's editor completes against the window's KB and target context; its Ctrl+L
    // shows the term in the KB browser.
    InlineEditor *editor = m_presenter->editor();
    editor->setKnowledgeSource([this] {
        const QString context = m_review->proposal().context;
        return InlineEditor::KnowledgeSource { m_kb->loader()->seamKb(), context.isEmpty() ? m_workspace.context : context };
    });
    connect(editor, &InlineEditor::lookUpRequested, m_kb, &KbPane::lookUp);
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
    createContextChooser();
    statusBar()->addPermanentWidget(m_kb->progressBar());
}
