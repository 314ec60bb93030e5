// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Shared helpers of the engine/llm tests: the providers pointed at a loopback fake, the
// request R of providers.md §10, and a runner that records everything a Call emits.

#include "fakeserver.h"
#include "replyspec.h"

#include "llm/provider.h"
#include "llm/selection.h"

#include <QPointer>
#include <QTest>

#include <memory>

namespace llmtest {

using namespace fanva;
using namespace fanva::fakes;

inline constexpr char kPlantedKey[] = "fanva-planted-7f3c9a1e5b2d4068";

inline nlohmann::json schemaS()
{
    return nlohmann::json::parse(
        R"({"type":"object","properties":{"candidates":{"type":"array","items":{"type":"string"}}},"required":["candidates"],"additionalProperties":false})");
}

/// providers.md §10's R.
inline llm::Request requestR()
{
    llm::Request request;
    request.purpose = "formalize";
    request.system = { { "RULES", true }, { "VOCAB", true }, { "NOTE", false } };
    request.messages = { { llm::Role::User, "[1] Rex is a dog." } };
    request.maxTokens = 1024;
    request.outputSchema = schemaS();
    request.numCtx = 4096;
    return request;
}

inline QByteArray chatPath(const QString &id)
{
    if (id == QLatin1String("ollama"))
        return "/api/chat";
    if (id == QLatin1String("anthropic"))
        return "/v1/messages";
    return "/v1/chat/completions";
}

inline std::unique_ptr<FakeServer> makeServer(const QString &id)
{
    auto server = id == QLatin1String("ollama") ? fakeOllama() : std::make_unique<FakeServer>();
    if (id == QLatin1String("openai"))
        server->setDefault("/v1/models", Exchange::json(200, openAiModelsJson()));
    return server;
}

/// The base URL a provider is given for `server` (OpenAI-compatible ones include /v1).
inline QString baseUrl(const QString &id, const FakeServer &server)
{
    return server.url(id == QLatin1String("openai") ? QStringLiteral("/v1") : QString()).toString();
}

inline llm::ProviderOptions optionsFor(const QString &id, const FakeServer &server)
{
    llm::ProviderOptions options;
    options.id = id;
    options.baseUrl = QUrl(baseUrl(id, server));
    if (id == QLatin1String("ollama"))
        options.model = QStringLiteral("qwen3:8b");
    else if (id == QLatin1String("anthropic"))
        options.model = QStringLiteral("claude-test");
    else
        options.model = QStringLiteral("qwen2.5-7b-instruct");
    if (id == QLatin1String("anthropic"))
        options.apiKey = QStringLiteral("sk-ant-test-0123456789abcdef");
    options.retry.base = std::chrono::milliseconds(10);
    options.retry.cap = std::chrono::milliseconds(40);
    options.timeouts.connect = std::chrono::milliseconds(3000);
    options.timeouts.idle = std::chrono::milliseconds(3000);
    options.timeouts.total = std::chrono::milliseconds(0);
    return options;
}

inline ReplySpec basicSpec(const QString &id)
{
    if (id == QLatin1String("ollama"))
        return ollamaBasic();
    if (id == QLatin1String("anthropic"))
        return anthropicBasic();
    return openAiBasic();
}

inline Exchange streamOf(const QString &id, const ReplySpec &spec, Fault fault = {})
{
    if (id == QLatin1String("ollama"))
        return ollamaStream(spec, fault);
    if (id == QLatin1String("anthropic"))
        return anthropicStream(spec, fault);
    return openAiStream(spec, fault);
}

inline std::unique_ptr<llm::Provider> makeProvider(const llm::ProviderOptions &options)
{
    auto result = llm::createProvider(options);
    return std::move(result.provider);
}

/// Everything one Call emitted.
struct CallRecord {
    bool terminated = false;
    bool ok = false;
    int terminalSignals = 0;
    int signalsAfterTerminal = 0;
    bool deleted = false;
    llm::Response response;
    QString text, thinking;
    QStringList notices;
    std::vector<llm::Usage> usages;

    [[nodiscard]] QString message() const { return response.failure ? QString::fromStdString(response.failure->message) : QString(); }
};

/// Starts `request` and runs the event loop until the terminal signal (or `ms`). `onText`
/// may cancel the call: it gets the call and the number of text deltas so far.
inline CallRecord runCall(
    llm::Provider &provider, const llm::Request &request, std::function<void(llm::Call *, int)> onText = {}, int ms = 15000)
{
    auto record = std::make_shared<CallRecord>();
    QPointer<llm::Call> call = provider.start(request);
    auto deltas = std::make_shared<int>(0);
    const auto after = [record] {
        if (record->terminated)
            ++record->signalsAfterTerminal;
    };
    QObject::connect(call, &llm::Call::textDelta, call, [record, after, deltas, onText, call](const QString &text) {
        after();
        record->text += text;
        ++*deltas;
        if (onText)
            onText(call, *deltas);
    });
    QObject::connect(call, &llm::Call::thinkingDelta, call, [record, after](const QString &text) {
        after();
        record->thinking += text;
    });
    QObject::connect(call, &llm::Call::usageUpdated, call, [record, after](const llm::Usage &usage) {
        after();
        record->usages.push_back(usage);
    });
    QObject::connect(call, &llm::Call::notice, call, [record, after](const QString &text) {
        after();
        record->notices << text;
    });
    QObject::connect(call, &llm::Call::done, call, [record](const llm::Response &response) {
        ++record->terminalSignals;
        record->terminated = true;
        record->ok = true;
        record->response = response;
    });
    QObject::connect(call, &llm::Call::error, call, [record](const llm::Response &response) {
        ++record->terminalSignals;
        record->terminated = true;
        record->ok = false;
        record->response = response;
    });
    if (QTest::qWaitFor([&] { return record->terminated; }, ms)) {
        // The Call deletes itself after its terminal signal; wait for that, so that any stray
        // emission would have been seen.
        record->deleted = QTest::qWaitFor([&] { return call.isNull(); }, 1000);
    }
    return *record;
}

inline QString replaced(QString text, const QString &base)
{
    return text.replace(QStringLiteral("{BASE}"), base);
}

} // namespace llmtest
