// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "providerargs.h"

#include "clicommand.h"

#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "llm/contextwindow.h"
#include "llm/credentials.h"
#include "llm/format.h"

#include <QFile>
#include <QMetaObject>
#include <QTimer>

#include <utility>

namespace cli {

namespace {

constexpr qint64 kMaxReplyMib = 1024;
constexpr int kMinContextWindow = 1024;
constexpr int kMaxContextWindow = 4 * 1024 * 1024;
constexpr int kMinOutputTokens = 256;
constexpr int kMaxOutputTokens = 32768;

/// --thinking and --effort; why not for a value the option does not take.
fanva::Status applyAnthropicOptions(const QCommandLineParser &parser, fanva::llm::ProviderOptions &options)
{
    if (parser.isSet(QStringLiteral("thinking"))) {
        const QString value = parser.value(QStringLiteral("thinking"));
        if (value != QLatin1StringView("on") && value != QLatin1StringView("off"))
            return fanva::Status::failure(QStringLiteral("--thinking takes on or off"));
        options.anthropicThinking = value == QLatin1StringView("on");
    }
    if (parser.isSet(QStringLiteral("effort"))) {
        const QString value = parser.value(QStringLiteral("effort"));
        if (value == QLatin1StringView("low"))
            options.anthropicEffort = fanva::llm::Effort::Low;
        else if (value == QLatin1StringView("medium"))
            options.anthropicEffort = fanva::llm::Effort::Medium;
        else if (value == QLatin1StringView("high"))
            options.anthropicEffort = fanva::llm::Effort::High;
        else
            return fanva::Status::failure(QStringLiteral("--effort takes low, medium or high"));
    }
    return {};
}

fanva::Result<int> intInRange(const QCommandLineParser &parser, const QString &name, int low, int high)
{
    bool ok = false;
    const qint64 value = parser.value(name).toLongLong(&ok);
    if (!ok || value < low || value > high)
        return fanva::Error { QStringLiteral("--%1 takes a number of tokens from %2 to %3").arg(name).arg(low).arg(high) };
    return int(value);
}

} // namespace

void addProviderOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        { QStringLiteral("provider"),
            QStringLiteral("Model provider: scripted, demo, ollama, anthropic, openai or rules (else FANVA_PROVIDER)."),
            QStringLiteral("P") },
        { QStringLiteral("model"), QStringLiteral("Model name (else FANVA_MODEL)."), QStringLiteral("M") },
        { QStringLiteral("base-url"), QStringLiteral("The provider's base URL (OpenAI-compatible: including /v1)."),
            QStringLiteral("URL") },
        { QStringLiteral("script"), QStringLiteral("fanva-script/1 file of the scripted provider (else FANVA_SCRIPT)."),
            QStringLiteral("FILE") },
        { QStringLiteral("script-record"), QStringLiteral("Append each request the scripted provider receives to FILE."),
            QStringLiteral("FILE") },
        { QStringLiteral("connect-timeout"), QStringLiteral("Seconds to wait for a connection (default 10)."), QStringLiteral("S") },
        { QStringLiteral("idle-timeout"), QStringLiteral("Seconds of silence before giving up (default 300, else FANVA_IDLE_TIMEOUT)."),
            QStringLiteral("S") },
        { QStringLiteral("total-timeout"), QStringLiteral("Seconds for the whole call, 0 = no limit (default 1800)."),
            QStringLiteral("S") },
        { QStringLiteral("max-reply"), QStringLiteral("MiB of text one answer may bring before the call is stopped (default 8)."),
            QStringLiteral("MIB") },
        { QStringLiteral("thinking"), QStringLiteral("Anthropic: adaptive thinking, on or off (default off)."), QStringLiteral("on|off") },
        { QStringLiteral("effort"), QStringLiteral("Anthropic: the effort the model spends, low, medium or high (default: the model's)."),
            QStringLiteral("LEVEL") },
    });
}

void addSessionRunOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        { QStringLiteral("max-attempts"), QStringLiteral("Formalize calls per document at most (1–10, default 4)."), QStringLiteral("N"),
            QStringLiteral("4") },
        { QStringLiteral("judge"), QStringLiteral("Run the fresh-context judge: on (default) or off."), QStringLiteral("on|off"),
            QStringLiteral("on") },
        { QStringLiteral("instruction"), QStringLiteral("A note from the author added to the document turn."), QStringLiteral("TEXT") },
    });
}

