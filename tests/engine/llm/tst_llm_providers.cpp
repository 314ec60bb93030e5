// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Each HTTP provider against its loopback fake: the request bodies of providers.md §10
// (O1, A1, P1) and the replies of the fixtures, with the provider-specific rules (Ollama's
// num_ctx and truncation checks, Anthropic's cache breakpoint, OpenAI's usage chunk).
#include "llmtesting.h"

#include "version.h"

#include <QTest>

using namespace llmtest;
using fanva::llm::Failure;
using fanva::llm::StopReason;
using nlohmann::json;

class TstLlmProviders : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ollamaRequestO1();
    void ollamaShowAskedOnce();
    void ollamaThinking();
    void ollamaNoThinkWithoutCapability();
    void ollamaNumCtx_data();
    void ollamaNumCtx();
    void ollamaReplies_data();
    void ollamaReplies();
    void ollamaSilentTruncation();
    void ollamaTooLargeBeforeSending();
    void ollamaShowModelMissing();
    void anthropicRequestA1();
    void anthropicReplies_data();
    void anthropicReplies();
    void anthropicWithoutKey();
    void keyOverPlainHttp_data();
    void keyOverPlainHttp();
    void openAiRequestP1();
    void openAiReplies_data();
    void openAiReplies();
    void openAiWithoutBaseUrl();
    void statusMapping_data();
    void statusMapping();
    void totalTimeout();
    void gptOssThinkLevels();
    void anthropicAdaptiveThinking();
};

namespace {

Exchange fixtureStream(const QString &name)
{
    const bool sse = name.endsWith(QLatin1String(".sse"));
    return Exchange { 200, { { "Content-Type", sse ? "text/event-stream" : "application/x-ndjson" } },
        fixturePieces(readFixture(name), sse), true, {} };
}

json fixtureJson(const QString &name)
{
    const QByteArray bytes = readFixture(name);
    return json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
}

const RecordedRequest *lastTo(const FakeServer &server, const QByteArray &path)
{
    const RecordedRequest *found = nullptr;
    for (const RecordedRequest &request : server.requests()) {
        if (request.path == path)
            found = &request;
    }
    return found;
}

QString dump(const json &value)
{
    return QString::fromStdString(value.dump());
}

} // namespace

void TstLlmProviders::ollamaRequestO1()
{
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-basic.ndjson")));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY2(record.ok, qPrintable(record.message()));

    const RecordedRequest *show = lastTo(*server, "/api/show");
    QVERIFY(show);
    QCOMPARE(dump(show->json), QStringLiteral(R"({"model":"qwen3:8b"})"));
    const RecordedRequest *chat = lastTo(*server, "/api/chat");
    QVERIFY(chat);
    QCOMPARE(dump(chat->json), dump(fixtureJson(QStringLiteral("ollama/request-o1.json"))));
    QCOMPARE(chat->method, QByteArray("POST"));
    QCOMPARE(chat->headers.value("content-type"), QByteArray("application/json"));
    QCOMPARE(chat->headers.value("accept"), QByteArray("application/x-ndjson"));
    QCOMPARE(chat->headers.value("user-agent"), "fanva/" + fanva::version().toLatin1());
    QVERIFY(!chat->headers.contains("authorization"));
    QCOMPARE(record.response.diag.numCtx, 4096);
    QCOMPARE(record.response.diag.estimate, 9);
}

void TstLlmProviders::ollamaShowAskedOnce()
{
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-basic.ndjson")));
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-basic.ndjson")));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    QVERIFY(runCall(*provider, requestR()).ok);
    QVERIFY(runCall(*provider, requestR()).ok);
    QCOMPARE(server->requestCount("/api/show"), 1);
    QCOMPARE(server->requestCount("/api/chat"), 2);
}

