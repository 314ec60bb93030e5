// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Benchmark of the attempts pane's reply stream (issue 8): the scripted provider, with no
// delay, streams 100,000 tokens (4-character chunks, one per event-loop iteration) into a
// shown AttemptsPane while a 1 ms heartbeat timer records the longest gap between its ticks,
// i.e. the longest time the GUI did not get back to its event loop. Target: < 50 ms with the
// reply coalesced (the pane's default). The same stream without coalescing (every delta
// inserted at once) is measured on a tenth of the tokens for comparison.
#include "attempts/attemptlogmodel.h"
#include "attempts/attemptreplyview.h"
#include "attempts/attemptspane.h"

#include "llm/call.h"
#include "llm/scriptedprovider.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QPlainTextEdit>
#include <QTest>
#include <QTimer>

#include <nlohmann/json.hpp>

#include <cstdio>

using namespace fanva;
using nlohmann::json;

namespace {

constexpr int s_chunkChars = 4; // about one token

/// A reply of @p tokens chunks: the pretty-printed candidates a model sends, or, with
/// @p oneLine, the same text on a single line (the worst case for a text layout).
std::string replyText(int tokens, bool oneLine)
{
    std::string text = oneLine ? "{\"candidates\": [" : "{\n  \"candidates\": [\n";
    const std::size_t size = std::size_t(tokens) * s_chunkChars;
    for (int i = 0; text.size() < size; ++i) {
        text += "    {\"sentence\": \"(weightInKg Animal" + std::to_string(i) + " " + std::to_string(i % 90 + 10)
            + ")\", \"segment\": " + std::to_string(i % 40 + 1) + ", \"confidence\": \"high\"},";
        if (!oneLine)
            text += '\n';
    }
    text.resize(size);
    return text;
}

struct Run {
    int deltas = 0;
    qint64 characters = 0;
    double totalMs = 0;
    double maxStallMs = 0;
    double setupMs = 0;
    int ticks = 0;
};

Run stream(int tokens, bool oneLine, int flushIntervalMs)
{
    const json script = { { "format", "fanva-script/1" }, { "model", "bench" },
        { "turns",
            { { { "text", replyText(tokens, oneLine) }, { "thinking", "Reusing the declared relation." }, { "chunk_chars", s_chunkChars },
                { "delay_ms", 0 }, { "stop_reason", "end_turn" } } } } };
    llm::Failure failure;
    const std::unique_ptr<llm::ScriptedProvider> provider
        = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &failure);
    if (!provider)
        qFatal("the benchmark's script does not load: %s", failure.message.c_str());

    AttemptLogModel model;
    AttemptsPane pane;
    pane.setModel(&model);
    pane.replyView()->setFlushInterval(flushIntervalMs);
    pane.resize(700, 900);
    pane.show();
    if (!QTest::qWaitForWindowExposed(&pane))
        qFatal("the pane was not exposed");
    model.addEvent({ { "type", "attempt-started" }, { "t", 0 }, { "n", 1 }, { "kind", "draft" }, { "messages", 1 } });

    Run run;
    bool finished = false;
    QElapsedTimer clock;
    qint64 lastTick = 0;
    QTimer heartbeat;
    heartbeat.setTimerType(Qt::PreciseTimer);
    heartbeat.setInterval(1);
    QObject::connect(&heartbeat, &QTimer::timeout, &pane, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (double(now - lastTick) / 1e6 > 20 && qEnvironmentVariableIsSet("BENCH_TRACE"))
            std::printf("stall %.1f ms at %.1f ms after %d deltas, finished %d\n", double(now - lastTick) / 1e6, double(now) / 1e6,
                run.deltas, int(finished));
        run.maxStallMs = std::max(run.maxStallMs, double(now - lastTick) / 1e6);
        lastTick = now;
        ++run.ticks;
    });

    llm::Request request;
    request.purpose = "formalize";
    request.messages = { { llm::Role::User, "Formalize the document." } };
    QEventLoop loop;
    // The provider cuts the whole reply into its chunks up front; that is the script's cost,
    // not the stream's, and is reported apart.
    clock.start();
    llm::Call *call = provider->start(request);
    run.setupMs = double(clock.nsecsElapsed()) / 1e6;
    clock.restart();
    heartbeat.start();
    QObject::connect(call, &llm::Call::textDelta, &pane, [&](const QString &text) {
        ++run.deltas;
        run.characters += text.size();
        pane.appendReplyText(text);
    });
    QObject::connect(call, &llm::Call::done, &pane, [&](const llm::Response &response) {
        // The session's end-of-call events, as formalize::Session emits them.
        model.addEvent({ { "type", "usage" }, { "n", 1 }, { "input", 1200 }, { "output", response.usage.output.value_or(0) } });
        model.addEvent({ { "type", "text-delta" }, { "n", 1 }, { "text", response.text() } });
        model.addEvent({ { "type", "thinking-delta" }, { "n", 1 }, { "text", response.thinking() } });
        model.addEvent(
            { { "type", "attempt-finished" }, { "n", 1 }, { "readable", true }, { "candidates", 0 }, { "ms", clock.elapsed() } });
        pane.replyView()->flush();
        finished = true;
        // A few more heartbeats so that the last flush and repaint are measured too.
        QTimer::singleShot(100, &loop, &QEventLoop::quit);
    });
    QObject::connect(call, &llm::Call::error, &loop, &QEventLoop::quit);
    loop.exec();
    run.totalMs = double(clock.nsecsElapsed()) / 1e6;
    heartbeat.stop();
    if (!finished)
        qFatal("the scripted call failed");
    if (pane.replyView()->replyText().size() != run.characters)
        qFatal("the reply view lost text: %lld of %lld characters", qint64(pane.replyView()->replyText().size()), run.characters);
    return run;
}

void print(const char *name, const Run &run)
{
    std::printf("%-28s %7d tokens %8lld chars  total %7.1f ms  %7.0f tokens/s  max stall %5.1f ms  (%d heartbeats; script setup %.1f ms)\n",
        name, run.deltas, run.characters, run.totalMs, run.deltas / (run.totalMs / 1000.0), run.maxStallMs, run.ticks, run.setupMs);
    std::fflush(stdout);
}

} // namespace

class BenchStreaming : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coalescedStream_data()
    {
        QTest::addColumn<bool>("oneLine");
        QTest::addRow("lines") << false;
        QTest::addRow("one line") << true;
    }

    void coalescedStream()
    {
        QFETCH(bool, oneLine);
        const Run run = stream(100'000, oneLine, AttemptReplyView(nullptr).flushInterval());
        print(oneLine ? "coalesced, one line" : "coalesced, lines", run);
        QCOMPARE(run.deltas, 100'000);
        QVERIFY2(run.maxStallMs < 50.0, qPrintable(QStringLiteral("max stall %1 ms").arg(run.maxStallMs)));
    }

    void unbufferedStream()
    {
        const Run run = stream(10'000, false, 0);
        print("every delta at once, lines", run);
        QCOMPARE(run.deltas, 10'000);
    }
};

QTEST_MAIN(BenchStreaming)
#include "bench_streaming.moc"
