// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli check: run the critic on every statement of the inputs against a KB, each
// statement alone, and print one line per problem (or one JSON document).
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"

#include "check/problem.h"
#include "lang/toolservices.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QSet>

#include <nlohmann/json.hpp>

#include <algorithm>

using namespace fanva;

namespace {

/// What check was asked: the KB, the inputs, the target (empty: each input's file name).
struct CheckRequest {
    QString kbDir;
    QStringList inputs;
    std::optional<QString> target;
    bool json = false;
    /// The KB folder and the canonical paths of its files (filled once the KB loads).
    QString kbRoot;
    QSet<QString> kbFiles;
};

/// The results check prints, gathered over the inputs: JSON objects, or problem lines printed at once.
struct Tally {
    const lang::Language &language;
    bool json = false;
    int statements = 0;
    int clean = 0;
    nlohmann::json results = nlohmann::json::array();

    [[nodiscard]] QString quote(const lang::Statement &statement) const
    {
        const lang::ToolServices *services = language.toolServices();
        return services ? services->quote(statement) : language.render(statement);
    }

    void addStatement(const QString &input, int index, const lang::Statement &statement, const std::vector<check::Problem> &problems)
    {
        ++statements;
        clean += check::hasBlocking(problems) ? 0 : 1;
        const lang::Span at = statement.span;
        if (json) {
            results.push_back({ { "file", input.toStdString() }, { "index", index }, { "line", at.line }, { "col", at.column },
                { "sentence", quote(statement).toStdString() }, { "problems", cli::problemsJson(problems, true) },
                { "notes", cli::problemsJson(problems, false) } });
            return;
        }
        QString lines;
        for (const check::Problem &p : problems) {
            const lang::Span where = p.span.value_or(at);
            lines += QStringLiteral("%1:%2:%3: %4: %5\n").arg(input).arg(where.line).arg(where.column).arg(p.type, p.message);
        }
        if (!lines.isEmpty())
            cli::out(lines);
    }

    /// A form the reader could not read: a result whose one problem is the reader's diagnostic.
    void addUnreadable(const QString &input, int index, const lang::UnreadableForm &u)
    {
        ++statements;
        const lang::Diagnostic &d = u.diagnostic;
        if (json) {
            const nlohmann::json problem { { "type", d.code.toStdString() }, { "message", d.message.toStdString() }, { "line", d.line },
                { "col", d.column } };
            results.push_back({ { "file", input.toStdString() }, { "index", index }, { "line", u.line }, { "col", u.column },
                { "sentence", u.text.toStdString() }, { "problems", nlohmann::json::array({ problem }) },
                { "notes", nlohmann::json::array() } });
            return;
        }
        cli::out(QStringLiteral("%1:%2:%3: %4: %5\n").arg(input).arg(d.line).arg(d.column).arg(d.code, d.message));
    }

    void printSummary() const
    {
        if (!json)
            return;
        const nlohmann::json summary { { "sentences", statements }, { "clean", clean }, { "withProblems", statements - clean } };
        cli::out(cli::jsonText(nlohmann::json { { "results", results }, { "summary", summary } }));
    }
};

/// True if `input` is the KB file that holds `target`: its statements are then stored there
/// already, and are not "already stored" by themselves.
bool isTargetsOwnFile(const lang::Language &language, const CheckRequest &request, const QString &input, const QString &target)
{
    const QString canonical = input == QLatin1String("-") ? QString() : QFileInfo(input).canonicalFilePath();
    return !canonical.isEmpty() && request.kbFiles.contains(canonical) && !language.targetNameProblem(target)
        && language.isTargetFile(QDir(request.kbRoot).relativeFilePath(canonical), target);
}

/// Checks the statements of one input in file order (with the forms the reader could not
/// read, where the language finds them); false when the reader found an error.
bool checkInput(const lang::Kb &kb, const CheckRequest &request, const QString &input, const QByteArray &text, Tally &tally)
{
    const lang::Language &language = kb.language();
    const lang::ToolServices *services = language.toolServices();
    const lang::ReadResult read = language.read(text, input);
    const std::vector<lang::UnreadableForm> unreadable
        = services ? services->unreadableForms(text, read) : std::vector<lang::UnreadableForm>();
    // A form the reader could not read is a result of its own (below); the rest goes to stderr.
    for (const lang::Diagnostic &diagnostic : read.diagnostics) {
        const bool asResult
            = std::any_of(unreadable.begin(), unreadable.end(), [&](const lang::UnreadableForm &u) { return u.diagnostic == diagnostic; });
        if (!asResult)
            cli::err(diagnostic.toString() + QLatin1Char('\n'));
    }
    const QString target = request.target.value_or(QFileInfo(input).completeBaseName());
    const bool stored = services && isTargetsOwnFile(language, request, input, target);
    int index = 0;
    auto nextUnreadable = unreadable.begin();
    for (const lang::Statement &statement : read.statements) {
        for (; nextUnreadable != unreadable.end() && nextUnreadable->offset < qsizetype(statement.span.begin); ++nextUnreadable)
            tally.addUnreadable(input, index++, *nextUnreadable);
        tally.addStatement(
            input, index++, statement, stored ? services->checkStored(kb, statement, target) : language.check(kb, statement, target));
    }
    for (; nextUnreadable != unreadable.end(); ++nextUnreadable)
        tally.addUnreadable(input, index++, *nextUnreadable);
    return !read.hasErrors();
}

int checkInputs(const cli::CommandLine &commandLine, CheckRequest request)
{
    const std::shared_ptr<const lang::Kb> kb = cli::loadKb(commandLine, request.kbDir);
    if (!kb)
        return cli::ExitError;
    request.kbRoot = QFileInfo(request.kbDir).canonicalFilePath();
    for (const QString &file : commandLine.language().kbFiles(request.kbDir))
        request.kbFiles.insert(QFileInfo(file).canonicalFilePath());
    bool readerErrors = false;
    Tally tally { commandLine.language(), request.json };
    for (const QString &input : request.inputs) {
        const std::optional<QByteArray> text = cli::readInput(commandLine, input);
        if (!text)
            return cli::ExitError;
        readerErrors = !checkInput(*kb, request, input, *text, tally) || readerErrors;
    }
    tally.printSummary();
    return (tally.clean == tally.statements && !readerErrors) ? cli::ExitOk : cli::ExitProblems;
}

} // namespace

int runCheck(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("check"),
        QStringLiteral("Run the critic on every sentence of the inputs against the KB in DIR, each sentence "
                       "alone. Prints FILE:LINE:COL: TYPE: MESSAGE per problem (a form the reader cannot read: "
                       "its error); exit 0 when every sentence is clean, 1 when any has a blocking problem or "
                       "does not read, 2 for usage or I/O errors."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &kbOption = commandLine.addKb(QStringLiteral("The KB directory to check against."));
    commandLine.addContext(QStringLiteral("Check in context CX (default: the context the input file is named after)."));
    commandLine.addJson(QStringLiteral("Print {results:[{file, index, line, col, sentence, problems, notes}], summary} on stdout."));
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
    if (inputs.contains(QStringLiteral("-")) && !commandLine.hasContext())
        return commandLine.usageError(QStringLiteral("stdin has no file name to take a context from: give --context CX"));
    CheckRequest request;
    request.kbDir = parser.value(kbOption);
    request.inputs = inputs;
    request.json = commandLine.json();
    if (commandLine.hasContext())
        request.target = commandLine.context();
    return checkInputs(commandLine, request);
}
