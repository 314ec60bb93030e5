// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli gloss: the English reading of each KB statement from the KB's templates
// (formalize.md §6), marked composed, partial or named.
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"

#include "formalize/gloss.h"
#include "lang/drafting.h"
#include "lang/language.h"
#include "lang/toolservices.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <nlohmann/json.hpp>

using namespace fanva;

namespace {

/// --context, else the target the input file is named after, else every target (empty).
QString glossTarget(const cli::CommandLine &commandLine, const QString &input)
{
    if (commandLine.hasContext())
        return commandLine.context();
    if (input == QLatin1String("-"))
        return {};
    const QString stem = QFileInfo(input).completeBaseName();
    return commandLine.language().targetNameProblem(stem) ? QString() : stem;
}

int glossInput(const cli::CommandLine &commandLine, const QString &input)
{
    const lang::Language &language = commandLine.language();
    const std::optional<QByteArray> text = cli::readInput(commandLine, input);
    if (!text)
        return cli::ExitError;
    const lang::ReadResult read = language.read(*text, input == QLatin1String("-") ? QStringLiteral("<stdin>") : input);
    cli::printDiagnostics(read.diagnostics);
    const std::shared_ptr<const lang::Kb> kb = cli::loadKb(commandLine, commandLine.kb());
    if (!kb)
        return cli::ExitError;
    const QString target = glossTarget(commandLine, input);
    const lang::ToolServices *services = language.toolServices();
    nlohmann::json results = nlohmann::json::array();
    QString lines;
    for (const lang::Statement &statement : read.statements) {
        const lang::Gloss g = language.gloss(*kb, statement, target);
        const QString source = formalize::glossSourceName(g.source);
        const QString quoted = services ? services->quote(statement) : language.render(statement);
        if (commandLine.json()) {
            results.push_back({ { "line", statement.span.line }, { "sentence", quoted.toStdString() }, { "gloss", g.text.toStdString() },
                { "source", source.toStdString() } });
        } else {
            lines += QStringLiteral("%1\n  %2: %3\n").arg(quoted, source, g.text);
        }
    }
    cli::out(commandLine.json() ? cli::jsonText(nlohmann::json { { "results", results } }) : lines);
    return read.hasErrors() ? cli::ExitProblems : cli::ExitOk;
}

} // namespace

int runGloss(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("gloss"),
        QStringLiteral("Print the English gloss of each sentence, read from the KB's comment templates and marked "
                       "composed, partial or named."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &kbOption = commandLine.addKb(QStringLiteral("The KB whose comments give the templates."));
    commandLine.addContext(
        QStringLiteral("Read comments as seen from CX (default: the context the file is named after, else every context)."));
    commandLine.addJson(QStringLiteral("Print one JSON document."));
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
    return glossInput(commandLine, parser.positionalArguments().constFirst());
}
