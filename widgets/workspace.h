#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

/// A Fanva workspace: a folder holding a KB (kb/, context files Cx*.txt at any depth),
/// English documents (*.txt and *.md at the top level) and an optional fanva.json naming
/// the default document, target context and provider. All paths are absolute.
struct Workspace {
    QString root;
    QString kbFolder;
    QStringList documents; ///< the top-level documents, sorted by name
    QStringList contextFiles; ///< every Cx*.txt below kbFolder, sorted by path
    QString document; ///< the default document ("" when there is none)
    QString context; ///< the target context ("" when none is named)
    QString provider; ///< the provider named by fanva.json ("" when none)

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

    /// The largest file readText() reads unless told otherwise.
    static constexpr qint64 defaultMaxBytes = qint64(16) * 1024 * 1024;

    /// Reads @p path as UTF-8 text; files larger than @p maxBytes are refused.
    [[nodiscard]] static TextFileResult readText(const QString &path, qint64 maxBytes = defaultMaxBytes);
};
