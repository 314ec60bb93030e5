// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli check: run the critic on every sentence of the inputs against a KB, each sentence
// alone, and print one line per problem (or one JSON document).
#include "clicommand.h"
#include "seamcommands.h"

#include "check/critic.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/writer.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cstdio>

using namespace fanva;

namespace {

const QString s_checkCommand = QStringLiteral("check");

// The canonical path of the KB file that holds `context`, if the KB has one.
QString kbFileOf(const kb::KnowledgeBase &knowledgeBase, kb::SymbolId context)
{
    const std::optional<kb::ContextInfo> info = knowledgeBase.contextInfo(context);
    if (!info || info->file.isEmpty())
        return {};
    // The path is as the loader found it under the root, so it resolves from here as is.
    return QFileInfo(info->file).canonicalFilePath();
}

} // namespace

int runCheck(const QStringList &args)
{
    cli::CommandLine commandLine(s_checkCommand,
        QStringLiteral("Run the critic on every sentence of the inputs against the KB in DIR, each sentence "
                       "alone. Prints FILE:LINE:COL: TYPE: MESSAGE per problem; exit 0 when every sentence "
                       "is clean, 1 when any has a blocking problem, 2 for usage or I/O errors."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &kbOption = commandLine.addKb(QStringLiteral("The KB directory to check against."));
    const QCommandLineOption &contextOption
        = commandLine.addContext(QStringLiteral("Check in context CX (default: the context the input file is named after)."));
    const QCommandLineOption &jsonOption
        = commandLine.addJson(QStringLiteral("Print {results:[{file, index, line, col, sentence, problems, notes}], summary} on stdout."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"), QStringLiteral("Files of KB sentences; - reads stdin."), QStringLiteral("FILE…|-"));
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (!parser.isSet(kbOption))
        return commandLine.usageError(QStringLiteral("--kb DIR is required"));
    const QStringList inputs = parser.positionalArguments();
    if (inputs.isEmpty())
        return commandLine.usageError(QStringLiteral("no FILE given (use - for stdin)"));
    if (const std::optional<int> exit = commandLine.chooseLanguage(inputs, parser.value(kbOption)))
        return *exit;
    if (&commandLine.language() != &lang::defaultLanguage())
        return cli::checkWithLanguage(commandLine, parser.value(kbOption), inputs, parser.isSet(jsonOption));
    if (inputs.contains(QStringLiteral("-")) && !parser.isSet(contextOption))
        return commandLine.usageError(QStringLiteral("stdin has no file name to take a context from: give --context CX"));

    const QString kbDir = parser.value(kbOption);
    if (!QFileInfo(kbDir).isDir()) {
        cli::err(QStringLiteral("fanva-cli check: %1 is not a directory\n").arg(kbDir));
        return cli::ExitError;
    }
    const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
    for (const kb::Diagnostic &diagnostic : loaded.diagnostics)
        cli::err(diagnostic.toString() + QLatin1Char('\n'));
    if (!loaded.ok())
        return cli::ExitError;
    cli::keepUntilExit(loaded.kb);
    const check::Critic critic(*loaded.kb);

    bool readerErrors = false;
    int sentences = 0;
    int clean = 0;
    nlohmann::json results = nlohmann::json::array();
    for (const QString &input : inputs) {
        QByteArray text;
        if (input == QLatin1String("-")) {
            QFile in;
            if (!in.open(stdin, QIODevice::ReadOnly)) {
                cli::err(QStringLiteral("fanva-cli check: cannot read stdin: %1\n").arg(in.errorString()));
                return cli::ExitError;
            }
            text = in.readAll();
        } else {
            QFile file(input);
            if (!file.open(QIODevice::ReadOnly)) {
                cli::err(QStringLiteral("fanva-cli check: cannot read %1: %2\n").arg(input, file.errorString()));
                return cli::ExitError;
            }
            text = file.readAll();
        }
        const kb::Document document = kb::parseDocument(text, input);
        for (const kb::Diagnostic &diagnostic : document.diagnostics) {
            readerErrors = readerErrors || diagnostic.isError();
            cli::err(diagnostic.toString() + QLatin1Char('\n'));
        }

        const QString context = parser.isSet(contextOption) ? parser.value(contextOption) : QFileInfo(input).completeBaseName();
        // A KB file audited against its own KB: its sentences are not "already stored" by themselves.
        const std::optional<kb::SymbolId> contextSymbol = kb::findSymbol(context.toStdString());
        const bool ownFile = input != QLatin1String("-") && contextSymbol && contextSymbol != kb::noSymbol
            && !QFileInfo(input).canonicalFilePath().isEmpty()
            && kbFileOf(*loaded.kb, *contextSymbol) == QFileInfo(input).canonicalFilePath();
        const check::Origin origin = ownFile ? check::Origin::StoredHere : check::Origin::Candidate;

        int index = 0;
        for (const kb::Term sentence : document.sentences) {
            const std::vector<check::Problem> problems = critic.check(sentence, context, {}, origin);
            const bool isClean = !check::hasBlocking(problems);
            ++sentences;
            clean += isClean ? 1 : 0;
            const kb::Span at = sentence.span();
            if (parser.isSet(jsonOption)) {
                results.push_back({ { "file", input.toStdString() }, { "index", index }, { "line", at.line }, { "col", at.column },
                    { "sentence", kb::renderFlatUtf8(sentence) }, { "problems", cli::problemsJson(problems, true) },
                    { "notes", cli::problemsJson(problems, false) } });
            } else {
                QString lines;
                for (const check::Problem &p : problems) {
                    const kb::Span where = p.span.value_or(at);
                    lines += QStringLiteral("%1:%2:%3: %4: %5\n").arg(input).arg(where.line).arg(where.column).arg(p.type, p.message);
                }
                if (!lines.isEmpty())
                    cli::out(lines);
            }
            ++index;
        }
    }
    if (parser.isSet(jsonOption)) {
        const nlohmann::json summary { { "sentences", sentences }, { "clean", clean }, { "withProblems", sentences - clean } };
        cli::out(QString::fromStdString(nlohmann::json { { "results", results }, { "summary", summary } }.dump(2)) + QLatin1Char('\n'));
    }
    return (clean == sentences && !readerErrors) ? cli::ExitOk : cli::ExitProblems;
}
