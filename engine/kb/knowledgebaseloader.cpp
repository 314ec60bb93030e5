// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Loading a KnowledgeBase: collecting the context files, then the load phases in order
// (knowledgebaseloader_p.h names the file of each).
#include "kb/knowledgebase.h"

#include "kb/knowledgebaseloader_p.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

Q_LOGGING_CATEGORY(lcKb, "fanva.kb", QtInfoMsg)

namespace fanva::kb {

using namespace detail;
using namespace loading;

void KnowledgeBaseLoader::collect(
    const QString &root, const QString &dir, std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
{
    const QFileInfoList entries
        = QDir(dir).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
    for (const QFileInfo &entry : entries) {
        if (entry.fileName().startsWith(QLatin1Char('.')))
            continue;
        if (entry.isSymLink()) {
            Diagnostic warning;
            warning.code = codes::symlinkSkipped;
            warning.file = entry.filePath();
            warning.severity = Diagnostic::Severity::Warning;
            warning.message = QStringLiteral("symbolic link skipped — the loader does not follow links");
            diagnostics.push_back(warning);
            continue;
        }
        if (entry.isDir()) {
            if (!entry.isReadable() || !entry.isExecutable()) {
                Diagnostic warning;
                warning.code = codes::unreadableDirectory;
                warning.file = entry.filePath();
                warning.severity = Diagnostic::Severity::Warning;
                warning.message = QStringLiteral("directory skipped — it cannot be read, so its context files are not loaded");
                diagnostics.push_back(warning);
                continue;
            }
            collect(root, entry.filePath(), files, diagnostics);
        } else if (entry.isFile() && entry.suffix() == QLatin1String("txt")) {
            FileRecord record;
            record.path = entry.filePath();
            record.relativePath = QDir(root).relativeFilePath(entry.filePath());
            record.size = entry.size();
            record.modified = entry.lastModified();
            files.push_back(std::move(record));
        }
    }
}

// Parses the files that have no document yet (in parallel), checks §1's rules, then runs
// the phases that build the indexes the queries answer from.
LoadResult KnowledgeBaseLoader::build(
    QString root, std::vector<FileRecord> files, std::vector<Diagnostic> diagnostics, const LoadProgress &progress)
{
    const auto failed
        = [&diagnostics] { return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); }); };
    const qint64 totalBytes = checkFiles(files, diagnostics);
    if (failed())
        return { nullptr, std::move(diagnostics) };
    Lap lap;
    parseFiles(files, totalBytes, diagnostics, progress);
    if (failed())
        return { nullptr, std::move(diagnostics) };
    qCDebug(lcKb) << "parsed" << files.size() << "files in" << qPrintable(lap.next());

    std::sort(files.begin(), files.end(), [](const FileRecord &a, const FileRecord &b) { return nameLess(a.context, b.context); });
    std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase);
    Private &p = *kb->d;
    p.root = std::move(root);
    for (const FileRecord &file : files) {
        for (const Term s : file.document.sentences) {
            if (s.isForm(sym::symmetric) && s.size() == 2 && s.at(1).isSymbol())
                p.symmetric.insert(s.at(1).symbol());
        }
    }
    if (!indexContexts(p, files, diagnostics))
        return { nullptr, std::move(diagnostics) };
    IndexTables tables = keyFiles(p, files, totalBytes >= s_sharedBytes);
    qCDebug(lcKb) << "keyed in" << qPrintable(lap.next());
    index(p, files, tables, diagnostics);
    qCDebug(lcKb) << "indexed in" << qPrintable(lap.next());
    p.files = std::move(files);
    if (progress)
        progress(totalBytes, totalBytes);
    return { std::move(kb), std::move(diagnostics) };
}

