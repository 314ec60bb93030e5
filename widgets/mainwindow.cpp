#include "mainwindow.h"
#include "attemptlogview.h"
#include "kbhighlighting.h"
#include "proposalview.h"
#include "version.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSettings>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
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
    createActions();
    createPanes();
    createMenus();
    createStatusBar();
    updateTitle();
    updateStatusBar();
    showTargetContext();
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

    m_quitAction = new QAction(QIcon::fromTheme(QStringLiteral("application-exit")), tr("&Quit"), this);
    m_quitAction->setObjectName(QStringLiteral("actionQuit"));
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_formalizeAction = new QAction(QIcon::fromTheme(QStringLiteral("system-run")), tr("&Formalize"), this);
    m_formalizeAction->setObjectName(QStringLiteral("actionFormalize"));
    m_formalizeAction->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_formalizeAction->setStatusTip(tr("Formalize the document into the target context (not available in this version yet)"));
    m_formalizeAction->setEnabled(false);

    m_applyAction = new QAction(QIcon::fromTheme(QStringLiteral("dialog-ok-apply")), tr("&Apply…"), this);
    m_applyAction->setObjectName(QStringLiteral("actionApply"));
    m_applyAction->setStatusTip(tr("Write the accepted entries into the target context file (not available in this version yet)"));
    m_applyAction->setEnabled(false);

    m_aboutAction = new QAction(QIcon::fromTheme(QStringLiteral("help-about")), tr("&About Fanva"), this);
    m_aboutAction->setObjectName(QStringLiteral("actionAbout"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAbout);

    m_aboutQtAction = new QAction(tr("About &Qt"), this);
    m_aboutQtAction->setObjectName(QStringLiteral("actionAboutQt"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->setObjectName(QStringLiteral("menuFile"));
    fileMenu->addAction(m_openWorkspaceAction);
    fileMenu->addAction(m_openDocumentAction);
    fileMenu->addAction(m_openKbAction);
    fileMenu->addSeparator();
    fileMenu->addAction(m_saveSessionAction);
    fileMenu->addSeparator();
    fileMenu->addAction(m_quitAction);

    QMenu *reviewMenu = menuBar()->addMenu(tr("&Review"));
    reviewMenu->setObjectName(QStringLiteral("menuReview"));
    reviewMenu->addAction(m_formalizeAction);
    reviewMenu->addAction(m_applyAction);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->setObjectName(QStringLiteral("menuHelp"));
    helpMenu->addAction(m_aboutAction);
    helpMenu->addAction(m_aboutQtAction);
}

void MainWindow::createPanes()
{
    m_sourceView = new QPlainTextEdit;
    m_sourceView->setObjectName(QStringLiteral("sourceView"));
    m_sourceView->setAccessibleName(tr("Source document"));
    m_sourceView->setAccessibleDescription(tr("The English document to formalize; it can be edited"));
    m_sourceView->setPlaceholderText(tr("Open a document (File ▸ Open Document…) to see it here."));
    m_sourceView->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_sourceFileLabel = new QLabel;
    m_sourceFileLabel->setObjectName(QStringLiteral("sourceFileLabel"));
    m_sourceFileLabel->setAccessibleName(tr("Source file"));

    m_attemptLog = new AttemptLogView;
    m_attemptLog->setObjectName(QStringLiteral("attemptLog"));
    m_attemptLog->setAccessibleName(tr("Attempt log"));
    m_attemptLog->setAccessibleDescription(tr("The model's attempts and the gates' answers while a formalization runs"));
    m_attemptLog->setPlaceholderText(tr("No formalization has run yet."));

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
    m_splitter->addWidget(makePane(QStringLiteral("attemptsPane"), tr("A&ttempts"), m_attemptLog, nullptr));
    m_splitter->addWidget(makePane(QStringLiteral("proposalPane"), tr("&Proposal"), m_proposalView, m_proposalFileLabel));
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setStretchFactor(2, 4);
    m_splitter->setContentsMargins(6, 6, 6, 0);
    setCentralWidget(m_splitter);
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
}

bool MainWindow::openWorkspace(const QString &folder)
{
    const WorkspaceLoadResult result = WorkspaceLoader::load(folder);
    report(result.issues);
    if (!result.workspace)
        return false;

    m_workspace = *result.workspace;
    m_sourceView->clear();
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
    m_sourceView->setPlainText(*file.text);
    m_sourceFileLabel->setText(QFileInfo(path).fileName());
    m_sourceFileLabel->setToolTip(QDir::toNativeSeparators(m_workspace.document));
    updateTitle();
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

void MainWindow::reportUnavailable(const QString &message)
{
    statusBar()->showMessage(message);
    Q_EMIT problemReported(message, false);
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
    m_providerLabel->setText(m_workspace.provider.isEmpty() ? tr("Provider: none") : tr("Provider: %1").arg(m_workspace.provider));
    if (m_workspace.kbFolder.isEmpty()) {
        m_kbLabel->setText(tr("KB: none"));
        m_kbLabel->setToolTip({});
    } else {
        m_kbLabel->setText(
            tr("KB: %1 (context files: %2)").arg(QDir::toNativeSeparators(m_workspace.kbFolder)).arg(m_workspace.contextFiles.size()));
        m_kbLabel->setToolTip(QDir::toNativeSeparators(m_workspace.kbFolder));
    }
    m_contextLabel->setText(m_workspace.context.isEmpty() ? tr("Target: none") : tr("Target: %1").arg(m_workspace.context));
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
