// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The rules drafting nibli KR (docs/spec/rules.md §2–§3): the language-neutral claim written
// by each language's ClaimWriter, nibli's turn vocabulary from a KB's `pred` declarations
// and the shipped lexicon, and sentences drafted on a small nibli KB through the nibli gates.
#include "draftedsentences.h"
#include "formalize/segmenter.h"
#include "formalize/turnframe.h"
#include "lang/claim.h"
#include "lang/claimwriter.h"
#include "lang/fanvakb/rulesturn.h"
#include "lang/gates.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "lang/turnvocabulary.h"
#include "rules/drafter.h"
#include "rules/lexicon.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using lang::Claim;
using lang::ClaimTerm;
using nlohmann::json;
using testing::draftedSentences;

// Declared before the test class uses it in QFETCH (clang refuses a later specialization).
Q_DECLARE_METATYPE(fanva::lang::Claim)

namespace {

const char s_town[] = R"KB(# A town for these tests.
pred resident(who, town): "{x1} lives in {x2}".
pred barks(dog): "{x1} barks".
person(Ada).
resident(Ada, Elmford).
dog(Rex).
)KB";

ClaimTerm x()
{
    return ClaimTerm::variable(QStringLiteral("x"));
}

Claim fact(const char *name, std::vector<ClaimTerm> args)
{
    return Claim::predication(QString::fromLatin1(name), std::move(args));
}

ClaimTerm named(const char *name)
{
    return ClaimTerm::individual(QString::fromLatin1(name));
}

const lang::ClaimWriter &writerOf(const char *id)
{
    const lang::Language *language = lang::languageById(QString::fromLatin1(id));
    Q_ASSERT(language && language->claimWriter());
    return *language->claimWriter();
}

} // namespace