LoadResult KnowledgeBaseLoader::reload(const KnowledgeBase &previous, const LoadProgress &progress)
{
    const QString root = previous.root();
    if (root.isEmpty()) {
        // In-memory sources: nothing can have changed on disk.
        std::vector<FileRecord> files;
        for (const FileRecord &old : previous.d->files) {
            FileRecord copy;
            copy.path = old.path;
            copy.relativePath = old.relativePath;
            copy.size = old.size;
            copy.document = old.document;
            files.push_back(std::move(copy));
        }
        return build({}, std::move(files), {}, progress);
    }
    std::vector<Diagnostic> diagnostics;
    std::vector<FileRecord> files;
    if (!QFileInfo(root).isDir())
        return loadKnowledgeBase(root, progress);
    collect(root, root, files, diagnostics);
    for (FileRecord &file : files) {
        for (const FileRecord &old : previous.d->files) {
            if (old.relativePath == file.relativePath && old.size == file.size && old.modified == file.modified) {
                file.document = old.document; // shares the parsed arena
                break;
            }
        }
    }
    return build(root, std::move(files), std::move(diagnostics), progress);
}

LoadResult loadKnowledgeBase(const QString &root, const LoadProgress &progress)
{
    std::vector<Diagnostic> diagnostics;
    const QFileInfo info(root);
    if (!info.isDir() || !info.isReadable()) {
        Diagnostic diagnostic;
        diagnostic.code = codes::unreadableDirectory;
        diagnostic.file = root;
        diagnostic.message = QStringLiteral("cannot read the KB directory");
        return { nullptr, { diagnostic } };
    }
    std::vector<FileRecord> files;
    KnowledgeBaseLoader::collect(root, root, files, diagnostics);
    qCDebug(lcKb) << "loading" << files.size() << "context files from" << root;
    return KnowledgeBaseLoader::build(root, std::move(files), std::move(diagnostics), progress);
}

LoadResult loadKnowledgeBaseWith(const QString &root, const std::vector<ContextSource> &overrides)
{
    std::vector<Diagnostic> diagnostics;
    const QFileInfo info(root);
    if (!info.isDir() || !info.isReadable())
        return loadKnowledgeBase(root);
    std::vector<FileRecord> files;
    KnowledgeBaseLoader::collect(root, root, files, diagnostics);
    std::vector<bool> used(overrides.size(), false);
    for (FileRecord &file : files) {
        const QString path = QFileInfo(file.path).absoluteFilePath();
        for (std::size_t i = 0; i < overrides.size(); ++i) {
            if (QFileInfo(overrides[i].path).absoluteFilePath() == path) {
                file.size = overrides[i].text.size();
                file.document = parseDocument(overrides[i].text, file.path);
                used[i] = true;
            }
        }
    }
    // An override naming a file the tree lacks adds it: a new context file before it is written.
    for (std::size_t i = 0; i < overrides.size(); ++i) {
        if (used[i])
            continue;
        FileRecord record;
        record.relativePath = QDir(root).relativeFilePath(QFileInfo(overrides[i].path).absoluteFilePath());
        record.path = QDir(root).filePath(record.relativePath); // as collect() names the others
        record.size = overrides[i].text.size();
        record.document = parseDocument(overrides[i].text, record.path);
        files.push_back(std::move(record));
    }
    return KnowledgeBaseLoader::build(root, std::move(files), std::move(diagnostics), {});
}

LoadResult loadKnowledgeBase(std::vector<ContextSource> sources, const LoadProgress &progress)
{
    std::vector<FileRecord> files;
    files.reserve(sources.size());
    for (ContextSource &source : sources) {
        FileRecord record;
        record.path = source.path;
        record.relativePath = source.path;
        record.size = source.text.size();
        record.document = parseDocument(source.text, source.path);
        files.push_back(std::move(record));
    }
    return KnowledgeBaseLoader::build({}, std::move(files), {}, progress);
}

LoadResult reloadKnowledgeBase(const KnowledgeBase &previous, const LoadProgress &progress)
{
    return KnowledgeBaseLoader::reload(previous, progress);
}

} // namespace fanva::kb