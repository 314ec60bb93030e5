// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"
#include "kbbrowser/statementbrowser.h"
#include "lang/language.h"

#include <QCoreApplication>
#include <QDir>
#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QFileSystemWatcher;
class QTimer;

/// A Fanva workspace: a folder holding a KB (kb/: for fanva-kb, context files Cx*.txt at any
/// depth; for another language, the files its Language::kbFiles() names),
/// English documents (*.txt and *.md at the top level) and an optional fanva.json naming
/// the default document, target context and provider. All paths are absolute.
struct Workspace {
    QString root;
    QString kbFolder;
    QStringList documents; ///< the top-level documents, sorted by name
    /// The KB files whose stems are targets: every Cx*.txt below kbFolder (fanva-kb), else the
    /// language's KB files; sorted by path.
    QStringList contextFiles;
    QString document; ///< the default document ("" when there is none)
    QString context; ///< the target context ("" when none is named)
    QString provider; ///< the provider named by fanva.json ("" when none)
    QString language = QStringLiteral("fanva-kb"); ///< fanva.json's "language" (nibli-kr.md §1.2)

    /// The context file of @p context: the file in contextFiles whose stem is @p context.
    [[nodiscard]] std::optional<QString> contextFile(const QString &context) const;

    friend bool operator==(const Workspace &, const Workspace &) = default;
};

/// Something a load noticed. Errors mean the workspace could not be loaded at all.
struct WorkspaceIssue {
    enum class Severity : quint8 { Warning, Error };
    Severity severity = Severity::Warning;
    QString message;

    friend bool operator==(const WorkspaceIssue &, const WorkspaceIssue &) = default;
};

/// The outcome of WorkspaceLoader::load: a workspace unless an error was met, and every issue.
struct WorkspaceLoadResult {
    std::optional<Workspace> workspace;
    QList<WorkspaceIssue> issues;
};

/// The text of a file, or why it could not be read.
struct TextFileResult {
    std::optional<QString> text;
    QString error;
};

/// Reads workspaces and the few small files the window shows. Everything the GUI reads from
/// disk before the engine takes over goes through here.
class WorkspaceLoader final
{
    Q_DECLARE_TR_FUNCTIONS(WorkspaceLoader)

public:
    /// Loads the workspace in @p folder.
    [[nodiscard]] static WorkspaceLoadResult load(const QString &folder);

    /// The context files (Cx*.txt, any depth, sorted) below @p kbFolder.
    [[nodiscard]] static QStringList contextFilesIn(const QString &kbFolder);
    /// The target files below @p kbFolder in the language @p languageId: contextFilesIn() for
    /// fanva-kb (or an unknown id), else the language's kbFiles().
    [[nodiscard]] static QStringList contextFilesIn(const QString &kbFolder, const QString &languageId);

    /// The largest file readText() reads unless told otherwise.
    static constexpr qint64 defaultMaxBytes = qint64(16) * 1024 * 1024;

    /// Reads @p path as UTF-8 text; files larger than @p maxBytes are refused.
    [[nodiscard]] static TextFileResult readText(const QString &path, qint64 maxBytes = defaultMaxBytes);

private:
    /// Reads the workspace's fanva.json, if any, into @p workspace; a problem with one of its
    /// settings is a warning, an unknown language the error returned (the workspace stays closed).
    [[nodiscard]] static std::optional<QString> readConfig(
        const QDir &root, Workspace &workspace, const std::function<void(const QString &)> &warn);
};

/// What a load through the language seam gives (languages other than fanva-kb).
struct LanguageKbLoad {
    fanva::lang::LoadResult result;
    std::vector<KbFileStatements> files;
};

/// Loads a workspace's KB in the background (QtConcurrent) so the window stays usable: load()
/// starts a load of a folder, reload() re-reads the files that changed, and a watched folder is
/// reloaded by itself, debounced, when one of its context files changes. Progress, and the KB
/// once loaded, are reported on the thread the loader lives in. A newer request supersedes a
/// running one: only the last request's result is taken.
class KbLoader final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbLoader)

