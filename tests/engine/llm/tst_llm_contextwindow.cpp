// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The session's context window (formalize.md §5): the length the model reports, looked up
// before a session (Ollama's /api/show), capped by the user's limit, else the fallback; and
// Anthropic's thinking and effort settings as they reach the request (providers.md §4).

#include "llmtesting.h"

#include "llm/contextwindow.h"

#include <QSignalSpy>
#include <QTest>

#include <limits>

using namespace fanva;
using namespace llmtest;
using fanva::fakes::Exchange;
using fanva::fakes::FakeServer;
using nlohmann::json;

class TstLlmContextWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void window_data();
    void window();
    void lookup_data();
    void lookup();
    void anthropicEffortFromSettings_data();
    void anthropicEffortFromSettings();
};

void TstLlmContextWindow::window_data()
{
    QTest::addColumn<qint64>("reported"); // 0: none
    QTest::addColumn<int>("cap");
    QTest::addColumn<int>("fallback");
    QTest::addColumn<int>("window");
    QTest::addRow("reported") << qint64(40960) << 0 << 8192 << 40960;
    QTest::addRow("reported, capped") << qint64(40960) << 16384 << 8192 << 16384;
    QTest::addRow("reported below the cap") << qint64(4096) << 16384 << 8192 << 4096;
    QTest::addRow("none: the fallback") << qint64(0) << 0 << 8192 << 8192;
    QTest::addRow("none: the fallback, capped") << qint64(0) << 4096 << 8192 << 4096;
    QTest::addRow("none: a larger fallback") << qint64(0) << 0 << 32768 << 32768;
    QTest::addRow("beyond int") << (qint64(1) << 40) << 0 << 8192 << std::numeric_limits<int>::max();
}

void TstLlmContextWindow::window()
{
    QFETCH(qint64, reported);
    QFETCH(int, cap);
    QFETCH(int, fallback);
    QFETCH(int, window);
    const std::optional<int64_t> length = reported > 0 ? std::optional<int64_t>(reported) : std::nullopt;
    QCOMPARE(llm::sessionContextWindow(length, cap, fallback), window);
}

void TstLlmContextWindow::lookup_data()
{
    QTest::addColumn<QString>("provider");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<qint64>("length"); // 0: unknown
    QTest::addColumn<int>("shows");
    const QByteArray qwen = R"({"model_info":{"general.architecture":"qwen3","qwen3.context_length":40960}})";
    QTest::addRow("ollama reports") << QStringLiteral("ollama") << 200 << qwen << qint64(40960) << 1;
    QTest::addRow("ollama reports nothing") << QStringLiteral("ollama") << 200 << QByteArray(R"({"details":{}})") << qint64(0) << 1;
    QTest::addRow("ollama answers garbage") << QStringLiteral("ollama") << 200 << QByteArray("not json") << qint64(0) << 1;
    QTest::addRow("model missing") << QStringLiteral("ollama") << 404 << QByteArray(R"({"error":"model not found"})") << qint64(0) << 1;
    QTest::addRow("openai asks nothing") << QStringLiteral("openai") << 200 << qwen << qint64(0) << 0;
}

void TstLlmContextWindow::lookup()
{
    QFETCH(QString, provider);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(qint64, length);
    QFETCH(int, shows);
    FakeServer server;
    QVERIFY(server.listen());
    server.setDefault("/api/show", Exchange::json(status, body));
    llm::ProviderOptions options = optionsFor(provider, server);
    options.model = QStringLiteral("qwen3:8b");
    llm::ContextLengthLookup lookup(options);
    QSignalSpy finished(&lookup, &llm::ContextLengthLookup::finished);
    lookup.start();
    QCOMPARE(finished.count(), 0); // never inside start()
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(lookup.contextLength().value_or(0), length);
    QCOMPARE(server.requestCount("/api/show"), shows);
}

void TstLlmContextWindow::anthropicEffortFromSettings_data()
{
    QTest::addColumn<bool>("thinking");
    QTest::addColumn<int>("effort"); // -1: unset
    QTest::addColumn<QString>("outputConfig");
    QTest::addRow("off, unset") << false << -1 << QString();
    QTest::addRow("on, medium") << true << int(llm::Effort::Medium) << QStringLiteral(R"({"effort":"medium"})");
    QTest::addRow("off, high") << false << int(llm::Effort::High) << QStringLiteral(R"({"effort":"high"})");
    QTest::addRow("on, low") << true << int(llm::Effort::Low) << QStringLiteral(R"({"effort":"low"})");
}

void TstLlmContextWindow::anthropicEffortFromSettings()
{
    QFETCH(bool, thinking);
    QFETCH(int, effort);
    QFETCH(QString, outputConfig);
    FakeServer server;
    QVERIFY(server.listen());
    server.enqueue("/v1/messages",
        Exchange { 200, { { "Content-Type", "text/event-stream" } },
            fakes::fixturePieces(fakes::readFixture(QStringLiteral("anthropic/stream-thinking.sse")), true), true, {} });
    llm::ProviderOptions options = optionsFor(QStringLiteral("anthropic"), server);
    options.anthropicThinking = thinking;
    if (effort >= 0)
        options.anthropicEffort = llm::Effort(effort);
    auto provider = makeProvider(options);
    llm::Request request = requestR();
    request.outputSchema.reset();
    QVERIFY(runCall(*provider, request).ok);
    const json sent = server.requests().constLast().json;
    QCOMPARE(sent.contains("thinking"), thinking);
    QCOMPARE(sent.contains("output_config") ? QString::fromStdString(sent["output_config"].dump()) : QString(), outputConfig);
}

QTEST_GUILESS_MAIN(TstLlmContextWindow)
#include "tst_llm_contextwindow.moc"
