// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The scripted provider (fanva-script/1) and the demo replay built on it.
#include "llmtesting.h"

#include "llm/scriptedprovider.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace llmtest;
using fanva::llm::Failure;
using fanva::llm::ScriptedProvider;
using fanva::llm::StopReason;
using nlohmann::json;

class TstLlmScripted : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void chunksAndDefaultUsage();
    void matchingAndConsumption();
    void reuseAndRepeatLast();
    void chunkListWithPausesAndThinking();
    void refusal();
    void failAfterChunks();
    void recordsRequests();
    void cancelStopsTheReplay();
    void invalidScripts_data();
    void invalidScripts();
    void demoReplay();
    void receiverMayDeleteTheProvider();
};

namespace {

std::unique_ptr<ScriptedProvider> scripted(const char *text, ScriptedProvider::Mode mode = ScriptedProvider::Mode::Scripted)
{
    Failure failure;
    auto provider = ScriptedProvider::fromJson(json::parse(text), mode, &failure);
    if (!provider)
        qWarning("%s", failure.message.c_str());
    return provider;
}

llm::Request request(const std::string &purpose, const std::string &user, const std::string &system = "RULES")
{
    llm::Request r;
    r.purpose = purpose;
    r.system = { { system, true } };
    r.messages = { { llm::Role::User, user } };
    return r;
}

} // namespace

void TstLlmScripted::chunksAndDefaultUsage()
{
    auto provider = scripted(R"({"format":"fanva-script/1","chunk_chars":4,"turns":[{"text":"{\"candidates\":[]}"}]})");
    QVERIFY(provider);
    int deltas = 0;
    const CallRecord record = runCall(*provider, request("formalize", "[1] Rex is a dog."), [&](llm::Call *, int n) { deltas = n; });
    QVERIFY(record.ok);
    QCOMPARE(deltas, 5); // 17 characters in pieces of 4
    QCOMPARE(record.text, QStringLiteral("{\"candidates\":[]}"));
    QCOMPARE(QString::fromStdString(record.response.text()), record.text);
    QCOMPARE(record.response.stopReason, StopReason::EndTurn);
    QCOMPARE(QString::fromStdString(record.response.model), QStringLiteral("scripted"));
    // No usage in the script: input = the estimate (5 + 17 bytes → 7), output = ceil(17 / 3.5) = 5.
    QCOMPARE(*record.response.usage.input, 7);
    QCOMPARE(*record.response.usage.output, 5);
    QVERIFY(!record.response.usage.cacheRead);
}

void TstLlmScripted::matchingAndConsumption()
{
    auto provider = scripted(R"({"format":"fanva-script/1","turns":[
        {"when":{"purpose":"judge"},"text":"J"},
        {"when":{"purpose":"formalize","last_user_contains":"[2]","system_contains":"VOCAB"},"text":"F2"},
        {"when":{"purpose":"formalize"},"text":"F"}]})");
    QVERIFY(provider);
    QCOMPARE(runCall(*provider, request("formalize", "[2] x", "VOCAB here")).text, QStringLiteral("F2"));
    QCOMPARE(runCall(*provider, request("formalize", "[2] x", "VOCAB here")).text, QStringLiteral("F"));
    QCOMPARE(runCall(*provider, request("judge", "items")).text, QStringLiteral("J"));
    const CallRecord exhausted = runCall(*provider, request("judge", "items"));
    QVERIFY(!exhausted.ok);
    QCOMPARE(exhausted.message(), QStringLiteral("script has no turn for request 4 (purpose judge)"));
    QCOMPARE(QString::fromStdString(exhausted.response.failure->outcome), QStringLiteral("chat-failed"));
    QCOMPARE(provider->received().size(), size_t(4));
    QCOMPARE(provider->usedTurnCount(), 3);
}

void TstLlmScripted::reuseAndRepeatLast()
{
    auto reuse = scripted(R"({"format":"fanva-script/1","reuse":true,"turns":[{"text":"A"}]})");
    QCOMPARE(runCall(*reuse, request("formalize", "x")).text, QStringLiteral("A"));
    QCOMPARE(runCall(*reuse, request("formalize", "x")).text, QStringLiteral("A"));
    auto repeat = scripted(R"({"format":"fanva-script/1","on_exhausted":"repeat-last","turns":[{"text":"A"},{"text":"B"}]})");
    QCOMPARE(runCall(*repeat, request("formalize", "x")).text, QStringLiteral("A"));
    QCOMPARE(runCall(*repeat, request("formalize", "x")).text, QStringLiteral("B"));
    QCOMPARE(runCall(*repeat, request("formalize", "x")).text, QStringLiteral("B"));
}

