// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The fault table of providers.md §9 (F1–F17), row by row, for every provider it names,
// against the loopback fakes.
#include "llmtesting.h"

#include "llm/redactor.h"

#include <QElapsedTimer>
#include <QTest>

using namespace llmtest;
using fanva::llm::Failure;
using fanva::llm::StopReason;

class TstLlmFaults : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void faults_data();
    void faults();
};

namespace {

// Four text pieces, so that a cut after the third lands before the terminal object.
ReplySpec fourPieces(const QString &id)
{
    ReplySpec spec = basicSpec(id);
    spec.pieces = { QStringLiteral("{\"cand"), QStringLiteral("idates\":"), QStringLiteral("[\"(dog Rex)\""), QStringLiteral("]}") };
    return spec;
}

// Pieces a provider's stream sends before its first text piece.
int preamble(const QString &id)
{
    if (id == QLatin1String("anthropic"))
        return 3; // message_start, content_block_start, ping
    if (id == QLatin1String("openai"))
        return 1; // the role chunk
    return 0;
}

} // namespace

void TstLlmFaults::faults_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<QString>("fault");
    QTest::addColumn<bool>("succeeds");
    QTest::addColumn<QString>("outcome");
    QTest::addColumn<QString>("message"); // prefix; "…" first = contains; {BASE} = the base URL
    QTest::addColumn<int>("requests"); // chat requests; negative = at least -n
    const QStringList all { QStringLiteral("ollama"), QStringLiteral("anthropic"), QStringLiteral("openai") };
    const auto name = [](const QString &id) {
        return id == QLatin1String("ollama")   ? QStringLiteral("Ollama")
            : id == QLatin1String("anthropic") ? QStringLiteral("Anthropic")
                                               : QStringLiteral("The server at {BASE}");
    };
    const auto lower = [&](const QString &id) { return id == QLatin1String("openai") ? QStringLiteral("the server at {BASE}") : name(id); };
    for (const QString &id : all) {
        const QByteArray p = id.toLatin1();
        const QString at = id == QLatin1String("openai") ? QStringLiteral("the server at {BASE}") : name(id) + QStringLiteral(" at {BASE}");
        const QString hint = id == QLatin1String("ollama") ? QStringLiteral(" — is \"ollama serve\" running?") : QString();
        QTest::addRow("F1 %s refused", p.data())
            << id << "F1" << false << "chat-failed" << QStringLiteral("Cannot reach %1 (connection refused)%2").arg(at, hint) << 0;
        QTest::addRow("F2 %s cut", p.data())
            << id << "F2" << false << "chat-failed"
            << QStringLiteral("The connection to %1 closed in the middle of the answer; nothing from it is used.").arg(lower(id)) << 1;
        for (int seed : { 1, 7, 42 })
            QTest::addRow("F3 %s split %d", p.data(), seed) << id << QStringLiteral("F3:%1").arg(seed) << true << ""
                                                            << "" << 1;
        QTest::addRow("F3 %s crlf utf8", p.data()) << id << "F3crlf" << true << ""
                                                   << "" << 1;
        QTest::addRow("F4 %s malformed", p.data())
            << id << "F4" << false << "chat-failed" << QStringLiteral("%1 sent a reply Fanva cannot read (invalid JSON in ").arg(name(id))
            << 1;
        QTest::addRow("F5 %s mid-stream error", p.data())
            << id << "F5" << false << "chat-failed"
            << QStringLiteral("%1 reported an error in the middle of the answer: upstream model crashed").arg(name(id)) << 1;
        QTest::addRow("F6 %s retry-after-ms", p.data()) << id << "F6ms" << true << ""
                                                        << "" << 2;
        QTest::addRow("F6 %s retry-after", p.data()) << id << "F6s" << true << ""
                                                     << "" << 2;
        const QString limited = id == QLatin1String("anthropic") ? QStringLiteral("Rate limited by Anthropic (429) after 3 tries.")
                                                                 : QStringLiteral("%1 answered 429 after 3 tries").arg(name(id));
        QTest::addRow("F6b %s 429x3", p.data()) << id << "F6b" << false << "chat-failed" << limited << 3;
        QTest::addRow("F6b %s retry-after 120", p.data())
            << id << "F6b120" << false << "chat-failed" << QStringLiteral("…asks to wait 120 s; try again later") << 1;
        QTest::addRow("F7 %s overloaded then ok", p.data()) << id << "F7" << true << ""
                                                            << "" << 2;
        QTest::addRow("F8 %s idle after a piece", p.data())
            << id << "F8:1" << false << "chat-failed" << QStringLiteral("%1 sent nothing for 0.3 s (idle timeout)").arg(name(id)) << 1;
        QTest::addRow("F8 %s idle before headers", p.data())
            << id << "F8:0" << false << "chat-failed" << QStringLiteral("%1 sent nothing for 0.3 s (idle timeout)").arg(name(id)) << 1;
        QTest::addRow("F13 %s 401", p.data()) << id << "F13:401" << false << "chat-failed"
                                              << (id == QLatin1String("ollama") ? QStringLiteral("Ollama rejected the request (401)")
                                                         : id == QLatin1String("anthropic")
                                                         ? QStringLiteral("The Anthropic API key was rejected (401).")
                                                         : QStringLiteral("The server at {BASE} rejected the API key (401)."))
                                              << 1;
        QTest::addRow("F13 %s 404", p.data())
            << id << "F13:404" << false << "chat-failed"
            << (id == QLatin1String("ollama")
                       ? QStringLiteral("Model \"qwen3:8b\" is not installed in Ollama at {BASE} — run: ollama pull qwen3:8b")
                       : id == QLatin1String("anthropic")
                       ? QStringLiteral("Anthropic does not know the model \"claude-test\" (404).")
                       : QStringLiteral("The server at {BASE} does not serve the model \"qwen2.5-7b-instruct\" (404); it lists: a, b."))
            << 1;
        QTest::addRow("F14 %s no terminal object", p.data())
            << id << "F14" << false << "chat-failed"
            << QStringLiteral("The connection to %1 closed in the middle of the answer").arg(lower(id)) << 1;
        QTest::addRow("F15 %s redirect", p.data())
            << id << "F15" << false << "chat-failed" << QStringLiteral("Unexpected redirect from {BASE}") << 1;
        QTest::addRow("F16 %s cancel", p.data())
            << id << "F16" << false << "cancelled" << QStringLiteral("The request was cancelled.") << 1;
        QTest::addRow("F17 %s key echoed", p.data()) << id << "F17" << false << "chat-failed" << QStringLiteral("…[redacted]") << 1;
    }
    QTest::addRow("F6b anthropic spend limit") << "anthropic"
                                               << "F6bspend" << false << "chat-failed"
                                               << "Anthropic usage limit reached (429)." << 1;
    QTest::addRow("F9 anthropic refusal") << "anthropic"
                                          << "F9" << true << ""
                                          << "" << 1;
    QTest::addRow("F9 openai refusal") << "openai"
                                       << "F9" << true << ""
                                       << "" << 1;
    QTest::addRow("F12 ollama context")
        << "ollama"
        << "F12" << false << "too-large"
        << "The prompt is longer than qwen3:8b's context at {BASE} (num_ctx 4,096) — raise the context limit or shorten the document." << 1;
    QTest::addRow("F12 anthropic context") << "anthropic"
                                           << "F12" << false << "too-large"
                                           << "The prompt is longer than claude-test accepts (215,000 > 200,000 tokens)." << 1;
    QTest::addRow("F12 openai context") << "openai"
                                        << "F12" << false << "too-large"
                                        << "The prompt (4,390 tokens) exceeds the server's context (4,096 tokens)." << 1;
}

