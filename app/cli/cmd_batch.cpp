// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli batch: many documents formalized as ordinary sessions into an output folder, over
// one provider or over several model servers of it (docs/spec/batch.md §4). One progress line
// per finished document goes to stderr, --json prints batch.jsonl's events on stdout; run
// again, the same command continues where it stopped.
#include "clicommand.h"
#include "commands.h"
#include "providerargs.h"

#include "batch/batchrun.h"
#include "formalize/session.h"
#include "jsonutil.h"
#include "lang/diagnostic.h"
#include "lang/language.h"
#include "llm/endpointarg.h"
#include "llm/endpointpool.h"
#include "llm/options.h"
#include "llm/pooledprovider.h"
#include "llm/provider.h"
#include "llm/providerinfo.h"
#include "llm/selection.h"
#include "proposal/target.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

using namespace fanva;
using nlohmann::json;

namespace {

/// One model server of the batch: its base URL and slots.
struct Endpoint {
    QUrl url;
    int slots = 1;
};

/// Everything one batch command owns; it lives until the event loop quits.
struct BatchCommand {
    llm::ProviderOptions options;
    std::vector<Endpoint> endpoints; ///< --endpoint; empty: the provider alone
    int slots = 0; ///< --slots; 0 = the kind's default
    int contextLimit = 0;
    QStringList documents;
    batch::BatchSettings settings;
    bool json = false;
    bool interrupted = false;
    std::shared_ptr<const lang::Kb> kb;
    std::unique_ptr<llm::Provider> provider;
    std::unique_ptr<batch::BatchRun> run;
};

void addBatchOptions(cli::CommandLine &commandLine)
{
    QCommandLineParser &parser = commandLine.parser();
    cli::addProviderOptions(parser);
    cli::addSessionBudgetOptions(parser);
    cli::addSessionRunOptions(parser);
    commandLine.addKb(QStringLiteral("The knowledge base directory."));
    commandLine.addContext(QStringLiteral("The target context every document's candidates are filed in."));
    commandLine.addJson(QStringLiteral("Print batch.jsonl's events on stdout as they happen, one JSON object per line."));
    parser.addOptions({
        { QStringLiteral("out"), QStringLiteral("The output folder: one session file per document, batch.jsonl and report.json."),
            QStringLiteral("DIR") },
        { QStringLiteral("endpoint"),
            QStringLiteral("A model server of the provider, by its base URL, taking N requests at once (default: Ollama 1, "
                           "OpenAI-compatible 8, Anthropic 4, else --slots). Repeat for several servers."),
            QStringLiteral("URL[@N]") },
        { QStringLiteral("slots"), QStringLiteral("Requests each server takes at once when its --endpoint names none."),
            QStringLiteral("N") },
    });
    parser.addPositionalArgument(QStringLiteral("DOCUMENT"),
        QStringLiteral("English documents (UTF-8), or folders: their *.md and *.txt files."), QStringLiteral("DOCUMENT…|FOLDER"));
    commandLine.addLanguage();
}

/// The documents the arguments name: files as given, folders by their *.md and *.txt files in
/// name order (not recursive); why not when an argument is neither.
Result<QStringList> collectDocuments(const QStringList &arguments)
{
    QStringList documents;
    for (const QString &argument : arguments) {
        const QFileInfo info(argument);
        if (info.isDir()) {
            const QDir folder(argument);
            for (const QString &name : folder.entryList({ QStringLiteral("*.md"), QStringLiteral("*.txt") }, QDir::Files, QDir::Name))
                documents.append(folder.filePath(name));
        } else if (info.isFile()) {
            documents.append(argument);
        } else {
            return Error { QStringLiteral("%1 is neither a document nor a folder").arg(argument) };
        }
    }
    if (documents.isEmpty())
        return Error { QStringLiteral("no documents: name files, or folders holding *.md or *.txt files") };
    return documents;
}

/// --slots and the --endpoint list into `command`; the exit code after a usage error.
std::optional<int> readEndpoints(const cli::CommandLine &commandLine, BatchCommand &command)
{
    const QCommandLineParser &parser = commandLine.parser();
    if (parser.isSet(QStringLiteral("slots"))) {
        bool ok = false;
        command.slots = parser.value(QStringLiteral("slots")).toInt(&ok);
        if (!ok || command.slots < 1 || command.slots > llm::kMaxEndpointSlots)
            return commandLine.usageError(QStringLiteral("--slots takes a number from 1 to %1").arg(llm::kMaxEndpointSlots));
    }
    for (const QString &text : parser.values(QStringLiteral("endpoint"))) {
        const Result<llm::EndpointArg> arg = llm::parseEndpointArg(text);
        if (!arg)
            return commandLine.usageError(QStringLiteral("--endpoint: %1").arg(arg.message()));
        command.endpoints.push_back({ arg->url, arg->slots.value_or(0) });
    }
    return std::nullopt;
}

/// The batch's options checked into `command`; the exit code after a usage error.
std::optional<int> readBatchOptions(cli::CommandLine &commandLine, BatchCommand &command)
{
    const QCommandLineParser &parser = commandLine.parser();
    if (!parser.isSet(QStringLiteral("kb")) || !parser.isSet(QStringLiteral("context")))
        return commandLine.usageError(QStringLiteral("--kb DIR and --context CX are required"));
    if (!parser.isSet(QStringLiteral("out")))
        return commandLine.usageError(QStringLiteral("--out DIR is required: the folder the sessions and the report go to"));
    if (parser.positionalArguments().isEmpty())
        return commandLine.usageError(QStringLiteral("no documents: name files, or folders holding *.md or *.txt files"));
    if (const std::optional<int> exit = commandLine.chooseLanguage())
        return *exit;
    const QString context = parser.value(QStringLiteral("context"));
    if (const std::optional<QString> problem = proposal::targetNameProblem(context, commandLine.language()))
        return commandLine.usageError(QStringLiteral("--context: %1").arg(*problem));
    batch::BatchSettings &settings = command.settings;
    if (const Status run = cli::applySessionRunOptions(parser, &settings.settings.maxAttempts, &settings.settings.judge); !run)
        return commandLine.usageError(run.message());
    if (const std::optional<int> exit = readEndpoints(commandLine, command))
        return *exit;
    Result<QStringList> documents = collectDocuments(parser.positionalArguments());
    if (!documents)
        return commandLine.usageError(documents.message());
    command.documents = std::move(documents).value();

    settings.kbDir = QFileInfo(parser.value(QStringLiteral("kb"))).absoluteFilePath();
    settings.language = commandLine.language().id();
    settings.context = context;
    settings.instruction = parser.value(QStringLiteral("instruction"));
    settings.outDir = QFileInfo(parser.value(QStringLiteral("out"))).absoluteFilePath();
    command.json = parser.isSet(QStringLiteral("json"));
    return std::nullopt;
}

/// The provider and its endpoints: with --endpoint, the provider must be one that talks to a
/// server by its base URL. The exit code after saying why not.
std::optional<int> readBatchProvider(const cli::CommandLine &commandLine, BatchCommand &command)
{
    if (const std::optional<int> exit
        = cli::readProvider(commandLine, command.options, &command.contextLimit, &command.settings.settings.maxOutputTokens))
        return *exit;
    const QString &id = command.options.id;
    if (!command.endpoints.empty() && !llm::providerInfo(id).usesBaseUrl)
        return commandLine.usageError(
            QStringLiteral("--endpoint names model servers, and the %1 provider talks to none: drop --endpoint, or choose ollama, "
                           "openai or anthropic")
                .arg(id));
    const int fallback = command.slots > 0 ? command.slots : llm::defaultSlots(id);
    for (Endpoint &endpoint : command.endpoints) {
        if (endpoint.slots == 0)
            endpoint.slots = fallback;
        // The URL read as the provider reads its --base-url (Ollama's host rules, a plain URL).
        llm::SelectionInput selection = cli::selectionInput(commandLine.parser());
        selection.baseUrl = endpoint.url.toString();
        endpoint.url = llm::resolveOptions(id, selection).baseUrl;
    }
    command.settings.providerId = id;
    command.settings.model = command.options.model;
    command.settings.settings.model = command.options.model;
    command.settings.baseUrl
        = (command.endpoints.empty() ? command.options.baseUrl : command.endpoints.front().url).toString(QUrl::RemoveUserInfo);
    command.settings.concurrency = fallback;
    if (!command.endpoints.empty()) {
        command.settings.concurrency = 0;
        for (const Endpoint &endpoint : command.endpoints)
            command.settings.concurrency += endpoint.slots;
    }
    return std::nullopt;
}

/// The provider the batch runs on: the selected one, or a pool with one member per endpoint
/// (the same options but the base URL, and no retries of its own: the pool is the retry).
Result<std::unique_ptr<llm::Provider>> makeProvider(const BatchCommand &command)
{
    if (command.endpoints.empty()) {
        llm::ProviderResult created = llm::createProvider(command.options);
        if (!created.provider)
            return Error { QString::fromStdString(created.failure->message) };
        return std::move(created.provider);
    }
    std::vector<llm::PooledProvider::Member> members;
    for (const Endpoint &endpoint : command.endpoints) {
        llm::ProviderOptions options = command.options;
        options.baseUrl = endpoint.url;
        options.retry.maxRetries = 0;
        llm::ProviderResult created = llm::createProvider(options);
        if (!created.provider)
            return Error { QString::fromStdString(created.failure->message) };
        members.push_back(
            { std::move(created.provider), llm::EndpointSpec { endpoint.url.toString(QUrl::RemoveUserInfo), endpoint.slots } });
    }
    return std::unique_ptr<llm::Provider>(std::make_unique<llm::PooledProvider>(std::move(members)));
}

/// "[3/8] report.md: success (4 entries, 2,310 tokens, 1.2 s)".
QString progressLine(const batch::BatchRun &run, int index)
{
    const batch::DocumentResult &result = run.results()[std::size_t(index)];
    qint64 entries = 0;
    for (const char *state : { "admissible", "known", "refused" })
        entries += jsonutil::integer(result.counts, state);
    const qint64 tokens = jsonutil::integer(result.usage, "input") + jsonutil::integer(result.usage, "output");
    QString line = QStringLiteral("[%1/%2] %3: %4 (%5 %6, %7 tokens, %8 s)")
                       .arg(run.done())
                       .arg(run.total())
                       .arg(QFileInfo(result.path).fileName(), result.outcome)
                       .arg(entries)
                       .arg(entries == 1 ? QStringLiteral("entry") : QStringLiteral("entries"))
                       .arg(tokens)
                       .arg(double(result.ms) / 1000.0, 0, 'f', 1);
    if (!result.error.isEmpty())
        line += QStringLiteral(" — ") + result.error;
    return line + QLatin1Char('\n');
}

/// The totals at the end, and the exit code: 0 when every document finished (skipped ones
/// count), 1 when some did not, 2 when the run was interrupted.
int finishCommand(const BatchCommand &command)
{
    const json report = command.run->report();
    const json &totals = report["totals"];
    QStringList outcomes;
    for (const auto &[name, count] : totals["outcomes"].items())
        outcomes.append(QStringLiteral("%1 %2").arg(QString::fromStdString(name)).arg(count.get<qint64>()));
    const qint64 documents = jsonutil::integer(totals, "documents");
    const qint64 finished = jsonutil::integer(totals, "finished");
    const QString text
        = QStringLiteral("%1: %2 documents, %3 finished (%4)\nreport: %5\n")
              .arg(command.interrupted ? QStringLiteral("Batch cancelled") : QStringLiteral("Batch finished"))
              .arg(documents)
              .arg(finished)
              .arg(outcomes.join(QStringLiteral(", ")), QDir(command.settings.outDir).filePath(QStringLiteral("report.json")));
    if (command.json)
        cli::err(text);
    else
        cli::out(text);
    if (command.interrupted)
        return cli::ExitError;
    return finished == documents ? cli::ExitOk : cli::ExitProblems;
}

/// Builds the provider and the run over the loaded KB and starts it; exits the event loop
/// with the exit code when it cannot start or when it ends.
void startBatch(BatchCommand &command, int window)
{
    command.settings.settings.contextWindow = window;
    Result<std::unique_ptr<llm::Provider>> provider = makeProvider(command);
    if (!provider) {
        cli::err(QStringLiteral("fanva-cli batch: %1\n").arg(provider.message()));
        QCoreApplication::exit(cli::ExitError);
        return;
    }
    command.provider = std::move(provider).value();
    command.run = std::make_unique<batch::BatchRun>(command.provider.get(), command.kb, command.settings, command.documents);
    batch::BatchRun *run = command.run.get();
    QObject::connect(run, &batch::BatchRun::documentFinished, run, [&command](int index) { cli::err(progressLine(*command.run, index)); });
    if (command.json) {
        QObject::connect(run, &batch::BatchRun::logged, run, [](const json &event) {
            cli::out(QString::fromStdString(event.dump(-1, ' ', false, json::error_handler_t::replace)) + QLatin1Char('\n'));
        });
    }
    QObject::connect(run, &batch::BatchRun::finished, run, [&command] { QCoreApplication::exit(finishCommand(command)); });
    cli::cancelOnInterrupt(run, [&command] {
        command.interrupted = true;
        command.run->cancel();
    });
    if (const Status started = run->start(); !started) {
        cli::err(QStringLiteral("fanva-cli batch: %1\n").arg(started.message()));
        QCoreApplication::exit(cli::ExitError);
        return;
    }
    const int skipped = run->done();
    cli::err(QStringLiteral("fanva-cli batch: %1 documents, %2 at once%3\n")
                 .arg(run->total())
                 .arg(command.settings.concurrency)
                 .arg(skipped > 0 ? QStringLiteral("; %1 already done or unreadable").arg(skipped) : QString()));
}

} // namespace