void TstLlmScripted::chunkListWithPausesAndThinking()
{
    auto provider = scripted(R"({"format":"fanva-script/1","turns":[
        {"chunks":["{\"cand",{"delay_ms":120},"idates\":[]}",{"thinking":"hmm"}],"stop_reason":"max_tokens",
         "usage":{"input":1200,"output":40,"cache_read":3,"cache_write":4}}]})");
    QElapsedTimer timer;
    timer.start();
    const CallRecord record = runCall(*provider, request("formalize", "x"));
    QVERIFY(timer.elapsed() >= 120);
    QVERIFY(record.ok);
    QCOMPARE(record.response.stopReason, StopReason::MaxTokens);
    QCOMPARE(record.text, QStringLiteral("{\"candidates\":[]}"));
    QCOMPARE(record.thinking, QStringLiteral("hmm"));
    QCOMPARE(QString::fromStdString(llm::usageToJson(record.response.usage).dump()),
        QStringLiteral(R"({"cacheRead":3,"cacheWrite":4,"input":1200,"output":40})"));
}

void TstLlmScripted::refusal()
{
    auto provider = scripted(R"({"format":"fanva-script/1","turns":[
        {"text":"I will not","stop_reason":"refusal","refusal":{"category":"cyber","explanation":"no"}}]})");
    const CallRecord record = runCall(*provider, request("formalize", "x"));
    QVERIFY(record.ok);
    QCOMPARE(record.response.stopReason, StopReason::Refusal);
    QVERIFY(record.response.content.empty());
    QCOMPARE(QString::fromStdString(record.response.discarded.front().text), QStringLiteral("I will not"));
    QCOMPARE(QString::fromStdString(record.response.refusal->category), QStringLiteral("cyber"));
}

void TstLlmScripted::failAfterChunks()
{
    auto provider = scripted(R"({"format":"fanva-script/1","chunk_chars":2,"turns":[
        {"text":"abcdefgh","fail":{"kind":"overloaded","status":529,"message":"Anthropic is unavailable","after_chunks":2}}]})");
    const CallRecord record = runCall(*provider, request("formalize", "x"));
    QVERIFY(!record.ok);
    QCOMPARE(record.text, QStringLiteral("abcd"));
    QCOMPARE(record.response.failure->kind, Failure::Kind::Overloaded);
    QCOMPARE(record.response.failure->httpStatus, 529);
    QCOMPARE(record.message(), QStringLiteral("Anthropic is unavailable"));
    QCOMPARE(QString::fromStdString(record.response.discarded.front().text), QStringLiteral("abcd"));
}

void TstLlmScripted::recordsRequests()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("record.jsonl"));
    auto provider = scripted(R"({"format":"fanva-script/1","reuse":true,"turns":[{"text":"A"}]})");
    provider->setRecordPath(path);
    QVERIFY(runCall(*provider, requestR()).ok);
    QVERIFY(runCall(*provider, request("judge", "y")).ok);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const json first = json::parse(lines[0].toStdString());
    QCOMPARE(first["purpose"].get<std::string>(), std::string("formalize"));
    QCOMPARE(first["numCtx"].get<int>(), 4096);
    QCOMPARE(first["system"][1]["text"].get<std::string>(), std::string("VOCAB"));
    QCOMPARE(json::parse(lines[1].toStdString())["purpose"].get<std::string>(), std::string("judge"));
}

void TstLlmScripted::cancelStopsTheReplay()
{
    auto provider = scripted(R"({"format":"fanva-script/1","chunk_chars":1,"delay_ms":5,"turns":[{"text":"abcdefgh"}]})");
    const CallRecord record = runCall(*provider, request("formalize", "x"), [](llm::Call *call, int deltas) {
        if (deltas == 2)
            call->cancel();
    });
    QVERIFY(!record.ok);
    QCOMPARE(record.text, QStringLiteral("ab"));
    QCOMPARE(record.response.failure->kind, Failure::Kind::Cancelled);
    QCOMPARE(QString::fromStdString(record.response.failure->outcome), QStringLiteral("cancelled"));
    QCOMPARE(record.signalsAfterTerminal, 0);
}

