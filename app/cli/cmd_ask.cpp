// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli ask: one turn with a model provider. The answer streams to stdout as it arrives;
// the stop reason and usage go to stderr (or, with --json, one JSON object at the end).
#include "clicommand.h"
#include "commands.h"
#include "providerargs.h"

#include "jsonutil.h"

#include "llm/format.h"
#include "llm/provider.h"
#include "llm/selection.h"
#include "status.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QPointer>
#include <QTextStream>

#include <cstdio>
#include <memory>

using namespace fanva;

namespace {

QString tokens(const std::optional<int64_t> &count)
{
    return count ? llm::formatCount(*count) : QStringLiteral("?");
}

QString usageLine(const llm::Response &response, const std::optional<llm::Cost> &cost)
{
    const llm::Usage &usage = response.usage;
    return QStringLiteral("stop: %1; tokens: input %2, output %3, cache read %4, cache write %5%6\n")
        .arg(QString::fromLatin1(llm::stopReasonName(response.stopReason)), tokens(usage.input), tokens(usage.output),
            tokens(usage.cacheRead), tokens(usage.cacheWrite), cost ? QStringLiteral("; cost ") + llm::formatCost(*cost) : QString());
}

fanva::Result<QByteArray> readFile(const QString &path)
{
    QFile file(path);
    if (path == QLatin1String("-") ? !file.open(stdin, QIODevice::ReadOnly) : !file.open(QIODevice::ReadOnly))
        return fanva::Error { QStringLiteral("cannot read %1: %2").arg(path, file.errorString()), path };
    return file.readAll();
}

/// The state of one `ask` run; it lives until the event loop quits.
struct AskRun {
    llm::ProviderOptions options;
    llm::Request request;
    std::optional<llm::Price> price;
    bool json = false;
    std::unique_ptr<llm::Provider> provider;
    QPointer<llm::Call> call;
    bool textEndsWithNewline = true;
};

void startCall(AskRun &run)
{
    llm::ProviderResult created = llm::createProvider(run.options);
    if (!created.provider) {
        cli::err(QStringLiteral("fanva-cli ask: %1\n").arg(QString::fromStdString(created.failure->message)));
        QCoreApplication::exit(cli::ExitError);
        return;
    }
    run.provider = std::move(created.provider);
    run.call = run.provider->start(run.request);
    llm::Call *call = run.call;
    if (!run.json) {
        QObject::connect(call, &llm::Call::textDelta, call, [&run](const QString &text) {
            cli::out(text);
            run.textEndsWithNewline = text.endsWith(QLatin1Char('\n'));
        });
    }
    QObject::connect(
        call, &llm::Call::notice, call, [](const QString &text) { cli::err(QStringLiteral("fanva-cli ask: %1\n").arg(text)); });
    QObject::connect(call, &llm::Call::done, call, [&run](const llm::Response &response) {
        if (!run.json && !run.textEndsWithNewline)
            cli::out(QStringLiteral("\n"));
        for (const std::string &note : response.diag.notes)
            cli::err(QStringLiteral("fanva-cli ask: note: %1\n").arg(QString::fromStdString(note)));
        const bool refused = response.stopReason == llm::StopReason::Refusal;
        if (refused)
            cli::err(QStringLiteral("fanva-cli ask: %1\n")
                         .arg(QString::fromStdString(llm::refusalMessage(run.options.id.toStdString(), *response.refusal))));
        std::optional<llm::Cost> cost;
        if (run.price)
            cost = llm::costOf(response.usage, true, *run.price);
        if (run.json) {
            nlohmann::json object { { "text", response.text() }, { "thinking", response.thinking() },
                { "stopReason", std::string(llm::stopReasonName(response.stopReason)) }, { "usage", llm::usageToJson(response.usage) },
                { "model", response.model } };
            if (run.price)
                object["cost"] = llm::costToJson(cost);
            cli::out(QString::fromStdString(object.dump(2)) + QLatin1Char('\n'));
        } else {
            cli::err(usageLine(response, cost));
        }
        QCoreApplication::exit(refused ? cli::ExitProblems : cli::ExitOk);
    });
    QObject::connect(call, &llm::Call::error, call, [&run](const llm::Response &response) {
        if (!run.json && !run.textEndsWithNewline)
            cli::out(QStringLiteral("\n"));
        cli::err(QStringLiteral("fanva-cli ask: %1\n").arg(QString::fromStdString(response.failure->message)));
        QCoreApplication::exit(cli::ExitError);
    });
}

/// The bytes of `path` (- is stdin); nullopt after printing why not.
std::optional<QByteArray> readOrSay(const QString &path)
{
    fanva::Result<QByteArray> bytes = readFile(path);
    if (!bytes) {
        cli::err(QStringLiteral("fanva-cli ask: %1\n").arg(bytes.message()));
        return std::nullopt;
    }
    return std::move(bytes).value();
}

/// The request the options describe: budget, prompt, system prompt and answer schema; the
/// exit code after saying why not.
std::optional<int> fillRequest(const cli::CommandLine &commandLine, llm::Request &request)
{
    const QCommandLineParser &parser = commandLine.parser();
    bool ok = false;
    request.purpose = "ask";
    request.maxTokens = parser.value(QStringLiteral("max-tokens")).toInt(&ok);
    if (!ok || request.maxTokens <= 0)
        return commandLine.usageError(QStringLiteral("--max-tokens needs a number from 1 to 2147483647"));
    const QString promptArgument = parser.positionalArguments().constFirst();
    const std::optional<QByteArray> prompt
        = promptArgument == QLatin1String("-") ? readOrSay(promptArgument) : std::optional(promptArgument.toUtf8());
    if (!prompt)
        return cli::ExitError;
    request.messages = { { llm::Role::User, prompt->toStdString() } };
    if (parser.isSet(QStringLiteral("system"))) {
        const std::optional<QByteArray> system = readOrSay(parser.value(QStringLiteral("system")));
        if (!system)
            return cli::ExitError;
        request.system = { { system->toStdString(), true } };
    }
    if (parser.isSet(QStringLiteral("schema"))) {
        const std::optional<QByteArray> schema = readOrSay(parser.value(QStringLiteral("schema")));
        if (!schema)
            return cli::ExitError;
        Result<nlohmann::json> parsed = jsonutil::parse(*schema);
        if (!parsed || !parsed->is_object()) {
            cli::err(QStringLiteral("fanva-cli ask: %1 is not a JSON schema object\n").arg(parser.value(QStringLiteral("schema"))));
            return cli::ExitError;
        }
        request.outputSchema = std::move(*parsed);
    }
    return std::nullopt;
}

} // namespace

