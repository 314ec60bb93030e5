// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli score: strict and aligned precision/recall of candidate statements against a
// gold set (formalize.md §12), through the seam (lang::score).
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"

#include "lang/score.h"
#include "proposal/sessionfile.h"
#include "status.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

using namespace fanva;

namespace {

/// What score was asked.
struct ScoreRequest {
    QString gold;
    QString candidates;
    bool accepted = false;
    std::optional<QString> kbDir;
    std::optional<QString> target;
    bool json = false;
};

/// Statements read from the inputs, and what they say about the target.
struct ScoreInputs {
    std::vector<lang::Statement> gold;
    std::vector<lang::Statement> candidates;
    /// The gold's "<line comment> context: NAME" line, if any.
    QString goldTarget;
    /// The session's target, when the candidates are a session.
    QString sessionTarget;
    /// False when a text held a reader error.
    bool clean = true;
};

// A session (.fanva or its JSON): the text of its admissible entries, or with `accepted` the
// accepted ones, one a line; an error when it does not load.
struct SessionText {
    QByteArray text;
    QString context;
    QString language;
};

fanva::Result<SessionText> readSessionText(const QString &path, bool accepted)
{
    const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session)
        return fanva::Error { loaded.error, path };
    SessionText out;
    for (const formalize::Entry &entry : loaded.session->proposal.entries) {
        const bool take = accepted ? (entry.decision == formalize::Decision::Accepted || entry.decision == formalize::Decision::Edited
                              || entry.decision == formalize::Decision::Forced || entry.decision == formalize::Decision::Applied)
                                   : entry.state == formalize::EntryState::Admissible;
        if (take)
            out.text += entry.sentence().toUtf8() + '\n';
    }
    out.context = loaded.session->proposal.context;
    out.language = loaded.session->proposal.language;
    return out;
}

bool isSession(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix();
    return suffix == QLatin1String("fanva") || suffix == QLatin1String("json");
}

QString percent(double value)
{
    return QString::number(value, 'f', 3);
}

QString countsLine(const QString &label, const lang::ScoreCounts &c)
{
    return QStringLiteral("%1 P %2  R %3  F1 %4  (%5 hits, %6 candidates, %7 known, %8 gold)\n")
        .arg(label.leftJustified(8), percent(c.precision()), percent(c.recall()), percent(c.f1()))
        .arg(c.hits)
        .arg(c.candidates)
        .arg(c.known)
        .arg(c.gold);
}

void printScore(const lang::ScoreResult &result, bool json)
{
    if (json) {
        cli::out(cli::jsonText(lang::scoreToJson(result)));
        return;
    }
    QString text = countsLine(QStringLiteral("strict"), result.strict) + countsLine(QStringLiteral("aligned"), result.aligned);
    QStringList renaming;
    for (const auto &[from, to] : result.renaming)
        renaming << QStringLiteral("%1 → %2").arg(from, to);
    if (!renaming.isEmpty())
        text += QStringLiteral("renaming %1\n").arg(renaming.join(QStringLiteral(", ")));
    for (const QString &key : result.missing)
        text += QStringLiteral("missing  %1\n").arg(key);
    for (const QString &key : result.spurious)
        text += QStringLiteral("spurious %1\n").arg(key);
    cli::out(text);
}

// The statements of `text` read with `language` (its diagnostics on stderr); false when the
// text holds an error.
bool readStatements(const lang::Language &language, const QString &path, const QByteArray &text, std::vector<lang::Statement> &out)
{
    lang::ReadResult read = language.read(text, path);
    cli::printDiagnostics(read.diagnostics);
    std::move(read.statements.begin(), read.statements.end(), std::back_inserter(out));
    return !read.hasErrors();
}

std::optional<QByteArray> readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        cli::err(QStringLiteral("fanva-cli score: cannot read %1: %2\n").arg(path, file.errorString()));
        return std::nullopt;
    }
    return file.readAll();
}

/// The target a gold file names on a "<line comment> context: NAME" line (";; context: CxZoo").
QString goldTarget(const lang::Language &language, const QByteArray &text)
{
    static const QRegularExpression header(QStringLiteral("^\\s*context:\\s*(\\S+)"));
    const QString marker = language.lineComment();
    for (const QString &line : QString::fromUtf8(text).split(QLatin1Char('\n'))) {
        if (!line.startsWith(marker))
            continue;
        const QRegularExpressionMatch m = header.match(line.mid(marker.size()));
        if (m.hasMatch())
            return m.captured(1);
    }
    return {};
}

