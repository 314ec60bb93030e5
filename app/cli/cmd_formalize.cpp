// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli formalize: one whole formalize session (formalize.md §5) against a KB. A compact
// attempt log goes to stderr while it runs; the proposal goes to stdout as text or --json;
// --out saves the session file, also when Ctrl-C cancels the run.
#include "clicommand.h"
#include "commandio.h"
#include "commands.h"
#include "providerargs.h"

#include "jsonutil.h"

#include "formalize/merge.h"
#include "formalize/replyparser.h"
#include "formalize/session.h"
#include "formalize/sessionkb.h"
#include "formalize/sessionsetup.h"
#include "lang/diagnostic.h"
#include "lang/registry.h"
#include "lang/sessionsetup.h"
#include "lang/toolservices.h"
#include "llm/format.h"
#include "llm/provider.h"
#include "proposal/sessionfile.h"
#include "proposal/sessionmerge.h"
#include "proposal/target.h"
#include "status.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUuid>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <set>
#include <string_view>

using namespace fanva;
using nlohmann::json;

namespace {

/// Text from the model (or a file) as it may reach a terminal: every control character but
/// none of its meaning — ESC, CR, BEL, a newline, C1 controls — is shown escaped (\x1b, \u009b),
/// so a reply cannot move the cursor, retitle the window or forge a line of the report.
QString printable(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if (u < 0x20 || u == 0x7f)
            out += QStringLiteral("\\x%1").arg(int(u), 2, 16, QLatin1Char('0'));
        else if (u >= 0x80 && u <= 0x9f)
            out += QStringLiteral("\\u%1").arg(int(u), 4, 16, QLatin1Char('0'));
        else
            out += c;
    }
    return out;
}

/// A string member of a session event or outcome, made printable.
QString str(const json &j, std::string_view key)
{
    return printable(jsonutil::string(j, key));
}

int num(const json &j, std::string_view key)
{
    return int(jsonutil::integer(j, key));
}

QString tokenCount(const json &usage, std::string_view key)
{
    const std::optional<std::int64_t> count = jsonutil::optInteger(usage, key);
    return count ? llm::formatCount(*count) : QStringLiteral("?");
}

/// "1,840→212 tok (1,602 cached)" from a usage event or total.
QString tokensText(const json &usage)
{
    QString text = QStringLiteral("%1→%2 tok").arg(tokenCount(usage, "input"), tokenCount(usage, "output"));
    if (jsonutil::integer(usage, "cacheRead") > 0)
        text += QStringLiteral(" (%1 cached)").arg(tokenCount(usage, "cacheRead"));
    return text;
}

