// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/knowledgebase.h"

#include "lang/nibli/checks.h"
#include "lang/nibli/codes.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace fanva::lang::nibli {

namespace {

constexpr qint64 s_maxFileSize = qint64(64) * 1024 * 1024;

std::string lowercase(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
    return out;
}

void collectFiles(const QDir &root, const QString &relative, QStringList &out, QStringList *skipped)
{
    const QDir dir(root.filePath(relative));
    const QFileInfoList entries = dir.entryInfoList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo &info : entries) {
        const QString path = relative.isEmpty() ? info.fileName() : relative + QLatin1Char('/') + info.fileName();
        if (info.isSymLink()) {
            if (skipped != nullptr && (info.isDir() || info.fileName().endsWith(QLatin1String(".nibli"))))
                skipped->append(path);
            continue;
        }
        if (info.isDir()) {
            if (!info.fileName().startsWith(QLatin1Char('.')))
                collectFiles(root, path, out, skipped);
            continue;
        }
        if (info.isFile() && info.fileName().endsWith(QLatin1String(".nibli")))
            out.append(path);
    }
}

/// Whether the bytes of a statement's span hold a comment (outside its strings).
bool spanHoldsComment(std::string_view span)
{
    bool inString = false;
    for (size_t i = 0; i < span.size(); ++i) {
        const char c = span[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '#' || (c == '/' && i + 1 < span.size() && span[i + 1] == '*'))
            return true;
    }
    return false;
}

} // namespace

QString FileDiagnostic::toString() const
{
    return file + QLatin1Char(':') + QString::number(diagnostic.line) + QLatin1Char(':') + QString::number(diagnostic.column)
        + (warning ? QLatin1String(": warning: ") : QLatin1String(": error: ")) + QString::fromStdString(diagnostic.message);
}

QStringList KnowledgeBase::files(const QString &root, QStringList *skipped)
{
    QStringList out;
    collectFiles(QDir(root), QString(), out, skipped);
    const auto bytewise = [](const QString &a, const QString &b) { return a.toUtf8() < b.toUtf8(); };
    std::sort(out.begin(), out.end(), bytewise);
    if (skipped != nullptr)
        std::sort(skipped->begin(), skipped->end(), bytewise);
    return out;
}

KnowledgeBase::LoadResult KnowledgeBase::load(const QString &root, const Lexicon &lexicon)
{
    LoadResult result;
    const QFileInfo rootInfo(root);
    if (!rootInfo.isDir() || !rootInfo.isReadable()) {
        result.diagnostics.push_back({ root, { "unreadable", 0, 0, 0, "cannot read the knowledge base folder" }, false });
        return result;
    }
    QStringList skipped;
    const QStringList names = files(root, &skipped);
    std::vector<std::pair<QString, std::string>> texts;
    bool failed = false;
    for (const QString &name : names) {
        QFile file(QDir(root).filePath(name));
        if (file.size() > s_maxFileSize) {
            result.diagnostics.push_back({ name, { codes::fileTooLarge, 0, 1, 1, "the file is over 64 MiB: split it" }, false });
            failed = true;
            continue;
        }
        if (!file.open(QIODevice::ReadOnly)) {
            result.diagnostics.push_back({ name, { "unreadable", 0, 1, 1, "cannot read the file" }, false });
            failed = true;
            continue;
        }
        const QByteArray bytes = file.readAll();
        texts.emplace_back(name, std::string(bytes.constData(), static_cast<size_t>(bytes.size())));
    }
    for (const QString &link : skipped)
        result.diagnostics.push_back({ link, { "symlink", 0, 1, 1, "symlink " + link.toStdString() + " not followed" }, true });
    LoadResult loaded = fromTexts(texts, lexicon);
    result.diagnostics.insert(result.diagnostics.end(), loaded.diagnostics.begin(), loaded.diagnostics.end());
    if (!failed)
        result.kb = std::move(loaded.kb);
    return result;
}

KnowledgeBase::LoadResult KnowledgeBase::fromTexts(const std::vector<std::pair<QString, std::string>> &files, const Lexicon &lexicon)
{
    LoadResult result;
    std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase(lexicon));
    bool failed = false;
    std::vector<LineIndex> lines;
    lines.reserve(files.size());
    // Read every file; then declare every declaration (path, then offset order), so that
    // resolution does not depend on the order of files or statements.
    for (const auto &[name, text] : files) {
        lines.emplace_back(text);
        ReadResult read = nibli::read(text);
        for (Diagnostic &d : read.diagnostics)
            result.diagnostics.push_back({ name, std::move(d), false });
        failed |= !read.diagnostics.empty();
        for (Statement &s : read.statements)
            kb->m_statements.push_back({ name, std::move(s), {} });
    }
    for (KbStatement &k : kb->m_statements)
        if (k.statement.isDeclaration)
            kb->m_vocabulary.declare(k.statement.declaration, render(k.statement));
    size_t fileIndex = 0;
    QString currentFile;
    for (size_t i = 0; i < kb->m_statements.size(); ++i) {
        KbStatement &k = kb->m_statements[i];
        if (k.file != currentFile) {
            currentFile = k.file;
            while (files[fileIndex].first != currentFile)
                ++fileIndex;
        }
        std::vector<Diagnostic> problems = resolve(k.statement, kb->m_vocabulary);
        if (!problems.empty()) {
            locate(problems, lines[fileIndex]);
            for (Diagnostic &d : problems)
                result.diagnostics.push_back({ k.file, std::move(d), false });
            failed = true;
            continue;
        }
        k.key = key(k.statement);
        auto &same = kb->m_keys[k.key];
        if (!same.empty()) {
            const KbStatement &first = kb->m_statements[same.front()];
            result.diagnostics.push_back({ k.file,
                { "duplicate", k.statement.begin, k.statement.line, k.statement.column,
                    first.file.toStdString() + ":" + std::to_string(first.statement.line) + " states the same claim" },
                true });
        } else {
            same.push_back(i);
        }
        for (const std::string &n : namesOf(k.statement)) {
            auto &verbatim = kb->m_names[n];
            if (verbatim.empty() || verbatim.back() != i)
                verbatim.push_back(i);
            auto &lower = kb->m_lowerNames[lowercase(n)];
            if (lower.empty() || lower.back() != i)
                lower.push_back(i);
        }
        for (const std::string &h : headsOf(k.statement)) {
            auto &heads = kb->m_heads[h];
            if (heads.empty() || heads.back() != i)
                heads.push_back(i);
        }
    }
    std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(), [](const FileDiagnostic &a, const FileDiagnostic &b) {
        const QByteArray fa = a.file.toUtf8();
        const QByteArray fb = b.file.toUtf8();
        return fa != fb ? fa < fb : a.diagnostic.offset < b.diagnostic.offset;
    });
    if (!failed)
        result.kb = std::move(kb);
    return result;
}