void TstLlmProviders::ollamaThinking()
{
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-thinking.ndjson")));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    llm::Request request = requestR();
    request.effort = llm::Effort::High;
    const CallRecord record = runCall(*provider, request);
    QVERIFY2(record.ok, qPrintable(record.message()));
    QCOMPARE(record.thinking, QStringLiteral("Rex is an individual."));
    QCOMPARE(QString::fromStdString(record.response.thinking()), QStringLiteral("Rex is an individual."));
    QCOMPARE(QString::fromStdString(record.response.text()), QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}"));
    QVERIFY(lastTo(*server, "/api/chat")->json.value("think", json()) == json(true));
}

void TstLlmProviders::ollamaNoThinkWithoutCapability()
{
    auto server = fakeOllama(40960, false);
    QVERIFY(server->listen());
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-basic.ndjson")));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    llm::Request request = requestR();
    request.effort = llm::Effort::High;
    QVERIFY(runCall(*provider, request).ok);
    QVERIFY(!lastTo(*server, "/api/chat")->json.contains("think"));
}

void TstLlmProviders::ollamaNumCtx_data()
{
    QTest::addColumn<int>("promptBytes");
    QTest::addColumn<int>("maxTokens");
    QTest::addColumn<int>("floor");
    QTest::addColumn<int>("contextCap");
    QTest::addColumn<int>("expected");
    // estimate = ceil(bytes / 3.5); num_ctx = roundUp(ceil(1.25 × estimate) + maxTokens, 2048)
    QTest::addRow("R, floor wins") << 0 << 1024 << 4096 << 0 << 4096;
    QTest::addRow("32,000 bytes") << 32000 << 1024 << 0 << 0 << 14336; // 9,143 → 11,429 + 1,024 → 14,336
    QTest::addRow("floor above the size") << 32000 << 1024 << 16384 << 0 << 16384;
    QTest::addRow("user cap") << 32000 << 1024 << 16384 << 12288 << 12288;
    QTest::addRow("exact multiple") << 4900 << 250 << 0 << 0 << 2048; // 1,400 → 1,750 + 250 = 2,000 → 2,048
}

void TstLlmProviders::ollamaNumCtx()
{
    QFETCH(int, promptBytes);
    QFETCH(int, maxTokens);
    QFETCH(int, floor);
    QFETCH(int, contextCap);
    QFETCH(int, expected);
    auto server = fakeOllama();
    QVERIFY(server->listen());
    ReplySpec spec = ollamaBasic();
    spec.promptEvalCount = 100000; // no truncation
    server->enqueue("/api/chat", ollamaStream(spec));
    llm::ProviderOptions options = optionsFor(QStringLiteral("ollama"), *server);
    options.contextCap = contextCap;
    auto provider = makeProvider(options);
    llm::Request request = requestR();
    request.maxTokens = maxTokens;
    request.numCtx = floor;
    if (promptBytes > 0) {
        request.system.clear();
        request.messages = { { llm::Role::User, std::string(std::size_t(promptBytes), 'a') } };
    }
    const CallRecord record = runCall(*provider, request);
    QVERIFY2(record.ok, qPrintable(record.message()));
    const json body = lastTo(*server, "/api/chat")->json;
    QCOMPARE(body["options"]["num_ctx"].get<int>(), expected);
    QCOMPARE(body["options"]["num_predict"].get<int>(), maxTokens);
    QVERIFY(body["options"]["temperature"] == json(0));
    QVERIFY(body["truncate"] == json(false));
    QVERIFY(body["shift"] == json(false));
}

void TstLlmProviders::ollamaReplies_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("stopReason");
    QTest::addColumn<QString>("usage");
    QTest::addRow("O2") << "ollama/chat-basic.ndjson" << int(StopReason::EndTurn)
                        << R"({"cacheRead":null,"cacheWrite":null,"input":38,"output":12})";
    QTest::addRow("O4 text on the done line") << "ollama/chat-split-done.ndjson" << int(StopReason::EndTurn)
                                              << R"({"cacheRead":null,"cacheWrite":null,"input":38,"output":12})";
    QTest::addRow("O5") << "ollama/chat-length.ndjson" << int(StopReason::MaxTokens)
                        << R"({"cacheRead":null,"cacheWrite":null,"input":38,"output":12})";
}