/// One line of the attempt log per event worth seeing; `usage` is the attempt's usage event.
QString logLine(const json &event, const json &usage)
{
    const QString type = jsonutil::string(event, "type");
    static const json none = json::array();
    auto items = [](const json &j, std::string_view key) -> const json & {
        const json *a = jsonutil::array(j, key);
        return a ? *a : none;
    };
    if (type == QLatin1StringView("attempt-started"))
        return QStringLiteral("#%1 %2 · %3 messages").arg(num(event, "n")).arg(str(event, "kind")).arg(num(event, "messages"));
    if (type == QLatin1StringView("attempt-finished")) {
        return QStringLiteral("#%1 %2 · %3 candidates · %4%5 ms")
            .arg(num(event, "n"))
            .arg(jsonutil::boolean(event, "readable") ? str(event, "stopReason") : QStringLiteral("unreadable"))
            .arg(num(event, "candidates"))
            .arg(usage.is_object() ? tokensText(usage) + QStringLiteral(" · ") : QString())
            .arg(jsonutil::integer(event, "ms"));
    }
    if (type == QLatin1StringView("gate-result")) {
        QStringList problems;
        for (const json &p : items(event, "problems"))
            problems.append(str(p, "type"));
        const int segment = num(event, "segment");
        return QStringLiteral("  %1 [%2] %3 %4%5")
            .arg(str(event, "candidate"), segment > 0 ? QString::number(segment) : QStringLiteral("?"), str(event, "state"),
                jsonutil::boolean(event, "ok") ? QStringLiteral("✓") : QStringLiteral("✗ %1").arg(str(event, "gate")),
                problems.isEmpty() ? QString() : QLatin1Char(' ') + problems.join(QLatin1Char(' ')));
    }
    if (type == QLatin1StringView("cycle-detected"))
        return QStringLiteral("#%1 repeats attempt %2: stopping").arg(num(event, "n")).arg(num(event, "repeats"));
    if (type == QLatin1StringView("judge-started"))
        return QStringLiteral("judge round %1 · %2 items").arg(num(event, "round")).arg(num(event, "items"));
    if (type == QLatin1StringView("judge-verdicts")) {
        QStringList verdicts;
        for (const json &v : items(event, "verdicts"))
            verdicts.append(QStringLiteral("%1 %2").arg(str(v, "candidate"), str(v, "verdict")));
        return QStringLiteral("judge: %1").arg(verdicts.join(QStringLiteral(", ")));
    }
    if (type == QLatin1StringView("notice"))
        return QStringLiteral("#%1 notice: %2").arg(num(event, "n")).arg(str(event, "text"));
    if (type == QLatin1StringView("judge-failed"))
        return QStringLiteral("judge failed (%1): %2").arg(str(event, "kind"), str(event, "detail"));
    return {};
}

int exitCodeFor(const QString &outcome)
{
    if (outcome == QLatin1StringView("success"))
        return cli::ExitOk;
    if (outcome == QLatin1StringView("chat-failed") || outcome == QLatin1StringView("cancelled"))
        return cli::ExitError;
    return cli::ExitProblems;
}

QString coverageLine(const json &coverage)
{
    QStringList parts;
    if (num(coverage, "untranslated") > 0)
        parts.append(QStringLiteral("%1 untranslated").arg(num(coverage, "untranslated")));
    if (num(coverage, "silent") > 0)
        parts.append(QStringLiteral("%1 silent").arg(num(coverage, "silent")));
    if (num(coverage, "refusedOnly") > 0)
        parts.append(QStringLiteral("%1 refused only").arg(num(coverage, "refusedOnly")));
    const QString head = QStringLiteral("Coverage %1/%2").arg(num(coverage, "covered")).arg(num(coverage, "total"));
    return parts.isEmpty() ? head : head + QStringLiteral(" — ") + parts.join(QStringLiteral(", "));
}

/// The proposal as people read it: one block per reviewable entry, worst rank first.
/// The run's own proposal, or after a merge the merged session's (formalize.md §9.5).
struct Printed {
    QString context;
    QString documentName;
    json outcome;
    std::vector<formalize::Entry> entries;
    json merged; ///< the merge's `merged` event; null when the run did not merge
};

