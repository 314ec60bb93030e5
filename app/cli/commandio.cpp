// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "commandio.h"

#include "check/problem.h"
#include "kb/reader.h"

#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

using namespace fanva;

namespace cli {

std::optional<QByteArray> readInput(const CommandLine &commandLine, const QString &input)
{
    if (input != QLatin1String("-")) {
        kb::FileText read = kb::readKbFile(input);
        if (read.error) {
            err(QStringLiteral("fanva-cli %1: %2\n").arg(commandLine.command(), read.error->toString()));
            return std::nullopt;
        }
        return read.text;
    }
    QFile in;
    if (!in.open(stdin, QIODevice::ReadOnly)) {
        err(QStringLiteral("fanva-cli %1: cannot read stdin: %2\n").arg(commandLine.command(), in.errorString()));
        return std::nullopt;
    }
    return in.readAll();
}

std::shared_ptr<const lang::Kb> loadKb(const CommandLine &commandLine, const QString &kbDir)
{
    if (!QFileInfo(kbDir).isDir()) {
        err(QStringLiteral("fanva-cli %1: %2 is not a directory\n").arg(commandLine.command(), kbDir));
        return nullptr;
    }
    const lang::LoadResult loaded = commandLine.language().load(kbDir);
    printDiagnostics(loaded.diagnostics);
    keepUntilExit(loaded.kb);
    return loaded.kb;
}

void printDiagnostics(const std::vector<kb::Diagnostic> &diagnostics)
{
    for (const kb::Diagnostic &diagnostic : diagnostics)
        err(diagnostic.toString() + QLatin1Char('\n'));
}

nlohmann::json problemsJson(const std::vector<check::Problem> &problems, bool blocking)
{
    nlohmann::json list = nlohmann::json::array();
    for (const check::Problem &p : problems) {
        if (check::isBlocking(p.type) == blocking)
            list.push_back({ { "type", p.type.toStdString() }, { "message", p.message.toStdString() } });
    }
    return list;
}

QString jsonText(const nlohmann::json &document)
{
    return QString::fromStdString(document.dump(2)) + QLatin1Char('\n');
}

} // namespace cli
