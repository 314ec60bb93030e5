// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Replies no provider should send, against the loopback fakes: every field a provider's
// reply is read for, given a value of the wrong type (issue 14 H3); a body that stops in the
// middle of a line; an answer without end (M9); a password in the base URL (M5).
#include "llmtesting.h"

#include "llm/probe.h"

#include <QTest>

using namespace llmtest;
using fanva::llm::Failure;

class TstLlmMalformed : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void wrongTypes_data();
    void wrongTypes();
    void cutMidLine_data();
    void cutMidLine();
    void replyLimit_data();
    void replyLimit();
    void userInfoNeverShown_data();
    void userInfoNeverShown();
};

namespace {

const QStringList kProviders { QStringLiteral("ollama"), QStringLiteral("anthropic"), QStringLiteral("openai") };

QString nameOf(const QString &id)
{
    return id == QLatin1String("ollama")   ? QStringLiteral("Ollama")
        : id == QLatin1String("anthropic") ? QStringLiteral("Anthropic")
                                           : QStringLiteral("The server at {BASE}");
}

/// One 200 reply streaming `pieces` (NDJSON lines or SSE events) as they are.
Exchange rawStream(const QString &id, const QList<QByteArray> &pieces)
{
    const QByteArray type = id == QLatin1String("ollama") ? "application/x-ndjson" : "text/event-stream";
    return Exchange { 200, { { "Content-Type", type } }, pieces, true, {} };
}

QByteArray sse(const QByteArray &data)
{
    return "data: " + data + "\n\n";
}

// A valid Ollama line that ends the answer.
const QByteArray kOllamaDone
    = R"({"model":"qwen3:8b","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop","prompt_eval_count":38,"eval_count":5})"
      "\n";
const QByteArray kAnthropicStart
    = R"({"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-test","usage":{"input_tokens":40,"output_tokens":1}}})";
const QByteArray kAnthropicText = sse(R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}})");
const QByteArray kAnthropicEnd
    = sse(R"({"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}})")
    + sse(R"({"type":"message_stop"})");

} // namespace

