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

#include <algorithm>
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

/// A form the reader could not read: where it starts, its text, and the reader's error.
struct Unreadable {
    qsizetype offset = 0;
    int line = 0;
    int column = 0;
    QString text;
    kb::Diagnostic diagnostic;
};

/// The 1-based line and column of byte `offset` of `text`.
std::pair<int, int> positionOf(const QByteArray &text, qsizetype offset)
{
    const qsizetype lineStart = offset <= 0 ? 0 : text.lastIndexOf('\n', offset - 1) + 1;
    return { int(text.left(offset).count('\n')) + 1, int(offset - lineStart) + 1 };
}

/// Where the form holding an error at `at` starts: the first byte after `from` that is neither
/// blank nor in a comment (at most `at`).
qsizetype formStart(const QByteArray &text, qsizetype from, qsizetype at)
{
    qsizetype i = from;
    while (i < at) {
        const char c = text.at(i);
        if (c == ';') {
            const qsizetype newline = text.indexOf('\n', i);
            i = newline < 0 ? text.size() : newline + 1;
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            ++i;
        } else {
            return i;
        }
    }
    return at;
}

/// The forms of `document` the reader could not read, one per positioned error that lies
/// outside every sentence it did read, with their text up to the next sentence (comments
/// and blank lines at its end left out).
std::vector<Unreadable> unreadableForms(const kb::Document &document)
{
    std::vector<Unreadable> out;
    const QByteArray &text = document.text;
    for (const kb::Diagnostic &d : document.diagnostics) {
        if (!d.isError() || d.line <= 0)
            continue;
        const qsizetype at = qsizetype(std::clamp<qint64>(d.byteOffset, 0, text.size()));
        qsizetype previousEnd = 0;
        qsizetype nextBegin = text.size();
        bool inside = false;
        for (const kb::Term s : document.sentences) {
            const kb::Span span = s.span();
            if (qsizetype(span.begin) <= at && at < qsizetype(span.end))
                inside = true;
            else if (qsizetype(span.end) <= at)
                previousEnd = std::max(previousEnd, qsizetype(span.end));
            else
                nextBegin = std::min(nextBegin, qsizetype(span.begin));
        }
        if (inside)
            continue;
        if (!out.empty())
            previousEnd = std::max(previousEnd, out.back().offset + 1);
        const qsizetype start = formStart(text, previousEnd, at);
        QList<QByteArray> lines = text.mid(start, nextBegin - start).split('\n');
        while (!lines.isEmpty() && (lines.last().trimmed().isEmpty() || lines.last().trimmed().startsWith(';')))
            lines.removeLast();
        const auto [line, column] = positionOf(text, start);
        out.push_back({ start, line, column, QString::fromUtf8(lines.join('\n')).simplified(), d });
    }
    return out;
}

/// The results check prints, gathered over the inputs: JSON objects, or problem lines printed at once.
struct Tally {
    bool json = false;
    int sentences = 0;
    int clean = 0;
    nlohmann::json results = nlohmann::json::array();

    void addSentence(const QString &input, int index, kb::Term sentence, const std::vector<check::Problem> &problems)
    {
        ++sentences;
        clean += check::hasBlocking(problems) ? 0 : 1;
        const kb::Span at = sentence.span();
        if (json) {
            results.push_back({ { "file", input.toStdString() }, { "index", index }, { "line", at.line }, { "col", at.column },
                { "sentence", kb::renderFlatUtf8(sentence) }, { "problems", cli::problemsJson(problems, true) },
                { "notes", cli::problemsJson(problems, false) } });
            return;
        }
        QString lines;
        for (const check::Problem &p : problems) {
            const kb::Span where = p.span.value_or(at);
            lines += QStringLiteral("%1:%2:%3: %4: %5\n").arg(input).arg(where.line).arg(where.column).arg(p.type, p.message);
        }
        if (!lines.isEmpty())
            cli::out(lines);
    }

