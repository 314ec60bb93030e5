// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli parse: read KB files and report every syntax error; optionally print the
// canonical key of each sentence.
#include "clicommand.h"
#include "seamcommands.h"

#include "kb/canonical.h"
#include "kb/reader.h"

#include <QCommandLineParser>
#include <QFile>
#include <QThreadPool>

#include <nlohmann/json.hpp>

#include <vector>

using namespace fanva;

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
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty())
        return commandLine.usageError(QStringLiteral("no FILE given"));
    if (const std::optional<int> exit = commandLine.chooseLanguage(files))
        return *exit;
    if (&commandLine.language() != &lang::defaultLanguage())
        return cli::parseWithLanguage(commandLine, files, parser.isSet(canonicalOption), parser.isSet(jsonOption));

    std::vector<kb::Document> documents;
    documents.reserve(std::size_t(files.size()));
    for (const QString &path : files) {
        kb::FileText read = kb::readKbFile(path);
        if (read.error) {
            cli::err(QStringLiteral("fanva-cli parse: %1\n").arg(read.error->toString()));
            return cli::ExitError;
        }
        // A large file is read in pieces on the pool's threads.
        documents.push_back(kb::parseDocument(read.text, path, kb::ParallelReading { QThreadPool::globalInstance()->maxThreadCount() }));
    }

    // Keys depend on the predicates marked symmetric anywhere in the input.
    kb::SymbolSet symmetric;
    for (const kb::Document &document : documents) {
        for (const kb::Term sentence : document.sentences) {
            if (sentence.isForm(kb::sym::symmetric) && sentence.size() == 2 && sentence.at(1).isSymbol())
                symmetric.insert(sentence.at(1).symbol());
        }
    }

    bool anyError = false;
    nlohmann::json jsonFiles = nlohmann::json::array();
    QString canonical;
    for (const kb::Document &document : documents) {
        nlohmann::json errors = nlohmann::json::array();
        for (const kb::Diagnostic &diagnostic : document.diagnostics) {
            anyError = anyError || diagnostic.isError();
            cli::err(diagnostic.toString() + QLatin1Char('\n'));
            errors.push_back({ { "line", diagnostic.line }, { "col", diagnostic.column }, { "code", diagnostic.code.toStdString() },
                { "severity", diagnostic.isError() ? "error" : "warning" }, { "message", diagnostic.message.toStdString() } });
        }
        nlohmann::json entry { { "file", document.file.toStdString() }, { "sentences", document.sentences.size() }, { "errors", errors } };
        if (parser.isSet(canonicalOption)) {
            nlohmann::json keys = nlohmann::json::array();
            for (const kb::Term sentence : document.sentences) {
                const std::string key = kb::canonicalKey(sentence, symmetric);
                keys.push_back(key);
                canonical += QString::fromStdString(key) + QLatin1Char('\n');
            }
            entry["keys"] = keys;
        }
        jsonFiles.push_back(std::move(entry));
    }
    if (parser.isSet(jsonOption))
        cli::out(QString::fromStdString(nlohmann::json { { "files", jsonFiles } }.dump(2)) + QLatin1Char('\n'));
    else if (parser.isSet(canonicalOption))
        cli::out(canonical);
    return anyError ? cli::ExitProblems : cli::ExitOk;
}
