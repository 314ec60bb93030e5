// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// docs/formalize.md: the selection turn (§3.2.1), ids after a review's (§9.5) and rounds (§5.6),
// driven by the scripted provider over the fixture KB.

#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "llm/scriptedprovider.h"
#include "sessionrun.h"

#include <QSignalSpy>
#include <QTest>

#include <numeric>

using namespace fanva;
using nlohmann::json;
using Run = testing::SessionRun;
using testing::fixtureDir;
using testing::readAll;

namespace {

json reply(const std::string &sentence, int segment)
{
    return testing::candidatesTurn({ { QString::fromStdString(sentence), segment } });
}

/// A document of `n` sentences, each about `words` words long.
QByteArray longDocument(int n, int words)
{
    QByteArray doc;
    for (int i = 1; i <= n; ++i) {
        doc += "Penguin number " + QByteArray::number(i) + " eats";
        for (int w = 0; w < words; ++w)
            doc += " fish";
        doc += ".\n";
    }
    return doc;
}

/// About `bytes` of short sentences drawn at random, as the audit's d100k.md (M8).
QByteArray randomDocument(int bytes)
{
    static const char *const names[] = { "Pebbles", "Biscuit", "Mango", "Saffron", "Silver" };
    static const char *const predicates[] = { "lives in the Atlantic Ocean", "weighs 23 kilograms", "is a penguin", "swims", "eats fish" };
    quint32 seed = 2;
    auto next = [&seed](quint32 n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % n;
    };
    QByteArray doc;
    while (doc.size() < bytes) {
        doc += names[next(5)];
        doc += ' ';
        doc += predicates[next(5)];
        doc += ". ";
    }
    doc += '\n';
    return doc;
}

} // namespace

class TstSessionRounds : public QObject
{
    Q_OBJECT

    std::shared_ptr<const kb::KnowledgeBase> m_kb;

    Run run(const QByteArray &document, const std::vector<json> &turns, formalize::SessionSettings settings,
        const std::function<void(formalize::SessionInput &)> &adjust = {})
    {
        const std::unique_ptr<llm::ScriptedProvider> provider = testing::scriptedProvider(json(turns));
        settings.judge = false;
        formalize::SessionInput input = formalize::makeSessionInput(
            lang::fanvaKbOver(m_kb), QStringLiteral("CxAnimals"), document, QStringLiteral("doc.md"), settings);
        if (adjust)
            adjust(input);
        return testing::playSession(*provider, input);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const kb::LoadResult loaded = kb::loadKnowledgeBase(fixtureDir() + QStringLiteral("/kb"));
        QVERIFY(loaded.ok());
        m_kb = loaded.kb;
    }

    void selectionSendsOnlyTheFocus()
    {
        const Run r = run(
            readAll(fixtureDir() + QStringLiteral("/winter.md")), { reply("(flies Pingu)", 3) }, {}, [](formalize::SessionInput &input) {
                input.focus = { 3, 2 };
            });
        QCOMPARE(r.requests.size(), std::size_t(1));
        const QString turn = QString::fromStdString(r.requests[0].messages.front().text);
        QVERIFY2(turn.contains(QLatin1StringView("[1] Pingu is a penguin who lives in Harbour Zoo. (context)\n")), qPrintable(turn));
        QVERIFY(turn.contains(QLatin1StringView("[2] Penguins eat fish.\n")));
        QVERIFY(turn.contains(QLatin1StringView("[4] It was a cold morning. (context)\n")));
        QVERIFY(turn.contains(QLatin1StringView("Formalize only the sentences [2], [3] (the others are context")));
        QVERIFY(r.outcome["outcome"] == "success");
    }

    void idsStartAfterTheReview()
    {
        const Run r = run(readAll(fixtureDir() + QStringLiteral("/winter.md")), { reply("(penguin Pingu)", 1) }, {},
            [](formalize::SessionInput &input) { input.firstEntryId = 8; });
        QCOMPARE(r.entries.size(), std::size_t(1));
        QCOMPARE(r.entries.front().id, QStringLiteral("c8"));
    }