QString proposalText(const Printed &printed, const std::optional<llm::Cost> &cost)
{
    const json &outcome = printed.outcome;
    QString text
        = QStringLiteral("%1 ← %2: %3 (%4), %5 attempts\n")
              .arg(printable(printed.context), printable(printed.documentName), str(outcome, "outcome"), str(outcome, "stopReason"))
              .arg(num(outcome, "attempts"));
    if (const json *error = jsonutil::object(outcome, "error"))
        text += QStringLiteral("error: %1\n").arg(str(*error, "message"));
    std::vector<const formalize::Entry *> entries;
    for (const formalize::Entry &e : printed.entries) {
        if (e.isReviewable())
            entries.push_back(&e);
    }
    std::stable_sort(entries.begin(), entries.end(), [](const formalize::Entry *a, const formalize::Entry *b) {
        if (a->rank() != b->rank())
            return a->rank() < b->rank();
        return a->segment < b->segment;
    });
    for (const formalize::Entry *e : entries) {
        text += QStringLiteral("%1 [%2] %3 · %4\n")
                    .arg(e->id, e->segment > 0 ? QString::number(e->segment) : QStringLiteral("?"), formalize::rankName(e->rank()),
                        printable(e->sentence()));
        for (const lang::Problem &p : e->problems)
            text += QStringLiteral("    %1: %2\n").arg(p.type, printable(p.message));
        if (e->correction && !e->correction->isEmpty()) {
            // The entry line shows the selected shape; say what the model wrote and why it was reshaped.
            text += QStringLiteral("    correction (%1, %2 confidence) of %3\n")
                        .arg(e->correction->rules.join(QStringLiteral(", ")), QString(formalize::confidenceName(e->correction->confidence)),
                            printable(e->correction->from));
            if (!e->correction->why.isEmpty())
                text += QStringLiteral("      why: %1\n").arg(printable(e->correction->why));
            for (int i = 1; i < e->shapes.size(); ++i) {
                if (i + 1 != e->selectedShape)
                    text += QStringLiteral("      shape %1: %2\n").arg(i + 1).arg(printable(e->shapes.at(i)));
            }
        }
        for (const formalize::CoinedFunctor &c : e->coined)
            text += QStringLiteral("    coins %1/%2 (%3)\n")
                        .arg(printable(c.functor))
                        .arg(c.arity)
                        .arg(QString(formalize::coinedRoleName(c.role)));
        if (!e->gloss.text.isEmpty())
            text += QStringLiteral("    reads: %1\n").arg(printable(e->gloss.text));
        if (e->verdict != formalize::Verdict::None)
            text += QStringLiteral("    judge: %1%2\n")
                        .arg(formalize::verdictName(e->verdict),
                            e->verdictNote.isEmpty() ? QString() : QStringLiteral(" — ") + printable(e->verdictNote));
    }
    if (const json *coverage = jsonutil::object(outcome, "coverage"))
        text += coverageLine(*coverage) + QLatin1Char('\n');
    if (const json *vocabulary = jsonutil::object(outcome, "vocabulary"))
        text += QStringLiteral("Vocabulary %1 literals — %2 reused, %3 coined\n")
                    .arg(num(*vocabulary, "literals"))
                    .arg(num(*vocabulary, "reused"))
                    .arg(num(*vocabulary, "coined"));
    if (const json *usage = jsonutil::object(outcome, "usage"); usage && jsonutil::optInteger(*usage, "input")) {
        text += QStringLiteral("Usage %1%2%3\n")
                    .arg(jsonutil::boolean(*usage, "complete", true) ? QString() : QStringLiteral("≥ "), tokensText(*usage),
                        cost ? QStringLiteral(" · ") + llm::formatCost(*cost) : QString());
    }
    return text;
}

json proposalJson(const Printed &printed, const std::optional<llm::Price> &price, const std::optional<llm::Cost> &cost)
{
    json entries = json::array();
    for (const formalize::Entry &e : printed.entries) {
        json j = formalize::entryToJson(e);
        j["rank"] = formalize::rankName(e.rank()).toStdString();
        entries.push_back(j);
    }
    json out = printed.outcome;
    out["entries"] = entries;
    if (!printed.merged.is_null())
        out["merged"] = printed.merged;
    if (price)
        out["cost"] = llm::costToJson(cost);
    return out;
}

QString credentialOf(const llm::ProviderOptions &options)
{
    if (options.keySource.isEmpty())
        return QStringLiteral("none");
    return options.keySource;
}

/// Everything one formalize run owns; it lives until the event loop quits.
struct FormalizeRun {
    llm::ProviderOptions options;
    std::optional<llm::Price> price;
    nlohmann::json attemptUsage; ///< the running attempt's usage event, for its log line
    formalize::SessionInput input;
    QString kbDir;
    QString language; ///< the KB language's id
    QString documentPath;
    QString outPath;
    bool json = false;
    std::unique_ptr<llm::Provider> provider;
    std::unique_ptr<formalize::Session> session;
    QDateTime created;
    /// The session --out names, merged into (formalize.md §9.5); none with --fresh.
    std::optional<proposal::SessionFile> previous;
    /// --sees: the contexts a new target context sees (formalize.md §11.3); empty otherwise.
    QStringList sees;
};