/// The candidates: KB text, or a session's entries (in this language).
bool readCandidates(const lang::Language &language, const ScoreRequest &request, ScoreInputs &inputs)
{
    if (!isSession(request.candidates)) {
        const std::optional<QByteArray> text = readFile(request.candidates);
        if (!text)
            return false;
        inputs.clean = readStatements(language, request.candidates, *text, inputs.candidates) && inputs.clean;
        return true;
    }
    const fanva::Result<SessionText> session = readSessionText(request.candidates, request.accepted);
    if (!session) {
        cli::err(QStringLiteral("fanva-cli score: %1: %2\n").arg(request.candidates, session.message()));
        return false;
    }
    if (session->language != language.id()) {
        cli::err(QStringLiteral("fanva-cli score: %1: the session's KB is in \"%2\", not in \"%3\"\n")
                     .arg(request.candidates, session->language, language.id()));
        return false;
    }
    inputs.sessionTarget = session->context;
    inputs.clean = readStatements(language, request.candidates, session->text, inputs.candidates) && inputs.clean;
    return true;
}

int scoreRequest(const lang::Language &language, const ScoreRequest &request)
{
    ScoreInputs inputs;
    const std::optional<QByteArray> goldText = readFile(request.gold);
    if (!goldText)
        return cli::ExitError;
    inputs.clean = readStatements(language, request.gold, *goldText, inputs.gold);
    inputs.goldTarget = goldTarget(language, *goldText);
    if (!readCandidates(language, request, inputs))
        return cli::ExitError;

    std::shared_ptr<const lang::Kb> kb;
    if (request.kbDir) {
        const lang::LoadResult loaded = language.load(*request.kbDir);
        cli::printDiagnostics(loaded.diagnostics);
        if (!loaded.ok())
            return cli::ExitError;
        kb = loaded.kb;
        cli::keepUntilExit(kb);
    }
    // --context, else the gold's context line, else the session's; empty: the whole KB.
    const QString target = request.target.value_or(inputs.goldTarget.isEmpty() ? inputs.sessionTarget : inputs.goldTarget);
    printScore(lang::score(language, kb.get(), target, inputs.gold, inputs.candidates), request.json);
    return inputs.clean ? cli::ExitOk : cli::ExitProblems;
}

} // namespace

int runScore(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("score"),
        QStringLiteral("Score candidate sentences against gold sentences, strictly and with introduced individuals aligned "
                       "onto the gold's (formalize.md §12)."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption goldOption(QStringLiteral("gold"), QStringLiteral("The gold sentences (KB text)."), QStringLiteral("FILE"));
    commandLine.addKb(QStringLiteral("A KB: known sentences leave the precision, known individuals are not aligned."));
    commandLine.addContext(
        QStringLiteral("The target context in the KB (default: the gold's ';; context:' line, else the session's, else every context)."));
    const QCommandLineOption acceptedOption(
        QStringLiteral("accepted"), QStringLiteral("From a session, score the accepted entries, not the admissible ones."));
    commandLine.addJson(QStringLiteral("Print one JSON document."));
    parser.addOptions({ goldOption, acceptedOption });
    parser.addPositionalArgument(QStringLiteral("CANDIDATES"), QStringLiteral("KB text, or a session (.fanva or its JSON)."));
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (!parser.isSet(goldOption))
        return commandLine.usageError(QStringLiteral("--gold FILE is required"));
    if (parser.positionalArguments().size() != 1)
        return commandLine.usageError(QStringLiteral("give exactly one CANDIDATES file"));
    if (const std::optional<int> exit = commandLine.chooseLanguage(parser.positionalArguments() + QStringList { parser.value(goldOption) }))
        return *exit;
    ScoreRequest request { parser.value(goldOption), parser.positionalArguments().constFirst(), parser.isSet(acceptedOption), std::nullopt,
        std::nullopt, commandLine.json() };
    if (commandLine.hasKb())
        request.kbDir = commandLine.kb();
    if (commandLine.hasContext())
        request.target = commandLine.context();
    return scoreRequest(commandLine.language(), request);
}