    /// A form the reader could not read: a result whose one problem is the reader's diagnostic.
    void addUnreadable(const QString &input, int index, const Unreadable &u)
    {
        ++sentences;
        const kb::Diagnostic &d = u.diagnostic;
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
};

/// The bytes of one input (- is stdin); nullopt after saying why it cannot be read.
std::optional<QByteArray> readCheckInput(const QString &input)
{
    QFile file(input);
    const bool open = input == QLatin1String("-") ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
    if (!open) {
        cli::err(QStringLiteral("fanva-cli check: cannot read %1: %2\n")
                     .arg(input == QLatin1String("-") ? QStringLiteral("stdin") : input, file.errorString()));
        return std::nullopt;
    }
    return file.readAll();
}

} // namespace

int runCheck(const QStringList &args)
{
    cli::CommandLine commandLine(s_checkCommand,
        QStringLiteral("Run the critic on every sentence of the inputs against the KB in DIR, each sentence "
                       "alone. Prints FILE:LINE:COL: TYPE: MESSAGE per problem (a form the reader cannot read: "
                       "its error); exit 0 when every sentence is clean, 1 when any has a blocking problem or "
                       "does not read, 2 for usage or I/O errors."));
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
    Tally tally { parser.isSet(jsonOption) };
    for (const QString &input : inputs) {
        const std::optional<QByteArray> text = readCheckInput(input);
        if (!text)
            return cli::ExitError;
        const kb::Document document = kb::parseDocument(*text, input);
        // A form the reader could not read is a result of its own (below); the rest goes to stderr.
        const std::vector<Unreadable> unreadable = unreadableForms(document);
        for (const kb::Diagnostic &diagnostic : document.diagnostics) {
            readerErrors = readerErrors || diagnostic.isError();
            const bool asResult
                = std::any_of(unreadable.begin(), unreadable.end(), [&](const Unreadable &u) { return u.diagnostic == diagnostic; });
            if (!asResult)
                cli::err(diagnostic.toString() + QLatin1Char('\n'));
        }

        const QString context = parser.isSet(contextOption) ? parser.value(contextOption) : QFileInfo(input).completeBaseName();
        // A KB file audited against its own KB: its sentences are not "already stored" by themselves.
        const std::optional<kb::SymbolId> contextSymbol = kb::findSymbol(context.toStdString());
        const bool ownFile = input != QLatin1String("-") && contextSymbol && contextSymbol != kb::noSymbol
            && !QFileInfo(input).canonicalFilePath().isEmpty()
            && kbFileOf(*loaded.kb, *contextSymbol) == QFileInfo(input).canonicalFilePath();
        const check::Origin origin = ownFile ? check::Origin::StoredHere : check::Origin::Candidate;

        // Every form in file order: the sentences read, and the ones the reader could not read.
        int index = 0;
        auto nextUnreadable = unreadable.begin();
        for (const kb::Term sentence : document.sentences) {
            for (; nextUnreadable != unreadable.end() && nextUnreadable->offset < qsizetype(sentence.span().begin); ++nextUnreadable)
                tally.addUnreadable(input, index++, *nextUnreadable);
            tally.addSentence(input, index++, sentence, critic.check(sentence, context, {}, origin));
        }
        for (; nextUnreadable != unreadable.end(); ++nextUnreadable)
            tally.addUnreadable(input, index++, *nextUnreadable);
    }
    if (tally.json) {
        const nlohmann::json summary { { "sentences", tally.sentences }, { "clean", tally.clean },
            { "withProblems", tally.sentences - tally.clean } };
        cli::out(
            QString::fromStdString(nlohmann::json { { "results", tally.results }, { "summary", summary } }.dump(2)) + QLatin1Char('\n'));
    }
    const int clean = tally.clean;
    const int sentences = tally.sentences;
    return (clean == sentences && !readerErrors) ? cli::ExitOk : cli::ExitProblems;
}