void TstLlmMalformed::wrongTypes_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QList<QByteArray>>("pieces");
    QTest::addColumn<QString>("problem"); // empty: the reply is read and the call succeeds

    const auto ollama = [](const char *name, const QByteArray &line, const char *problem) {
        QTest::addRow("ollama %s", name) << QStringLiteral("ollama") << QList<QByteArray> { line + "\n", kOllamaDone }
                                         << QString::fromUtf8(problem);
    };
    ollama("done 1", R"({"model":"m","message":{"content":"x"},"done":1})", R"("done" is not a boolean in line 1)");
    ollama("done string", R"({"model":"m","message":{"content":"x"},"done":"true"})", R"("done" is not a boolean in line 1)");
    ollama("done_reason null", R"({"model":"m","message":{"content":"x"},"done":true,"done_reason":null,"prompt_eval_count":38})",
        R"("done_reason" is not a string in line 1)");
    ollama("done_reason number", R"({"message":{"content":"x"},"done":true,"done_reason":3,"prompt_eval_count":38})",
        R"("done_reason" is not a string in line 1)");
    ollama("model number", R"({"model":5,"message":{"content":"x"},"done":false})", R"("model" is not a string in line 1)");
    ollama("message string", R"({"model":"m","message":"x","done":false})", R"("message" is not an object in line 1)");
    ollama("content number", R"({"model":"m","message":{"content":7},"done":false})", R"("content" is not a string in line 1)");
    ollama("content null", R"({"model":"m","message":{"content":null},"done":false})", R"("content" is not a string in line 1)");
    ollama("thinking array", R"({"model":"m","message":{"thinking":[]},"done":false})", R"("thinking" is not a string in line 1)");
    ollama("eval_count string", R"({"message":{"content":"x"},"done":true,"prompt_eval_count":38,"eval_count":"5"})",
        R"("eval_count" is not an integer in line 1)");
    ollama("prompt_eval_count fraction", R"({"message":{"content":"x"},"done":true,"prompt_eval_count":38.5})",
        R"("prompt_eval_count" is not an integer in line 1)");
    ollama("prompt_eval_cached_count null",
        R"({"message":{"content":"x"},"done":true,"prompt_eval_count":38,"prompt_eval_cached_count":null})",
        R"("prompt_eval_cached_count" is not an integer in line 1)");
    ollama("well typed", R"({"model":"m","message":{"content":"x"},"done":false})", "");

    const auto anthropic = [](const char *name, const QByteArray &event, const char *problem) {
        QTest::addRow("anthropic %s", name) << QStringLiteral("anthropic")
                                            << QList<QByteArray> { sse(kAnthropicStart), sse(event), kAnthropicText, kAnthropicEnd }
                                            << QString::fromUtf8(problem);
    };
    anthropic("type 5", R"({"type":5})", R"("type" is not a string in event 2)");
    anthropic("type null", R"({"type":null})", R"("type" is not a string in event 2)");
    anthropic("text null", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":null}})",
        R"("text" is not a string in event 2)");
    anthropic("text number", R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":1}})",
        R"("text" is not a string in event 2)");
    anthropic("thinking object", R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":{}}})",
        R"("thinking" is not a string in event 2)");
    anthropic("delta string", R"({"type":"content_block_delta","index":0,"delta":"x"})", R"("delta" is not an object in event 2)");
    anthropic("delta type number", R"({"type":"content_block_delta","index":0,"delta":{"type":4,"text":"x"}})",
        R"("type" is not a string in event 2)");
    anthropic("message array", R"({"type":"message_start","message":[]})", R"("message" is not an object in event 2)");
    anthropic("model number", R"({"type":"message_start","message":{"model":1}})", R"("model" is not a string in event 2)");
    anthropic(
        "usage string", R"({"type":"message_start","message":{"model":"m","usage":"many"}})", R"("usage" is not an object in event 2)");
    anthropic("input_tokens string", R"({"type":"message_start","message":{"model":"m","usage":{"input_tokens":"40"}}})",
        R"("input_tokens" is not an integer in event 2)");
    anthropic("stop_reason number", R"({"type":"message_delta","delta":{"stop_reason":1}})", R"("stop_reason" is not a string in event 2)");
    anthropic("stop_details string", R"({"type":"message_delta","delta":{"stop_reason":"refusal","stop_details":"no"}})",
        R"("stop_details" is not an object in event 2)");
    anthropic("category number", R"({"type":"message_delta","delta":{"stop_reason":"refusal","stop_details":{"category":5}}})",
        R"("category" is not a string in event 2)");
    anthropic("output_tokens array", R"({"type":"message_delta","delta":{},"usage":{"output_tokens":[]}})",
        R"("output_tokens" is not an integer in event 2)");
    anthropic("nulls where the API sends them",
        R"({"type":"message_delta","delta":{"stop_reason":null,"stop_details":null},"usage":{"output_tokens":3,"cache_creation_input_tokens":null}})",
        "");

    const auto openai = [](const char *name, const QByteArray &chunk, const char *problem) {
        QTest::addRow("openai %s", name) << QStringLiteral("openai")
                                         << QList<QByteArray> { sse(chunk),
                                                sse(R"({"choices":[{"index":0,"delta":{"content":"x"},"finish_reason":"stop"}]})"),
                                                sse("[DONE]") }
                                         << QString::fromUtf8(problem);
    };
    openai("object null", R"({"object":null,"choices":[]})", R"("object" is not a string in event 1)");
    openai("object number", R"({"object":1,"choices":[]})", R"("object" is not a string in event 1)");
    openai("model number", R"({"model":2,"choices":[]})", R"("model" is not a string in event 1)");
    openai("choices object", R"({"choices":{}})", R"("choices" is not an array in event 1)");
    openai("choice number", R"({"choices":[5]})", R"("choices" is not an array of objects in event 1)");
    openai("delta string", R"({"choices":[{"delta":"x"}]})", R"("delta" is not an object in event 1)");
    openai("content number", R"({"choices":[{"delta":{"content":1}}]})", R"("content" is not a string in event 1)");
    openai("reasoning_content array", R"({"choices":[{"delta":{"reasoning_content":[]}}]})",
        R"("reasoning_content" is not a string in event 1)");
    openai("reasoning number", R"({"choices":[{"delta":{"reasoning":3}}]})", R"("reasoning" is not a string in event 1)");
    openai("refusal bool", R"({"choices":[{"delta":{"refusal":true}}]})", R"("refusal" is not a string in event 1)");
    openai("finish_reason number", R"({"choices":[{"delta":{},"finish_reason":0}]})", R"("finish_reason" is not a string in event 1)");
    openai("usage string", R"({"choices":[],"usage":"x"})", R"("usage" is not an object in event 1)");
    openai("prompt_tokens string", R"({"choices":[],"usage":{"prompt_tokens":"3"}})", R"("prompt_tokens" is not an integer in event 1)");
    openai("completion_tokens fraction", R"({"choices":[],"usage":{"completion_tokens":1.5}})",
        R"("completion_tokens" is not an integer in event 1)");
    openai("prompt_tokens_details number", R"({"choices":[],"usage":{"prompt_tokens_details":1}})",
        R"("prompt_tokens_details" is not an object in event 1)");
    openai("cached_tokens string", R"({"choices":[],"usage":{"prompt_tokens_details":{"cached_tokens":"1"}}})",
        R"("cached_tokens" is not an integer in event 1)");
    openai("nulls where servers send them",
        R"({"id":"c1","object":"chat.completion.chunk","model":null,"choices":[{"index":0,"delta":{"role":"assistant","content":null,"reasoning_content":null,"refusal":null},"finish_reason":null}],"usage":null})",
        "");
}

