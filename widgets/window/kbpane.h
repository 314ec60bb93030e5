// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QString>

#include <functional>

class KbBrowser;
class KbLoader;
class QDockWidget;
class QMainWindow;
class QProgressBar;

/// The workspace's KB as the window shows it (widgets/README.md, "The window's KB load"): loaded
/// in the background by its KbLoader, shown in the KB browser's dock, its terms indexed by the
/// browser, and how far both are in a progress bar for the status bar. What needs the KB asks
/// waitsForKb(); loaded() and indexed() tell the stages apart.
class KbPane final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbPane)

public:
    /// Adds the KB browser's dock, hidden, to @p window's left area. @p targetContext names the
    /// context a newly loaded KB opens on.
    KbPane(QMainWindow *window, std::function<QString()> targetContext);
    ~KbPane() override;

    [[nodiscard]] KbLoader *loader() const { return m_loader; }
    [[nodiscard]] KbBrowser *browser() const { return m_browser; }
    [[nodiscard]] QDockWidget *dock() const { return m_dock; }
    /// The load's and the indexing's progress, hidden while neither runs; the window places it.
    [[nodiscard]] QProgressBar *progressBar() const { return m_progress; }

    /// Loads the KB in @p folder, newly opened (a failure is worth a message box, and a KB shown
    /// by file opens the dock); an empty @p folder: no KB is open.
    void load(const QString &folder);
    /// True while the first KB of a folder loads: what needs it waits and says so.
    [[nodiscard]] bool waitsForKb() const;
    /// True after loaded() while the browser's indexes are still being built; indexed() tells
    /// when they are done.
    [[nodiscard]] bool isIndexing() const { return m_indexing; }
    /// Shows the dock and @p term's page in @p context; false when the browser has none.
    bool lookUp(const QString &term, const QString &context);

Q_SIGNALS:
    /// A load or reload started.
    void started();
    /// The load finished and the browser shows the KB (KbLoader::seamKb()); @p fresh when it is
    /// a newly opened folder's, not a reload.
    void loaded(bool fresh);
    /// The load failed; @p message lists its errors, @p fresh as for loaded().
    void failed(const QString &message, bool fresh);
    /// After loaded(): the browser's indexes over the KB are built.
    void indexed();

private:
    void createDock(QMainWindow *window);
    void createProgressBar(QMainWindow *window);
    void connectLoader();
    void connectIndexing();
    void onLoaded();
    void onIndexingFinished();

    std::function<QString()> m_targetContext;
    KbLoader *m_loader = nullptr;
    KbBrowser *m_browser = nullptr;
    QDockWidget *m_dock = nullptr;
    QProgressBar *m_progress = nullptr;
    bool m_fresh = false; ///< the KB being loaded is a newly opened folder, not a reload
    bool m_indexing = false; ///< isIndexing()
};