void TstLlmProviders::ollamaReplies()
{
    QFETCH(QString, fixture);
    QFETCH(int, stopReason);
    QFETCH(QString, usage);
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->enqueue("/api/chat", fixtureStream(fixture));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY2(record.ok, qPrintable(record.message()));
    QCOMPARE(int(record.response.stopReason), stopReason);
    QCOMPARE(QString::fromStdString(record.response.text()), QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}"));
    QCOMPARE(record.text, QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}"));
    QCOMPARE(dump(llm::usageToJson(record.response.usage)), usage);
    QCOMPARE(QString::fromStdString(record.response.model), QStringLiteral("qwen3:8b"));
    QCOMPARE(record.usages.size(), size_t(1));
}

void TstLlmProviders::ollamaSilentTruncation()
{
    // F10: O7 answers a 32,000-character prompt having read 2,050 tokens of ≈9,143.
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-truncated.ndjson")));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    llm::Request request = requestR();
    request.system.clear();
    request.messages = { { llm::Role::User, std::string(32000, 'a') } };
    const CallRecord record = runCall(*provider, request);
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::TooLarge);
    QCOMPARE(QString::fromStdString(record.response.failure->outcome), QStringLiteral("too-large"));
    QCOMPARE(record.message(),
        QStringLiteral(
            "Ollama silently dropped part of the prompt: it read 2,050 of ≈9,143 tokens; raise the context limit or use a larger model."));
    QVERIFY(record.response.content.empty());
    QCOMPARE(QString::fromStdString(record.response.discarded.back().text), QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}"));
}

void TstLlmProviders::ollamaTooLargeBeforeSending()
{
    // F11: a 4,096-token model and a ≈5,000-token prompt: nothing is sent to /api/chat.
    auto server = fakeOllama(4096);
    QVERIFY(server->listen());
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    llm::Request request = requestR();
    request.system.clear();
    request.messages = { { llm::Role::User, std::string(17500, 'a') } };
    const CallRecord record = runCall(*provider, request);
    QVERIFY(!record.ok);
    QCOMPARE(QString::fromStdString(record.response.failure->outcome), QStringLiteral("too-large"));
    QCOMPARE(record.message(),
        QStringLiteral("The prompt (≈5,000 tokens) plus the output budget (1,024) does not fit qwen3:8b's window (4,096); shorten the "
                       "document or choose a "
                       "larger model."));
    QCOMPARE(server->requestCount("/api/chat"), 0);
}

void TstLlmProviders::ollamaShowModelMissing()
{
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->enqueue("/api/show", Exchange::json(404, readFixture(QStringLiteral("ollama/error-404.json"))));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::ModelMissing);
    QVERIFY(record.message().endsWith(QStringLiteral("— run: ollama pull qwen3:8b")));
    QCOMPARE(server->requestCount("/api/chat"), 0);
}

void TstLlmProviders::anthropicRequestA1()
{
    FakeServer server;
    QVERIFY(server.listen());
    server.enqueue("/v1/messages", fixtureStream(QStringLiteral("anthropic/stream-basic.sse")));
    const llm::ProviderOptions options = optionsFor(QStringLiteral("anthropic"), server);
    auto provider = makeProvider(options);
    llm::Request request = requestR();
    request.effort = llm::Effort::Medium;
    const CallRecord record = runCall(*provider, request);
    QVERIFY2(record.ok, qPrintable(record.message()));
    const RecordedRequest *sent = lastTo(server, "/v1/messages");
    QVERIFY(sent);
    QCOMPARE(dump(sent->json), dump(fixtureJson(QStringLiteral("anthropic/request-a1.json"))));
    QCOMPARE(sent->headers.value("x-api-key"), options.apiKey.toLatin1());
    QCOMPARE(sent->headers.value("anthropic-version"), QByteArray("2023-06-01"));
    QCOMPARE(sent->headers.value("accept"), QByteArray("text/event-stream"));
    QVERIFY(!sent->headers.contains("anthropic-beta"));
    QVERIFY(!sent->headers.contains("authorization"));
    for (const char *field : { "temperature", "top_p", "top_k", "thinking" })
        QVERIFY2(!sent->json.contains(field), field);
    int breakpoints = 0;
    for (const json &block : sent->json["system"])
        breakpoints += block.contains("cache_control") ? 1 : 0;
    QCOMPARE(breakpoints, 1);
    QVERIFY(sent->json["system"][1].contains("cache_control"));
    QCOMPARE(QString::fromStdString(record.response.diag.requestId), QString());
}

