// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// One provider in front of several OpenAI-compatible servers (loopback fakes): requests spread
// over the servers' slots; a server that pushes back or is gone hands its work to the others;
// a failure after text arrived, and a cancel, stay the caller's.
#include "llm/pooledprovider.h"

#include "llmtesting.h"

#include <QTest>

#include <memory>
#include <vector>

using namespace llmtest;
using fanva::llm::EndpointOutcome;
using fanva::llm::EndpointSpec;
using fanva::llm::PooledProvider;

namespace {

const QByteArray s_chat = "/v1/chat/completions";

/// A pool over `servers`, each with `slots`; the members retry nothing themselves.
std::unique_ptr<PooledProvider> poolOver(const std::vector<FakeServer *> &servers, int slots = 1)
{
    std::vector<PooledProvider::Member> members;
    for (FakeServer *server : servers) {
        llm::ProviderOptions options = optionsFor(QStringLiteral("openai"), *server);
        options.retry.maxRetries = 0;
        options.timeouts.connect = std::chrono::milliseconds(2000);
        members.push_back({ makeProvider(options), EndpointSpec { server->url().toString(), slots } });
    }
    fanva::llm::PoolPolicy policy;
    policy.busyBase = std::chrono::milliseconds(50);
    policy.failuresToRest = 1;
    return std::make_unique<PooledProvider>(std::move(members), policy);
}

std::unique_ptr<FakeServer> answering()
{
    auto server = makeServer(QStringLiteral("openai"));
    server->setDefault(s_chat, openAiStream(openAiBasic()));
    return server;
}

} // namespace

class TstPooledProvider : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(qputenv("NO_PROXY", "127.0.0.1")); }

    // Six requests at once over three 1-slot servers: two each, none waits for a busy server
    // while another is free, every answer arrives whole.
    void spreadsRequestsOverTheServersSlots()
    {
        std::vector<std::unique_ptr<FakeServer>> servers;
        for (int i = 0; i < 3; ++i) {
            servers.push_back(answering());
            servers.back()->setGapMs(20);
            QVERIFY(servers.back()->listen());
        }
        auto pool = poolOver({ servers[0].get(), servers[1].get(), servers[2].get() });
        std::vector<QPointer<llm::Call>> calls;
        int done = 0;
        int maxBusy = 0;
        connect(pool.get(), &PooledProvider::poolChanged, this, [&] {
            for (int e = 0; e < pool->pool().size(); ++e)
                maxBusy = std::max(maxBusy, pool->pool().state(e).busy);
        });
        for (int i = 0; i < 6; ++i) {
            calls.emplace_back(pool->start(requestR()));
            connect(calls.back(), &llm::Call::done, this, [&done](const llm::Response &r) { done += r.text().empty() ? 0 : 1; });
        }
        QTRY_COMPARE_WITH_TIMEOUT(done, 6, 15000);
        QCOMPARE(maxBusy, 1);
        for (const auto &server : servers)
            QCOMPARE(server->requestCount(s_chat), 2);
        for (int e = 0; e < 3; ++e)
            QCOMPARE(pool->pool().state(e).served, 2);
    }

    // A 503 from the first server: the request is answered by the second, the caller sees one
    // answer and a notice, and the first server backs off.
    void handsAPushedBackRequestToAnotherServer()
    {
        auto busy = makeServer(QStringLiteral("openai"));
        busy->setDefault(s_chat, Exchange::json(503, R"({"error":{"message":"server busy","type":"overloaded"}})"));
        auto free = answering();
        QVERIFY(busy->listen());
        QVERIFY(free->listen());
        auto pool = poolOver({ busy.get(), free.get() });
        const CallRecord record = runCall(*pool, requestR());
        QVERIFY2(record.ok, qPrintable(record.message()));
        QVERIFY(!record.text.isEmpty());
        QCOMPARE(record.terminalSignals, 1);
        QCOMPARE(record.signalsAfterTerminal, 0);
        QCOMPARE(busy->requestCount(s_chat), 1);
        QCOMPARE(free->requestCount(s_chat), 1);
        QCOMPARE(record.notices.size(), 1);
        QVERIFY(record.notices.front().contains(QLatin1String("trying another model server")));
        QCOMPARE(pool->pool().state(0).pushedBack, 1);
        QCOMPARE(pool->pool().state(1).served, 1);
    }

    // A server that is gone (connection refused) rests; every request is answered by the
    // other one.
    void movesAGoneServersWorkElsewhere()
    {
        auto gone = makeServer(QStringLiteral("openai"));
        QVERIFY(gone->listen());
        auto alive = answering();
        QVERIFY(alive->listen());
        auto pool = poolOver({ gone.get(), alive.get() }, 2);
        gone->close();
        std::vector<CallRecord> records;
        for (int i = 0; i < 4; ++i)
            records.push_back(runCall(*pool, requestR()));
        for (const CallRecord &record : records)
            QVERIFY2(record.ok, qPrintable(record.message()));
        QCOMPARE(alive->requestCount(s_chat), 4);
        QVERIFY(pool->pool().state(0).resting);
        QCOMPARE(pool->pool().state(1).served, 4);
    }

    // Every server pushes back: after a bounded number of tries the caller gets the failure.
    void givesUpAfterBoundedTries()
    {
        auto busy = makeServer(QStringLiteral("openai"));
        busy->setDefault(s_chat, Exchange::json(429, R"({"error":{"message":"slow down","type":"rate_limit"}})"));
        QVERIFY(busy->listen());
        auto pool = poolOver({ busy.get() });
        const CallRecord record = runCall(*pool, requestR());
        QVERIFY(!record.ok);
        QCOMPARE(record.response.failure->kind, llm::Failure::Kind::RateLimited);
        QCOMPARE(busy->requestCount(s_chat), 3);
        QCOMPARE(pool->pool().state(0).busy, 0);
    }

    // Text already reached the caller: a cut stream is the caller's failure, not retried.
    void keepsAFailureAfterTextWithTheCaller()
    {
        auto cut = makeServer(QStringLiteral("openai"));
        cut->setDefault(s_chat, openAiStream(openAiBasic(), Fault::closeAfter(2)));
        auto free = answering();
        QVERIFY(cut->listen());
        QVERIFY(free->listen());
        auto pool = poolOver({ cut.get(), free.get() });
        const CallRecord record = runCall(*pool, requestR());
        QVERIFY(!record.ok);
        QCOMPARE(free->requestCount(s_chat), 0);
        QCOMPARE(pool->pool().state(0).busy, 0);
    }

    // A cancelled call frees its slot: the next request runs at once on the same server.
    void cancellingFreesTheSlot()
    {
        auto slow = answering();
        slow->setGapMs(200);
        QVERIFY(slow->listen());
        auto pool = poolOver({ slow.get() });
        QPointer<llm::Call> first = pool->start(requestR());
        QPointer<llm::Call> second = pool->start(requestR());
        QTRY_COMPARE(pool->pool().state(0).busy, 1);
        QCOMPARE(pool->waiting(), 1);
        bool cancelled = false;
        connect(first, &llm::Call::error, this,
            [&cancelled](const llm::Response &r) { cancelled = r.failure && r.failure->kind == llm::Failure::Kind::Cancelled; });
        first->cancel();
        QTRY_VERIFY(cancelled);
        QTRY_COMPARE(pool->waiting(), 0);
        QCOMPARE(pool->pool().state(0).busy, 1);
        second->cancel();
        QTRY_COMPARE(pool->pool().state(0).busy, 0);
    }
};

QTEST_GUILESS_MAIN(TstPooledProvider)
#include "tst_pooledprovider.moc"
