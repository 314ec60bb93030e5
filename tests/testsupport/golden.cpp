// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "golden.h"

#include "sharedcorpus.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <optional>
#include <vector>

namespace fanva::testsupport {

namespace {

constexpr int s_context = 3;
// Past this many line pairs the built-in diff shows every line as changed instead of
// searching for the longest common subsequence.
constexpr qsizetype s_maxCells = 4'000'000;
// A failure message shows at most this many diff lines.
constexpr int s_maxDiffLines = 400;

// Lines with their terminators, so that a missing final newline is a difference too.
std::vector<QByteArray> splitLines(const QByteArray &text)
{
    std::vector<QByteArray> lines;
    qsizetype start = 0;
    while (start < text.size()) {
        const qsizetype end = text.indexOf('\n', start);
        const qsizetype next = end < 0 ? text.size() : end + 1;
        lines.push_back(text.mid(start, next - start));
        start = next;
    }
    return lines;
}

enum class Op { Same, Removed, Added };

struct Edit {
    Op op;
    qsizetype before; // line index in `before` (Same, Removed)
    qsizetype after; // line index in `after` (Same, Added)
};

std::vector<Edit> editScript(const std::vector<QByteArray> &a, const std::vector<QByteArray> &b)
{
    const auto n = qsizetype(a.size());
    const auto m = qsizetype(b.size());
    std::vector<Edit> edits;
    if (n * m > s_maxCells) {
        for (qsizetype i = 0; i < n; ++i)
            edits.push_back({ Op::Removed, i, 0 });
        for (qsizetype j = 0; j < m; ++j)
            edits.push_back({ Op::Added, n, j });
        return edits;
    }
    // lcs[i][j]: the longest common subsequence of a[i..] and b[j..].
    std::vector<int> lcs(std::size_t((n + 1) * (m + 1)), 0);
    const auto at = [m, &lcs](qsizetype i, qsizetype j) -> int & { return lcs[std::size_t(i * (m + 1) + j)]; };
    for (qsizetype i = n - 1; i >= 0; --i) {
        for (qsizetype j = m - 1; j >= 0; --j)
            at(i, j) = a[std::size_t(i)] == b[std::size_t(j)] ? at(i + 1, j + 1) + 1 : std::max(at(i + 1, j), at(i, j + 1));
    }
    qsizetype i = 0, j = 0;
    while (i < n || j < m) {
        // Removed lines before added ones on a tie, as diff prints a changed block.
        if (i < n && j < m && a[std::size_t(i)] == b[std::size_t(j)]) {
            edits.push_back({ Op::Same, i++, j++ });
        } else if (i < n && (j == m || at(i + 1, j) >= at(i, j + 1))) {
            edits.push_back({ Op::Removed, i++, j });
        } else {
            edits.push_back({ Op::Added, i, j++ });
        }
    }
    return edits;
}

QString diffLine(char marker, const QByteArray &line)
{
    QString text = QLatin1Char(marker) + QString::fromUtf8(line);
    if (!line.endsWith('\n'))
        text += QStringLiteral("\n\\ No newline at end of file\n");
    return text;
}

// "start,count" of a hunk side as diff writes it (a count of 0 names the line before).
QString range(qsizetype first, qsizetype count)
{
    if (count == 1)
        return QString::number(first + 1);
    return QStringLiteral("%1,%2").arg(count == 0 ? first : first + 1).arg(count);
}

QString builtInDiff(const QByteArray &before, const QByteArray &after, const QString &beforeLabel, const QString &afterLabel)
{
    const std::vector<QByteArray> a = splitLines(before);
    const std::vector<QByteArray> b = splitLines(after);
    const std::vector<Edit> edits = editScript(a, b);
    QString out = QStringLiteral("--- %1\n+++ %2\n").arg(beforeLabel, afterLabel);
    const auto count = qsizetype(edits.size());
    qsizetype k = 0;
    while (k < count) {
        // The next change, and the hunk around it: changes closer than 2 × context merge.
        while (k < count && edits[std::size_t(k)].op == Op::Same)
            ++k;
        if (k == count)
            break;
        const qsizetype begin = std::max<qsizetype>(0, k - s_context);
        qsizetype end = k;
        qsizetype lastChange = k;
        while (end < count) {
            if (edits[std::size_t(end)].op != Op::Same)
                lastChange = end;
            else if (end - lastChange > 2 * s_context)
                break;
            ++end;
        }
        end = std::min(count, lastChange + 1 + s_context);
        qsizetype beforeCount = 0, afterCount = 0;
        for (qsizetype e = begin; e < end; ++e) {
            beforeCount += edits[std::size_t(e)].op != Op::Added ? 1 : 0;
            afterCount += edits[std::size_t(e)].op != Op::Removed ? 1 : 0;
        }
        const Edit &first = edits[std::size_t(begin)];
        out += QStringLiteral("@@ -%1 +%2 @@\n").arg(range(first.before, beforeCount), range(first.after, afterCount));
        for (qsizetype e = begin; e < end; ++e) {
            const Edit &edit = edits[std::size_t(e)];
            switch (edit.op) {
            case Op::Same:
                out += diffLine(' ', a[std::size_t(edit.before)]);
                break;
            case Op::Removed:
                out += diffLine('-', a[std::size_t(edit.before)]);
                break;
            case Op::Added:
                out += diffLine('+', b[std::size_t(edit.after)]);
                break;
            }
        }
        k = end;
    }
    return out;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// `diff -u`, or nullopt when there is no diff program or it fails.
std::optional<QString> toolDiff(const QByteArray &before, const QByteArray &after, const QString &beforeLabel, const QString &afterLabel)
{
    const QString program = QStandardPaths::findExecutable(QStringLiteral("diff"));
    if (program.isEmpty())
        return std::nullopt;
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("before"));
    const QString b = dir.filePath(QStringLiteral("after"));
    if (!dir.isValid() || !writeFile(a, before) || !writeFile(b, after))
        return std::nullopt;
    QProcess process;
    process.start(program, { QStringLiteral("-u"), QStringLiteral("--label"), beforeLabel, QStringLiteral("--label"), afterLabel, a, b });
    // Exit status 1 means "different"; anything else but 0 is trouble.
    if (!process.waitForFinished(30'000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() > 1)
        return std::nullopt;
    return QString::fromUtf8(process.readAllStandardOutput());
}

QString truncated(const QString &diff)
{
    const QStringList lines = diff.split(QLatin1Char('\n'));
    if (lines.size() <= s_maxDiffLines)
        return diff;
    return lines.mid(0, s_maxDiffLines).join(QLatin1Char('\n'))
        + QStringLiteral("\n… %1 more diff lines\n").arg(lines.size() - s_maxDiffLines);
}

} // namespace

QString unifiedDiff(const QByteArray &before, const QByteArray &after, const QString &beforeLabel, const QString &afterLabel, DiffTool tool)
{
    if (before == after)
        return {};
    if (tool == DiffTool::Auto) {
        if (const std::optional<QString> diff = toolDiff(before, after, beforeLabel, afterLabel))
            return *diff;
    }
    return builtInDiff(before, after, beforeLabel, afterLabel);
}

QString actualOutputPath(const QString &referencePath)
{
    QString outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR");
    if (outputDir.isEmpty())
        outputDir = QDir::tempPath() + QStringLiteral("/fanva-test-output");
    const QString relative = QDir(testDataDir()).relativeFilePath(QFileInfo(referencePath).absoluteFilePath());
    const bool inside = !relative.startsWith(QLatin1String("..")) && !QDir::isAbsolutePath(relative);
    return QDir::cleanPath(outputDir + QLatin1Char('/') + (inside ? relative : QFileInfo(referencePath).fileName()));
}

QString goldenMismatch(const QByteArray &actual, const QString &referencePath, DiffTool tool)
{
    QFile file(referencePath);
    const bool readable = file.open(QIODevice::ReadOnly);
    const QByteArray reference = readable ? file.readAll() : QByteArray();
    if (readable && reference == actual)
        return {};
    const QString actualPath = actualOutputPath(referencePath);
    const bool written = writeFile(actualPath, actual);
    QString message;
    if (!readable)
        message = QStringLiteral("the reference %1 cannot be read: %2").arg(referencePath, file.errorString());
    else
        message = QStringLiteral("the output differs from the reference %1").arg(referencePath);
    if (written)
        message += QStringLiteral("\nactual output: %1 (to accept it: cp '%1' '%2')").arg(actualPath, referencePath);
    else
        message += QStringLiteral("\nthe actual output could not be written to %1").arg(actualPath);
    if (readable)
        message += QLatin1Char('\n') + truncated(unifiedDiff(reference, actual, referencePath, actualPath, tool));
    return message;
}

} // namespace fanva::testsupport