int runBatch(const QStringList &args)
{
    cli::CommandLine commandLine(QStringLiteral("batch"),
        QStringLiteral("Formalize many documents into an output folder, one session file each, over one provider or several "
                       "of its model servers; run again, it continues where it stopped.\n"
                       "Exit 0 every document finished, 1 some did not, 2 usage error, cannot start, or cancelled."));
    addBatchOptions(commandLine);
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    auto command = std::make_unique<BatchCommand>();
    if (const std::optional<int> exit = readBatchOptions(commandLine, *command))
        return *exit;
    if (const std::optional<int> exit = readBatchProvider(commandLine, *command))
        return *exit;
    lang::LoadResult loaded = commandLine.language().load(command->settings.kbDir);
    for (const lang::Diagnostic &d : loaded.diagnostics)
        cli::err(d.toString() + QLatin1Char('\n'));
    if (!loaded.ok()) {
        cli::err(QStringLiteral("fanva-cli batch: the KB in %1 does not load\n").arg(command->settings.kbDir));
        return cli::ExitError;
    }
    command->kb = loaded.kb;

    BatchCommand &state = *command;
    cli::withKeyring(state.options, [&state] {
        state.settings.credential = state.options.keySource.isEmpty() ? QStringLiteral("none") : state.options.keySource;
        llm::ProviderOptions probe = state.options;
        if (!state.endpoints.empty())
            probe.baseUrl = state.endpoints.front().url;
        cli::withContextWindow(probe, state.contextLimit, [&state](int window) { startBatch(state, window); });
    });
    const int code = QCoreApplication::exec();
    // The sessions and calls go before the provider they run on.
    command->run.reset();
    return code;
}
