// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// docs/spec/iteration.md: the selection turn (§2), ids after a review's (§1) and rounds (§3),
// driven by the scripted provider over the fixture KB.

#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "kb/knowledgebase.h"
#include "llm/scriptedprovider.h"

#include <QFile>
#include <QSignalSpy>
#include <QTest>

#include <numeric>

using namespace fanva;
using nlohmann::json;

namespace {

QString fixtureDir()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture");
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

json reply(const std::string &sentence, int segment)
{
    const json candidates = json::array({ { { "sentence", sentence }, { "segment", segment }, { "confidence", "high" } } });
    return { { "text", json { { "candidates", candidates } }.dump() }, { "stop_reason", "end_turn" } };
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

struct Result {
    json outcome;
    std::vector<formalize::Entry> entries;
    std::vector<llm::Request> requests;
    json events;
};

} // namespace

class TstSessionRounds : public QObject
{
    Q_OBJECT

    std::shared_ptr<const kb::KnowledgeBase> m_kb;

    Result run(const QByteArray &document, const std::vector<json> &turns, formalize::SessionSettings settings,
        const std::function<void(formalize::SessionInput &)> &adjust = {})
    {
        json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "turns", turns } };
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        if (!provider)
            qFatal("bad script");
        settings.judge = false;
        formalize::SessionInput input
            = formalize::makeSessionInput(m_kb, QStringLiteral("CxAnimals"), document, QStringLiteral("doc.md"), settings);
        if (adjust)
            adjust(input);
        formalize::Session session(provider.get(), input, formalize::standardHooks());
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        if (!session.isFinished() && !finished.wait(20000))
            qFatal("the session did not finish");
        return { session.outcome(), session.entries(), provider->received(), session.events() };
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
        const Result r = run(
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
        const Result r = run(readAll(fixtureDir() + QStringLiteral("/winter.md")), { reply("(penguin Pingu)", 1) }, {},
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
        const Result r = run(longDocument(sentences, 12), turns, settings);
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
        const Result r = run(longDocument(120, 12), turns, settings);
        QVERIFY2(r.outcome["outcome"] == outcome.toStdString(), r.outcome.dump().c_str());
        const std::size_t rounds = r.outcome.value("rounds", std::size_t(1));
        QVERIFY(rounds > 1);
        QCOMPARE(r.requests.size(), rounds);
        for (const llm::Request &request : r.requests)
            QCOMPARE(request.messages.size(), std::size_t(1));
        QVERIFY(std::none_of(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "cycle-detected"; }));
    }

    void aSentenceThatCannotFitIsTooLarge()
    {
        formalize::SessionSettings settings;
        settings.contextWindow = 4096;
        settings.maxOutputTokens = 1024;
        const Result r = run(longDocument(1, 2000) + longDocument(2, 3), {}, settings);
        QVERIFY2(r.outcome["outcome"] == "too-large", r.outcome.dump().c_str());
        QVERIFY(r.outcome["attempt"] == 0);
        QVERIFY(r.outcome["segment"] == 1);
        QVERIFY(r.requests.empty());
    }
};

QTEST_GUILESS_MAIN(TstSessionRounds)
#include "tst_sessionrounds.moc"