/// --sees (formalize.md §11.3): the KB as it will be once Apply creates the new context's file,
/// or an error naming what is wrong with the context or the contexts it sees.
std::optional<QString> newContextProblem(const lang::Kb &kb, const QString &kbDir, const QString &context, const QStringList &sees)
{
    const lang::Language &language = kb.language();
    if (const std::optional<QString> problem = language.targetNameProblem(context))
        return *problem;
    QStringList existing = kb.targets();
    for (const QString &file : QDir(kbDir).entryList(language.kbFilePatterns(), QDir::Files))
        existing.append(QFileInfo(file).completeBaseName());
    for (const QString &cx : std::as_const(existing)) {
        // Case apart is still one file on some file systems.
        if (cx.compare(context, Qt::CaseInsensitive) == 0)
            return QStringLiteral("the KB already has the context %1: drop --sees to add to it").arg(cx);
    }
    for (const QString &seen : sees) {
        if (!existing.contains(seen))
            return QStringLiteral("--sees names %1, which is no context of the KB").arg(seen);
    }
    return std::nullopt;
}

/// With --sees: the KB as if the new context's file held its genlCx lines, so that the checks
/// see what Apply will write (formalize.md §11.3); nullopt, or the exit code after saying why not.
std::optional<int> startNewContext(const cli::CommandLine &commandLine, const FormalizeRun &run, lang::LoadResult &loaded)
{
    const QString context = commandLine.parser().value(QStringLiteral("context"));
    const lang::Language &language = commandLine.language();
    const lang::ToolServices *services = language.toolServices();
    std::optional<lang::LoadResult> withHeader = services ? services->loadWithNewTarget(run.kbDir, context, run.sees) : std::nullopt;
    if (!withHeader)
        return commandLine.usageError(
            QStringLiteral("--sees starts a context of a fanva-kb KB; a %1 KB has no contexts").arg(language.id()));
    if (const std::optional<QString> problem = newContextProblem(*loaded.kb, run.kbDir, context, run.sees))
        return commandLine.usageError(*problem);
    cli::printDiagnostics(withHeader->diagnostics);
    if (!withHeader->ok())
        return cli::ExitProblems;
    loaded.kb = withHeader->kb;
    return std::nullopt;
}

/// True when a run's outcome merges into a review: a run that failed, was cancelled or made
/// no call leaves the review as it was (formalize.md §9.5).
bool merges(const QString &outcome)
{
    return outcome == QLatin1StringView("success") || outcome == QLatin1StringView("partial") || outcome == QLatin1StringView("exhausted");
}

/// "3-5,8" → 3 4 5 8; nullopt when it is not such a list.
std::optional<std::vector<int>> sentenceList(const QString &text)
{
    std::vector<int> out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList range = part.trimmed().split(QLatin1Char('-'));
        bool okFirst = false, okLast = false;
        const qint64 first = range.constFirst().toLongLong(&okFirst);
        const qint64 last = range.size() == 2 ? range.constLast().toLongLong(&okLast) : first;
        if (range.size() > 2 || !okFirst || (range.size() == 2 && !okLast) || first < 1 || last < first || last - first > 100000
            || last > std::numeric_limits<int>::max())
            return std::nullopt;
        for (qint64 n = first; n <= last; ++n)
            out.push_back(int(n));
    }
    if (out.empty())
        return std::nullopt;
    return out;
}