void TstLlmFaults::faults()
{
    QFETCH(QString, provider);
    QFETCH(QString, fault);
    QFETCH(bool, succeeds);
    QFETCH(QString, outcome);
    QFETCH(QString, message);
    QFETCH(int, requests);

    auto server = makeServer(provider);
    QVERIFY(server->listen());
    FakeServer other;
    QVERIFY(other.listen());
    llm::ProviderOptions options = optionsFor(provider, *server);
    const QString base = baseUrl(provider, *server);
    const QByteArray path = chatPath(provider);
    const QString key = provider == QLatin1String("anthropic") ? options.apiKey : QString();
    ReplySpec spec = basicSpec(provider);
    QString expectedText = spec.pieces.join(QString());
    const auto error = [&](int status, const QByteArray &body, QList<QPair<QByteArray, QByteArray>> headers = {}) {
        server->enqueue(path, Exchange::json(status, body, headers));
    };
    const QByteArray genericError = provider == QLatin1String("anthropic")
        ? QByteArray(R"({"type":"error","error":{"type":"rate_limit_error","message":"slow down"}})")
        : provider == QLatin1String("openai") ? QByteArray(R"({"error":{"message":"slow down"}})")
                                              : QByteArray(R"({"error":"slow down"})");
    std::function<void(llm::Call *, int)> onText;
    QString textAtCancel;
    int minGapMs = 0;

    if (fault == QLatin1String("F1")) {
        server->close();
    } else if (fault == QLatin1String("F2")) {
        server->enqueue(path, streamOf(provider, fourPieces(provider), Fault::closeAfter(preamble(provider) + 3)));
    } else if (fault.startsWith(QLatin1String("F3:"))) {
        server->enqueue(path, streamOf(provider, spec, Fault::split(fault.mid(3).toUInt())));
    } else if (fault == QLatin1String("F3crlf")) {
        spec.pieces = { QStringLiteral("{\"candidates\":[\"(dog Réx)\",\"(名前 ☃)\"]}") };
        spec.crlf = true;
        expectedText = spec.pieces.join(QString());
        server->enqueue(path, streamOf(provider, spec, Fault::split(5)));
    } else if (fault == QLatin1String("F4")) {
        spec.malformedLine = preamble(provider) + (provider == QLatin1String("ollama") ? 1 : 0);
        server->enqueue(path, streamOf(provider, spec));
    } else if (fault == QLatin1String("F5")) {
        spec = fourPieces(provider);
        spec.errorAfter = 1;
        spec.errorText = QStringLiteral("upstream model crashed");
        server->enqueue(path, streamOf(provider, spec));
    } else if (fault == QLatin1String("F6ms") || fault == QLatin1String("F6s")) {
        const bool ms = fault == QLatin1String("F6ms");
        error(429, genericError,
            { ms ? QPair<QByteArray, QByteArray>("retry-after-ms", "50") : QPair<QByteArray, QByteArray>("retry-after", "1") });
        server->enqueue(path, streamOf(provider, spec));
        minGapMs = ms ? 50 : 1000;
    } else if (fault == QLatin1String("F6b")) {
        for (int i = 0; i < 3; ++i)
            error(429, genericError);
    } else if (fault == QLatin1String("F6b120")) {
        error(429, genericError, { { "retry-after", "120" } });
    } else if (fault == QLatin1String("F6bspend")) {
        error(429, readFixture(QStringLiteral("anthropic/error-429-spend.json")));
    } else if (fault == QLatin1String("F7")) {
        if (provider == QLatin1String("anthropic"))
            error(529, readFixture(QStringLiteral("anthropic/error-529.json")));
        else if (provider == QLatin1String("ollama"))
            error(503, readFixture(QStringLiteral("ollama/error-503.json")));
        else
            error(503, R"({"error":{"code":503,"message":"Loading model","type":"unavailable_error"}})");
        server->enqueue(path, streamOf(provider, spec));
    } else if (fault.startsWith(QLatin1String("F8:"))) {
        options.timeouts.idle = std::chrono::milliseconds(300);
        const int after = fault.mid(3).toInt();
        server->enqueue(path, streamOf(provider, spec, Fault::stallAfter(after == 0 ? 0 : preamble(provider) + after)));
    } else if (fault == QLatin1String("F9")) {
        spec.pieces = { QStringLiteral("Hello..") };
        if (provider == QLatin1String("anthropic")) {
            spec.stopReason = QStringLiteral("refusal");
            spec.usage.output = 4;
            spec.refusal
                = qMakePair(QStringLiteral("cyber"), QStringLiteral("This request was declined because it could enable cyber harm."));
        } else {
            spec.stopReason = QStringLiteral("content_filter");
        }
        server->enqueue(path, streamOf(provider, spec));
    } else if (fault == QLatin1String("F12")) {
        if (provider == QLatin1String("ollama"))
            error(400, readFixture(QStringLiteral("ollama/error-400-context.json")));
        else if (provider == QLatin1String("anthropic"))
            error(400, readFixture(QStringLiteral("anthropic/error-400-too-long.json")));
        else
            error(400, readFixture(QStringLiteral("openai/error-400-context.json")));
    } else if (fault == QLatin1String("F13:401")) {
        if (provider == QLatin1String("anthropic"))
            error(401, readFixture(QStringLiteral("anthropic/error-401.json")));
        else
            error(401,
                provider == QLatin1String("ollama") ? QByteArray(R"({"error":"unauthorized"})")
                                                    : QByteArray(R"({"error":{"message":"Invalid API Key"}})"));
    } else if (fault == QLatin1String("F13:404")) {
        if (provider == QLatin1String("ollama")) {
            error(404, readFixture(QStringLiteral("ollama/error-404.json")));
        } else if (provider == QLatin1String("anthropic")) {
            error(404, R"({"type":"error","error":{"type":"not_found_error","message":"model: claude-test"}})");
        } else {
            error(404, R"({"error":{"message":"model not found"}})");
            server->enqueue("/v1/models", Exchange::json(200, R"({"object":"list","data":[{"id":"a"},{"id":"b"}]})"));
        }
    } else if (fault == QLatin1String("F14")) {
        spec.done = false;
        server->enqueue(path, streamOf(provider, spec));
    } else if (fault == QLatin1String("F15")) {
        other.enqueue(path, streamOf(provider, spec));
        server->enqueue(path, Exchange { 307, {}, {}, false, Fault::redirect(other.url(QString::fromLatin1(path)).toString().toLatin1()) });
    } else if (fault == QLatin1String("F16")) {
        server->setGapMs(20);
        server->enqueue(path, streamOf(provider, fourPieces(provider)));
        onText = [&](llm::Call *call, int deltas) {
            if (deltas == 2) {
                textAtCancel = QStringLiteral("{\"candidates\":"); // pieces 1 and 2
                call->cancel();
            }
        };
    } else if (fault == QLatin1String("F17")) {
        if (provider != QLatin1String("anthropic"))
            options.apiKey = QString::fromLatin1(kPlantedKey);
        const QString secret = options.apiKey;
        error(400,
            (provider == QLatin1String("anthropic")
                    ? R"({"type":"error","error":{"type":"invalid_request_error","message":"bad header x-api-key: )"
                    : R"({"error":"bad header Authorization: Bearer )")
                + secret.toLatin1() + (provider == QLatin1String("anthropic") ? "\"}}" : "\"}"));
    } else {
        QFAIL("unknown fault");
    }

    auto llmProvider = makeProvider(options);
    QVERIFY(llmProvider);
    const CallRecord record = runCall(*llmProvider, requestR(), onText);
    QVERIFY2(record.terminated, "the call never ended");
    QCOMPARE(record.terminalSignals, 1);
    QCOMPARE(record.signalsAfterTerminal, 0);
    QVERIFY(record.deleted);

    const int chatRequests = server->requestCount(path);
    if (requests >= 0)
        QCOMPARE(chatRequests, requests);
    else
        QVERIFY(chatRequests >= -requests);

    if (succeeds) {
        QVERIFY2(record.ok, qPrintable(record.message()));
        if (fault == QLatin1String("F9")) {
            QCOMPARE(record.response.stopReason, StopReason::Refusal);
            QVERIFY(record.response.content.empty());
            QVERIFY(record.response.refusal.has_value());
            QCOMPARE(QString::fromStdString(record.response.discarded.back().text), QStringLiteral("Hello.."));
            const QString refusal = QString::fromStdString(llm::refusalMessage(provider.toStdString(), *record.response.refusal));
            QVERIFY2(
                refusal.startsWith(provider == QLatin1String("anthropic") ? QStringLiteral("Claude declined this request (refusal: cyber).")
                                                                          : QStringLiteral("The model declined this request.")),
                qPrintable(refusal));
            return;
        }
        QCOMPARE(record.response.stopReason, StopReason::EndTurn);
        QCOMPARE(record.text, expectedText);
        QCOMPARE(QString::fromStdString(record.response.text()), expectedText);
        if (requests == 2) {
            const QList<RecordedRequest> &all = server->requests();
            QList<RecordedRequest> chats;
            for (const RecordedRequest &r : all) {
                if (r.path == path)
                    chats << r;
            }
            QCOMPARE(chats.at(0).body, chats.at(1).body);
            QVERIFY2(chats.at(1).ms - chats.at(0).ms >= minGapMs, qPrintable(QString::number(chats.at(1).ms - chats.at(0).ms)));
            QCOMPARE(record.notices.size(), 1);
        }
        return;
    }

    QVERIFY2(!record.ok, qPrintable(record.text));
    QVERIFY(record.response.failure.has_value());
    QVERIFY(record.response.content.empty());
    QCOMPARE(record.response.stopReason, StopReason::Error);
    const Failure &failure = *record.response.failure;
    QCOMPARE(QString::fromStdString(failure.outcome), outcome);
    const QString expected = replaced(message, base);
    const QString actual = record.message();
    if (expected.startsWith(QStringLiteral("…")))
        QVERIFY2(actual.contains(expected.mid(1)), qPrintable(actual));
    else
        QVERIFY2(actual.startsWith(expected), qPrintable(actual + QStringLiteral("\n  expected: ") + expected));
    QVERIFY(!actual.contains(QLatin1Char('\n')));

    if (fault == QLatin1String("F1")) {
        QCOMPARE(record.response.diag.tries, 3);
        QCOMPARE(record.notices.size(), 2);
    } else if (fault == QLatin1String("F2") || fault == QLatin1String("F14")) {
        QCOMPARE(failure.kind, Failure::Kind::StreamCut);
        QVERIFY(!record.response.discarded.empty()); // the partial text is kept for the log only
    } else if (fault == QLatin1String("F15")) {
        QCOMPARE(other.requests().size(), 0);
        QVERIFY(actual.contains(other.url().toString()));
    } else if (fault == QLatin1String("F16")) {
        QCOMPARE(failure.kind, Failure::Kind::Cancelled);
        QCOMPARE(record.text, textAtCancel);
        QTRY_COMPARE(server->openConnections(), 0);
    } else if (fault == QLatin1String("F17")) {
        const QString secret = options.apiKey;
        QVERIFY(!actual.contains(secret));
        QVERIFY(!QString::fromStdString(failure.detail).contains(secret));
        QVERIFY(QString::fromStdString(failure.detail).contains(QStringLiteral("[redacted]")));
    } else if (fault == QLatin1String("F12")) {
        QCOMPARE(failure.kind, Failure::Kind::TooLarge);
    } else if (fault == QLatin1String("F13:404")) {
        QCOMPARE(failure.kind, Failure::Kind::ModelMissing);
    }
    Q_UNUSED(key)
}

QTEST_GUILESS_MAIN(TstLlmFaults)
#include "tst_llm_faults.moc"
