// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/coined.h"
#include "lang/fanvakb/corrections.h"

#include "formalize/replyparser.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QTest>

using namespace fanva;
using formalize::Confidence;

namespace {

std::shared_ptr<const kb::KnowledgeBase> fixture()
{
    static const kb::LoadResult result = kb::loadKnowledgeBase(QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb"));
    return result.kb;
}

std::shared_ptr<const kb::KnowledgeBase> friends()
{
    static const kb::LoadResult result = kb::loadKnowledgeBase(std::vector<kb::ContextSource> { { QStringLiteral("CxFriends.txt"),
        QByteArrayLiteral("(genl penguin animal) (genl seal animal) (binaryPredicate chases) (arg chases 1 animal) (arg chases 2 animal)\n"
                          "(binaryPredicate chasedBy) (inverse chases chasedBy) (binaryPredicate eatsType)\n"
                          "(binaryPredicate eats) (arg eats 1 animal) (arg eats 2 animal) (eatsType seal penguin)\n") } });
    return result.kb;
}

kb::OwnedTerm parse(const QString &text)
{
    kb::SentenceParse parsed = kb::parseSentence(text);
    return parsed.sentence.value_or(kb::OwnedTerm {});
}

} // namespace

class TstCorrections : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void passes_data();
    void passes();
    void shapes();
    void coined();
};

void TstCorrections::initTestCase()
{
    QVERIFY(fixture());
}

void TstCorrections::passes_data()
{
    QTest::addColumn<bool>("fixtureKb");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QStringList>("rules");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QStringList>("alternatives");
    QTest::addColumn<Confidence>("confidence");

    const QStringList none;
    QTest::addRow("clean fact") << true << "(penguin Pingu)" << none << QString() << none << Confidence::High;
    QTest::addRow("built-in") << true << "(genl penguin bird)" << none << QString() << none << Confidence::High;
    QTest::addRow("rule") << true << "(implies (penguin ?x) (swims ?x))" << none << QString() << none << Confidence::High;
    QTest::addRow("unary on type") << true << "(mortal penguin)" << QStringList { QStringLiteral("unary-on-type") }
                                   << "(set/defaultRule (implies (penguin ?x) (mortal ?x)))"
                                   << QStringList { QStringLiteral("(genl penguin mortal)"),
                                          QStringLiteral("(implies (penguin ?x) (mortal ?x))") }
                                   << Confidence::High;
    QTest::addRow("unary camelCase on type") << true << "(isCold penguin)" << QStringList { QStringLiteral("unary-on-type") }
                                             << "(set/defaultRule (implies (penguin ?x) (isCold ?x)))"
                                             << QStringList { QStringLiteral("(implies (penguin ?x) (isCold ?x))") } << Confidence::High;
    QTest::addRow("negated unary on type") << true << "(not (flies penguin))" << QStringList { QStringLiteral("unary-on-type") }
                                           << "(set/defaultRule (implies (penguin ?x) (not (flies ?x))))" << none << Confidence::High;
    QTest::addRow("unknown argument is no type") << true << "(mortal Pingu)" << none << QString() << none << Confidence::High;
    QTest::addRow("relation on types") << true << "(eats penguin fish)" << QStringList { QStringLiteral("relation-on-types") }
                                       << "(set/defaultRule (implies (penguin ?x) (exists ?y (and (fish ?y) (eats ?x ?y)))))"
                                       << QStringList { QStringLiteral("(eatsType penguin fish)") } << Confidence::Medium;
    QTest::addRow("relation on a type and an individual")
        << true << "(livesIn penguin HarbourZoo)" << QStringList { QStringLiteral("relation-on-types") }
        << "(set/defaultRule (implies (penguin ?x) (livesIn ?x HarbourZoo)))"
        << QStringList { QStringLiteral("(livesInType penguin HarbourZoo)") } << Confidence::Medium;
    QTest::addRow("arity surplus, repeated") << true << "(livesIn Pingu HarbourZoo HarbourZoo)"
                                             << QStringList { QStringLiteral("arity-surplus") } << "(livesIn Pingu HarbourZoo)" << none
                                             << Confidence::High;
    QTest::addRow("arity surplus, no repeat") << true << "(livesIn Pingu HarbourZoo Iceberg)"
                                              << QStringList { QStringLiteral("arity-surplus") } << QString() << none << Confidence::Low;
    QTest::addRow("surplus feeds the next pass")
        << true << "(eats penguin fish fish)" << QStringList { QStringLiteral("arity-surplus"), QStringLiteral("relation-on-types") }
        << "(set/defaultRule (implies (penguin ?x) (exists ?y (and (fish ?y) (eats ?x ?y)))))"
        << QStringList { QStringLiteral("(eatsType penguin fish)") } << Confidence::Medium;
    QTest::addRow("lift declared") << false << "(eats seal penguin)" << QStringList { QStringLiteral("relation-on-types") }
                                   << "(eatsType seal penguin)" << none << Confidence::Medium;
    QTest::addRow("shared argument type, inverse")
        << false << "(chases seal penguin)" << QStringList { QStringLiteral("relation-on-types") }
        << "(set/defaultRule (implies (seal ?x) (exists ?y (and (penguin ?y) (chases ?x ?y)))))"
        << QStringList { QStringLiteral("(chasesType seal penguin)"),
               QStringLiteral("(set/defaultRule (implies (penguin ?x) (exists ?y (and (seal ?y) (chases ?x ?y)))))"),
               QStringLiteral("(set/defaultRule (implies (penguin ?x) (exists ?y (and (seal ?y) (chasedBy ?x ?y)))))") }
        << Confidence::Low;
}