void TstLlmScripted::invalidScripts_data()
{
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<QString>("mentions");
    QTest::addRow("format") << QByteArray(R"({"format":"other","turns":[]})") << "\"format\"";
    QTest::addRow("turns") << QByteArray(R"({"format":"fanva-script/1"})") << "\"turns\"";
    QTest::addRow("fail kind") << QByteArray(R"({"format":"fanva-script/1","turns":[{"fail":{"kind":"melted"}}]})") << "melted";
    QTest::addRow("chunk") << QByteArray(R"({"format":"fanva-script/1","turns":[{"chunks":[3]}]})") << "chunk";
    // A value of the wrong type is a clear load error, never an exception (issue 14 H3).
    const auto typed = [](const char *name, const QByteArray &script, const char *mentions) {
        QTest::addRow("%s", name) << script << QString::fromUtf8(mentions);
    };
    typed("format number", R"({"format":5,"turns":[]})", "\"format\"");
    typed("turns object", R"({"format":"fanva-script/1","turns":{}})", "\"turns\"");
    typed("model number", R"({"format":"fanva-script/1","model":1,"turns":[]})", "\"model\" is not a string");
    typed("reuse string", R"({"format":"fanva-script/1","reuse":"yes","turns":[]})", "\"reuse\" is not a boolean");
    typed("chunk_chars string", R"({"format":"fanva-script/1","chunk_chars":"4","turns":[]})", "\"chunk_chars\" is not an integer");
    typed("delay_ms negative", R"({"format":"fanva-script/1","delay_ms":-1,"turns":[]})", "\"delay_ms\" is not an integer from 0");
    typed("on_exhausted number", R"({"format":"fanva-script/1","on_exhausted":1,"turns":[]})", "\"on_exhausted\" is not a string");
    typed("text number", R"({"format":"fanva-script/1","turns":[{"text":1}]})", "\"text\" is not a string");
    typed("when string", R"({"format":"fanva-script/1","turns":[{"when":"formalize"}]})", "\"when\" is not an object");
    typed("purpose number", R"({"format":"fanva-script/1","turns":[{"when":{"purpose":2}}]})", "\"purpose\" is not a string");
    typed("turn chunk_chars huge", R"({"format":"fanva-script/1","turns":[{"chunk_chars":1e300}]})", "\"chunk_chars\" is not an integer");
    typed("stop_reason null", R"({"format":"fanva-script/1","turns":[{"stop_reason":null}]})", "\"stop_reason\" is not a string");
    typed("refusal category number", R"({"format":"fanva-script/1","turns":[{"refusal":{"category":1}}]})", "\"category\" is not a string");
    typed("usage input string", R"({"format":"fanva-script/1","turns":[{"usage":{"input":"1"}}]})", "\"input\" is not an integer");
    typed("fail kind number", R"({"format":"fanva-script/1","turns":[{"fail":{"kind":5}}]})", "\"kind\" is not a string");
    typed("fail message number", R"({"format":"fanva-script/1","turns":[{"fail":{"message":5}}]})", "\"message\" is not a string");
    typed("fail status string", R"({"format":"fanva-script/1","turns":[{"fail":{"status":"529"}}]})", "\"status\" is not an integer");
}

void TstLlmScripted::invalidScripts()
{
    QFETCH(QByteArray, script);
    QFETCH(QString, mentions);
    Failure failure;
    QVERIFY(!ScriptedProvider::fromJson(json::parse(script.toStdString()), ScriptedProvider::Mode::Scripted, &failure));
    QCOMPARE(failure.kind, Failure::Kind::Config);
    const QString message = QString::fromStdString(failure.message);
    QVERIFY2(message.startsWith(QStringLiteral("not a fanva-script/1 document")), qPrintable(message));
    QVERIFY2(message.contains(mentions), qPrintable(message));
}

void TstLlmScripted::demoReplay()
{
    llm::ProviderOptions options;
    options.id = QStringLiteral("demo");
    options.scriptPath = QStringLiteral(FANVA_TEST_DATA_DIR "/llm/demo-replay.json");
    auto result = llm::createProvider(options);
    QVERIFY(result.provider);
    auto *demo = qobject_cast<ScriptedProvider *>(result.provider.get());
    QVERIFY(demo);
    QCOMPARE(demo->id(), QStringLiteral("demo"));
    int deltas = 0;
    const CallRecord first = runCall(*demo, request("formalize", "[1] Rex is a dog."), [&](llm::Call *, int n) { deltas = n; });
    QVERIFY(first.ok);
    QCOMPARE(deltas, 4); // 87 characters in the demo's 24-character pieces
    QCOMPARE(*first.response.usage.input, 1200);
    QVERIFY(runCall(*demo, request("formalize", "[1] Rex is a dog.")).ok); // the demo reuses its turns
    QVERIFY(runCall(*demo, request("judge", "items")).ok);
    QCOMPARE(demo->usedTurnCount(), demo->turnCount());
    const CallRecord other = runCall(*demo, request("formalize", "[1] Tom is a cat."));
    QVERIFY(!other.ok);
    QCOMPARE(other.message(),
        QStringLiteral("The demo provider only answers for the bundled demo document; choose a real provider in Settings."));
}

void TstLlmScripted::receiverMayDeleteTheProvider()
{
    // The session may drop its provider from the terminal slot; the call goes with it.
    auto provider = scripted(R"({"format":"fanva-script/1","turns":[{"text":"A"}]})");
    QPointer<llm::Call> call = provider->start(request("formalize", "x"));
    bool done = false;
    connect(call, &llm::Call::done, this, [&] {
        done = true;
        provider.reset();
    });
    QTRY_VERIFY(done);
    QVERIFY(call.isNull());
    QVERIFY(!provider);
}

QTEST_GUILESS_MAIN(TstLlmScripted)
#include "tst_llm_scripted.moc"
