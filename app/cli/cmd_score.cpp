// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli score: strict and aligned precision/recall of candidate sentences against a
// gold set (formalize.md §12); for a language other than fanva-kb through the seam
// (lang::score).
#include "clicommand.h"

#include "formalize/score.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "lang/registry.h"
#include "lang/score.h"
#include "proposal/sessionfile.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

using namespace fanva;

namespace {

const QString s_scoreCommand = QStringLiteral("score");

// Sentences read from text; the documents keep their arenas alive.
struct Sentences {
    std::vector<kb::Document> documents;
    std::vector<kb::Term> terms;
    QString context; ///< from a ";; context: Cx…" line, if any
};

bool readKbText(const QString &path, const QByteArray &text, Sentences &out)
{
    kb::Document document = kb::parseDocument(text, path);
    for (const kb::Diagnostic &diagnostic : document.diagnostics)
        cli::err(diagnostic.toString() + QLatin1Char('\n'));
    static const QRegularExpression header(QStringLiteral("^;;\\s*context:\\s*(\\S+)"), QRegularExpression::MultilineOption);
    if (const QRegularExpressionMatch m = header.match(QString::fromUtf8(text)); m.hasMatch())
        out.context = m.captured(1);
    out.terms.insert(out.terms.end(), document.sentences.begin(), document.sentences.end());
    const bool ok = !document.hasErrors();
    out.documents.push_back(std::move(document));
    return ok;
}

// A session (.fanva or its JSON): the text of its admissible entries, or with `accepted` the
// accepted ones, one a line; nullopt with `error` set when it does not load.
struct SessionText {
    QByteArray text;
    QString context;
    QString language;
};

std::optional<SessionText> readSessionText(const QString &path, bool accepted, QString *error)
{
    const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session) {
        *error = loaded.error;
        return std::nullopt;
    }
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

bool readSession(const QString &path, bool accepted, Sentences &out, QString *error)
{
    const std::optional<SessionText> session = readSessionText(path, accepted, error);
    if (!session)
        return false;
    out.context = session->context;
    return readKbText(path, session->text, out);
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

QString countsLine(const QString &label, const formalize::ScoreCounts &c)
{
    return QStringLiteral("%1 P %2  R %3  F1 %4  (%5 hits, %6 candidates, %7 known, %8 gold)\n")
        .arg(label.leftJustified(8), percent(c.precision()), percent(c.recall()), percent(c.f1()))
        .arg(c.hits)
        .arg(c.candidates)
        .arg(c.known)
        .arg(c.gold);
}

void printScore(const formalize::ScoreResult &result, bool json)
{
    if (json) {
        cli::out(QString::fromStdString(formalize::scoreToJson(result).dump(2)) + QLatin1Char('\n'));
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
    for (const kb::Diagnostic &diagnostic : read.diagnostics)
        cli::err(diagnostic.toString() + QLatin1Char('\n'));
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

// score for a language other than fanva-kb, through the seam alone (lang::score).
struct SeamScoreInput {
    QString gold;
    QString candidates;
    bool accepted = false;
    std::optional<QString> kbDir;
    std::optional<QString> target;
    bool json = false;
};

int scoreWithLanguage(const lang::Language &language, const SeamScoreInput &input)
{
    bool clean = true;
    std::vector<lang::Statement> gold;
    const std::optional<QByteArray> goldText = readFile(input.gold);
    if (!goldText)
        return cli::ExitError;
    clean = readStatements(language, input.gold, *goldText, gold) && clean;

    std::vector<lang::Statement> candidates;
    QString target = input.target.value_or(QString());
    if (isSession(input.candidates)) {
        QString error;
        const std::optional<SessionText> session = readSessionText(input.candidates, input.accepted, &error);
        if (!session) {
            cli::err(QStringLiteral("fanva-cli score: %1: %2\n").arg(input.candidates, error));
            return cli::ExitError;
        }
        if (session->language != language.id()) {
            cli::err(QStringLiteral("fanva-cli score: %1: the session's KB is in \"%2\", not in \"%3\"\n")
                         .arg(input.candidates, session->language, language.id()));
            return cli::ExitError;
        }
        if (!input.target)
            target = session->context;
        clean = readStatements(language, input.candidates, session->text, candidates) && clean;
    } else {
        const std::optional<QByteArray> text = readFile(input.candidates);
        if (!text)
            return cli::ExitError;
        clean = readStatements(language, input.candidates, *text, candidates) && clean;
    }

    std::shared_ptr<const lang::Kb> kb;
    if (input.kbDir) {
        const lang::LoadResult loaded = language.load(*input.kbDir);
        for (const kb::Diagnostic &diagnostic : loaded.diagnostics)
            cli::err(diagnostic.toString() + QLatin1Char('\n'));
        if (!loaded.ok())
            return cli::ExitError;
        kb = loaded.kb;
    }
    printScore(lang::score(language, kb.get(), target, gold, candidates), input.json);
    return clean ? cli::ExitOk : cli::ExitProblems;
}

} // namespace

int runScore(const QStringList &args)
{
    cli::CommandLine commandLine(s_scoreCommand,
        QStringLiteral("Score candidate sentences against gold sentences, strictly and with introduced individuals aligned "
                       "onto the gold's (formalize.md §12)."));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption goldOption(QStringLiteral("gold"), QStringLiteral("The gold sentences (KB text)."), QStringLiteral("FILE"));
    const QCommandLineOption &kbOption
        = commandLine.addKb(QStringLiteral("A KB: known sentences leave the precision, known individuals are not aligned."));
    const QCommandLineOption &contextOption
        = commandLine.addContext(QStringLiteral("The target context in the KB (default: the gold's ';; context:' line)."));
    const QCommandLineOption acceptedOption(
        QStringLiteral("accepted"), QStringLiteral("From a session, score the accepted entries, not the admissible ones."));
    const QCommandLineOption &jsonOption = commandLine.addJson(QStringLiteral("Print one JSON document."));
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
    if (&commandLine.language() != &lang::defaultLanguage()) {
        SeamScoreInput input;
        input.gold = parser.value(goldOption);
        input.candidates = parser.positionalArguments().constFirst();
        input.accepted = parser.isSet(acceptedOption);
        if (parser.isSet(kbOption))
            input.kbDir = parser.value(kbOption);
        if (parser.isSet(contextOption))
            input.target = parser.value(contextOption);
        input.json = parser.isSet(jsonOption);
        return scoreWithLanguage(commandLine.language(), input);
    }

    bool clean = true;
    Sentences gold;
    {
        QFile file(parser.value(goldOption));
        if (!file.open(QIODevice::ReadOnly)) {
            cli::err(QStringLiteral("fanva-cli score: cannot read %1: %2\n").arg(file.fileName(), file.errorString()));
            return cli::ExitError;
        }
        clean = readKbText(file.fileName(), file.readAll(), gold) && clean;
    }
    Sentences candidates;
    const QString candidatePath = parser.positionalArguments().constFirst();
    if (isSession(candidatePath)) {
        QString error;
        if (!readSession(candidatePath, parser.isSet(acceptedOption), candidates, &error) && !error.isEmpty()) {
            cli::err(QStringLiteral("fanva-cli score: %1: %2\n").arg(candidatePath, error));
            return cli::ExitError;
        }
    } else {
        QFile file(candidatePath);
        if (!file.open(QIODevice::ReadOnly)) {
            cli::err(QStringLiteral("fanva-cli score: cannot read %1: %2\n").arg(candidatePath, file.errorString()));
            return cli::ExitError;
        }
        clean = readKbText(candidatePath, file.readAll(), candidates) && clean;
    }

    formalize::ScoreOptions options;
    std::shared_ptr<const kb::KnowledgeBase> knowledge;
    if (parser.isSet(kbOption)) {
        const kb::LoadResult loaded = kb::loadKnowledgeBase(parser.value(kbOption));
        for (const kb::Diagnostic &diagnostic : loaded.diagnostics)
            cli::err(diagnostic.toString() + QLatin1Char('\n'));
        if (!loaded.ok())
            return cli::ExitError;
        knowledge = loaded.kb;
        const QString context = parser.isSet(contextOption) ? parser.value(contextOption) : gold.context;
        if (context.isEmpty())
            return commandLine.usageError(QStringLiteral("--kb needs --context CX (the gold names no context)"));
        const kb::Scope scope { kb::intern(context.toStdString()), kb::noKey };
        options.symmetric = knowledge->symmetricPredicates();
        options.isStored = [knowledge, scope](std::string_view key) { return !knowledge->lookup(key, scope).empty(); };
        options.isKnownSymbol = [knowledge, scope](kb::SymbolId symbol) { return knowledge->findTerm(symbol, scope).used; };
    }

    printScore(formalize::score(gold.terms, candidates.terms, options), parser.isSet(jsonOption));
    return clean ? cli::ExitOk : cli::ExitProblems;
}