std::vector<size_t> KnowledgeBase::withKey(std::string_view key) const
{
    const auto it = m_keys.find(key);
    return it == m_keys.end() ? std::vector<size_t>() : it->second;
}

std::string KnowledgeBase::spellingOf(std::string_view name) const
{
    const auto it = m_lowerNames.find(lowercase(name));
    if (it == m_lowerNames.end())
        return {};
    const std::string lower = lowercase(name);
    for (const std::string &n : namesOf(m_statements[it->second.front()].statement))
        if (lowercase(n) == lower)
            return n;
    return {};
}

std::vector<size_t> KnowledgeBase::withName(std::string_view name) const
{
    const auto it = m_names.find(name);
    return it == m_names.end() ? std::vector<size_t>() : it->second;
}

std::vector<size_t> KnowledgeBase::withHead(std::string_view head) const
{
    const auto it = m_heads.find(head);
    return it == m_heads.end() ? std::vector<size_t>() : it->second;
}

ParsedCandidate parseCandidate(std::string_view text)
{
    ParsedCandidate out;
    ReadResult r = read(text);
    const bool several = r.statements.size() >= 2;
    if (!r.diagnostics.empty() && (!several || r.diagnostics.front().offset < r.statements[1].begin)) {
        out.problem = r.diagnostics.front();
        return out;
    }
    if (several) {
        const Statement &second = r.statements[1];
        out.problem = Diagnostic { codes::severalSentences, second.begin, second.line, second.column,
            "the candidate holds more than one statement: give each its own candidate" };
        return out;
    }
    if (r.statements.empty()) {
        out.problem = Diagnostic { codes::emptySentence, 0, 1, 1, "the candidate holds no statement: write one statement ending with '.'" };
        return out;
    }
    out.statement = std::move(r.statements.front());
    return out;
}

CheckResult check(const KnowledgeBase *kb, const Vocabulary &vocabulary, Statement &s, const Batch &batch, std::optional<size_t> self)
{
    CheckResult out;
    out.problems = resolve(s, vocabulary);
    if (!out.problems.empty())
        return out;
    out.problems = assertability(s);
    if (!out.problems.empty())
        return out;
    std::vector<const Term *> seen;
    for (const Term *name : nameTerms(s)) {
        const std::string lower = lowercase(name->text);
        std::string other;
        if (kb != nullptr) {
            const std::string spelled = kb->spellingOf(name->text);
            if (!spelled.empty() && spelled != name->text)
                other = spelled;
        }
        for (const std::string &b : batch.names)
            if (other.empty() && lowercase(b) == lower && b != name->text)
                other = b;
        for (const Term *earlier : seen)
            if (other.empty() && lowercase(earlier->text) == lower && earlier->text != name->text)
                other = earlier->text;
        seen.push_back(name);
        if (!other.empty())
            out.problems.push_back({ codes::nameSpelling, name->offset, 0, 0,
                name->text + " is written " + other
                    + " elsewhere in the knowledge base: a Name is one constant whatever its case, "
                      "so use one spelling ("
                    + other + ")" });
    }
    if (!out.problems.empty())
        return out;
    const std::string k = key(s);
    if (kb != nullptr) {
        for (const size_t i : kb->withKey(k)) {
            if (self && *self == i)
                continue;
            const KbStatement &stored = kb->statements()[i];
            out.notes.push_back({ codes::alreadyStored, s.begin, s.line, s.column,
                "already stored in " + stored.file.toStdString() + " as " + render(stored.statement) });
            break;
        }
    }
    for (size_t i = 0; i < batch.keys.size(); ++i)
        if (batch.keys[i] == k) {
            out.notes.push_back(
                { codes::duplicateInBatch, s.begin, s.line, s.column, "duplicate of entry " + std::to_string(i + 1) + " in this batch" });
            break;
        }
    return out;
}

std::optional<std::string> format(std::string_view text, const Vocabulary &vocabulary)
{
    ReadResult r = read(text);
    if (!r.diagnostics.empty())
        return std::nullopt;
    Vocabulary local = vocabulary;
    for (const Statement &s : r.statements)
        if (s.isDeclaration)
            local.declare(s.declaration, render(s));
    std::string out;
    size_t at = 0;
    for (Statement &s : r.statements) {
        if (!resolve(s, local).empty())
            return std::nullopt;
        out.append(text.substr(at, s.begin - at));
        const std::string_view span = text.substr(s.begin, s.end - s.begin);
        if (spanHoldsComment(span))
            out.append(span);
        else
            out.append(render(s));
        at = s.end;
    }
    out.append(text.substr(at));
    return out;
}

} // namespace fanva::lang::nibli
