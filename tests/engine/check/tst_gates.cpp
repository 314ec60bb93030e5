// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The gate pipeline for one candidate string (formalize.md §5.1): parse, critic, round-trip.
#include "check/gates.h"
#include "kb/knowledgebase.h"

#include <QTest>

using namespace fanva;

class TstGates : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void gates_data();
    void gates();
    void canonicalSpelling_data();
    void canonicalSpelling();
    void unreadablePosition();
    void notes();
    void overlay();
    void roundTripHoldsOnTheExampleKb();

private:
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    std::unique_ptr<check::Critic> m_critic;
};

void TstGates::initTestCase()
{
    kb::LoadResult loaded = kb::loadKnowledgeBase(QStringLiteral(FANVA_TEST_DATA_DIR "/kb/example"));
    QVERIFY(loaded.ok());
    m_kb = loaded.kb;
    m_critic = std::make_unique<check::Critic>(*m_kb);
}

void TstGates::gates_data()
{
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QString>("gate"); // empty: admissible
    QTest::addColumn<QString>("type");

    QTest::addRow("one fact") << QStringLiteral("(livesIn Tweety Gotham)") << QString() << QString();
    QTest::addRow("two forms") << QStringLiteral("(bird Tweety) (bird Opus)") << QStringLiteral("parse")
                               << QStringLiteral("several-sentences");
    QTest::addRow("trailing text") << QStringLiteral("(bird Tweety) because it sings") << QStringLiteral("parse")
                                   << QStringLiteral("several-sentences");
    QTest::addRow("trailing closer") << QStringLiteral("(bird Tweety))") << QStringLiteral("parse") << QStringLiteral("unreadable");
    QTest::addRow("unclosed") << QStringLiteral("(bird Tweety") << QStringLiteral("parse") << QStringLiteral("unreadable");
    QTest::addRow("empty") << QString() << QStringLiteral("parse") << QStringLiteral("empty-sentence");
    QTest::addRow("comment only") << QStringLiteral("; nothing here\n") << QStringLiteral("parse") << QStringLiteral("empty-sentence");
    QTest::addRow("trailing comment") << QStringLiteral("(bird Tweety) ; a canary") << QString() << QString();
    QTest::addRow("ist escape") << QStringLiteral("(ist CxBirds (bird Tweety))") << QStringLiteral("critic")
                                << QStringLiteral("context-escape");
    QTest::addRow("query-only form") << QStringLiteral("(lessThan 1 2)") << QStringLiteral("critic") << QStringLiteral("not-well-formed");
    QTest::addRow("naming") << QStringLiteral("(Flies Tweety)") << QStringLiteral("critic") << QStringLiteral("functor");
}

void TstGates::gates()
{
    QFETCH(QString, candidate);
    QFETCH(QString, gate);
    QFETCH(QString, type);

    const lang::GateReport report = check::runGates(*m_critic, candidate, QStringLiteral("CxBirds"));
    QCOMPARE(report.failedGate ? check::gateId(*report.failedGate) : QString(), gate);
    QCOMPARE(report.isAdmissible(), gate.isEmpty());
    if (!gate.isEmpty()) {
        QVERIFY(!report.problems.empty());
        QCOMPARE(report.problems.front().type, type);
        if (type == QLatin1String("several-sentences")) // the message quotes the candidate
            QVERIFY2(report.problems.front().message.contains(candidate), qPrintable(report.problems.front().message));
        for (const check::Problem &p : report.problems)
            QVERIFY(check::isBlocking(p.type));
    }
}

void TstGates::canonicalSpelling_data()
{
    QTest::addColumn<QString>("candidate");
    QTest::addColumn<QString>("canonical");
    QTest::addRow("layout") << QStringLiteral("(livesIn   Tweety\n\t Gotham)") << QStringLiteral("(livesIn Tweety Gotham)");
    QTest::addRow("number text") << QStringLiteral("(birthYearOf Pingu +2003)") << QStringLiteral("(birthYearOf Pingu 2003)");
    QTest::addRow("commas") << QStringLiteral("(friendOf Pingu, Nemo)") << QStringLiteral("(friendOf Pingu Nemo)");
}

