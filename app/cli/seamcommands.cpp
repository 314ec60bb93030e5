// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "seamcommands.h"

#include "check/problem.h"
#include "formalize/gloss.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "lang/niblilanguage.h"
#include "proposal/apply.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

using namespace fanva;

namespace cli {

namespace {

/// The bytes of FILE or of stdin ("-"); nullopt after printing why not.
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

/// Loads the KB, printing its diagnostics; null on failure.
std::shared_ptr<const lang::Kb> loadKb(const CommandLine &commandLine, const QString &kbDir)
{
    if (!QFileInfo(kbDir).isDir()) {
        err(QStringLiteral("fanva-cli %1: %2 is not a directory\n").arg(commandLine.command(), kbDir));
        return nullptr;
    }
    const lang::LoadResult loaded = commandLine.language().load(kbDir);
    for (const kb::Diagnostic &diagnostic : loaded.diagnostics)
        err(diagnostic.toString() + QLatin1Char('\n'));
    keepUntilExit(loaded.kb);
    return loaded.kb;
}

} // namespace

nlohmann::json problemsJson(const std::vector<check::Problem> &problems, bool blocking)
{
    nlohmann::json list = nlohmann::json::array();
    for (const check::Problem &p : problems) {
        if (check::isBlocking(p.type) == blocking)
            list.push_back({ { "type", p.type.toStdString() }, { "message", p.message.toStdString() } });
    }
    return list;
}

int parseWithLanguage(const CommandLine &commandLine, const QStringList &files, bool canonical, bool json)
{
    const lang::Language &language = commandLine.language();
    bool anyError = false;
    nlohmann::json jsonFiles = nlohmann::json::array();
    QString keys;
    for (const QString &path : files) {
        const std::optional<QByteArray> text = readInput(commandLine, path);
        if (!text)
            return ExitError;
        const lang::ReadResult read = language.read(*text, path);
        nlohmann::json errors = nlohmann::json::array();
        for (const kb::Diagnostic &diagnostic : read.diagnostics) {
            anyError = anyError || diagnostic.isError();
            err(diagnostic.toString() + QLatin1Char('\n'));
            errors.push_back({ { "line", diagnostic.line }, { "col", diagnostic.column }, { "code", diagnostic.code.toStdString() },
                { "severity", diagnostic.isError() ? "error" : "warning" }, { "message", diagnostic.message.toStdString() } });
        }
        nlohmann::json entry { { "file", path.toStdString() }, { "sentences", read.statements.size() }, { "errors", errors } };
        if (canonical) {
            nlohmann::json list = nlohmann::json::array();
            for (const lang::Statement &statement : read.statements) {
                const std::string key = language.key(nullptr, statement);
                list.push_back(key);
                keys += QString::fromStdString(key) + QLatin1Char('\n');
            }
            entry["keys"] = list;
        }
        jsonFiles.push_back(std::move(entry));
    }
    if (json)
        out(QString::fromStdString(nlohmann::json { { "files", jsonFiles } }.dump(2)) + QLatin1Char('\n'));
    else if (canonical)
        out(keys);
    return anyError ? ExitProblems : ExitOk;
}

int fmtWithLanguage(const CommandLine &commandLine, const QStringList &files, bool checkOnly)
{
    const lang::Language &language = commandLine.language();
    if (&language != &lang::nibliLanguage())
        return commandLine.usageError(QStringLiteral("fmt does not know the language \"%1\"").arg(language.id()));
    bool problems = false;
    for (const QString &path : files) {
        const std::optional<QByteArray> original = readInput(commandLine, path);
        if (!original)
            return ExitError;
        const std::optional<QByteArray> formatted = lang::formatNibli(*original);
        if (!formatted) {
            // A file that does not read and resolve cannot be laid out; leave it untouched.
            const lang::ReadResult read = language.read(*original, path);
            for (const kb::Diagnostic &diagnostic : read.diagnostics)
                err(diagnostic.toString() + QLatin1Char('\n'));
            if (read.diagnostics.empty())
                err(QStringLiteral("%1: error: a statement does not resolve: run fanva-cli check on it\n").arg(path));
            problems = true;
            continue;
        }
        if (*formatted == *original)
            continue;
        if (checkOnly) {
            out(QStringLiteral("%1: would be reformatted\n").arg(path));
            problems = true;
            continue;
        }
        QString error;
        if (!proposal::rewriteKbFile(path, *original, *formatted, {}, &error)) {
            err(QStringLiteral("fanva-cli fmt: %1\n").arg(error));
            return ExitError;
        }
    }
    return problems ? ExitProblems : ExitOk;
}

int checkWithLanguage(const CommandLine &commandLine, const QString &kbDir, const QStringList &inputs, bool json)
{
    const lang::Language &language = commandLine.language();
    const std::shared_ptr<const lang::Kb> kb = loadKb(commandLine, kbDir);
    if (!kb)
        return ExitError;
    QStringList kbFiles;
    for (const QString &file : language.kbFiles(kbDir))
        kbFiles.append(QFileInfo(file).canonicalFilePath());
    bool readerErrors = false;
    int statements = 0;
    int clean = 0;
    nlohmann::json results = nlohmann::json::array();
    for (const QString &input : inputs) {
        const std::optional<QByteArray> text = readInput(commandLine, input);
        if (!text)
            return ExitError;
        const lang::ReadResult read = language.read(*text, input);
        for (const kb::Diagnostic &diagnostic : read.diagnostics) {
            readerErrors = readerErrors || diagnostic.isError();
            err(diagnostic.toString() + QLatin1Char('\n'));
        }
        const QString target = commandLine.hasContext() ? commandLine.context() : QFileInfo(input).completeBaseName();
        // A KB file audited against its own KB: its statements are not "already stored" by themselves.
        const QString canonical = input == QLatin1String("-") ? QString() : QFileInfo(input).canonicalFilePath();
        const bool ownFile = !canonical.isEmpty() && kbFiles.contains(canonical);
        int index = 0;
        for (const lang::Statement &statement : read.statements) {
            std::vector<check::Problem> problems = language.check(*kb, statement, target);
            if (ownFile)
                std::erase_if(problems, [](const check::Problem &p) { return p.type == QLatin1String("already-stored"); });
            const bool isClean = !check::hasBlocking(problems);
            ++statements;
            clean += isClean ? 1 : 0;
            if (json) {
                results.push_back({ { "file", input.toStdString() }, { "index", index }, { "line", statement.span.line },
                    { "col", statement.span.column }, { "sentence", language.render(statement).toStdString() },
                    { "problems", problemsJson(problems, true) }, { "notes", problemsJson(problems, false) } });
            } else {
                QString lines;
                for (const check::Problem &p : problems) {
                    const kb::Span where = p.span.value_or(statement.span);
                    lines += QStringLiteral("%1:%2:%3: %4: %5\n").arg(input).arg(where.line).arg(where.column).arg(p.type, p.message);
                }
                if (!lines.isEmpty())
                    out(lines);
            }
            ++index;
        }
    }
    if (json) {
        const nlohmann::json summary { { "sentences", statements }, { "clean", clean }, { "withProblems", statements - clean } };
        out(QString::fromStdString(nlohmann::json { { "results", results }, { "summary", summary } }.dump(2)) + QLatin1Char('\n'));
    }
    return (clean == statements && !readerErrors) ? ExitOk : ExitProblems;
}

int glossWithLanguage(const CommandLine &commandLine, const QString &kbDir, const QString &input, bool json)
{
    const lang::Language &language = commandLine.language();
    const std::optional<QByteArray> text = readInput(commandLine, input);
    if (!text)
        return ExitError;
    const lang::ReadResult read = language.read(*text, input == QLatin1String("-") ? QStringLiteral("<stdin>") : input);
    for (const kb::Diagnostic &diagnostic : read.diagnostics)
        err(diagnostic.toString() + QLatin1Char('\n'));
    const std::shared_ptr<const lang::Kb> kb = loadKb(commandLine, kbDir);
    if (!kb)
        return ExitError;
    const QString target = commandLine.hasContext() ? commandLine.context() : QFileInfo(input).completeBaseName();
    nlohmann::json results = nlohmann::json::array();
    QString lines;
    for (const lang::Statement &statement : read.statements) {
        const lang::Gloss g = language.gloss(*kb, statement, target);
        const QString source = formalize::glossSourceName(g.source);
        const QString rendered = language.render(statement);
        if (json) {
            results.push_back({ { "line", statement.span.line }, { "sentence", rendered.toStdString() }, { "gloss", g.text.toStdString() },
                { "source", source.toStdString() } });
        } else {
            lines += QStringLiteral("%1\n  %2: %3\n").arg(rendered, source, g.text);
        }
    }
    if (json)
        out(QString::fromStdString(nlohmann::json { { "results", results } }.dump(2)) + QLatin1Char('\n'));
    else
        out(lines);
    return read.hasErrors() ? ExitProblems : ExitOk;
}

int kbStatsWithLanguage(const CommandLine &commandLine, const QString &kbDir, bool json)
{
    const std::shared_ptr<const lang::Kb> kb = loadKb(commandLine, kbDir);
    if (!kb)
        return ExitProblems;
    const QStringList targets = kb->targets();
    const QStringList files = kb->language().kbFiles(kbDir);
    if (json) {
        nlohmann::json list = nlohmann::json::array();
        for (const QString &target : targets)
            list.push_back(target.toStdString());
        const nlohmann::json document { { "language", kb->language().id().toStdString() }, { "sentences", kb->statementCount() },
            { "files", files.size() }, { "targets", list } };
        out(QString::fromStdString(document.dump(2)) + QLatin1Char('\n'));
        return ExitOk;
    }
    out(QStringLiteral("%1 statements in %2 KB files (%3)\n\nTargets:\n")
            .arg(kb->statementCount())
            .arg(files.size())
            .arg(kb->language().id())
        + (targets.isEmpty() ? QStringLiteral("  -\n") : QStringLiteral("  %1\n").arg(targets.join(QStringLiteral("\n  ")))));
    return ExitOk;
}

namespace {

/// How many statements using a word kb term lists.
constexpr int s_maxUses = 20;

nlohmann::json placeJson(const lang::KbPlace &place)
{
    return { { "file", place.file.toStdString() }, { "line", place.line }, { "col", place.column }, { "text", place.text.toStdString() } };
}

/// FILE:LINE:COL  TEXT, FILE joined to the KB folder.
QString placeText(const QString &kbDir, const lang::KbPlace &place)
{
    return QStringLiteral("%1:%2:%3  %4").arg(QDir(kbDir).filePath(place.file)).arg(place.line).arg(place.column).arg(place.text);
}

} // namespace

int kbTermWithLanguage(const CommandLine &commandLine, const QString &kbDir, const QString &word, const QString &target, bool json)
{
    const std::shared_ptr<const lang::Kb> kb = loadKb(commandLine, kbDir);
    if (!kb)
        return ExitProblems;
    const lang::TermDescription term = kb->language().describeTerm(*kb, word, target, s_maxUses);
    const int exit = term.role == kb::Role::None ? ExitProblems : ExitOk;
    if (json) {
        nlohmann::json sources = nlohmann::json::array();
        for (const lang::TermDescription::Source &source : term.sources) {
            nlohmann::json item = source.place.file.isEmpty() ? nlohmann::json::object() : placeJson(source.place);
            item["kind"] = source.kind.toStdString();
            sources.push_back(std::move(item));
        }
        nlohmann::json places = nlohmann::json::array();
        for (const QString &place : term.places)
            places.push_back(place.toStdString());
        nlohmann::json uses = nlohmann::json::array();
        for (const lang::KbPlace &use : term.uses)
            uses.push_back(placeJson(use));
        nlohmann::json suggestions = nlohmann::json::array();
        for (const QString &suggestion : term.suggestions)
            suggestions.push_back(suggestion.toStdString());
        const nlohmann::json document { { "language", kb->language().id().toStdString() }, { "term", word.toStdString() },
            { "role", QString(kb::roleName(term.role)).toStdString() }, { "used", term.used }, { "sources", sources },
            { "arity", term.arity ? nlohmann::json(*term.arity) : nlohmann::json(nullptr) }, { "places", places },
            { "gloss", term.gloss.toStdString() }, { "reading", term.reading.toStdString() },
            { "converseOf", term.converseOf.toStdString() }, { "uses", uses }, { "mentions", term.useCount },
            { "suggestions", suggestions } };
        out(QString::fromStdString(document.dump(2)) + QLatin1Char('\n'));
        return exit;
    }
    QString text = QStringLiteral("%1 (%2)%3\n")
                       .arg(word, QString(kb::roleName(term.role)),
                           term.role == kb::Role::None ? QStringLiteral(", unknown to the KB and its vocabulary")
                               : term.used             ? QString()
                                                       : QStringLiteral(", not used in the KB"));
    for (const lang::TermDescription::Source &source : term.sources)
        text += QStringLiteral("  source:       %1\n")
                    .arg(source.place.file.isEmpty() ? source.kind
                                                     : QStringLiteral("%1 %2").arg(source.kind, placeText(kbDir, source.place)));
    if (term.arity)
        text += QStringLiteral("  arity:        %1\n").arg(*term.arity);
    if (!term.places.isEmpty())
        text += QStringLiteral("  places:       %1\n").arg(term.places.join(QStringLiteral(", ")));
    if (!term.gloss.isEmpty())
        text += QStringLiteral("  gloss:        %1\n").arg(term.gloss);
    if (!term.reading.isEmpty())
        text += QStringLiteral("  reading:      %1\n").arg(term.reading);
    if (!term.converseOf.isEmpty())
        text += QStringLiteral("  converse of:  %1\n").arg(term.converseOf);
    if (term.role == kb::Role::None)
        text += QStringLiteral("  nearest:      %1\n")
                    .arg(term.suggestions.isEmpty() ? QStringLiteral("-") : term.suggestions.join(QStringLiteral(", ")));
    for (std::size_t i = 0; i < term.uses.size(); ++i)
        text += (i == 0 ? QStringLiteral("  used in:      ") : QStringLiteral("                ")) + placeText(kbDir, term.uses[i])
            + QLatin1Char('\n');
    if (term.useCount > int(term.uses.size()))
        text += QStringLiteral("                … and %1 more\n").arg(term.useCount - int(term.uses.size()));
    if (term.role != kb::Role::None)
        text += QStringLiteral("  mentioned in: %1 %2\n")
                    .arg(term.useCount)
                    .arg(term.useCount == 1 ? QStringLiteral("statement") : QStringLiteral("statements"));
    out(text);
    return exit;
}

} // namespace cli