void TstLlmProviders::anthropicReplies_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<int>("stopReason");
    QTest::addColumn<QString>("usage");
    QTest::addColumn<QString>("thinking");
    QTest::addColumn<bool>("cacheNote");
    QTest::addRow("A2") << "anthropic/stream-basic.sse" << int(StopReason::EndTurn)
                        << R"({"cacheRead":4210,"cacheWrite":0,"input":25,"output":15})"
                        << "" << false;
    QTest::addRow("A3") << "anthropic/stream-thinking.sse" << int(StopReason::EndTurn)
                        << R"({"cacheRead":4210,"cacheWrite":0,"input":25,"output":15})"
                        << "Rex is an individual." << false;
    QTest::addRow("A6") << "anthropic/stream-max-tokens.sse" << int(StopReason::MaxTokens)
                        << R"({"cacheRead":4210,"cacheWrite":0,"input":25,"output":15})"
                        << "" << false;
    QTest::addRow("A7") << "anthropic/stream-no-cache.sse" << int(StopReason::EndTurn)
                        << R"({"cacheRead":0,"cacheWrite":0,"input":4235,"output":15})"
                        << "" << true;
}

void TstLlmProviders::anthropicReplies()
{
    QFETCH(QString, fixture);
    QFETCH(int, stopReason);
    QFETCH(QString, usage);
    QFETCH(QString, thinking);
    QFETCH(bool, cacheNote);
    FakeServer server;
    QVERIFY(server.listen());
    server.enqueue("/v1/messages", fixtureStream(fixture));
    auto provider = makeProvider(optionsFor(QStringLiteral("anthropic"), server));
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY2(record.ok, qPrintable(record.message()));
    QCOMPARE(int(record.response.stopReason), stopReason);
    QCOMPARE(QString::fromStdString(record.response.text()), QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}"));
    QCOMPARE(QString::fromStdString(record.response.thinking()), thinking);
    QCOMPARE(dump(llm::usageToJson(record.response.usage)), usage);
    QCOMPARE(QString::fromStdString(record.response.model), QStringLiteral("claude-test"));
    const auto &notes = record.response.diag.notes;
    const bool noted = std::any_of(
        notes.begin(), notes.end(), [](const std::string &note) { return note.starts_with("prompt caching did not apply (prefix ≈"); });
    QCOMPARE(noted, cacheNote);
}

void TstLlmProviders::anthropicWithoutKey()
{
    FakeServer server;
    QVERIFY(server.listen());
    llm::ProviderOptions options = optionsFor(QStringLiteral("anthropic"), server);
    options.apiKey.clear();
    auto provider = makeProvider(options);
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::Credential);
    QVERIFY(record.message().startsWith(QStringLiteral("No Anthropic API key")));
    QCOMPARE(server.requests().size(), 0);
}

void TstLlmProviders::keyOverPlainHttp_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addRow("anthropic") << "anthropic";
    QTest::addRow("openai") << "openai";
    QTest::addRow("ollama") << "ollama";
}

void TstLlmProviders::keyOverPlainHttp()
{
    QFETCH(QString, provider);
    FakeServer server;
    QVERIFY(server.listen());
    llm::ProviderOptions options = optionsFor(provider, server);
    options.apiKey = QStringLiteral("sk-test-never-sent-0000");
    options.baseUrl = QUrl(QStringLiteral("http://models.example.invalid/v1"));
    auto llmProvider = makeProvider(options);
    const CallRecord record = runCall(*llmProvider, requestR());
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::Config);
    QVERIFY2(record.message().contains(QStringLiteral("over plain http")), qPrintable(record.message()));
}

