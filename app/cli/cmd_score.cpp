// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli score: strict and aligned precision/recall of candidate sentences against a
// gold set (formalize.md §12).
#include "clicommand.h"

#include "formalize/score.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "lang/registry.h"
#include "proposal/sessionfile.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

using namespace fanva;

namespace {

const QString s_name = QStringLiteral("score");

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

// A session (.fanva or its JSON): its admissible entries, or with `accepted` the accepted ones.
bool readSession(const QString &path, bool accepted, Sentences &out, QString *error)
{
    const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
    if (!loaded.session) {
        *error = loaded.error;
        return false;
    }
    QByteArray text;
    for (const formalize::Entry &entry : loaded.session->proposal.entries) {
        const bool take = accepted ? (entry.decision == formalize::Decision::Accepted || entry.decision == formalize::Decision::Edited
                              || entry.decision == formalize::Decision::Forced || entry.decision == formalize::Decision::Applied)
                                   : entry.state == formalize::EntryState::Admissible;
        if (take)
            text += entry.sentence().toUtf8() + '\n';
    }
    out.context = loaded.session->proposal.context;
    return readKbText(path, text, out);
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

} // namespace

int runScore(const QStringList &args)
{
    cli::CommandLine commandLine(s_name,
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
    // Scoring aligns introduced individuals inside fanva-kb terms (formalize.md §12).
    if (&commandLine.language() != &lang::defaultLanguage())
        return commandLine.usageError(
            QStringLiteral("score reads fanva-kb sentences only so far; a %1 score is not built yet").arg(commandLine.language().id()));

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
    const QString suffix = QFileInfo(candidatePath).suffix();
    if (suffix == QLatin1String("fanva") || suffix == QLatin1String("json")) {
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

    const formalize::ScoreResult result = formalize::score(gold.terms, candidates.terms, options);
    if (parser.isSet(jsonOption)) {
        cli::out(QString::fromStdString(formalize::scoreToJson(result).dump(2)) + QLatin1Char('\n'));
    } else {
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
    return clean ? cli::ExitOk : cli::ExitProblems;
}
