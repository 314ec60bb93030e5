// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The loader's first phase: file names, parsing in parallel, the shape of each sentence (§1).
#include "kb/knowledgebaseloader_p.h"

#include "kb/canonical_p.h"
#include "kb/nameinterner_p.h"
#include "kb/writer.h"

#include <QFileInfo>

#include <mutex>
#include <unordered_map>

namespace fanva::kb {

using namespace detail;
using namespace loading;

Diagnostic KnowledgeBaseLoader::error(QLatin1StringView code, const QString &file, const QString &message, Term at)
{
    Diagnostic diagnostic;
    diagnostic.code = code;
    diagnostic.file = file;
    diagnostic.message = message;
    if (!at.isNull()) {
        diagnostic.line = int(at.span().line);
        diagnostic.column = int(at.span().column);
        diagnostic.byteOffset = at.span().begin;
    }
    return diagnostic;
}

// Checks the files' names (each names one context, once) and sizes; sorts them by path and
// returns their total size.
qint64 KnowledgeBaseLoader::checkFiles(std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
{
    qint64 totalBytes = 0;
    for (FileRecord &file : files) {
        const QString stem = QFileInfo(file.relativePath).completeBaseName();
        const QByteArray stemUtf8 = stem.toUtf8();
        if (!isContextName(std::string_view(stemUtf8.constData(), std::size_t(stemUtf8.size()))) || stem.contains(QLatin1Char('/'))) {
            diagnostics.push_back(error(codes::fileName, file.path,
                QStringLiteral("file name %1 does not name a context: a KB file is Cx followed by CapitalCamelCase, e.g. CxBirds.txt")
                    .arg(QFileInfo(file.relativePath).fileName())));
        } else {
            file.context = intern(std::string_view(stemUtf8.constData(), std::size_t(stemUtf8.size())));
        }
        if (file.size > maxFileSize)
            diagnostics.push_back(fileTooLargeDiagnostic(file.path));
        totalBytes += std::max<qint64>(file.size, 0);
    }
    std::sort(files.begin(), files.end(),
        [](const FileRecord &a, const FileRecord &b) { return a.relativePath.toUtf8() < b.relativePath.toUtf8(); });
    std::unordered_map<SymbolId, std::size_t> firstFile; // context -> the first file defining it
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (files[i].context == noSymbol)
            continue;
        const auto [it, inserted] = firstFile.emplace(files[i].context, i);
        if (!inserted) {
            diagnostics.push_back(error(codes::duplicateContext, files[i].path,
                QStringLiteral("context %1 is already defined by %2 — one file per context")
                    .arg(symbolString(files[i].context), files[it->second].path)));
        }
    }
    return totalBytes;
}

// Parses the files that have no document yet (in parallel), then lists each file's read error,
// reading diagnostics and sentence problems, file by file.
void KnowledgeBaseLoader::parseFiles(
    std::vector<FileRecord> &files, qint64 totalBytes, std::vector<Diagnostic> &diagnostics, const LoadProgress &progress)
{
    // Parse (and key, below) in parallel: files are independent.
    // Bytes parsed so far, under progressMutex: progress() is called with it held, so its
    // calls never overlap and `done` never goes back, whichever pool thread reports.
    std::mutex progressMutex;
    qint64 done = 0;
    std::vector<std::size_t> toParse;
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (!files[i].document.arena)
            toParse.push_back(i);
        else
            done += files[i].document.text.size();
    }
    std::vector<std::optional<Diagnostic>> readErrors(files.size());
    forEach(toParse, totalBytes >= s_sharedBytes, [&](std::size_t i) {
        FileRecord &file = files[i];
        FileText read = readKbFile(file.path);
        if (read.error) {
            readErrors[i] = std::move(read.error);
            return;
        }
        const QByteArray text = std::move(read.text);
        file.size = text.size();
        file.document = parseDocument(text, file.path);
        const std::lock_guard lock(progressMutex);
        done += text.size();
        if (progress)
            progress(std::min(done, totalBytes), totalBytes);
    });
    detail::NameInterner::releaseSpares();
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (readErrors[i])
            diagnostics.push_back(*readErrors[i]);
        for (const Diagnostic &d : files[i].document.diagnostics)
            diagnostics.push_back(d);
        checkSentences(files[i], diagnostics);
    }
}

// §1: every sentence of a file is a list, and none states a context with ist.
void KnowledgeBaseLoader::checkSentences(const FileRecord &file, std::vector<Diagnostic> &diagnostics)
{
    for (const Term sentence : file.document.sentences) {
        if (!sentence.isList()) {
            diagnostics.push_back(error(codes::notAList, file.path,
                QStringLiteral("a sentence must be a list, not %1 — write (predicate argument …)").arg(renderFlat(sentence)), sentence));
        } else if (sentence.isForm(sym::ist)) {
            diagnostics.push_back(error(codes::topLevelIst, file.path,
                QStringLiteral("a file states its own context: write the sentence without ist, in the file of the context it belongs to"),
                sentence));
        }
    }
}

} // namespace fanva::kb