void TstLlmProviders::openAiRequestP1()
{
    FakeServer server;
    QVERIFY(server.listen());
    server.enqueue("/v1/chat/completions", fixtureStream(QStringLiteral("openai/stream-basic.sse")));
    server.enqueue("/v1/chat/completions", fixtureStream(QStringLiteral("openai/stream-basic.sse")));
    llm::ProviderOptions options = optionsFor(QStringLiteral("openai"), server);
    auto withoutKey = makeProvider(options);
    QVERIFY(runCall(*withoutKey, requestR()).ok);
    const RecordedRequest *sent = lastTo(server, "/v1/chat/completions");
    QCOMPARE(dump(sent->json), dump(fixtureJson(QStringLiteral("openai/request-p1.json"))));
    QVERIFY(sent->json["stream_options"]["include_usage"] == json(true));
    QVERIFY(!sent->headers.contains("authorization"));
    QCOMPARE(sent->headers.value("accept"), QByteArray("text/event-stream"));

    options.apiKey = QStringLiteral("sk-local-0123456789");
    auto withKey = makeProvider(options);
    QVERIFY(runCall(*withKey, requestR()).ok);
    QCOMPARE(lastTo(server, "/v1/chat/completions")->headers.value("authorization"), QByteArray("Bearer sk-local-0123456789"));
}

void TstLlmProviders::openAiReplies_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<int>("stopReason");
    QTest::addColumn<QString>("usage");
    QTest::addColumn<QString>("thinking");
    const QString basic = QStringLiteral(R"({"cacheRead":null,"cacheWrite":null,"input":412,"output":9})");
    QTest::addRow("P2") << "openai/stream-basic.sse" << true << int(StopReason::EndTurn) << basic << "";
    QTest::addRow("P2a comments") << "openai/stream-comments.sse" << true << int(StopReason::EndTurn) << basic << "";
    QTest::addRow("P2b no [DONE]") << "openai/stream-no-done.sse" << true << int(StopReason::EndTurn) << basic << "";
    QTest::addRow("P3") << "openai/stream-reasoning.sse" << true << int(StopReason::EndTurn) << basic << "Rex is an individual.";
    QTest::addRow("P6") << "openai/stream-length.sse" << true << int(StopReason::MaxTokens) << basic << "";
    QTest::addRow("P9") << "openai/stream-cached.sse" << true << int(StopReason::EndTurn)
                        << R"({"cacheRead":384,"cacheWrite":null,"input":28,"output":9})"
                        << "";
    QTest::addRow("P5 vLLM error") << "openai/stream-error-vllm.sse" << false << int(StopReason::Error) << ""
                                   << "";
}

void TstLlmProviders::openAiReplies()
{
    QFETCH(QString, fixture);
    QFETCH(bool, ok);
    QFETCH(int, stopReason);
    QFETCH(QString, usage);
    QFETCH(QString, thinking);
    FakeServer server;
    QVERIFY(server.listen());
    server.enqueue("/v1/chat/completions", fixtureStream(fixture));
    auto provider = makeProvider(optionsFor(QStringLiteral("openai"), server));
    const CallRecord record = runCall(*provider, requestR());
    QCOMPARE(record.ok, ok);
    QCOMPARE(int(record.response.stopReason), stopReason);
    if (!ok) {
        QCOMPARE(record.response.failure->kind, Failure::Kind::MidStreamError);
        QVERIFY(record.message().endsWith(QStringLiteral("reported an error in the middle of the answer: upstream model crashed")));
        return;
    }
    QCOMPARE(QString::fromStdString(record.response.text()), QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}"));
    QCOMPARE(QString::fromStdString(record.response.thinking()), thinking);
    QCOMPARE(dump(llm::usageToJson(record.response.usage)), usage);
}