/// The session --out names, when the run merges into it (formalize.md §9.5): run.previous, or
/// the exit code after saying why the run may not replace it without --fresh.
std::optional<int> loadPrevious(FormalizeRun &run, const QString &context)
{
    if (run.outPath.isEmpty() || !QFileInfo::exists(run.outPath))
        return std::nullopt;
    proposal::SessionLoad loaded = proposal::loadSessionFile(run.outPath);
    if (!loaded.session) {
        cli::err(QStringLiteral("fanva-cli formalize: %1 exists and is no session (%2); pass --fresh to replace it\n")
                     .arg(run.outPath, loaded.error));
        return cli::ExitError;
    }
    proposal::SessionFile probe;
    probe.documentPath = run.documentPath;
    probe.proposal.context = context;
    probe.proposal.kbDir = run.kbDir;
    if (!proposal::isSameTarget(*loaded.session, probe)) {
        cli::err(QStringLiteral("fanva-cli formalize: %1 holds a session of another knowledge base, document or context (%2, %3 in "
                                "%4); pass --fresh to replace it\n")
                     .arg(run.outPath, QFileInfo(loaded.session->documentPath).fileName(), loaded.session->proposal.context,
                         loaded.session->proposal.kbDir));
        return cli::ExitError;
    }
    if (const std::optional<QString> mismatch = lang::sessionLanguageMismatch(loaded.session->proposal.language, run.language)) {
        cli::err(QStringLiteral("fanva-cli formalize: %1: %2; pass --fresh to replace it\n").arg(run.outPath, *mismatch));
        return cli::ExitError;
    }
    run.previous = std::move(loaded.session);
    return std::nullopt;
}

void finishRun(FormalizeRun &run)
{
    formalize::Session &session = *run.session;
    std::optional<llm::Cost> cost;
    if (const json *usage = jsonutil::object(session.outcome(), "usage"); run.price && usage) {
        const auto count = [usage](std::string_view key) { return jsonutil::optInteger(*usage, key); };
        cost = llm::costOf(llm::Usage { count("input"), count("output"), count("cacheRead"), count("cacheWrite") },
            jsonutil::boolean(*usage, "complete", true), *run.price);
    }
    Printed printed { session.input().context, session.input().documentName, session.outcome(), session.entries(), nullptr };
    int code = exitCodeFor(session.outcomeName());
    std::optional<proposal::SessionFile> file;
    if (!run.outPath.isEmpty()) {
        proposal::SessionOrigin origin;
        origin.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        origin.created = run.created;
        origin.modified = QDateTime::currentDateTimeUtc();
        origin.kbDir = run.kbDir;
        origin.language = run.language;
        origin.documentPath = run.documentPath;
        origin.providerId = run.options.id;
        origin.model = run.options.model;
        origin.baseUrl = run.options.baseUrl.toString();
        origin.credential = credentialOf(run.options);
        file = proposal::sessionFileFrom(session, origin);
        if (file->proposal.absent)
            file->proposal.sees = run.sees;
        if (run.previous && !merges(session.outcomeName())) {
            file.reset();
            cli::err(
                QStringLiteral("fanva-cli formalize: the run ended %1; %2 is left as it was\n").arg(session.outcomeName(), run.outPath));
        } else if (run.previous) {
            std::set<int> scope(session.focus().begin(), session.focus().end());
            if (scope.size() == session.segments().size())
                scope.clear();
            // Entries match by key: the session's language's (fanva-kb: the KB's canonical key).
            std::function<QString(const QString &)> keyOf;
            if (run.input.kb) {
                keyOf = [kb = std::make_shared<const formalize::SessionKb>(run.input.kb)](const QString &sentence) {
                    const std::optional<std::string> key = kb->key(sentence);
                    return key ? QString::fromStdString(*key) : QString();
                };
            }
            const proposal::SessionMerge merged = proposal::mergeSessionFiles(*run.previous, *file, scope, keyOf, true);
            file = merged.session;
            file->modified = origin.modified;
            // What is printed is the review as it now stands: the merged session's proposal.
            printed.outcome = file->outcome;
            printed.entries = file->proposal.entries;
            if (file->events.is_array() && !file->events.empty())
                printed.merged = file->events.back();
            cli::err(QStringLiteral("fanva-cli formalize: merged into %1: %2 kept with their decisions, %3 new, %4 withdrawn\n")
                         .arg(run.outPath)
                         .arg(merged.merge.kept.size())
                         .arg(merged.merge.added.size())
                         .arg(merged.merge.withdrawn.size()));
            if (!run.json) {
                for (const formalize::MergeLine &line : formalize::mergeLines(merged.merge))
                    cli::err(QStringLiteral("fanva-cli formalize: merged: %1\n").arg(formalize::mergeLineText(line)));
            }
            if (!merged.merge.lost.isEmpty())
                cli::err(QStringLiteral("fanva-cli formalize: the run did not propose %1 again; kept, marked withdrawn\n")
                             .arg(merged.merge.lost.join(QStringLiteral(", "))));
        }
    }
    if (run.json)
        cli::out(QString::fromStdString(proposalJson(printed, run.price, cost).dump(2)) + QLatin1Char('\n'));
    else
        cli::out(proposalText(printed, cost));
    if (file) {
        if (const fanva::Status saved = file->save(run.outPath); !saved) {
            cli::err(QStringLiteral("fanva-cli formalize: %1\n").arg(saved.message()));
            code = cli::ExitError;
        } else {
            cli::err(QStringLiteral("fanva-cli formalize: session saved to %1\n").arg(run.outPath));
        }
    }
    QCoreApplication::exit(code);
}