void TstCorrections::passes()
{
    QFETCH(bool, fixtureKb);
    QFETCH(QString, sentence);
    QFETCH(QStringList, rules);
    QFETCH(QString, to);
    QFETCH(QStringList, alternatives);
    QFETCH(Confidence, confidence);
    const kb::OwnedTerm term = parse(sentence);
    QVERIFY(!term.term.isNull());
    const auto knowledge = fixtureKb ? fixture() : friends();
    QVERIFY(knowledge);
    const formalize::Correction c = lang::fanvakb::correct(*knowledge, term.term, kb::intern(fixtureKb ? "CxAnimals" : "CxFriends"));
    QCOMPARE(c.rules, rules);
    QCOMPARE(c.to.value_or(QString()), to);
    QCOMPARE(c.alternatives, alternatives);
    QCOMPARE(c.confidence, confidence);
    QCOMPARE(c.from, sentence);
    QCOMPARE(c.isEmpty(), rules.isEmpty());
    QCOMPARE(c.why.isEmpty(), rules.isEmpty());
    // Every rewrite reads back as one sentence.
    if (c.to)
        QVERIFY(kb::parseSentence(*c.to).sentence.has_value());
}

void TstCorrections::shapes()
{
    const kb::OwnedTerm term = parse(QStringLiteral("(mortal penguin)"));
    const formalize::Correction c = lang::fanvakb::correct(*fixture(), term.term, kb::intern("CxAnimals"));
    const QStringList shapes = formalize::correctionShapes(c, QStringLiteral("(mortal penguin)"));
    QCOMPARE(shapes.size(), 4);
    QCOMPARE(shapes[0], QStringLiteral("(mortal penguin)"));
    QCOMPARE(shapes[1], QStringLiteral("(set/defaultRule (implies (penguin ?x) (mortal ?x)))"));
    QCOMPARE(formalize::initialShape(c), 2);
    QVERIFY(c.why.startsWith(QLatin1String("(mortal penguin) says mortal of the symbol penguin, not of penguins.")));
    const formalize::Correction none
        = lang::fanvakb::correct(*fixture(), parse(QStringLiteral("(penguin Pingu)")).term, kb::intern("CxAnimals"));
    QCOMPARE(formalize::initialShape(none), 1);
    QCOMPARE(formalize::correctionShapes(none, QStringLiteral("(penguin Pingu)")), QStringList { QStringLiteral("(penguin Pingu)") });
}

void TstCorrections::coined()
{
    const QStringList texts { QStringLiteral("(penguin Pingu)"), QStringLiteral("(livesIn Pingu HarbourZoo)"),
        QStringLiteral("(set/defaultRule (implies (penguin ?x) (waddles ?x)))"), QStringLiteral("(isHappy Pingu)"),
        QStringLiteral("(hasFriend Pingu Opus)"), QStringLiteral("(implies (sea_bird ?x) (waddles ?x))") };
    std::vector<kb::OwnedTerm> owned;
    std::vector<lang::fanvakb::CoinedInput> entries;
    for (qsizetype i = 0; i < texts.size(); ++i) {
        owned.push_back(parse(texts[i]));
        entries.push_back({ QStringLiteral("c%1").arg(i + 1), owned.back().term });
    }
    const formalize::CoinedReport report = lang::fanvakb::coinedVocabulary(*fixture(), kb::intern("CxAnimals"), entries);
    QCOMPARE(report.literals, 8);
    QCOMPARE(report.reused, 3);
    QCOMPARE(report.coined, 5);
    QCOMPARE(report.types, 3);
    QCOMPARE(report.properties, 1);
    QCOMPARE(report.relations, 1);
    QCOMPARE(report.introduced, 3);
    QCOMPARE(report.header(), QStringLiteral("8 literals — 3 reuse KB vocabulary, 5 coined (3 types, 1 property, 1 relation)"));
    QCOMPARE(report.functors.size(), 4u);
    QCOMPARE(report.functors[0],
        (formalize::CoinedFunctor { QStringLiteral("hasFriend"), 2, formalize::CoinedFunctor::Role::Relation, { QStringLiteral("c5") } }));
    QCOMPARE(report.functors[1].role, formalize::CoinedFunctor::Role::Property);
    QCOMPARE(report.functors[2].functor, QStringLiteral("sea_bird"));
    QCOMPARE(report.functors[3],
        (formalize::CoinedFunctor {
            QStringLiteral("waddles"), 1, formalize::CoinedFunctor::Role::Type, { QStringLiteral("c3"), QStringLiteral("c6") } }));

    const formalize::CoinedReport single = lang::fanvakb::coinedVocabulary(*fixture(), kb::intern("CxAnimals"), { entries[0] });
    QCOMPARE(single.header(), QStringLiteral("1 literal — 1 reuses KB vocabulary, 0 coined"));
}

QTEST_GUILESS_MAIN(TstCorrections)
#include "tst_corrections.moc"