void TstLlmMalformed::wrongTypes()
{
    QFETCH(QString, provider);
    QFETCH(QList<QByteArray>, pieces);
    QFETCH(QString, problem);

    auto server = makeServer(provider);
    QVERIFY(server->listen());
    server->enqueue(chatPath(provider), rawStream(provider, pieces));
    auto llmProvider = makeProvider(optionsFor(provider, *server));
    QVERIFY(llmProvider);
    const CallRecord record = runCall(*llmProvider, requestR());
    QVERIFY(record.terminated);
    QCOMPARE(record.terminalSignals, 1);
    if (problem.isEmpty()) {
        QVERIFY2(record.ok, qPrintable(record.message()));
        QCOMPARE(record.text, QStringLiteral("x"));
        return;
    }
    QVERIFY(!record.ok);
    QCOMPARE(record.response.failure->kind, Failure::Kind::Protocol);
    QCOMPARE(record.response.failure->outcome, std::string("chat-failed"));
    const QString expected
        = replaced(QStringLiteral("%1 sent a reply Fanva cannot read (%2).").arg(nameOf(provider), problem), baseUrl(provider, *server));
    QCOMPARE(record.message(), expected);
    QVERIFY(record.response.content.empty());
}

void TstLlmMalformed::cutMidLine_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QList<QByteArray>>("pieces");
    QTest::addColumn<QString>("message");

    QTest::addRow("ollama") << QStringLiteral("ollama")
                            << QList<QByteArray> { R"({"model":"m","message":{"content":"a"},"done":false})"
                                                   "\n",
                                   R"({"model":"m","message":{"cont)" }
                            << QStringLiteral("The connection to Ollama closed in the middle of the answer; nothing from it is used.");
    QTest::addRow("anthropic") << QStringLiteral("anthropic")
                               << QList<QByteArray> { sse(kAnthropicStart),
                                      sse(R"({"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"a"}})"),
                                      R"(data: {"type":"content_block_delta","index":0,"del)" }
                               << QStringLiteral(
                                      "The connection to Anthropic closed in the middle of the answer; nothing from it is used.");
    QTest::addRow("openai") << QStringLiteral("openai")
                            << QList<QByteArray> { sse(R"({"choices":[{"delta":{"content":"a"}}]})"), R"(data: {"choices":[{"del)" }
                            << QStringLiteral(
                                   "The connection to the server at {BASE} closed in the middle of the answer; nothing from it is used.");
    // Complete JSON at the end of the body without its line end is a last line, not a cut.
    QTest::addRow("ollama last line unterminated") << QStringLiteral("ollama") << QList<QByteArray> { kOllamaDone.chopped(1) } << QString();
    QTest::addRow("openai last event unterminated") << QStringLiteral("openai")
                                                    << QList<QByteArray> { sse(R"({"choices":[{"delta":{"content":"a"}}]})"),
                                                           R"(data: {"choices":[{"delta":{},"finish_reason":"stop"}]})" }
                                                    << QString();
}

void TstLlmMalformed::cutMidLine()
{
    QFETCH(QString, provider);
    QFETCH(QList<QByteArray>, pieces);
    QFETCH(QString, message);

    auto server = makeServer(provider);
    QVERIFY(server->listen());
    server->enqueue(chatPath(provider), rawStream(provider, pieces));
    auto llmProvider = makeProvider(optionsFor(provider, *server));
    const CallRecord record = runCall(*llmProvider, requestR());
    QVERIFY(record.terminated);
    if (message.isEmpty()) {
        QVERIFY2(record.ok, qPrintable(record.message()));
        return;
    }
    QVERIFY(!record.ok);
    QCOMPARE(record.message(), replaced(message, baseUrl(provider, *server)));
    QCOMPARE(record.response.failure->kind, Failure::Kind::StreamCut);
}

void TstLlmMalformed::replyLimit_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<bool>("thinking");
    for (const QString &id : kProviders) {
        QTest::addRow("%s text", qPrintable(id)) << id << false;
        QTest::addRow("%s thinking", qPrintable(id)) << id << true;
    }
}