void startSession(FormalizeRun &run)
{
    if (!cli::createSession(QStringLiteral("formalize"), run.options, run.input, run.provider, run.session)) {
        QCoreApplication::exit(cli::ExitError);
        return;
    }
    QObject::connect(run.session.get(), &formalize::Session::eventAdded, run.session.get(), [&run](const json &event) {
        const QString type = jsonutil::string(event, "type");
        if (type == QLatin1StringView("usage"))
            run.attemptUsage = event;
        else if (type == QLatin1StringView("attempt-started"))
            run.attemptUsage = nullptr;
        const QString line = logLine(event, run.attemptUsage);
        if (!line.isEmpty())
            cli::err(line + QLatin1Char('\n'));
    });
    QObject::connect(run.session.get(), &formalize::Session::finished, run.session.get(), [&run] { finishRun(run); });
    cli::cancelOnInterrupt(run.session.get(), [&run] { run.session->cancel(); });
    run.created = QDateTime::currentDateTimeUtc();
    run.session->start();
}

/// What a formalize run was asked beyond its FormalizeRun: the attempts, the judge, the
/// sentences in focus, and the model's settings.
struct FormalizeRequest {
    int maxAttempts = 4;
    bool judge = true;
    std::vector<int> focus;
    formalize::SessionSettings settings;
    int contextLimit = 0;
};

void addFormalizeOptions(cli::CommandLine &commandLine)
{
    QCommandLineParser &parser = commandLine.parser();
    cli::addProviderOptions(parser);
    cli::addPricesOption(parser);
    cli::addSessionBudgetOptions(parser);
    cli::addSessionRunOptions(parser);
    commandLine.addKb(QStringLiteral("The knowledge base directory."));
    commandLine.addContext(QStringLiteral("The target context the candidates are filed in."));
    commandLine.addJson(QStringLiteral("Print the proposal as one JSON document."));
    parser.addOptions({
        { QStringLiteral("out"),
            QStringLiteral("Save the session file here (also when cancelled). A session of the same document and context "
                           "already there is merged into: decisions whose sentences the run proposes again are kept."),
            QStringLiteral("SESSION.fanva") },
        { QStringLiteral("fresh"), QStringLiteral("Start over: replace the --out session instead of merging into it.") },
        { QStringLiteral("sentences"), QStringLiteral("Formalize only these sentences (e.g. 3-5,8); the rest is context."),
            QStringLiteral("LIST") },
        { QStringLiteral("sees"),
            QStringLiteral("Start a new context: --context names one the KB does not have yet, seeing these contexts "
                           "(e.g. CxAnimals,CxZooCore); apply creates its file."),
            QStringLiteral("CX,...") },
    });
    parser.addPositionalArgument(QStringLiteral("DOC"), QStringLiteral("The English document (UTF-8)."));
    commandLine.addLanguage();
}

