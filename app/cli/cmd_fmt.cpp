// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli fmt: rewrite KB files in the language's layout (fanva-kb: the writer's render,
// never renderCanonical), keeping comments, blank lines and statement order.
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"

#include "lang/toolservices.h"
#include "proposal/apply.h"
#include "status.h"

#include <QCommandLineParser>

using namespace fanva;

namespace {

/// Why `original` was left as it is: the reader's diagnostics, else that a statement does not resolve.
void explainUnformatted(const lang::Language &language, const QString &path, const QByteArray &original)
{
    const lang::ReadResult read = language.read(original, path);
    cli::printDiagnostics(read.diagnostics);
    if (!read.hasErrors())
        cli::err(QStringLiteral("%1: error: a statement does not resolve: run fanva-cli check on it\n").arg(path));
}

} // namespace

int runFmt(const QStringList &args)
{
    cli::CommandLine commandLine(
        QStringLiteral("fmt"), QStringLiteral("Rewrite KB files in canonical layout, keeping comments and blank lines."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption checkOption(QStringLiteral("check"), QStringLiteral("Change nothing; exit 1 if any file would change."));
    parser.addOption(checkOption);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("KB files to format."), QStringLiteral("FILE…"));
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return commandLine.usageError(QStringLiteral("no FILE given"));
    if (const std::optional<int> exit = commandLine.chooseLanguage(files))
        return *exit;
    const lang::Language &language = commandLine.language();
    const lang::ToolServices *services = language.toolServices();
    if (!services)
        return commandLine.usageError(QStringLiteral("the language \"%1\" has no layout to format in").arg(language.id()));

    bool problems = false;
    for (const QString &path : files) {
        const std::optional<QByteArray> original = cli::readInput(commandLine, path);
        if (!original)
            return cli::ExitError;
        const std::optional<QByteArray> formatted = services->format(*original);
        if (!formatted) {
            // A file that does not read (and resolve) cannot be laid out; leave it untouched.
            explainUnformatted(language, path, *original);
            problems = true;
            continue;
        }
        if (*formatted == *original)
            continue;
        if (parser.isSet(checkOption)) {
            cli::out(QStringLiteral("%1: would be reformatted\n").arg(path));
            problems = true;
            continue;
        }
        // Under the file's lock, like Apply and Undo: an Apply made meanwhile is not lost.
        if (const fanva::Status written = proposal::rewriteKbFile(path, *original, *formatted, {}); !written) {
            cli::err(QStringLiteral("fanva-cli fmt: %1\n").arg(written.message()));
            return cli::ExitError;
        }
    }
    return problems ? cli::ExitProblems : cli::ExitOk;
}
