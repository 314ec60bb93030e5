// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/kbpane.h"

#include "kbbrowser/kbbrowser.h"
#include "window/workspace.h"

#include <QAction>
#include <QDockWidget>
#include <QKeySequence>
#include <QMainWindow>
#include <QProgressBar>

#include <utility>

KbPane::KbPane(QMainWindow *window, std::function<QString()> targetContext)
    : QObject(window)
    , m_targetContext(std::move(targetContext))
    , m_loader(new KbLoader(this))
{
    createDock(window);
    createProgressBar(window);
    connectLoader();
    connectIndexing();
}

KbPane::~KbPane() = default;

void KbPane::createDock(QMainWindow *window)
{
    m_browser = new KbBrowser;
    m_dock = new QDockWidget(tr("KB Browser"), window);
    m_dock->setObjectName(QStringLiteral("kbBrowserDock"));
    m_dock->setAccessibleName(tr("KB browser"));
    m_dock->setWidget(m_browser);
    m_dock->toggleViewAction()->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    connect(m_dock->toggleViewAction(), &QAction::triggered, m_browser, [this](bool shown) {
        if (shown)
            m_browser->setFocus();
    });
    window->addDockWidget(Qt::LeftDockWidgetArea, m_dock);
    m_dock->hide();
}

void KbPane::createProgressBar(QMainWindow *window)
{
    // The window owns it (its status bar takes it, MainWindow::createStatusBar()).
    m_progress = new QProgressBar(window);
    m_progress->setObjectName(QStringLiteral("kbProgress"));
    m_progress->setAccessibleName(tr("KB loading progress"));
    m_progress->setRange(0, KbLoader::progressMaximum);
    m_progress->setFormat(tr("Loading KB… %p%"));
    m_progress->setMaximumWidth(200);
    m_progress->hide();
}

// The KB loads in the background: its progress in the bar and the browser's placeholder.
void KbPane::connectLoader()
{
    connect(m_loader, &KbLoader::started, this, [this] {
        m_progress->setRange(0, KbLoader::progressMaximum);
        m_progress->setFormat(tr("Loading KB… %p%"));
        m_progress->setValue(0);
        m_progress->show();
        if (!m_loader->hasKb())
            m_browser->setPlaceholderText(tr("Loading the KB…"));
        Q_EMIT started();
    });
    connect(m_loader, &KbLoader::progressChanged, this, [this](int value) {
        m_progress->setValue(value);
        if (!m_loader->hasKb())
            m_browser->setPlaceholderText(tr("Loading the KB… %1%").arg(value * 100 / KbLoader::progressMaximum));
    });
    connect(m_loader, &KbLoader::loaded, this, &KbPane::onLoaded);
    connect(m_loader, &KbLoader::failed, this, [this](const QString &message) {
        m_progress->hide();
        m_browser->setKb(nullptr);
        m_browser->setPlaceholderText(message);
        m_indexing = false;
        Q_EMIT failed(message, std::exchange(m_fresh, false));
    });
}

// Once the KB is there, the browser lists a large context's terms in the background; the bar
// shows how far, as it showed the load.
void KbPane::connectIndexing()
{
    connect(m_browser, &KbBrowser::indexingStarted, this, [this](const QString &context) {
        if (m_loader->isLoading())
            return;
        m_progress->setRange(0, 100);
        m_progress->setFormat(tr("Indexing %1… %p%").arg(context));
        m_progress->setValue(0);
        m_progress->show();
    });
    connect(m_browser, &KbBrowser::indexingProgressChanged, this, [this](int percent) {
        if (!m_loader->isLoading())
            m_progress->setValue(percent);
    });
    connect(m_browser, &KbBrowser::indexingFinished, this, &KbPane::onIndexingFinished);
}

void KbPane::load(const QString &folder)
{
    m_fresh = true;
    m_browser->setKb(nullptr);
    if (folder.isEmpty()) {
        m_loader->clear();
        m_progress->hide();
        m_browser->setPlaceholderText(tr("No KB is open."));
        return;
    }
    m_loader->load(folder);
}

bool KbPane::waitsForKb() const
{
    return m_loader->isLoading() && !m_loader->hasKb();
}

bool KbPane::lookUp(const QString &term, const QString &context)
{
    m_dock->show();
    m_dock->raise();
    return m_browser->lookUp(term, context);
}

void KbPane::onLoaded()
{
    m_progress->hide();
    // The browser shows the KB in its language's face. A new KB opens on the target; a reload
    // keeps what the browser shows. A large context's term list is built in the background
    // (indexed() once it is there).
    m_browser->setKb(m_loader->seamKb(), m_loader->files(), m_targetContext());
    m_indexing = m_browser->isIndexing();
    const bool fresh = std::exchange(m_fresh, false);
    // A KB shown by file is read and its statements edited in the browser: show it.
    if (fresh && m_browser->showsStatements())
        m_dock->show();
    Q_EMIT loaded(fresh);
    if (!m_indexing)
        Q_EMIT indexed();
}

void KbPane::onIndexingFinished()
{
    if (!m_loader->isLoading())
        m_progress->hide();
    if (std::exchange(m_indexing, false))
        Q_EMIT indexed();
}
