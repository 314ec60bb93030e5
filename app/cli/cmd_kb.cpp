// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli kb: look into a KB directory — `kb stats` summarizes it, `kb term` shows what
// the KB knows about one term.
#include "clicommand.h"
#include "seamcommands.h"

#include "kb/knowledgebase.h"
#include "kb/writer.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <array>
#include <map>

using namespace fanva;

namespace {

std::string str(kb::SymbolId id)
{
    return std::string(kb::symbolName(id));
}

nlohmann::json names(const std::vector<kb::SymbolId> &ids)
{
    nlohmann::json list = nlohmann::json::array();
    for (const kb::SymbolId id : ids)
        list.push_back(str(id));
    return list;
}

QString joined(const nlohmann::json &list)
{
    QStringList parts;
    for (const auto &item : list)
        parts << QString::fromStdString(item.get<std::string>());
    return parts.isEmpty() ? QStringLiteral("-") : parts.join(QLatin1Char(' '));
}

// Loads --kb DIR, printing diagnostics to stderr; null on failure.
std::shared_ptr<const kb::KnowledgeBase> load(const QString &dir)
{
    const kb::LoadResult result = kb::loadKnowledgeBase(dir);
    for (const kb::Diagnostic &diagnostic : result.diagnostics)
        cli::err(diagnostic.toString() + QLatin1Char('\n'));
    cli::keepUntilExit(result.kb);
    return result.kb;
}

int runStats(const kb::KnowledgeBase &kb, bool json)
{
    nlohmann::json contexts = nlohmann::json::array();
    for (const kb::SymbolId cx : kb.contexts()) {
        const std::optional<kb::ContextInfo> info = kb.contextInfo(cx);
        contexts.push_back({ { "name", str(cx) }, { "file", info->file.toStdString() }, { "genlCx", names(info->parents) },
            { "sentences", info->sentenceCount } });
    }
    // Counted by role first: a large KB has hundreds of thousands of symbols.
    std::map<kb::Role, int> byRole;
    for (const kb::SymbolId symbol : kb.symbols())
        ++byRole[kb.findTerm(symbol).role];
    std::map<std::string, int> roles;
    for (const auto &[role, count] : byRole)
        roles[std::string(QString(kb::roleName(role)).toStdString())] += count;
    nlohmann::json functors = nlohmann::json::array();
    const auto counts = kb.functorCounts();
    for (std::size_t i = 0; i < counts.size() && i < 20; ++i)
        functors.push_back({ { "functor", str(counts[i].first) }, { "sentences", counts[i].second } });
    const nlohmann::json document { { "sentences", kb.sentenceCount() }, { "contexts", contexts }, { "termsByRole", roles },
        { "topFunctors", functors } };
    if (json) {
        cli::out(QString::fromStdString(document.dump(2)) + QLatin1Char('\n'));
        return cli::ExitOk;
    }
    QString text = QStringLiteral("%1 sentences in %2 contexts\n\nContexts:\n").arg(kb.sentenceCount()).arg(contexts.size());
    for (const auto &cx : contexts) {
        text += QStringLiteral("  %1  %2 sentences  genlCx: %3\n")
                    .arg(QString::fromStdString(cx["name"].get<std::string>()).leftJustified(20))
                    .arg(cx["sentences"].get<int>(), 6)
                    .arg(joined(cx["genlCx"]));
    }
    text += QStringLiteral("\nTerms by role:\n");
    for (const auto &[role, count] : roles)
        text += QStringLiteral("  %1 %2\n").arg(QString::fromStdString(role).leftJustified(12)).arg(count, 6);
    text += QStringLiteral("\nTop functors:\n");
    for (const auto &f : functors)
        text += QStringLiteral("  %1 %2\n")
                    .arg(QString::fromStdString(f["functor"].get<std::string>()).leftJustified(32))
                    .arg(f["sentences"].get<int>(), 6);
    cli::out(text);
    return cli::ExitOk;
}

int runTerm(const kb::KnowledgeBase &kb, const QString &termName, const QString &context, bool json)
{
    const QByteArray utf8 = termName.toUtf8();
    const kb::SymbolId t = kb::intern(std::string_view(utf8.constData(), std::size_t(utf8.size())));
    kb::Scope scope;
    if (!context.isEmpty()) {
        const QByteArray cx = context.toUtf8();
        scope.context = kb::intern(std::string_view(cx.constData(), std::size_t(cx.size())));
    }
    const kb::TermUsage usage = kb.findTerm(t, scope);
    nlohmann::json comments = nlohmann::json::array();
    for (const kb::SentenceId id : kb.comments(t, scope))
        comments.push_back(std::string(kb.sentence(id).term.at(2).text()));
    nlohmann::json arity = nullptr;
    if (const std::optional<kb::Arity> a = kb.arityOf(t, scope)) {
        arity = { { "count", a->count }, { "variableArity", a->variableArity } };
        if (a->via != kb::noSymbol)
            arity["via"] = str(a->via);
    }
    nlohmann::json constraints = nlohmann::json::array();
    for (const kb::ArgConstraint &c : kb.argConstraints(t, scope)) {
        constraints.push_back({ { "kind", c.kind == kb::ArgConstraint::Kind::Arg ? "arg" : "genlArg" }, { "position", c.position },
            { "type", str(c.type) }, { "of", str(c.of) } });
    }
    static constexpr std::array s_marks { kb::sym::symmetric, kb::sym::asymmetric, kb::sym::irreflexive, kb::sym::functional,
        kb::sym::transitive, kb::sym::reflexive, kb::sym::antiSymmetric, kb::sym::antiTransitive, kb::sym::equivalenceRelation,
        kb::sym::variableArity };
    nlohmann::json marks = nlohmann::json::array();
    for (const kb::SymbolId mark : s_marks) {
        for (const kb::SymbolId q : kb.marksOver(t, mark, scope))
            marks.push_back(q == t ? str(mark) : str(mark) + " (via " + str(q) + ")");
    }
    const nlohmann::json document { { "term", utf8.toStdString() }, { "role", QString(kb::roleName(usage.role)).toStdString() },
        { "used", usage.used }, { "comments", comments }, { "supertypes", names(kb.genls(t, scope)) },
        { "subtypes", names(kb.specs(t, scope)) }, { "memberships", names(kb.memberships(t, scope)) }, { "arity", arity },
        { "argConstraints", constraints }, { "disjointTypes", names(kb.disjointTypes(t, scope)) }, { "marks", marks },
        { "mentions", kb.mentioning(t, scope).size() } };
    if (json) {
        cli::out(QString::fromStdString(document.dump(2)) + QLatin1Char('\n'));
        return cli::ExitOk;
    }
    QString text = QStringLiteral("%1 (%2)%3\n")
                       .arg(termName, QString(kb::roleName(usage.role)), usage.used ? QString() : QStringLiteral(", not used in the KB"));
    for (const auto &comment : comments)
        text += QStringLiteral("  comment:      %1\n").arg(QString::fromStdString(comment.get<std::string>()));
    text += QStringLiteral("  supertypes:   %1\n").arg(joined(document["supertypes"]));
    text += QStringLiteral("  subtypes:     %1\n").arg(joined(document["subtypes"]));
    text += QStringLiteral("  memberships:  %1\n").arg(joined(document["memberships"]));
    if (!arity.is_null()) {
        text += QStringLiteral("  arity:        %1%2%3\n")
                    .arg(QString::number(arity["count"].get<int>()),
                        arity["variableArity"].get<bool>() ? QStringLiteral(" or more") : QString(),
                        arity.contains("via") ? QStringLiteral(" (via %1)").arg(QString::fromStdString(arity["via"].get<std::string>()))
                                              : QString());
    }
    for (const auto &c : constraints) {
        text += QStringLiteral("  %1 %2: %3%4\n")
                    .arg(QString::fromStdString(c["kind"].get<std::string>()).leftJustified(7), QString::number(c["position"].get<int>()),
                        QString::fromStdString(c["type"].get<std::string>()),
                        c["of"].get<std::string>() == utf8.toStdString()
                            ? QString()
                            : QStringLiteral(" (declared of %1)").arg(QString::fromStdString(c["of"].get<std::string>())));
    }
    text += QStringLiteral("  disjoint:     %1\n").arg(joined(document["disjointTypes"]));
    text += QStringLiteral("  marks:        %1\n").arg(marks.empty() ? QStringLiteral("-") : [&marks] {
        QStringList parts;
        for (const auto &m : marks)
            parts << QString::fromStdString(m.get<std::string>());
        return parts.join(QStringLiteral(", "));
    }());
    text += QStringLiteral("  mentioned in: %1 sentences\n").arg(document["mentions"].get<std::size_t>());
    cli::out(text);
    return cli::ExitOk;
}

} // namespace