void TstLlmProviders::openAiWithoutBaseUrl()
{
    llm::ProviderOptions options;
    options.id = QStringLiteral("openai");
    options.model = QStringLiteral("m");
    auto provider = makeProvider(options);
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::Config);
    QVERIFY(record.message().startsWith(QStringLiteral("No base URL")));
}

void TstLlmProviders::statusMapping_data()
{
    // The status rows of providers.md §3–§5 not covered by the fault table.
    QTest::addColumn<QString>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("shouldRetry"); // x-should-retry, empty = none
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("requests");
    QTest::addColumn<int>("kind");
    QTest::addRow("ollama 500 memory")
        << "ollama" << 500 << QByteArray(R"x({"error":"model requires more system memory (9.1 GiB) than is available (4.0 GiB)"})x")
        << QByteArray() << "Ollama cannot load qwen3:8b: not enough memory — choose a smaller model or lower the context limit" << 1
        << int(Failure::Kind::Http);
    QTest::addRow("ollama 502") << "ollama" << 502 << QByteArray(R"({"error":"bad gateway"})") << QByteArray()
                                << "Ollama failed (502) after 3 tries: bad gateway" << 3 << int(Failure::Kind::Http);
    QTest::addRow("ollama 503") << "ollama" << 503 << readFixture(QStringLiteral("ollama/error-503.json")) << QByteArray()
                                << "Ollama's request queue is full (503) after 3 tries" << 3 << int(Failure::Kind::Overloaded);
    QTest::addRow("ollama 400 other") << "ollama" << 400 << QByteArray(R"({"error":"invalid format"})") << QByteArray()
                                      << "Ollama rejected the request (400): invalid format" << 1 << int(Failure::Kind::Http);
    QTest::addRow("anthropic 413") << "anthropic" << 413 << readFixture(QStringLiteral("anthropic/error-413.json")) << QByteArray()
                                   << "The request exceeds Anthropic's 32 MB limit (413)." << 1 << int(Failure::Kind::TooLarge);
    QTest::addRow("anthropic 403") << "anthropic" << 403
                                   << QByteArray(R"({"type":"error","error":{"type":"permission_error","message":"no access"}})")
                                   << QByteArray() << "Anthropic rejected the request (403 permission_error): no access" << 1
                                   << int(Failure::Kind::Credential);
    QTest::addRow("anthropic 400 other") << "anthropic" << 400
                                         << QByteArray(R"({"type":"error","error":{"type":"invalid_request_error","message":"bad"}})")
                                         << QByteArray() << "Anthropic rejected the request (400 invalid_request_error): bad" << 1
                                         << int(Failure::Kind::Http);
    QTest::addRow("anthropic 500") << "anthropic" << 500 << QByteArray(R"({"type":"error","error":{"type":"api_error","message":"oops"}})")
                                   << QByteArray() << "Anthropic is unavailable (500 api_error) after 3 tries; try again shortly." << 3
                                   << int(Failure::Kind::Overloaded);
    QTest::addRow("anthropic 529 x-should-retry false")
        << "anthropic" << 529 << readFixture(QStringLiteral("anthropic/error-529.json")) << QByteArray("false")
        << "Anthropic is unavailable (529 overloaded_error); try again shortly." << 1 << int(Failure::Kind::Overloaded);
    QTest::addRow("anthropic 400 x-should-retry true")
        << "anthropic" << 400 << QByteArray(R"({"type":"error","error":{"type":"invalid_request_error","message":"bad"}})")
        << QByteArray("true") << "Anthropic rejected the request (400 invalid_request_error): bad" << 3 << int(Failure::Kind::Http);
    QTest::addRow("openai 402") << "openai" << 402 << QByteArray(R"({"error":{"message":"Insufficient credits"}})") << QByteArray()
                                << "The server at {BASE} rejected the request (402): Insufficient credits" << 1 << int(Failure::Kind::Http);
    QTest::addRow("openai context at 500") << "openai" << 500 << readFixture(QStringLiteral("openai/error-400-context.json"))
                                           << QByteArray() << "The prompt (4,390 tokens) exceeds the server's context (4,096 tokens)." << 1
                                           << int(Failure::Kind::TooLarge);
    QTest::addRow("openai plain text") << "openai" << 400 << QByteArray("not json at all") << QByteArray()
                                       << "The server at {BASE} rejected the request (400): not json at all" << 1
                                       << int(Failure::Kind::Http);
}