void TstLlmMalformed::replyLimit()
{
    QFETCH(QString, provider);
    QFETCH(bool, thinking);
    QCOMPARE(llm::ProviderOptions().maxReplyBytes, qsizetype(8 * 1024 * 1024));

    // 400 pieces of 1 KiB against a limit of 64 KiB: the call ends at the limit, not the end.
    ReplySpec spec = basicSpec(provider);
    spec.pieces.clear();
    for (int i = 0; i < 400; ++i)
        spec.pieces << QString(1024, QLatin1Char('a' + i % 26));
    if (thinking) {
        spec.thinking = spec.pieces.join(QString());
        spec.pieces = { QStringLiteral("x") };
    }
    auto server = makeServer(provider);
    QVERIFY(server->listen());
    server->setGapMs(0);
    server->enqueue(chatPath(provider), streamOf(provider, spec));
    llm::ProviderOptions options = optionsFor(provider, *server);
    options.maxReplyBytes = 64 * 1024;
    auto llmProvider = makeProvider(options);
    const CallRecord record = runCall(*llmProvider, requestR());
    QVERIFY(record.terminated);
    QVERIFY(!record.ok);
    QCOMPARE(record.message(),
        replaced(QStringLiteral("%1 sent more than 64 KiB of text in one answer (the reply limit); nothing from it is used.")
                     .arg(nameOf(provider)),
            baseUrl(provider, *server)));
    QCOMPARE(record.response.failure->outcome, std::string("chat-failed"));
    QVERIFY(record.text.size() + record.thinking.size() <= 64 * 1024);
    QVERIFY(record.response.content.empty());
}

void TstLlmMalformed::userInfoNeverShown_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("fault"); // refused | http500 | ok
    for (const QString &id : kProviders) {
        for (const char *fault : { "refused", "http500", "ok" })
            QTest::addRow("%s %s", qPrintable(id), fault) << id << QString::fromLatin1(fault);
    }
}

void TstLlmMalformed::userInfoNeverShown()
{
    QFETCH(QString, provider);
    QFETCH(QString, fault);
    const QString password = QStringLiteral("hunter2-url-password");

    auto server = makeServer(provider);
    QVERIFY(server->listen());
    llm::ProviderOptions options = optionsFor(provider, *server);
    // As --base-url gives it, through the selection.
    llm::SelectionInput input;
    input.environment = QProcessEnvironment();
    input.baseUrl = baseUrl(provider, *server).replace(QStringLiteral("http://"), QStringLiteral("http://fanva-user:%1@").arg(password));
    options.baseUrl = llm::resolveOptions(provider, input).baseUrl;
    QCOMPARE(options.baseUrl.password(), password);
    options.retry.maxRetries = 0;
    if (fault == QLatin1String("refused"))
        server->close();
    else if (fault == QLatin1String("http500"))
        server->enqueue(
            chatPath(provider), Exchange::json(500, R"({"error":"boom at http://fanva-user:hunter2-url-password@127.0.0.1/"})"));
    else
        server->enqueue(chatPath(provider), streamOf(provider, basicSpec(provider)));

    auto llmProvider = makeProvider(options);
    const CallRecord record = runCall(*llmProvider, requestR());
    QVERIFY(record.terminated);
    QCOMPARE(record.ok, fault == QLatin1String("ok"));
    QString shown = QString::fromStdString(record.response.diag.baseUrl) + record.notices.join(u'\n');
    if (record.response.failure)
        shown += QString::fromStdString(record.response.failure->message + record.response.failure->detail);
    QVERIFY2(!shown.contains(password), qPrintable(shown));
    QVERIFY2(!shown.contains(QStringLiteral("fanva-user")), qPrintable(shown));
    QCOMPARE(QString::fromStdString(record.response.diag.baseUrl), baseUrl(provider, *server));

    // The probe (`fanva-cli providers --probe`) shows the URL the same way.
    llm::ProviderProbe probe(options, true);
    bool finished = false;
    connect(&probe, &llm::ProviderProbe::finished, this, [&] { finished = true; });
    probe.start(true);
    QTRY_VERIFY_WITH_TIMEOUT(finished, 15000);
    const QString probed = QString::fromStdString(probe.result().toJson().dump());
    QVERIFY2(!probed.contains(password), qPrintable(probed));
    QVERIFY2(!probed.contains(QStringLiteral("fanva-user")), qPrintable(probed));
}

QTEST_GUILESS_MAIN(TstLlmMalformed)
#include "tst_llm_malformed.moc"