fanva::Status applySessionRunOptions(const QCommandLineParser &parser, int *maxAttempts, bool *judge)
{
    const QString judgeValue = parser.value(QStringLiteral("judge"));
    if (judgeValue != QLatin1StringView("on") && judgeValue != QLatin1StringView("off"))
        return fanva::Status::failure(QStringLiteral("--judge takes on or off"));
    bool ok = false;
    const int attempts = parser.value(QStringLiteral("max-attempts")).toInt(&ok);
    if (!ok || attempts < 1 || attempts > 10)
        return fanva::Status::failure(QStringLiteral("--max-attempts takes a number from 1 to 10"));
    *judge = judgeValue == QLatin1StringView("on");
    *maxAttempts = attempts;
    return {};
}

void addSessionBudgetOptions(QCommandLineParser &parser)
{
    parser.addOptions({
        { QStringLiteral("context-window"),
            QStringLiteral("The session's context window in tokens: caps the length the model reports, and is the window of a "
                           "model that reports none (default: the model's, else 8192)."),
            QStringLiteral("N") },
        { QStringLiteral("max-output-tokens"), QStringLiteral("Tokens reserved for each answer (256–32768, default 4096)."),
            QStringLiteral("N") },
    });
}

fanva::Status applySessionBudgetOptions(
    const QCommandLineParser &parser, int *contextLimit, int *maxOutputTokens, fanva::llm::ProviderOptions &options)
{
    *contextLimit = 0;
    if (parser.isSet(QStringLiteral("context-window"))) {
        const fanva::Result<int> limit = intInRange(parser, QStringLiteral("context-window"), kMinContextWindow, kMaxContextWindow);
        if (!limit)
            return limit.status();
        *contextLimit = *limit;
        options.contextCap = *limit;
    }
    if (parser.isSet(QStringLiteral("max-output-tokens"))) {
        const fanva::Result<int> tokens = intInRange(parser, QStringLiteral("max-output-tokens"), kMinOutputTokens, kMaxOutputTokens);
        if (!tokens)
            return tokens.status();
        *maxOutputTokens = *tokens;
    }
    return {};
}

void withContextWindow(const fanva::llm::ProviderOptions &options, int contextLimit, std::function<void(int window)> next)
{
    auto *lookup = new fanva::llm::ContextLengthLookup(options);
    QObject::connect(
        lookup, &fanva::llm::ContextLengthLookup::finished, lookup, [lookup, contextLimit, next](std::optional<int64_t> reported) {
            lookup->deleteLater();
            const int window = fanva::llm::sessionContextWindow(
                reported, contextLimit, contextLimit > 0 ? contextLimit : fanva::llm::kDefaultContextWindow);
            cli::err(reported ? QStringLiteral("context window %1 tokens (the model reports %2)\n")
                                    .arg(fanva::llm::formatCount(window), fanva::llm::formatCount(*reported))
                              : QStringLiteral("context window %1 tokens\n").arg(fanva::llm::formatCount(window)));
            next(window);
        });
    lookup->start();
}

void addPricesOption(QCommandLineParser &parser)
{
    parser.addOption({ QStringLiteral("prices"),
        QStringLiteral("Prices per million tokens, to show what the calls cost: a JSON file such as "
                       "{\"anthropic/MODEL\": {\"input\": 3, \"output\": 15, \"cache_read\": 0.3, \"cache_write\": 3.75, "
                       "\"currency\": \"USD\"}}. No prices ship with Fanva."),
        QStringLiteral("FILE") });
}

