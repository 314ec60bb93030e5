// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli kb: look into a KB directory — `kb stats` summarizes it, `kb term` shows what
// the KB and its language know about one word.
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"

#include "kb/roles.h"
#include "lang/toolservices.h"

#include <QCommandLineParser>
#include <QDir>

#include <nlohmann/json.hpp>

using namespace fanva;

namespace {

/// How many statements using a word kb term lists.
constexpr int s_maxUses = 20;

nlohmann::json jsonList(const QStringList &items)
{
    nlohmann::json list = nlohmann::json::array();
    for (const QString &item : items)
        list.push_back(item.toStdString());
    return list;
}

/// The summary of `kb`: the language's own when it has one, else its target names.
lang::KbSummary summaryOf(const lang::Kb &kb)
{
    if (const lang::ToolServices *services = kb.language().toolServices())
        return services->summary(kb);
    lang::KbSummary summary;
    summary.targetWord = QStringLiteral("target");
    for (const QString &target : kb.targets())
        summary.targets.push_back({ target, {}, {}, 0 });
    return summary;
}

nlohmann::json statsJson(const lang::Kb &kb, const lang::KbSummary &summary, qsizetype files)
{
    nlohmann::json targets = nlohmann::json::array();
    nlohmann::json contexts = nlohmann::json::array();
    for (const lang::KbSummary::Target &target : summary.targets) {
        targets.push_back(target.name.toStdString());
        contexts.push_back({ { "name", target.name.toStdString() }, { "file", target.file.toStdString() },
            { "genlCx", jsonList(target.sees) }, { "sentences", target.statements } });
    }
    nlohmann::json roles = nlohmann::json::object();
    for (const auto &[role, count] : summary.termsByRole)
        roles[role.toStdString()] = count;
    nlohmann::json functors = nlohmann::json::array();
    for (const auto &[head, count] : summary.topHeads)
        functors.push_back({ { "functor", head.toStdString() }, { "sentences", count } });
    return { { "language", kb.language().id().toStdString() }, { "sentences", kb.statementCount() }, { "files", files },
        { "targets", targets }, { "contexts", contexts }, { "termsByRole", roles }, { "topFunctors", functors } };
}

QString statsText(const lang::Kb &kb, const lang::KbSummary &summary)
{
    const QString word = summary.targetWord;
    QString text = QStringLiteral("%1 sentences in %2 %3s\n\n%4s:\n")
                       .arg(kb.statementCount())
                       .arg(summary.targets.size())
                       .arg(word, word.left(1).toUpper() + word.mid(1));
    for (const lang::KbSummary::Target &target : summary.targets) {
        text += QStringLiteral("  %1  %2 sentences").arg(target.name.leftJustified(20)).arg(target.statements, 6);
        if (!summary.seesWord.isEmpty())
            text += QStringLiteral("  %1: %2")
                        .arg(summary.seesWord, target.sees.isEmpty() ? QStringLiteral("-") : target.sees.join(QLatin1Char(' ')));
        text += QLatin1Char('\n');
    }
    // A language that counts no roles or heads leaves their sections out.
    if (!summary.termsByRole.empty())
        text += QStringLiteral("\nTerms by role:\n");
    for (const auto &[role, count] : summary.termsByRole)
        text += QStringLiteral("  %1 %2\n").arg(role.leftJustified(12)).arg(count, 6);
    if (!summary.topHeads.empty())
        text += QStringLiteral("\nTop functors:\n");
    for (const auto &[head, count] : summary.topHeads)
        text += QStringLiteral("  %1 %2\n").arg(head.leftJustified(32)).arg(count, 6);
    return text;
}

int kbStats(const cli::CommandLine &commandLine)
{
    const std::shared_ptr<const lang::Kb> kb = cli::loadKb(commandLine, commandLine.kb());
    if (!kb)
        return cli::ExitProblems;
    const lang::KbSummary summary = summaryOf(*kb);
    if (commandLine.json())
        cli::out(cli::jsonText(statsJson(*kb, summary, kb->language().kbFiles(commandLine.kb()).size())));
    else
        cli::out(statsText(*kb, summary));
    return cli::ExitOk;
}

nlohmann::json placeJson(const lang::KbPlace &place)
{
    return { { "file", place.file.toStdString() }, { "line", place.line }, { "col", place.column }, { "text", place.text.toStdString() } };
}

/// FILE:LINE:COL  TEXT, FILE joined to the KB folder.
QString placeText(const QString &kbDir, const lang::KbPlace &place)
{
    return QStringLiteral("%1:%2:%3  %4").arg(QDir(kbDir).filePath(place.file)).arg(place.line).arg(place.column).arg(place.text);
}

nlohmann::json termJson(const lang::Kb &kb, const lang::TermDescription &term, const lang::TermFacts &facts)
{
    nlohmann::json sources = nlohmann::json::array();
    for (const lang::TermDescription::Source &source : term.sources) {
        nlohmann::json item = source.place.file.isEmpty() ? nlohmann::json::object() : placeJson(source.place);
        item["kind"] = source.kind.toStdString();
        sources.push_back(std::move(item));
    }
    nlohmann::json uses = nlohmann::json::array();
    for (const lang::KbPlace &use : term.uses)
        uses.push_back(placeJson(use));
    nlohmann::json document { { "language", kb.language().id().toStdString() }, { "term", term.term.toStdString() },
        { "role", QString(kb::roleName(term.role)).toStdString() }, { "used", term.used }, { "sources", sources },
        { "arity", term.arity ? nlohmann::json(*term.arity) : nlohmann::json(nullptr) }, { "places", jsonList(term.places) },
        { "gloss", term.gloss.toStdString() }, { "reading", term.reading.toStdString() }, { "converseOf", term.converseOf.toStdString() },
        { "uses", uses }, { "mentions", term.useCount }, { "suggestions", jsonList(term.suggestions) } };
    document.update(facts.json);
    return document;
}

/// The lines of `term` up to its uses: role, sources, arity, places, gloss, facts.
QString termHead(const QString &kbDir, const lang::TermDescription &term, const lang::TermFacts &facts)
{
    const bool unknown = term.role == kb::Role::None;
    QString text = QStringLiteral("%1 (%2)%3\n")
                       .arg(term.term, QString(kb::roleName(term.role)),
                           unknown         ? QStringLiteral(", unknown to the KB and its vocabulary")
                               : term.used ? QString()
                                           : QStringLiteral(", not used in the KB"));
    const auto line = [&text](const QString &label, const QString &value) {
        text += QStringLiteral("  %1 %2\n").arg(label + QLatin1Char(':'), -13).arg(value);
    };
    for (const lang::TermDescription::Source &source : term.sources)
        line(QStringLiteral("source"),
            source.place.file.isEmpty() ? source.kind : QStringLiteral("%1 %2").arg(source.kind, placeText(kbDir, source.place)));
    if (term.arity)
        line(QStringLiteral("arity"), QString::number(*term.arity));
    if (!term.places.isEmpty())
        line(QStringLiteral("places"), term.places.join(QStringLiteral(", ")));
    if (!term.gloss.isEmpty())
        line(QStringLiteral("gloss"), term.gloss);
    if (!term.reading.isEmpty())
        line(QStringLiteral("reading"), term.reading);
    if (!term.converseOf.isEmpty())
        line(QStringLiteral("converse of"), term.converseOf);
    if (unknown) {
        line(QStringLiteral("nearest"), term.suggestions.isEmpty() ? QStringLiteral("-") : term.suggestions.join(QStringLiteral(", ")));
    } else {
        for (const lang::TermFacts::Line &fact : facts.lines)
            line(fact.label, fact.text);
    }
    return text;
}

QString termText(const QString &kbDir, const lang::TermDescription &term, const lang::TermFacts &facts)
{
    QString text = termHead(kbDir, term, facts);
    for (std::size_t i = 0; i < term.uses.size(); ++i)
        text += (i == 0 ? QStringLiteral("  used in:      ") : QStringLiteral("                ")) + placeText(kbDir, term.uses[i])
            + QLatin1Char('\n');
    if (term.useCount > int(term.uses.size()))
        text += QStringLiteral("                … and %1 more\n").arg(term.useCount - int(term.uses.size()));
    if (term.role != kb::Role::None)
        text += QStringLiteral("  mentioned in: %1 %2\n")
                    .arg(term.useCount)
                    .arg(term.useCount == 1 ? QStringLiteral("statement") : QStringLiteral("statements"));
    return text;
}

int kbTerm(const cli::CommandLine &commandLine, const QString &word)
{
    const QString kbDir = commandLine.kb();
    const std::shared_ptr<const lang::Kb> kb = cli::loadKb(commandLine, kbDir);
    if (!kb)
        return cli::ExitProblems;
    const lang::Language &language = kb->language();
    const QString target = commandLine.context();
    lang::TermDescription term = language.describeTerm(*kb, word, target, s_maxUses);
    term.term = word;
    const lang::ToolServices *services = language.toolServices();
    const lang::TermFacts facts = services && term.role != kb::Role::None ? services->termFacts(*kb, word, target) : lang::TermFacts();
    if (commandLine.json())
        cli::out(cli::jsonText(termJson(*kb, term, facts)));
    else
        cli::out(termText(kbDir, term, facts));
    return term.role == kb::Role::None ? cli::ExitProblems : cli::ExitOk;
}

} // namespace

