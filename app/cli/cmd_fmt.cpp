// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli fmt: rewrite KB files in the writer's layout (render, never renderCanonical),
// keeping comments, blank lines and sentence order.
#include "clicommand.h"
#include "seamcommands.h"

#include "kb/reader.h"
#include "kb/writer.h"
#include "proposal/apply.h"

#include <QCommandLineParser>
#include <QFile>

using namespace fanva;

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
    if (&commandLine.language() != &lang::defaultLanguage())
        return cli::fmtWithLanguage(commandLine, files, parser.isSet(checkOption));

    bool problems = false;
    for (const QString &path : files) {
        kb::FileText read = kb::readKbFile(path);
        if (read.error) {
            cli::err(QStringLiteral("fanva-cli fmt: %1\n").arg(read.error->toString()));
            return cli::ExitError;
        }
        const QByteArray original = read.text;
        const kb::Document document = kb::parseDocument(read.text, path);
        if (document.hasErrors()) {
            // A file that does not read cannot be laid out; leave it untouched.
            for (const kb::Diagnostic &diagnostic : document.diagnostics)
                cli::err(diagnostic.toString() + QLatin1Char('\n'));
            problems = true;
            continue;
        }
        const QByteArray formatted = kb::formatDocument(document);
        if (formatted == document.text)
            continue;
        if (parser.isSet(checkOption)) {
            cli::out(QStringLiteral("%1: would be reformatted\n").arg(path));
            problems = true;
            continue;
        }
        // Under the file's lock, like Apply and Undo: an Apply made meanwhile is not lost.
        QString error;
        if (!proposal::rewriteKbFile(path, original, formatted, {}, &error)) {
            cli::err(QStringLiteral("fanva-cli fmt: %1\n").arg(error));
            return cli::ExitError;
        }
    }
    return problems ? cli::ExitProblems : cli::ExitOk;
}