int runKb(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("kb"),
        QStringLiteral("Inspect a KB directory.\n"
                       "  kb stats --kb DIR [--json]                        contexts, sentences, roles, top functors\n"
                       "  kb term --kb DIR [--context CX] [--json] TERM     what the KB knows about TERM"));
    QCommandLineParser &parser = commandLine.parser();
    const QCommandLineOption &kbOption = commandLine.addKb(QStringLiteral("The KB directory."));
    const QCommandLineOption &contextOption
        = commandLine.addContext(QStringLiteral("Answer as seen from context CX (default: every context)."));
    const QCommandLineOption &jsonOption = commandLine.addJson(QStringLiteral("Print JSON on stdout."));

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

    if (&commandLine.language() != &lang::defaultLanguage()) {
        if (action == QLatin1String("stats"))
            return cli::kbStatsWithLanguage(commandLine, parser.value(kbOption), parser.isSet(jsonOption));
        return cli::kbTermWithLanguage(
            commandLine, parser.value(kbOption), positional.at(1), parser.value(contextOption), parser.isSet(jsonOption));
    }
    const std::shared_ptr<const kb::KnowledgeBase> kb = load(parser.value(kbOption));
    if (!kb)
        return cli::ExitProblems;
    if (action == QLatin1String("stats"))
        return runStats(*kb, parser.isSet(jsonOption));
    return runTerm(*kb, positional.at(1), parser.value(contextOption), parser.isSet(jsonOption));
}