int runAsk(const QStringList &args)
{
    cli::CommandLine commandLine(
        QStringLiteral("ask"), QStringLiteral("Send one prompt to a model provider and stream the answer to stdout."));
    QCommandLineParser &parser = commandLine.parser();
    cli::addProviderOptions(parser);
    cli::addPricesOption(parser);
    commandLine.addJson(QStringLiteral("Print {text, thinking, stopReason, usage, model} at the end instead of streaming."));
    parser.addOptions({
        { QStringLiteral("system"), QStringLiteral("System prompt file (one cacheable block)."), QStringLiteral("FILE") },
        { QStringLiteral("schema"), QStringLiteral("JSON schema the answer must follow."), QStringLiteral("FILE") },
        { QStringLiteral("max-tokens"), QStringLiteral("Output budget in tokens (default 4096)."), QStringLiteral("N"),
            QStringLiteral("4096") },
    });
    parser.addPositionalArgument(QStringLiteral("PROMPT"), QStringLiteral("The prompt, or - to read it from stdin."));
    if (const std::optional<int> exit = commandLine.parse(args))
        return *exit;
    if (parser.positionalArguments().size() != 1)
        return commandLine.usageError(QStringLiteral("expected one PROMPT (or - for stdin)"));

    auto run = std::make_unique<AskRun>();
    run->json = commandLine.json();
    const llm::SelectionInput input = cli::selectionInput(parser);
    const QString id = llm::selectedProvider(input);
    if (id.isEmpty()) {
        cli::err(QStringLiteral("fanva-cli ask: no provider selected: pass --provider or set FANVA_PROVIDER\n"));
        return cli::ExitError;
    }
    run->options = llm::resolveOptions(id, input);
    if (const fanva::Status applied = cli::applyProviderOptions(parser, run->options); !applied)
        return commandLine.usageError(applied.message());
    fanva::Result<std::optional<llm::Price>> price = cli::priceFor(parser, run->options);
    if (!price) {
        cli::err(QStringLiteral("fanva-cli ask: %1\n").arg(price.message()));
        return cli::ExitError;
    }
    run->price = std::move(price).value();
    if (const std::optional<int> exit = fillRequest(commandLine, run->request))
        return *exit;

    AskRun &state = *run;
    // Ctrl-C cancels the call in flight (it then ends with "The request was cancelled.").
    cli::cancelOnInterrupt(QCoreApplication::instance(), [&state] {
        if (state.call)
            state.call->cancel();
        else
            QCoreApplication::exit(cli::ExitError);
    });
    cli::withKeyring(state.options, [&state] { startCall(state); });
    return QCoreApplication::exec();
}
