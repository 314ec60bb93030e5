// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli parse: read KB files and report every syntax error; optionally print the
// canonical key of each sentence.
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"

#include "kb/reader.h"
#include "lang/toolservices.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <vector>

using namespace fanva;

namespace {

/// One file read, with its statements.
struct ParsedFile {
    QString path;
    lang::ReadResult read;
};

/// The identity key of every statement of `files`, in file order, keyed together (a
/// fanva-kb predicate marked symmetric in any of them counts).
std::vector<std::string> keysOf(const lang::Language &language, const std::vector<ParsedFile> &files)
{
    std::vector<lang::Statement> statements;
    for (const ParsedFile &file : files)
        statements.insert(statements.end(), file.read.statements.begin(), file.read.statements.end());
    if (const lang::ToolServices *services = language.toolServices())
        return services->keysTogether(statements);
    std::vector<std::string> keys;
    for (const lang::Statement &statement : statements)
        keys.push_back(language.key(nullptr, statement));
    return keys;
}

nlohmann::json diagnosticJson(const kb::Diagnostic &diagnostic)
{
    return { { "line", diagnostic.line }, { "col", diagnostic.column }, { "code", diagnostic.code.toStdString() },
        { "severity", diagnostic.isError() ? "error" : "warning" }, { "message", diagnostic.message.toStdString() } };
}

/// Prints what parse found in `files` (diagnostics on stderr; keys or JSON on stdout).
int parseReport(const lang::Language &language, const std::vector<ParsedFile> &files, bool canonical, bool json)
{
    const std::vector<std::string> keys = canonical ? keysOf(language, files) : std::vector<std::string>();
    auto nextKey = keys.begin();
    bool anyError = false;
    nlohmann::json jsonFiles = nlohmann::json::array();
    QString keyLines;
    for (const ParsedFile &file : files) {
        nlohmann::json errors = nlohmann::json::array();
        for (const kb::Diagnostic &diagnostic : file.read.diagnostics) {
            anyError = anyError || diagnostic.isError();
            cli::err(diagnostic.toString() + QLatin1Char('\n'));
            errors.push_back(diagnosticJson(diagnostic));
        }
        nlohmann::json entry { { "file", file.path.toStdString() }, { "sentences", file.read.statements.size() }, { "errors", errors } };
        if (canonical) {
            nlohmann::json list = nlohmann::json::array();
            for (std::size_t i = 0; i < file.read.statements.size(); ++i, ++nextKey) {
                list.push_back(*nextKey);
                keyLines += QString::fromStdString(*nextKey) + QLatin1Char('\n');
            }
            entry["keys"] = list;
        }
        jsonFiles.push_back(std::move(entry));
    }
    if (json)
        cli::out(cli::jsonText(nlohmann::json { { "files", jsonFiles } }));
    else if (canonical)
        cli::out(keyLines);
    return anyError ? cli::ExitProblems : cli::ExitOk;
}

} // namespace

int runParse(const QStringList &args)
{
    cli::CommandLine commandLine(
        QStringLiteral("parse"), QStringLiteral("Read KB files and report syntax errors as FILE:LINE:COL: error: MESSAGE."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &jsonOption = commandLine.addJson(
        QStringLiteral("Print {files:[{file, sentences, errors:[{line, col, code, severity, message}]}]} on stdout."));
    const QCommandLineOption canonicalOption(
        QStringLiteral("canonical"), QStringLiteral("Print each sentence's canonical key, one per line, in file order."));
    parser.addOption(canonicalOption);
    parser.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("KB files to read."), QStringLiteral("FILE…"));
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty())
        return commandLine.usageError(QStringLiteral("no FILE given"));
    if (const std::optional<int> exit = commandLine.chooseLanguage(paths))
        return *exit;

    const lang::Language &language = commandLine.language();
    const lang::ToolServices *services = language.toolServices();
    std::vector<ParsedFile> files;
    files.reserve(std::size_t(paths.size()));
    for (const QString &path : paths) {
        const std::optional<QByteArray> text = cli::readInput(commandLine, path);
        if (!text)
            return cli::ExitError;
        files.push_back({ path, services ? services->readFile(*text, path) : language.read(*text, path) });
    }
    return parseReport(language, files, parser.isSet(canonicalOption), parser.isSet(jsonOption));
}
