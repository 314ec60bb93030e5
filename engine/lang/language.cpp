// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/language.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace fanva::lang {

QString Kb::targetFile(const QString &target) const
{
    const QStringList patterns = language().kbFilePatterns();
    const QString pattern = patterns.isEmpty() ? QString() : patterns.constFirst();
    return target + (pattern.startsWith(QLatin1Char('*')) ? pattern.mid(1) : QString());
}

bool ReadResult::hasErrors() const
{
    return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); });
}

namespace {

bool matches(const std::vector<QRegularExpression> &patterns, const QString &name)
{
    return std::any_of(patterns.begin(), patterns.end(), [&](const QRegularExpression &p) { return p.match(name).hasMatch(); });
}

void collect(const QString &dir, const std::vector<QRegularExpression> &patterns, QStringList &out)
{
    const QFileInfoList entries = QDir(dir).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    for (const QFileInfo &entry : entries) {
        if (entry.fileName().startsWith(QLatin1Char('.')) || entry.isSymLink())
            continue;
        if (entry.isDir()) {
            collect(entry.filePath(), patterns, out);
        } else if (entry.isFile() && matches(patterns, entry.fileName())) {
            out.append(entry.filePath());
        }
    }
}

} // namespace

QStringList kbFilesMatching(const QString &dir, const QStringList &patterns)
{
    // Case-sensitive, as the loaders match suffixes (QDir::match would ignore case).
    std::vector<QRegularExpression> expressions;
    for (const QString &pattern : patterns)
        expressions.emplace_back(QRegularExpression::wildcardToRegularExpression(pattern));
    QStringList files;
    collect(dir, expressions, files);
    // Bytewise order of the relative paths: the same order on every platform and locale.
    const QDir root(dir);
    std::vector<std::pair<QByteArray, QString>> keyed;
    keyed.reserve(std::size_t(files.size()));
    for (const QString &file : files)
        keyed.emplace_back(root.relativeFilePath(file).toUtf8(), file);
    std::sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList sorted;
    sorted.reserve(files.size());
    for (auto &[key, file] : keyed)
        sorted.append(std::move(file));
    return sorted;
}

bool Language::isReaderProblem(QStringView code) const
{
    return code == problem::unreadable || code == problem::severalSentences || code == problem::emptySentence;
}

std::optional<QString> Language::targetNameProblem(const QString &target) const
{
    static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_-]*$"));
    if (name.match(target).hasMatch())
        return std::nullopt;
    return QStringLiteral("%1 cannot name a %2 target: a target is a letter or digit, then letters, digits, _ or - (e.g. millbrook)")
        .arg(target.isEmpty() ? QStringLiteral("\"\"") : target, id());
}

bool Language::isTargetFile(const QString &file, const QString &target) const
{
    const QStringList patterns = kbFilePatterns();
    const QString pattern = patterns.isEmpty() ? QString() : patterns.constFirst();
    return !targetNameProblem(target) && pattern.startsWith(QLatin1Char('*')) && file == target + pattern.mid(1);
}

} // namespace fanva::lang