    void roundsInsteadOfTooLarge_data()
    {
        QTest::addColumn<int>("sentences");
        QTest::addColumn<int>("window");
        QTest::addRow("cut in rounds") << 120 << 4096;
        QTest::addRow("fits whole") << 6 << 8192;
    }

    void roundsInsteadOfTooLarge()
    {
        QFETCH(int, sentences);
        QFETCH(int, window);
        formalize::SessionSettings settings;
        settings.contextWindow = window;
        settings.maxOutputTokens = 1024;
        std::vector<json> turns;
        for (int i = 1; i <= sentences; ++i)
            turns.push_back(reply("(penguin Pingu" + std::to_string(i) + ")", 1));
        const Run r = run(longDocument(sentences, 12), turns, settings);
        QVERIFY2(r.outcome["outcome"] == "success", r.outcome.dump().c_str());
        const std::size_t rounds = r.outcome.value("rounds", std::size_t(1));
        QCOMPARE(r.requests.size(), rounds);
        QCOMPARE(r.entries.size(), rounds);
        QCOMPARE(rounds > 1, sentences > 10);
        // Every sentence is listed in exactly one round, whole, in document order.
        std::vector<int> listed;
        for (std::size_t k = 0; k < r.requests.size(); ++k) {
            const QString turn = QString::fromStdString(r.requests[k].messages.front().text);
            QCOMPARE(r.requests[k].messages.size(), std::size_t(1));
            if (rounds > 1)
                QVERIFY(turn.startsWith(QStringLiteral("## The document, part %1 of %2 (").arg(k + 1).arg(rounds)));
            for (int n = 1; n <= sentences; ++n) {
                if (turn.contains(QStringLiteral("\n[%1] Penguin number %1 eats").arg(n)))
                    listed.push_back(n);
            }
        }
        std::vector<int> expected(static_cast<std::size_t>(sentences));
        std::iota(expected.begin(), expected.end(), 1);
        QCOMPARE(listed, expected);
        const std::size_t started
            = std::size_t(std::count_if(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "round-started"; }));
        QCOMPARE(started, rounds > 1 ? rounds : 0);
    }

    void eachRoundIsItsOwnConversation_data()
    {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("rest");
        QTest::addColumn<QString>("outcome");
        // A refused candidate at the cap of round 1 is not repaired in round 2.
        QTest::addRow("refused in round 1") << QStringLiteral("(livesIn Pingu)") << QStringLiteral("(penguin Pingu)")
                                            << QStringLiteral("partial");
        // The same reply in every round is no cycle: each round has its own guard.
        QTest::addRow("same reply every round")
            << QStringLiteral("(penguin Pingu)") << QStringLiteral("(penguin Pingu)") << QStringLiteral("success");
    }

    void eachRoundIsItsOwnConversation()
    {
        QFETCH(QString, first);
        QFETCH(QString, rest);
        QFETCH(QString, outcome);
        formalize::SessionSettings settings;
        settings.contextWindow = 4096;
        settings.maxOutputTokens = 1024;
        settings.maxAttempts = 1;
        std::vector<json> turns { reply(first.toStdString(), 1) };
        for (int i = 0; i < 20; ++i)
            turns.push_back(reply(rest.toStdString(), 1));
        const Run r = run(longDocument(120, 12), turns, settings);
        QVERIFY2(r.outcome["outcome"] == outcome.toStdString(), r.outcome.dump().c_str());
        const std::size_t rounds = r.outcome.value("rounds", std::size_t(1));
        QVERIFY(rounds > 1);
        QCOMPARE(r.requests.size(), rounds);
        for (const llm::Request &request : r.requests)
            QCOMPARE(request.messages.size(), std::size_t(1));
        QVERIFY(std::none_of(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "cycle-detected"; }));
    }

    void aRoundsRepairDoesNotEndTheSession_data()
    {
        QTest::addColumn<int>("refusedLength");
        QTest::addColumn<int>("refusedCount");
        QTest::addColumn<bool>("repairFits");
        // The audit's repro (M8): one refused candidate per round; its repair must fit.
        QTest::addRow("one repair fits") << 0 << 1 << true;
        // A reply so long that no repair can follow it: the round ends, the next one runs.
        QTest::addRow("repair too large") << 300 << 30 << false;
    }

    void aRoundsRepairDoesNotEndTheSession()
    {
        QFETCH(int, refusedLength);
        QFETCH(int, refusedCount);
        QFETCH(bool, repairFits);
        json candidates = json::array({ { { "sentence", "(penguin Pingu)" }, { "segment", 1 } } });
        for (int i = 0; i < refusedCount; ++i) {
            const std::string name = "Pingu" + std::to_string(i) + std::string(std::size_t(refusedLength), 'x');
            candidates.push_back({ { "sentence", "(livesIn " + name + ")" }, { "segment", 2 } });
        }
        const json turn = { { "text", json { { "candidates", candidates } }.dump() }, { "stop_reason", "end_turn" } };
        const Run r = run(randomDocument(100 * 1000), std::vector<json>(400, turn), formalize::SessionSettings());
        QVERIFY2(r.outcome["outcome"] != "too-large", r.outcome.dump().substr(0, 2000).c_str());
        const std::size_t rounds = r.outcome.value("rounds", std::size_t(1));
        QVERIFY(rounds > 1);
        const std::size_t started
            = std::size_t(std::count_if(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "round-started"; }));
        QCOMPARE(started, rounds);
        const std::size_t skipped
            = std::size_t(std::count_if(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "repair-skipped"; }));
        // A repair that fits is sent (the same reply again ends the round as a cycle).
        QCOMPARE(r.requests.size(), repairFits ? 2 * rounds : rounds);
        QCOMPARE(skipped, repairFits ? 0 : rounds);
        if (!repairFits) {
            // The sentences of a round whose repair did not fit say why they are not covered.
            const json &segments = r.outcome["coverage"]["segments"];
            const auto withReason = std::count_if(segments.begin(), segments.end(), [](const json &c) {
                return c["state"] != "covered" && c["reason"].get<std::string>().find("did not fit") != std::string::npos;
            });
            QVERIFY2(withReason > 0, r.outcome["coverage"].dump().substr(0, 2000).c_str());
        }
    }

    void aLargeDocumentIsPreparedOffTheCallersThread_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::addRow("runs") << false;
        QTest::addRow("cancelled while preparing") << true;
    }

    void aLargeDocumentIsPreparedOffTheCallersThread()
    {
        // Audit M9: a 1 MB document; start() returns before it is segmented and cut.
        QFETCH(bool, cancel);
        const json turn = reply("(penguin Pingu)", 1);
        const json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "reuse", true },
            { "turns", { turn } } };
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        QVERIFY(provider);
        formalize::SessionSettings settings;
        settings.judge = false;
        const QByteArray document = randomDocument(1000 * 1000);
        formalize::Session session(provider.get(),
            formalize::makeSessionInput(
                lang::fanvaKbOver(m_kb), QStringLiteral("CxAnimals"), document, QStringLiteral("doc.md"), settings));
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        QVERIFY(!session.isFinished());
        QVERIFY(session.segments().empty());
        if (cancel) {
            session.cancel();
            QVERIFY(session.isFinished());
            QCOMPARE(session.outcomeName(), QStringLiteral("cancelled"));
            QVERIFY(provider->received().empty());
            return;
        }
        QVERIFY(finished.wait(60000));
        QVERIFY2(session.outcomeName() == QStringLiteral("success"), session.outcome().dump().substr(0, 1000).c_str());
        QVERIFY(session.segments().size() > 30000);
        QVERIFY(session.rounds() > 100);
        QCOMPARE(provider->received().size(), std::size_t(session.rounds()));
    }

    void aSentenceThatCannotFitIsTooLarge()
    {
        formalize::SessionSettings settings;
        settings.contextWindow = 4096;
        settings.maxOutputTokens = 1024;
        const Run r = run(longDocument(1, 2000) + longDocument(2, 3), {}, settings);
        QVERIFY2(r.outcome["outcome"] == "too-large", r.outcome.dump().c_str());
        QVERIFY(r.outcome["attempt"] == 0);
        QVERIFY(r.outcome["segment"] == 1);
        QVERIFY(r.requests.empty());
    }
};

QTEST_GUILESS_MAIN(TstSessionRounds)
#include "tst_sessionrounds.moc"