fanva::Result<std::optional<fanva::llm::Price>> priceFor(const QCommandLineParser &parser, const fanva::llm::ProviderOptions &options)
{
    if (!parser.isSet(QStringLiteral("prices")))
        return std::optional<fanva::llm::Price>();
    const QString path = parser.value(QStringLiteral("prices"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fanva::Error { QStringLiteral("cannot read %1: %2").arg(path, file.errorString()), path };
    const fanva::Result<fanva::llm::PriceTable> parsed = fanva::llm::PriceTable::parse(file.readAll());
    if (!parsed)
        return fanva::Error { QStringLiteral("%1: %2").arg(path, parsed.message()), path };
    return parsed->price(options.id.toStdString(), options.model.toStdString());
}

fanva::llm::SelectionInput selectionInput(const QCommandLineParser &parser)
{
    fanva::llm::SelectionInput input;
    input.provider = parser.value(QStringLiteral("provider"));
    input.model = parser.value(QStringLiteral("model"));
    input.baseUrl = parser.value(QStringLiteral("base-url"));
    input.scriptPath = parser.value(QStringLiteral("script"));
    return input;
}

fanva::Status applyProviderOptions(const QCommandLineParser &parser, fanva::llm::ProviderOptions &options)
{
    const auto seconds = [&](const char *name, std::chrono::milliseconds &target) {
        const QString option = QString::fromLatin1(name);
        if (!parser.isSet(option))
            return fanva::Status();
        const auto value = fanva::llm::parseTimeoutSeconds(parser.value(option));
        if (!value)
            return fanva::Status::failure(
                QStringLiteral("--%1 needs a number of seconds from 0 to %2").arg(option).arg(fanva::llm::kMaxTimeout.count() / 1000));
        target = *value;
        return fanva::Status();
    };
    options.scriptRecordPath = parser.value(QStringLiteral("script-record"));
    if (parser.isSet(QStringLiteral("max-reply"))) {
        bool ok = false;
        const qint64 mib = parser.value(QStringLiteral("max-reply")).toLongLong(&ok);
        if (!ok || mib < 1 || mib > kMaxReplyMib)
            return fanva::Status::failure(QStringLiteral("--max-reply needs a number of MiB from 1 to %1").arg(kMaxReplyMib));
        options.maxReplyBytes = qsizetype(mib) * 1024 * 1024;
    }
    for (const auto &[name, target] : { std::pair { "connect-timeout", &options.timeouts.connect },
             std::pair { "idle-timeout", &options.timeouts.idle }, std::pair { "total-timeout", &options.timeouts.total } }) {
        if (fanva::Status s = seconds(name, *target); !s)
            return s;
    }
    return applyAnthropicOptions(parser, options);
}

std::optional<int> readProvider(
    const CommandLine &commandLine, fanva::llm::ProviderOptions &options, int *contextLimit, int *maxOutputTokens)
{
    const QCommandLineParser &parser = commandLine.parser();
    const fanva::llm::SelectionInput selection = selectionInput(parser);
    const QString id = fanva::llm::selectedProvider(selection);
    if (id.isEmpty()) {
        err(QStringLiteral("fanva-cli %1: no provider selected: pass --provider or set FANVA_PROVIDER\n").arg(commandLine.command()));
        return ExitError;
    }
    options = fanva::llm::resolveOptions(id, selection);
    if (const fanva::Status applied = applyProviderOptions(parser, options); !applied)
        return commandLine.usageError(applied.message());
    if (const fanva::Status budget = applySessionBudgetOptions(parser, contextLimit, maxOutputTokens, options); !budget)
        return commandLine.usageError(budget.message());
    return std::nullopt;
}

void withKeyring(fanva::llm::ProviderOptions &options, std::function<void()> next)
{
    const QString account = fanva::llm::keyringAccount(options.id, options.baseUrl);
    if (!options.apiKey.isEmpty() || account.isEmpty() || !fanva::llm::hasKeyring()) {
        QTimer::singleShot(0, next); // clazy:exclude=connect-3arg-lambda (next owns what it uses)
        return;
    }
    auto *reader = new fanva::llm::KeyringReader;
    QObject::connect(reader, &fanva::llm::KeyringReader::finished, reader, [reader, &options, next](const QString &key) {
        if (!key.isEmpty()) {
            options.apiKey = key;
            options.keySource = QStringLiteral("keyring");
        }
        reader->deleteLater();
        next();
    });
    reader->start(account);
}

bool createSession(const QString &command, const fanva::llm::ProviderOptions &options, fanva::formalize::SessionInput &input,
    std::unique_ptr<fanva::llm::Provider> &provider, std::unique_ptr<fanva::formalize::Session> &session)
{
    fanva::llm::ProviderResult created = fanva::llm::createProvider(options);
    if (!created.provider) {
        err(QStringLiteral("fanva-cli %1: %2\n").arg(command, QString::fromStdString(created.failure->message)));
        return false;
    }
    provider = std::move(created.provider);
    input.settings.model = options.model;
    input.providerId = options.id;
    session = std::make_unique<fanva::formalize::Session>(provider.get(), input);
    return true;
}

} // namespace cli