void TstGates::canonicalSpelling()
{
    // A candidate written in a non-canonical spelling still round-trips and is admissible;
    // the report carries the spelling the KB file will get.
    QFETCH(QString, candidate);
    QFETCH(QString, canonical);
    const lang::GateReport report = check::runGates(*m_critic, candidate, QStringLiteral("CxBirds"));
    QVERIFY2(report.isAdmissible(), report.problems.empty() ? "" : qPrintable(report.problems.front().message));
    QCOMPARE(report.canonical, canonical);
}

void TstGates::unreadablePosition()
{
    const lang::GateReport report = check::runGates(*m_critic, QStringLiteral("(bird\n  134a-gas)"), QStringLiteral("CxBirds"));
    QCOMPARE(report.failedGate, check::Gate::Parse);
    QCOMPARE(report.problems.front().type, QStringLiteral("unreadable"));
    QVERIFY2(report.problems.front().message.startsWith(QLatin1String("2:3: ")), qPrintable(report.problems.front().message));
    QVERIFY(report.problems.front().message.contains(QLatin1String("_134a-gas")));
}

void TstGates::notes()
{
    const lang::GateReport known = check::runGates(*m_critic, QStringLiteral("(friendOf Opus Tweety)"), QStringLiteral("CxBirds"));
    QVERIFY(known.isAdmissible());
    QVERIFY(known.isKnown());
    QCOMPARE(known.notes.front().type, QStringLiteral("already-stored"));

    const lang::GateReport fresh = check::runGates(*m_critic, QStringLiteral("(friendOf Opus Nemo)"), QStringLiteral("CxBirds"));
    QVERIFY(fresh.isAdmissible());
    QVERIFY(!fresh.isKnown());
    QVERIFY(fresh.notes.empty());
}

void TstGates::overlay()
{
    check::BatchOverlay overlay;
    const QString cx = QStringLiteral("CxBirds");
    QVERIFY(check::runGates(*m_critic, QStringLiteral("(nestsIn Opus Iceberg)"), cx, {}, &overlay).isAdmissible());
    QCOMPARE(overlay.size(), 1);
    const lang::GateReport clash = check::runGates(*m_critic, QStringLiteral("(nestsIn Opus 7)"), cx, {}, &overlay);
    QCOMPARE(clash.failedGate, check::Gate::Critic);
    QCOMPARE(clash.problems.front().type, QStringLiteral("functional"));
    QCOMPARE(overlay.size(), 1); // refused candidates stay out
    const lang::GateReport again = check::runGates(*m_critic, QStringLiteral("(nestsIn  Opus  Iceberg)"), cx, {}, &overlay, 7);
    QVERIFY(again.isAdmissible());
    QVERIFY(again.isDuplicate());
    QCOMPARE(again.notes.front().message, QStringLiteral("duplicate of entry 0 in this batch"));
    // Entries join under the index the caller gives.
    QVERIFY(check::runGates(*m_critic, QStringLiteral("(friendOf Opus Nemo)"), cx, {}, &overlay, 7).isAdmissible());
    QCOMPARE(check::runGates(*m_critic, QStringLiteral("(friendOf Nemo Opus)"), cx, {}, &overlay).notes.front().message,
        QStringLiteral("duplicate of entry 7 in this batch"));
}

void TstGates::roundTripHoldsOnTheExampleKb()
{
    for (std::size_t id = 0; id < m_kb->sentenceCount(); ++id) {
        const kb::Term term = m_kb->sentence(kb::SentenceId(id)).term;
        const std::optional<check::Problem> problem = check::roundTripProblem(*m_kb, term);
        QVERIFY2(!problem, problem ? qPrintable(problem->message) : "");
    }
}

QTEST_GUILESS_MAIN(TstGates)
#include "tst_gates.moc"
