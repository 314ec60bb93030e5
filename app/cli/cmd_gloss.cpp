// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli gloss: the English reading of each KB sentence, from the KB's comment
// templates (formalize.md §6), marked composed, partial or named.
#include "clicommand.h"
#include "seamcommands.h"

#include "formalize/gloss.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <cstdio>

using namespace fanva;

namespace {
const QString s_glossCommand = QStringLiteral("gloss");
}

int runGloss(const QStringList &args)
{
    cli::CommandLine commandLine(s_glossCommand,
        QStringLiteral("Print the English gloss of each sentence, read from the KB's comment templates and marked "
                       "composed, partial or named."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &kbOption = commandLine.addKb(QStringLiteral("The KB whose comments give the templates."));
    const QCommandLineOption &contextOption = commandLine.addContext(
        QStringLiteral("Read comments as seen from CX (default: the context the file is named after, else every context)."));
    const QCommandLineOption &jsonOption = commandLine.addJson(QStringLiteral("Print one JSON document."));

    parser.addPositionalArgument(
        QStringLiteral("FILE"), QStringLiteral("KB text to gloss, or - for standard input."), QStringLiteral("FILE|-"));
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (!parser.isSet(kbOption))
        return commandLine.usageError(QStringLiteral("--kb DIR is required"));
    if (parser.positionalArguments().size() != 1)
        return commandLine.usageError(QStringLiteral("give exactly one FILE (or -)"));
    if (const std::optional<int> exit = commandLine.chooseLanguage(parser.positionalArguments(), parser.value(kbOption)))
        return *exit;
    if (&commandLine.language() != &lang::defaultLanguage())
        return cli::glossWithLanguage(
            commandLine, parser.value(kbOption), parser.positionalArguments().constFirst(), parser.isSet(jsonOption));

    const QString input = parser.positionalArguments().constFirst();
    QFile file;
    const bool stdinInput = input == QLatin1String("-");
    const bool opened = stdinInput ? file.open(stdin, QIODevice::ReadOnly) : (file.setFileName(input), file.open(QIODevice::ReadOnly));
    if (!opened) {
        cli::err(QStringLiteral("fanva-cli gloss: cannot read %1: %2\n").arg(input, file.errorString()));
        return cli::ExitError;
    }
    const kb::Document document = kb::parseDocument(file.readAll(), stdinInput ? QStringLiteral("<stdin>") : input);
    for (const kb::Diagnostic &diagnostic : document.diagnostics)
        cli::err(diagnostic.toString() + QLatin1Char('\n'));

    const kb::LoadResult loaded = kb::loadKnowledgeBase(parser.value(kbOption));
    for (const kb::Diagnostic &diagnostic : loaded.diagnostics)
        cli::err(diagnostic.toString() + QLatin1Char('\n'));
    if (!loaded.ok())
        return cli::ExitError;
    cli::keepUntilExit(loaded.kb);

    kb::SymbolId context = kb::noSymbol;
    if (parser.isSet(contextOption)) {
        context = kb::intern(parser.value(contextOption).toStdString());
    } else if (!stdinInput) {
        const std::string stem = QFileInfo(input).completeBaseName().toStdString();
        if (kb::isContextName(stem))
            context = kb::intern(stem);
    }

    nlohmann::json results = nlohmann::json::array();
    QString text;
    for (const kb::Term sentence : document.sentences) {
        const formalize::Gloss g = formalize::gloss(*loaded.kb, sentence, context);
        const QString source = formalize::glossSourceName(g.source);
        if (parser.isSet(jsonOption)) {
            results.push_back({ { "line", sentence.span().line }, { "sentence", kb::renderFlat(sentence).toStdString() },
                { "gloss", g.text.toStdString() }, { "source", source.toStdString() } });
        } else {
            text += QStringLiteral("%1\n  %2: %3\n").arg(kb::renderFlat(sentence), source, g.text);
        }
    }
    if (parser.isSet(jsonOption))
        cli::out(QString::fromStdString(nlohmann::json { { "results", results } }.dump(2)) + QLatin1Char('\n'));
    else
        cli::out(text);
    return document.hasErrors() ? cli::ExitProblems : cli::ExitOk;
}