void TstLlmProviders::statusMapping()
{
    QFETCH(QString, provider);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, shouldRetry);
    QFETCH(QString, message);
    QFETCH(int, requests);
    QFETCH(int, kind);
    auto server = makeServer(provider);
    QVERIFY(server->listen());
    QList<QPair<QByteArray, QByteArray>> headers;
    if (!shouldRetry.isEmpty())
        headers << qMakePair(QByteArray("x-should-retry"), shouldRetry);
    for (int i = 0; i < 3; ++i)
        server->enqueue(chatPath(provider), Exchange::json(status, body, headers));
    auto llmProvider = makeProvider(optionsFor(provider, *server));
    const CallRecord record = runCall(*llmProvider, requestR());
    QVERIFY(!record.ok);
    QCOMPARE(record.message(), replaced(message, baseUrl(provider, *server)));
    QCOMPARE(server->requestCount(chatPath(provider)), requests);
    QCOMPARE(int(record.response.failure->kind), kind);
    QCOMPARE(record.response.failure->httpStatus, status);
}

void TstLlmProviders::totalTimeout()
{
    FakeServer server;
    QVERIFY(server.listen());
    server.setGapMs(100);
    server.enqueue("/v1/messages", anthropicStream(anthropicBasic()));
    llm::ProviderOptions options = optionsFor(QStringLiteral("anthropic"), server);
    options.timeouts.total = std::chrono::milliseconds(250);
    auto provider = makeProvider(options);
    const CallRecord record = runCall(*provider, requestR());
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::Timeout);
    QCOMPARE(record.message(), QStringLiteral("The request exceeded the 0.3 s limit."));
}

void TstLlmProviders::gptOssThinkLevels()
{
    auto server = fakeOllama();
    QVERIFY(server->listen());
    server->setDefault("/api/show",
        Exchange::json(200,
            R"({"details":{"family":"gptoss"},"model_info":{"general.architecture":"gptoss","gptoss.context_length":131072},"capabilities":["completion","thinking"]})"));
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-basic.ndjson")));
    server->enqueue("/api/chat", fixtureStream(QStringLiteral("ollama/chat-basic.ndjson")));
    auto provider = makeProvider(optionsFor(QStringLiteral("ollama"), *server));
    QVERIFY(runCall(*provider, requestR()).ok);
    QVERIFY(lastTo(*server, "/api/chat")->json["think"] == json("low"));
    llm::Request request = requestR();
    request.effort = llm::Effort::Max;
    QVERIFY(runCall(*provider, request).ok);
    QVERIFY(lastTo(*server, "/api/chat")->json["think"] == json("high"));
}

void TstLlmProviders::anthropicAdaptiveThinking()
{
    FakeServer server;
    QVERIFY(server.listen());
    server.enqueue("/v1/messages", fixtureStream(QStringLiteral("anthropic/stream-thinking.sse")));
    llm::ProviderOptions options = optionsFor(QStringLiteral("anthropic"), server);
    options.anthropicThinking = true;
    auto provider = makeProvider(options);
    llm::Request request = requestR();
    request.system = { { "RULES", false } };
    request.outputSchema.reset();
    QVERIFY(runCall(*provider, request).ok);
    const json sent = lastTo(server, "/v1/messages")->json;
    QVERIFY(sent["thinking"] == json({ { "type", "adaptive" } }));
    QVERIFY(!sent.contains("output_config"));
    QVERIFY(!sent["system"][0].contains("cache_control"));
}

QTEST_GUILESS_MAIN(TstLlmProviders)
#include "tst_llm_providers.moc"