int runKb(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("kb"),
        QStringLiteral("Inspect a KB directory.\n"
                       "  kb stats --kb DIR [--json]                        targets, sentences, roles, top functors\n"
                       "  kb term --kb DIR [--context CX] [--json] TERM     what the KB and its language know about TERM"));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &kbOption = commandLine.addKb(QStringLiteral("The KB directory."));
    commandLine.addContext(QStringLiteral("Answer as seen from context CX (default: every context)."));
    commandLine.addJson(QStringLiteral("Print JSON on stdout."));
    parser.addPositionalArgument(QStringLiteral("ACTION"), QStringLiteral("stats or term."), QStringLiteral("stats|term"));
    commandLine.addLanguage();
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty())
        return commandLine.usageError(QStringLiteral("expected an action: stats or term"));
    if (!parser.isSet(kbOption))
        return commandLine.usageError(QStringLiteral("--kb DIR is required"));
    if (const std::optional<int> exit = commandLine.chooseLanguage({}, parser.value(kbOption)))
        return *exit;
    const QString &action = positional.first();
    if (action == QLatin1String("stats") && positional.size() != 1)
        return commandLine.usageError(QStringLiteral("kb stats takes no arguments"));
    if (action == QLatin1String("term") && positional.size() != 2)
        return commandLine.usageError(QStringLiteral("kb term takes exactly one TERM"));
    if (action != QLatin1String("stats") && action != QLatin1String("term"))
        return commandLine.usageError(QStringLiteral("unknown action '%1': expected stats or term").arg(action));
    return action == QLatin1String("stats") ? kbStats(commandLine) : kbTerm(commandLine, positional.at(1));
}
