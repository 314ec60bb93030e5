// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The batch's scheduling of model servers: least busy first, push-back and failures move an
// endpoint out of rotation and back, its work goes to the others.
#include "llm/endpointarg.h"
#include "llm/endpointpool.h"

#include <QTest>

#include <map>

using namespace fanva::llm;
using namespace std::chrono_literals;

namespace {

EndpointPool::TimePoint at(std::chrono::milliseconds ms)
{
    return EndpointPool::TimePoint {} + ms;
}

EndpointPool pool(std::vector<int> slots, PoolPolicy policy = {})
{
    std::vector<EndpointSpec> specs;
    for (std::size_t i = 0; i < slots.size(); ++i)
        specs.push_back({ QStringLiteral("http://127.0.0.1:%1").arg(11000 + int(i)), slots[i] });
    return EndpointPool(std::move(specs), policy);
}

} // namespace

class TstEndpointPool : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Requests spread by the share of slots busy: a 4-slot server takes four for one of a
    // 1-slot server's, and a full pool makes the next request wait.
    void fillsTheLeastBusyShareFirst()
    {
        EndpointPool p = pool({ 1, 4 });
        std::map<int, int> taken;
        for (int i = 0; i < 5; ++i) {
            const std::optional<int> e = p.acquire(at(0ms));
            QVERIFY(e);
            ++taken[*e];
        }
        QCOMPARE(taken[0], 1);
        QCOMPARE(taken[1], 4);
        QVERIFY(!p.acquire(at(0ms)));
        QCOMPARE(p.freeSlots(at(0ms)), 0);
        p.release(1, EndpointOutcome::Ok, at(5ms));
        QCOMPARE(p.acquire(at(5ms)), std::optional<int>(1));
        QCOMPARE(p.state(1).served, 1);
    }

    // Equal shares go to the endpoint with fewer in flight, then the first listed.
    void breaksTiesByFewestBusyThenOrder()
    {
        EndpointPool p = pool({ 2, 2, 2 });
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(0));
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(1));
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(2));
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(0));
    }

    // A 429/503 backs that endpoint off (the server's retry-after when it gave one, else a
    // doubling wait) while the others keep taking work; it comes back when the wait is over.
    void backsOffAPushBackAndHonoursRetryAfter()
    {
        PoolPolicy policy;
        policy.busyBase = 100ms;
        policy.busyCap = 350ms;
        EndpointPool p = pool({ 1, 1 }, policy);
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Busy, at(10ms));
        QCOMPARE(p.nextAvailable(at(10ms)), std::optional(at(110ms)));
        QCOMPARE(p.acquire(at(20ms)), std::optional<int>(1));
        QVERIFY(!p.acquire(at(20ms)));
        QCOMPARE(p.acquire(at(110ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Busy, at(120ms));
        QCOMPARE(p.nextAvailable(at(120ms)), std::optional(at(320ms))); // doubled
        QCOMPARE(p.acquire(at(320ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Busy, at(330ms));
        QCOMPARE(p.nextAvailable(at(330ms)), std::optional(at(680ms))); // capped
        QCOMPARE(p.acquire(at(680ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Busy, at(700ms), 2000ms);
        QCOMPARE(p.nextAvailable(at(700ms)), std::optional(at(2700ms)));
        QCOMPARE(p.acquire(at(2700ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Ok, at(2710ms));
        QCOMPARE(p.state(0).pushedBack, 0);
        QVERIFY(!p.nextAvailable(at(2710ms)));
    }

    // Failures in a row rest an endpoint; back from its rest it takes one request on trial,
    // and a failure then rests it again at once, a success restores all its slots.
    void restsAFailingEndpointAndTriesItAgain()
    {
        PoolPolicy policy;
        policy.failuresToRest = 2;
        policy.rest = 1000ms;
        EndpointPool p = pool({ 3, 1 }, policy);
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Failed, at(1ms));
        QVERIFY(!p.state(0).resting); // one failure is not yet a pattern
        QCOMPARE(p.acquire(at(2ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Failed, at(3ms));
        QVERIFY(p.state(0).resting);
        QCOMPARE(p.freeSlots(at(4ms)), 1);
        QCOMPARE(p.acquire(at(4ms)), std::optional<int>(1));
        QVERIFY(!p.acquire(at(5ms)));
        QCOMPARE(p.nextAvailable(at(5ms)), std::optional(at(1003ms)));

        QCOMPARE(p.acquire(at(1003ms)), std::optional<int>(0));
        QVERIFY(!p.acquire(at(1003ms))); // on trial: one at a time
        p.release(0, EndpointOutcome::Failed, at(1004ms));
        QCOMPARE(p.nextAvailable(at(1004ms)), std::optional(at(2004ms)));

        QCOMPARE(p.acquire(at(2004ms)), std::optional<int>(0));
        p.release(0, EndpointOutcome::Ok, at(2005ms));
        QVERIFY(!p.state(0).resting);
        QCOMPARE(p.freeSlots(at(2005ms)), 3);
    }

    void readsTheEndpointsShareOfAFailure()
    {
        const auto outcome = [](Failure::Kind kind, int status = 0) {
            Failure f;
            f.kind = kind;
            f.httpStatus = status;
            return endpointOutcome(f);
        };
        QCOMPARE(outcome(Failure::Kind::RateLimited, 429), EndpointOutcome::Busy);
        QCOMPARE(outcome(Failure::Kind::Overloaded, 503), EndpointOutcome::Busy);
        QCOMPARE(outcome(Failure::Kind::Connect), EndpointOutcome::Failed);
        QCOMPARE(outcome(Failure::Kind::Timeout), EndpointOutcome::Failed);
        QCOMPARE(outcome(Failure::Kind::StreamCut), EndpointOutcome::Failed);
        QCOMPARE(outcome(Failure::Kind::ModelMissing, 404), EndpointOutcome::Failed);
        QCOMPARE(outcome(Failure::Kind::Http, 502), EndpointOutcome::Failed);
        QCOMPARE(outcome(Failure::Kind::Http, 503), EndpointOutcome::Busy);
        QCOMPARE(outcome(Failure::Kind::Http, 400), EndpointOutcome::Ok);
        QCOMPARE(outcome(Failure::Kind::TooLarge, 413), EndpointOutcome::Ok);
        QCOMPARE(outcome(Failure::Kind::Cancelled), EndpointOutcome::Ok);
    }

    void treatsAZeroSlotCountAsOne()
    {
        EndpointPool p = pool({ 0 });
        QCOMPARE(p.spec(0).slots, 1);
        QCOMPARE(p.acquire(at(0ms)), std::optional<int>(0));
        QVERIFY(!p.acquire(at(0ms)));
    }

    // The slots an endpoint takes when none is given, per provider kind (batch.md §1).
    void defaultsTheSlotsByProviderKind()
    {
        QCOMPARE(defaultSlots(QStringLiteral("ollama")), 1);
        QCOMPARE(defaultSlots(QStringLiteral("openai")), 8);
        QCOMPARE(defaultSlots(QStringLiteral("anthropic")), 4);
        QCOMPARE(defaultSlots(QStringLiteral("scripted")), 1);
        QCOMPARE(defaultSlots(QStringLiteral("rules")), 1);
    }

    // --endpoint URL[@N]: the slots after the last @, user info kept, bad counts and URLs refused.
    void readsAnEndpointArgument()
    {
        const fanva::Result<EndpointArg> plain = parseEndpointArg(QStringLiteral("http://127.0.0.1:8000/v1"));
        QVERIFY2(plain, qPrintable(plain.message()));
        QCOMPARE(plain->url, QUrl(QStringLiteral("http://127.0.0.1:8000/v1")));
        QVERIFY(!plain->slots);

        const fanva::Result<EndpointArg> slotted = parseEndpointArg(QStringLiteral("http://127.0.0.1:11434@4"));
        QVERIFY2(slotted, qPrintable(slotted.message()));
        QCOMPARE(slotted->url, QUrl(QStringLiteral("http://127.0.0.1:11434")));
        QCOMPARE(slotted->slots, std::optional<int>(4));

        const fanva::Result<EndpointArg> userInfo = parseEndpointArg(QStringLiteral("https://me:pw@127.0.0.1:8443/v1@2"));
        QVERIFY2(userInfo, qPrintable(userInfo.message()));
        QCOMPARE(userInfo->url.userName(), QStringLiteral("me"));
        QCOMPARE(userInfo->url.host(), QStringLiteral("127.0.0.1"));
        QCOMPARE(userInfo->slots, std::optional<int>(2));
        QVERIFY(!parseEndpointArg(QStringLiteral("https://me@127.0.0.1/v1"))->slots);

        for (const char *bad : { "http://127.0.0.1@0", "http://127.0.0.1@x", "http://127.0.0.1@", "http://127.0.0.1@5000" }) {
            const fanva::Result<EndpointArg> refused = parseEndpointArg(QString::fromLatin1(bad));
            QVERIFY2(!refused, bad);
            QVERIFY2(refused.message().contains(QLatin1String("number of slots")), qPrintable(refused.message()));
        }
        for (const char *bad : { "127.0.0.1:11434", "ftp://127.0.0.1", "http://", "not a url" }) {
            const fanva::Result<EndpointArg> refused = parseEndpointArg(QString::fromLatin1(bad));
            QVERIFY2(!refused, bad);
            QVERIFY2(refused.message().contains(QLatin1String("no http or https URL")), qPrintable(refused.message()));
        }
    }
};

QTEST_GUILESS_MAIN(TstEndpointPool)
#include "tst_endpointpool.moc"
