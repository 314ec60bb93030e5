// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/gloss.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QTest>

using namespace fanva;
using formalize::Gloss;

namespace {

std::shared_ptr<const kb::KnowledgeBase> fixture()
{
    static const kb::LoadResult result = kb::loadKnowledgeBase(QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb"));
    return result.kb;
}

std::shared_ptr<const kb::KnowledgeBase> articles()
{
    static const kb::LoadResult result = kb::loadKnowledgeBase(std::vector<kb::ContextSource> { { QStringLiteral("CxToys.txt"),
        QByteArrayLiteral("(comment owns \"(owns ?owner ?thing) means that ?owner has a ?thing. It is a relation.\")\n"
                          "(binaryPredicate owns)\n"
                          "(comment oddly \"(oddly ?a ?b): strange\")\n"
                          "(binaryPredicate oddly)\n"
                          "(comment near \"Close to something.\")\n"
                          "(binaryPredicate near)\n") } });
    return result.kb;
}

} // namespace

class TstGloss : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void table_data();
    void table();
    void templates();
};

void TstGloss::initTestCase()
{
    QVERIFY(fixture());
    QVERIFY(articles());
}

void TstGloss::table_data()
{
    QTest::addColumn<bool>("fixtureKb");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("text");
    QTest::addColumn<Gloss::Source>("source");

    const auto composed = Gloss::Source::Composed;
    const auto partial = Gloss::Source::Partial;
    const auto named = Gloss::Source::Named;
    QTest::addRow("type, top level") << true << "(penguin Pingu)"
                                     << "Pingu is a penguin — a flightless sea bird." << composed;
    QTest::addRow("relation") << true << "(eats Pingu Herring1)"
                              << "Pingu takes Herring1 as nourishment." << composed;
    QTest::addRow("not") << true << "(not (flies Pingu))"
                         << "It is not true that Pingu is able to fly." << composed;
    QTest::addRow("unary predicate") << true << "(flies Pingu)"
                                     << "Pingu is able to fly." << composed;
    QTest::addRow("rule") << true << "(implies (and (livesIn ?x ?p) (zoo ?p)) (captive ?x))"
                          << "If x lives in p, and p is a zoo, then x is kept in captivity." << composed;
    QTest::addRow("default rule") << true << "(set/defaultRule (implies (penguin ?x) (swims ?x)))"
                                  << "Usually, if x is a penguin, then x is able to swim." << composed;
    QTest::addRow("exceptWhen") << true << "(exceptWhen (penguin ?x) (set/defaultRule (implies (bird ?x) (flies ?x))))"
                                << "Usually, if x is a bird, then x is able to fly, except when x is a penguin." << composed;
    QTest::addRow("exists") << true << "(implies (penguin ?x) (exists ?y (and (fish ?y) (eats ?x ?y))))"
                            << "If x is a penguin, then there is some y such that y is a fish, and x takes y as nourishment." << composed;
    QTest::addRow("genl") << true << "(genl penguin bird)"
                          << "Every penguin is a bird." << composed;
    QTest::addRow("genl an") << true << "(genl bird animal)"
                             << "Every bird is an animal." << composed;
    QTest::addRow("genl predicates") << true << "(genl swims flies)"
                                     << "Whenever swims holds, flies holds." << composed;
    QTest::addRow("disjoint") << true << "(disjoint bird fish)"
                              << "Nothing is both a bird and a fish." << composed;
    QTest::addRow("isa") << true << "(isa Pingu Emperor_Penguin)"
                         << "Pingu is an Emperor Penguin." << composed;
    QTest::addRow("uncommented type") << true << "(seal Sammy)"
                                      << "Sammy is a seal." << named;
    QTest::addRow("uncommented relation") << true << "(lives_in Pingu Harbour_Zoo)"
                                          << "lives_in: Pingu, Harbour Zoo." << named;
    QTest::addRow("other built-in") << true << "(functional eats)"
                                    << "functional: eats." << named;
    QTest::addRow("mixed") << true << "(implies (seal ?x) (swims ?x))"
                           << "If x is a seal, then x is able to swim." << partial;
    QTest::addRow("article dropped before an individual") << false << "(owns Pingu Ball1)"
                                                          << "Pingu has Ball1." << composed;
    QTest::addRow("article dropped before a variable") << false << "(implies (owns ?a ?b) (owns ?b ?a))"
                                                       << "If a has b, then b has a." << composed;
    QTest::addRow("a turns into an") << false << "(owns Pingu apple)"
                                     << "Pingu has an apple." << composed;
    QTest::addRow("clause substitutes nothing") << false << "(oddly Pingu Herring1)"
                                                << "Pingu and Herring1: strange." << partial;
    QTest::addRow("description of a relation") << false << "(near Pingu Herring1)"
                                               << "Pingu and Herring1: Close to something." << partial;
}

void TstGloss::table()
{
    QFETCH(bool, fixtureKb);
    QFETCH(QString, sentence);
    QFETCH(QString, text);
    QFETCH(Gloss::Source, source);
    const auto knowledge = fixtureKb ? fixture() : articles();
    const QString context = fixtureKb ? QStringLiteral("CxAnimals") : QStringLiteral("CxToys");
    const kb::SentenceParse parsed = kb::parseSentence(sentence);
    QVERIFY(parsed.sentence);
    const Gloss g = lang::fanvakb::gloss(*knowledge, parsed.sentence->term, kb::intern(context.toStdString()));
    QCOMPARE(g.text, text);
    QCOMPARE(g.source, source);
}

void TstGloss::templates()
{
    auto t = lang::fanvakb::glossTemplate(
        QStringLiteral("(livesIn ?animal ?place) means that ?animal lives in ?place. More text."), "livesIn");
    QVERIFY(t.signature);
    QCOMPARE(t.parameters, (std::vector<QString> { QStringLiteral("?animal"), QStringLiteral("?place") }));
    QCOMPARE(t.clause, QStringLiteral("?animal lives in ?place"));
    t = lang::fanvakb::glossTemplate(QStringLiteral("(p ?a) means ?a is odd;\nsecond line"), "p");
    QCOMPARE(t.clause, QStringLiteral("?a is odd"));
    t = lang::fanvakb::glossTemplate(QStringLiteral("A flightless sea bird. It swims."), "penguin");
    QVERIFY(!t.signature);
    QCOMPARE(t.clause, QStringLiteral("A flightless sea bird"));
    t = lang::fanvakb::glossTemplate(QStringLiteral("(other ?a) means that ?a is odd."), "p");
    QVERIFY(!t.signature);
    QCOMPARE(formalize::glossSourceName(Gloss::Source::Partial), QLatin1StringView("partial"));
}

QTEST_GUILESS_MAIN(TstGloss)
#include "tst_gloss.moc"