class TestRulesNibli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("kb")));
        QFile file(m_dir.filePath(QStringLiteral("kb/town.nibli")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(s_town);
        file.close();
        const lang::Language *nibli = lang::languageById(QStringLiteral("nibli"));
        QVERIFY(nibli);
        m_load = nibli->load(m_dir.filePath(QStringLiteral("kb")));
        QVERIFY2(m_load.ok(), "the town KB loads");
    }

    void writers_data()
    {
        QTest::addColumn<Claim>("claim");
        QTest::addColumn<QString>("fanvaKb");
        QTest::addColumn<QString>("nibli"); ///< empty: nibli cannot state it
        QTest::addRow("membership") << fact("dog", { named("Rex") }) << QStringLiteral("(dog Rex)") << QStringLiteral("dog(Rex).");
        QTest::addRow("relation with a number") << fact("weighs", { named("Rex"), ClaimTerm::number(QStringLiteral("23")) })
                                                << QStringLiteral("(weighs Rex 23)") << QStringLiteral("weighs(Rex, 23).");
        QTest::addRow("negation") << Claim::negation(fact("dog", { named("Ada") })) << QStringLiteral("(not (dog Ada))")
                                  << QStringLiteral("~dog(Ada).");
        QTest::addRow("generalisation") << Claim::generalisation(QStringLiteral("dog"), QStringLiteral("animal"))
                                        << QStringLiteral("(genl dog animal)") << QStringLiteral("animal(every dog).");
        QTest::addRow("rule") << Claim::implication(fact("resident", { x(), named("Elmford") }), fact("person", { x() }))
                              << QStringLiteral("(implies (resident ?x Elmford) (person ?x))")
                              << QStringLiteral("all $x: resident($x, Elmford) -> person($x).");
        QTest::addRow("only") << Claim::implication(
            Claim::conjunction({ fact("dog", { x() }), fact("eats", { x(), ClaimTerm::variable(QStringLiteral("y")) }) }),
            fact("meat", { ClaimTerm::variable(QStringLiteral("y")) }))
                              << QStringLiteral("(implies (and (dog ?x) (eats ?x ?y)) (meat ?y))")
                              << QStringLiteral("all $x, $y: dog($x) & eats($x, $y) -> meat($y).");
        const Claim some = Claim::existence(QStringLiteral("y"),
            Claim::conjunction({ fact("bone", { ClaimTerm::variable(QStringLiteral("y")) }),
                fact("eats", { x(), ClaimTerm::variable(QStringLiteral("y")) }) }));
        QTest::addRow("some") << Claim::implication(fact("dog", { x() }), some)
                              << QStringLiteral("(implies (dog ?x) (exists ?y (and (bone ?y) (eats ?x ?y))))")
                              << QStringLiteral("all $x: dog($x) -> eats($x, some bone).");
        const Claim usually = Claim::defaultRule(Claim::implication(fact("dog", { x() }), fact("barks", { x() })));
        QTest::addRow("default") << usually << QStringLiteral("(set/defaultRule (implies (dog ?x) (barks ?x)))") << QString();
        QTest::addRow("exception") << Claim::exception(fact("puppy", { x() }), usually)
                                   << QStringLiteral("(exceptWhen (puppy ?x) (set/defaultRule (implies (dog ?x) (barks ?x))))")
                                   << QString();
        QTest::addRow("kinds") << fact("eats", { ClaimTerm::type(QStringLiteral("dog")), ClaimTerm::type(QStringLiteral("meat")) })
                               << QStringLiteral("(eats dog meat)") << QString();
        QTest::addRow("coined") << fact("whistlesAt", { named("Rex"), named("Ada") }) << QStringLiteral("(whistlesAt Rex Ada)")
                                << QString();
    }

    void writers()
    {
        QFETCH(Claim, claim);
        QFETCH(QString, fanvaKb);
        QFETCH(QString, nibli);
        const lang::WrittenClaim kb = writerOf("fanva-kb").write(claim);
        QVERIFY(kb.ok());
        QCOMPARE(kb.text, fanvaKb);
        const lang::WrittenClaim written = writerOf("nibli").write(claim);
        QCOMPARE(written.text, nibli);
        QCOMPARE(written.ok(), !nibli.isEmpty());
        if (!written.ok())
            QVERIFY(!written.problem.isEmpty());
    }

    void vocabulary()
    {
        const lang::Language &nibli = m_load.kb->language();
        QVERIFY(nibli.turnVocabulary());
        const json v = nibli.turnVocabulary()->vocabulary(*m_load.kb, QStringLiteral("town"));
        const auto find = [&](const char *list, const char *name) {
            for (const json &item : v.at(list)) {
                if (item.at("name") == name)
                    return item;
            }
            return json();
        };
        // A declaration's reading in the comment form the drafter matches.
        QCOMPARE(find("relations", "resident").at("comment").get<std::string>(), std::string("(resident ?x1 ?x2) means ?x1 lives in ?x2."));
        QCOMPARE(find("relations", "resident").at("arity").get<int>(), 2);
        QCOMPARE(find("relations", "barks").at("arity").get<int>(), 1);
        // A lexicon word read as a type, a converse alias left out, a query-only word left out.
        QVERIFY(!find("types", "dog").is_null());
        QVERIFY(find("relations", "owned").is_null());
        QVERIFY(find("relations", "sum").is_null());
        QVERIFY(find("individuals", "Ada").at("types") == json::array({ "person" }));
        QVERIFY(find("individuals", "Elmford").at("types") == json::array());
    }

    void drafts_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QString>("reason"); ///< of the untranslated sentence, when nothing is expected
        QTest::addRow("relation") << QByteArray("Ada lives in Elmford.") << QStringList { QStringLiteral("resident(Ada, Elmford).") }
                                  << QString();
        QTest::addRow("coordinated names") << QByteArray("Ada and Bo live in Elmford.")
                                           << QStringList { QStringLiteral("resident(Ada, Elmford)."),
                                                  QStringLiteral("resident(Bo, Elmford).") }
                                           << QString();
        QTest::addRow("membership") << QByteArray("Rex is a dog.") << QStringList { QStringLiteral("dog(Rex).") } << QString();
        QTest::addRow("unary") << QByteArray("Rex barks.") << QStringList { QStringLiteral("barks(Rex).") } << QString();
        QTest::addRow("every-is") << QByteArray("Every dog is an animal.") << QStringList { QStringLiteral("animal(every dog).") }
                                  << QString();
        QTest::addRow("whoever") << QByteArray("Whoever lives in Elmford is a person.")
                                 << QStringList { QStringLiteral("all $x: resident($x, Elmford) -> person($x).") } << QString();
        QTest::addRow("a default has no nibli")
            << QByteArray("Dogs usually bark.") << QStringList {} << QStringLiteral("nibli KR states no defaults");
    }

    void drafts()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, expected);
        QFETCH(QString, reason);
        if (!rules::Lexicon::instance().available())
            QSKIP(qPrintable(rules::Lexicon::instance().problem()));
        const formalize::Segmentation segmentation = formalize::segment(text);
        const json vocabulary = m_load.kb->language().turnVocabulary()->vocabulary(*m_load.kb, QStringLiteral("town"));
        const json turn
            = formalize::structuredTurn(QStringLiteral("nibli"), QStringLiteral("town"), text, segmentation.segments, {}, vocabulary);
        QVERIFY(turn.at("language") == "nibli");
        const json reply = rules::draft(turn, rules::Lexicon::instance());
        QCOMPARE(draftedSentences(reply), expected);
        for (const QString &candidate : expected) {
            const lang::GateReport report = lang::runGates(*m_load.kb, candidate, QStringLiteral("town"));
            QVERIFY2(report.isAdmissible(), qPrintable(candidate));
        }
        if (!reason.isEmpty()) {
            QCOMPARE(reply.at("untranslated").size(), std::size_t(1));
            QVERIFY2(
                QString::fromStdString(reply.at("untranslated")[0].at("reason").get<std::string>()).contains(reason), reply.dump().c_str());
        }
    }

private:
    QTemporaryDir m_dir;
    lang::LoadResult m_load;
};

QTEST_GUILESS_MAIN(TestRulesNibli)
#include "tst_rulesnibli.moc"