public:
    explicit KbLoader(QObject *parent = nullptr);
    ~KbLoader() override;

    /// The language of the KBs load() reads from now on (fanva-kb until told otherwise): fanva-kb
    /// loads into knowledgeBase(), any other language through its Language::load() into
    /// languageKb() and files().
    void setLanguage(const fanva::lang::Language &language);
    [[nodiscard]] const fanva::lang::Language &language() const { return *m_language; }

    /// Starts loading the KB in @p folder, dropping the current one.
    void load(const QString &folder);
    /// Starts re-reading the current KB's files that changed since it was loaded (a full load
    /// when nothing is loaded yet).
    void reload();
    /// Drops the KB and stops watching; a running load's result is ignored.
    void clear();

    [[nodiscard]] bool isLoading() const { return m_loading; }
    /// The KB of the folder last loaded, null while the first load runs or when it failed to load.
    [[nodiscard]] std::shared_ptr<const fanva::kb::KnowledgeBase> knowledgeBase() const { return m_kb; }
    /// The KB of the folder last loaded in a language other than fanva-kb (null otherwise, while
    /// its first load runs or when it failed to load).
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> languageKb() const { return m_languageKb; }
    /// The KB last loaded, in any language, behind the seam (null while the first load runs or
    /// when it failed to load).
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> seamKb() const { return m_seamKb; }
    /// The statements of languageKb()'s files, in kbFiles() order.
    [[nodiscard]] const std::vector<KbFileStatements> &files() const { return m_files; }
    /// True once a KB is loaded, in any language.
    [[nodiscard]] bool hasKb() const { return m_kb || m_languageKb; }
    /// The diagnostics of the last finished load (errors when it failed, else warnings).
    [[nodiscard]] const std::vector<fanva::kb::Diagnostic> &diagnostics() const { return m_diagnostics; }

    /// How long a burst of file changes is awaited before reloading.
    void setReloadDelay(std::chrono::milliseconds delay);

    /// The progress scale: progressChanged() reports 0…progressMaximum.
    static constexpr int progressMaximum = 1000;

Q_SIGNALS:
    /// A load or reload started.
    void started();
    /// @p value of progressMaximum of the running load's bytes are read.
    void progressChanged(int value);
    /// The load finished with a KB (knowledgeBase()).
    void loaded();
    /// The load finished without a KB; @p message lists the hard errors.
    void failed(const QString &message);

private:
    [[nodiscard]] QFutureWatcher<fanva::kb::LoadResult> *makeWatcher();
    [[nodiscard]] QFutureWatcher<LanguageKbLoad> *makeLanguageWatcher();
    void dropRunningLoads();
    void start(QFuture<fanva::kb::LoadResult> future);
    void startLanguageLoad();
    void onLanguageLoadFinished();
    void reportFailure();
    void reportProgress(int value);
    void onFinished();
    void watchFiles();

    QString m_folder;
    std::shared_ptr<const fanva::kb::KnowledgeBase> m_kb;
    std::vector<fanva::kb::Diagnostic> m_diagnostics;
    QFutureWatcher<fanva::kb::LoadResult> *m_watcher = nullptr;
    const fanva::lang::Language *m_language = nullptr;
    std::shared_ptr<const fanva::lang::Kb> m_languageKb;
    std::shared_ptr<const fanva::lang::Kb> m_seamKb;
    std::vector<KbFileStatements> m_files;
    QFutureWatcher<LanguageKbLoad> *m_languageWatcher = nullptr;
    QFileSystemWatcher *m_fileWatcher = nullptr;
    QTimer *m_reloadTimer = nullptr;
    bool m_loading = false;
    int m_progress = -1; ///< the last value progressChanged() reported for the running load
};