/// The run's options checked into `run` and `request`; the exit code after a usage error.
std::optional<int> readFormalizeOptions(cli::CommandLine &commandLine, FormalizeRun &run, FormalizeRequest &request)
{
    const QCommandLineParser &parser = commandLine.parser();
    if (parser.positionalArguments().size() != 1)
        return commandLine.usageError(QStringLiteral("expected one DOC"));
    if (!parser.isSet(QStringLiteral("kb")) || !parser.isSet(QStringLiteral("context")))
        return commandLine.usageError(QStringLiteral("--kb DIR and --context CX are required"));
    if (const std::optional<int> exit = commandLine.chooseLanguage())
        return *exit;
    // The target file must be one the loader reads (M11): checked before the run, not at Apply.
    if (const std::optional<QString> problem = proposal::targetNameProblem(parser.value(QStringLiteral("context")), commandLine.language()))
        return commandLine.usageError(QStringLiteral("--context: %1").arg(*problem));
    if (const fanva::Status run = cli::applySessionRunOptions(parser, &request.maxAttempts, &request.judge); !run)
        return commandLine.usageError(run.message());

    run.json = parser.isSet(QStringLiteral("json"));
    run.outPath = parser.value(QStringLiteral("out"));
    run.kbDir = QFileInfo(parser.value(QStringLiteral("kb"))).absoluteFilePath();
    run.language = commandLine.language().id();
    run.documentPath = QFileInfo(parser.positionalArguments().constFirst()).absoluteFilePath();

    if (parser.isSet(QStringLiteral("sees"))) {
        for (const QString &cx : parser.value(QStringLiteral("sees")).split(QLatin1Char(','), Qt::SkipEmptyParts))
            run.sees.append(cx.trimmed());
        if (run.sees.isEmpty())
            return commandLine.usageError(QStringLiteral("--sees takes the contexts the new context sees, e.g. CxAnimals,CxZooCore"));
    }

    if (parser.isSet(QStringLiteral("sentences"))) {
        const std::optional<std::vector<int>> list = sentenceList(parser.value(QStringLiteral("sentences")));
        if (!list)
            return commandLine.usageError(
                QStringLiteral("--sentences takes sentence numbers and ranges, e.g. 3-5,8 (each at most %1, a range at most 100000 long)")
                    .arg(std::numeric_limits<int>::max()));
        request.focus = *list;
    }
    if (!parser.isSet(QStringLiteral("fresh"))) {
        if (const std::optional<int> exit = loadPrevious(run, parser.value(QStringLiteral("context"))))
            return *exit;
    }
    return std::nullopt;
}

/// The provider the options select, its options and price into `run`, the model's budget
/// into `request`; the exit code after saying why not.
std::optional<int> readProviderOptions(const cli::CommandLine &commandLine, FormalizeRun &run, FormalizeRequest &request)
{
    const QCommandLineParser &parser = commandLine.parser();
    if (const std::optional<int> exit
        = cli::readProvider(commandLine, run.options, &request.contextLimit, &request.settings.maxOutputTokens))
        return *exit;
    fanva::Result<std::optional<llm::Price>> price = cli::priceFor(parser, run.options);
    if (!price) {
        cli::err(QStringLiteral("fanva-cli formalize: %1\n").arg(price.message()));
        return cli::ExitError;
    }
    run.price = std::move(price).value();
    return std::nullopt;
}

