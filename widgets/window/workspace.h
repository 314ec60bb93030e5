// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/reader.h"
#include "kbbrowser/statementbrowser.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "proposal/sessionfile.h"

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
    QString language = fanva::lang::defaultLanguageId.toString(); ///< fanva.json's "language" (nibli-kr.md §1.2)

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

    /// The target files below @p kbFolder in the language @p languageId (an unknown or empty id:
    /// the default language), sorted: its context files when it has contexts (fanva-kb: Cx*.txt,
    /// any depth), else its kbFiles().
    [[nodiscard]] static QStringList contextFilesIn(const QString &kbFolder, const QString &languageId = {});

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

/// What a load through the language seam gives: the KB, and for a language without a staged
/// load (lang/stagedload.h) each file's statements.
struct LanguageKbLoad {
    fanva::lang::LoadResult result;
    std::vector<KbFileStatements> files;
    /// The KB folder's fingerprint, hashed just before the load (what a run's session file
    /// records, proposal::SessionOrigin::fingerprint).
    fanva::proposal::KbFingerprint fingerprint;
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

    /// The language of the KBs load() reads from now on (the default language until told
    /// otherwise). A language with a staged load (lang/stagedload.h) reports progress and reloads
    /// only the files that changed; another loads through Language::load(), reloads in full, and
    /// files() holds its files' statements.
    void setLanguage(const fanva::lang::Language &language);
    [[nodiscard]] const fanva::lang::Language &language() const { return *m_language; }

    /// Starts loading the KB in @p folder, dropping the current one.
    void load(const QString &folder);
    /// Starts re-reading the current KB's files that changed since it was loaded (a full load
    /// when nothing is loaded yet, or the language has no staged load).
    void reload();
    /// Drops the KB and stops watching; a running load's result is ignored.
    void clear();

    [[nodiscard]] bool isLoading() const { return m_loading; }
    /// The KB last loaded, in any language, behind the seam (null while the first load runs or
    /// when it failed to load).
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> seamKb() const { return m_kb; }
    /// The statements of each of seamKb()'s files, in kbFiles() order, when its language loads
    /// without stages (the KB browser shows such a KB by file); empty after a staged load.
    [[nodiscard]] const std::vector<KbFileStatements> &files() const { return m_files; }
    /// The fingerprint of seamKb()'s folder as it was loaded (hashed off the GUI thread).
    [[nodiscard]] const fanva::proposal::KbFingerprint &fingerprint() const { return m_fingerprint; }
    /// True once a KB is loaded, in any language.
    [[nodiscard]] bool hasKb() const { return m_kb != nullptr; }
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
    /// The load finished with a KB (seamKb()).
    void loaded();
    /// The load finished without a KB; @p message lists the hard errors.
    void failed(const QString &message);

private:
    [[nodiscard]] QFutureWatcher<LanguageKbLoad> *makeWatcher();
    void dropRunningLoad();
    /// Starts a load of m_folder; with @p previous (a KB of m_language), a reload of it.
    void start(std::shared_ptr<const fanva::lang::Kb> previous);
    void reportFailure();
    void reportProgress(int value);
    void onFinished();
    void watchFiles();

    QString m_folder;
    const fanva::lang::Language *m_language = nullptr;
    std::shared_ptr<const fanva::lang::Kb> m_kb;
    std::vector<fanva::kb::Diagnostic> m_diagnostics;
    std::vector<KbFileStatements> m_files;
    fanva::proposal::KbFingerprint m_fingerprint;
    QFutureWatcher<LanguageKbLoad> *m_watcher = nullptr;
    QFileSystemWatcher *m_fileWatcher = nullptr;
    QTimer *m_reloadTimer = nullptr;
    bool m_loading = false;
    int m_progress = -1; ///< the last value progressChanged() reported for the running load
};