/// Reads the document and the KB, and starts the session; the event loop's exit code.
int startFormalize(const cli::CommandLine &commandLine, std::unique_ptr<FormalizeRun> run, const FormalizeRequest &request)
{
    const QCommandLineParser &parser = commandLine.parser();
    const std::vector<int> &focus = request.focus;
    formalize::SessionSettings settings = request.settings;
    const int contextLimit = request.contextLimit;
    QFile file(run->documentPath);
    if (!file.open(QIODevice::ReadOnly)) {
        cli::err(QStringLiteral("fanva-cli formalize: cannot read %1: %2\n").arg(run->documentPath, file.errorString()));
        return cli::ExitError;
    }
    const QByteArray document = file.readAll();
    const formalize::Segmentation segmentation = formalize::segment(document);
    if (!segmentation.ok()) {
        cli::err(QStringLiteral("%1:1:1: error: %2 (%3)\n")
                     .arg(parser.positionalArguments().constFirst(), segmentation.error->message, QString(segmentation.error->id())));
        return cli::ExitProblems;
    }
    if (const auto beyond = std::find_if(focus.begin(), focus.end(), [&](int n) { return n > int(segmentation.segments.size()); });
        beyond != focus.end())
        return commandLine.usageError(
            QStringLiteral("--sentences %1: the document has %2 sentences").arg(*beyond).arg(segmentation.segments.size()));
    lang::LoadResult loaded = commandLine.language().load(run->kbDir);
    for (const lang::Diagnostic &d : loaded.diagnostics)
        cli::err(d.toString() + QLatin1Char('\n'));
    if (!loaded.ok())
        return cli::ExitProblems;
    if (!run->sees.isEmpty()) {
        if (const std::optional<int> exit = startNewContext(commandLine, *run, loaded))
            return *exit;
    }

    settings.maxAttempts = request.maxAttempts;
    settings.judge = request.judge;
    const auto makeInput = [&state = *run, kb = loaded.kb, context = parser.value(QStringLiteral("context")), document,
                               instruction = parser.value(QStringLiteral("instruction")), settings, focus](int window) {
        formalize::SessionSettings sized = settings;
        sized.contextWindow = window;
        // The session builds the prompt pieces as it starts, off this thread for a large
        // document, so that Ctrl-C and SIGTERM are handled meanwhile (audit M9).
        state.input = formalize::SessionInput {};
        state.input.kb = kb;
        state.input.context = context;
        state.input.document = document;
        state.input.documentName = QFileInfo(state.documentPath).fileName();
        state.input.instruction = instruction;
        state.input.settings = sized;
        state.input.build = [kb, context, document, name = state.input.documentName, sized, instruction] {
            return formalize::makeSessionInput(kb, context, document, name, sized, instruction);
        };
        state.input.kbSha256 = proposal::kbFingerprint(state.kbDir, state.language).sha256;
        state.input.focus = focus;
        if (state.previous)
            state.input.firstEntryId = formalize::highestEntryNumber(state.previous->proposal.entries) + 1;
    };

    FormalizeRun &state = *run;
    cli::withKeyring(state.options, [&state, contextLimit, makeInput] {
        cli::withContextWindow(state.options, contextLimit, [&state, makeInput](int window) {
            makeInput(window);
            startSession(state);
        });
    });
    return QCoreApplication::exec();
}

} // namespace

int runFormalize(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("formalize"),
        QStringLiteral("Formalize an English document into candidate KB sentences and print the proposal.\n"
                       "Exit 0 success, 1 partial/exhausted/refused/too-large, 2 chat failure, usage error or cancelled."));
    addFormalizeOptions(commandLine);
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    auto run = std::make_unique<FormalizeRun>();
    FormalizeRequest request;
    if (const std::optional<int> exit = readFormalizeOptions(commandLine, *run, request))
        return *exit;
    if (const std::optional<int> exit = readProviderOptions(commandLine, *run, request))
        return *exit;
    return startFormalize(commandLine, std::move(run), request);
}
