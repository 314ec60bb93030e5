// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/segmenter.h"
#include "lang/fanvakb/inventory.h"
#include "lang/fanvakb/resolver.h"
#include "lang/spellings.h"

#include "check/critic.h"
#include "check/gates.h"
#include "kb/knowledgebase.h"

#include "golden.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace fanva;
using formalize::Resolution;

namespace {

const char s_fixtureDir[] = FANVA_TEST_DATA_DIR "/formalize/fixture";
const char s_reference[] = FANVA_TEST_DATA_DIR "/reference/formalize/system-prefix-CxAnimals.txt";

std::shared_ptr<const kb::KnowledgeBase> fixture()
{
    static const kb::LoadResult result = kb::loadKnowledgeBase(QString::fromUtf8(s_fixtureDir) + QStringLiteral("/kb"));
    return result.kb;
}

kb::SymbolId animals()
{
    return kb::intern("CxAnimals");
}

QByteArray winter()
{
    QFile file(QString::fromUtf8(s_fixtureDir) + QStringLiteral("/winter.md"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

std::vector<Resolution> winterResolutions()
{
    const QByteArray doc = winter();
    return lang::fanvakb::resolve(doc, formalize::segment(doc).segments, *fixture(), animals());
}

} // namespace

class TstInventory : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void singular_data();
    void singular();
    void spellings();
    void resolveWinter();
    void resolveRules();
    void tiers();
    void cutIsStated();
    void roleExamples();
    void systemPrefixGolden();
    void systemPrefixExamplesPassTheGates();
};

void TstInventory::initTestCase()
{
    QVERIFY(fixture());
    QVERIFY(!winter().isEmpty());
}

void TstInventory::singular_data()
{
    QTest::addColumn<QString>("plural");
    QTest::addColumn<QString>("single");
    const char *rows[][2] = { { "mice", "mouse" }, { "wolves", "wolf" }, { "sheep", "sheep" }, { "fish", "fish" }, { "ponies", "pony" },
        { "days", "day" }, { "churches", "church" }, { "boxes", "box" }, { "glasses", "glass" }, { "penguins", "penguin" },
        { "grass", "grass" }, { "bus", "bus" }, { "axis", "axis" }, { "zoo", "zoo" } };
    for (const auto &row : rows)
        QTest::addRow("%s", row[0]) << QString::fromLatin1(row[0]) << QString::fromLatin1(row[1]);
}

void TstInventory::singular()
{
    QFETCH(QString, plural);
    QFETCH(QString, single);
    QCOMPARE(lang::singular(plural), single);
}

void TstInventory::spellings()
{
    QCOMPARE(lang::spellings({ QStringLiteral("Penguins") }),
        (QStringList { QStringLiteral("Penguins"), QStringLiteral("penguins"), QStringLiteral("penguin"), QStringLiteral("Penguin") }));
    QCOMPARE(lang::spellings({ QStringLiteral("lives"), QStringLiteral("in") }),
        (QStringList { QStringLiteral("livesIn"), QStringLiteral("lives_in"), QStringLiteral("LivesIn") }));
    QCOMPARE(lang::spellings({ QStringLiteral("sea"), QStringLiteral("birds") }),
        (QStringList { QStringLiteral("seaBirds"), QStringLiteral("sea_birds"), QStringLiteral("SeaBirds"), QStringLiteral("seaBird"),
            QStringLiteral("sea_bird"), QStringLiteral("SeaBird") }));
}

void TstInventory::resolveWinter()
{
    const QByteArray doc = winter();
    const std::vector<Resolution> r = winterResolutions();
    QStringList got;
    for (const Resolution &res : r) {
        QCOMPARE(doc.mid(res.start, res.end - res.start), res.surface.toUtf8());
        got << QStringLiteral("%1:%2=%3").arg(res.segment).arg(res.surface, kb::symbolString(res.term));
    }
    QCOMPARE(got,
        (QStringList { QStringLiteral("1:penguin=penguin"), QStringLiteral("1:lives in=livesIn"), QStringLiteral("1:Zoo=zoo"),
            QStringLiteral("2:Penguins=penguin"), QStringLiteral("2:fish=fish"), QStringLiteral("3:Birds=bird"),
            QStringLiteral("3:penguins=penguin") }));
    const auto listed = formalize::promptResolutions(r);
    QCOMPARE(listed.size(), 5u);
    QCOMPARE(listed[1].surface, QStringLiteral("lives in"));
}

void TstInventory::resolveRules()
{
    // Stop words and single letters never resolve alone; a non-ASCII word resolves nothing;
    // the possessive is dropped; hyphens split; the longest run wins.
    const kb::LoadResult loaded = kb::loadKnowledgeBase(std::vector<kb::ContextSource> { { QStringLiteral("CxT.txt"),
        QByteArrayLiteral("(a Bob) (is Bob) (sea_bird Bob) (bird Bob) (sea Bob) (caf Bob) (x Bob) (CxT Bob)") } });
    QVERIFY(loaded.ok());
    const QByteArray doc("A is x. Bob's sea birds and a sea-bird at the caf\xC3\xA9. CxT.");
    const auto segments = formalize::segment(doc).segments;
    const auto r = lang::fanvakb::resolve(doc, segments, *loaded.kb, kb::intern("CxT"));
    QStringList got;
    for (const Resolution &res : r)
        got << QStringLiteral("%1=%2").arg(res.surface, kb::symbolString(res.term));
    QCOMPARE(got, (QStringList { QStringLiteral("Bob=Bob"), QStringLiteral("sea birds=sea_bird"), QStringLiteral("sea-bird=sea_bird") }));
}

void TstInventory::tiers()
{
    const formalize::Inventory inv = lang::fanvakb::buildInventory(*fixture(), animals(), winterResolutions(), 1600);
    QVERIFY(!inv.isCut());
    QStringList relations;
    for (kb::SymbolId p : inv.relations)
        relations << kb::symbolString(p);
    // Tier 1 (livesIn), tier 2 licensed by penguin's and fish's supertypes, sorted.
    QCOMPARE(relations,
        (QStringList { QStringLiteral("livesIn"), QStringLiteral("captive"), QStringLiteral("eats"), QStringLiteral("flies"),
            QStringLiteral("swims") }));
    QStringList types;
    for (kb::SymbolId t : inv.types)
        types << kb::symbolString(t);
    QCOMPARE(types,
        (QStringList { QStringLiteral("penguin"), QStringLiteral("zoo"), QStringLiteral("fish"), QStringLiteral("bird"),
            QStringLiteral("animal"), QStringLiteral("place"), QStringLiteral("food") }));
    QVERIFY(inv.individuals.empty());
    QVERIFY(inv.card.startsWith(
        QStringLiteral("### Relations this knowledge base has — use them\n\nEach line: `name/arity : argument types`.")));
    QVERIFY(inv.card.contains(QStringLiteral("\n- `livesIn`/2 : `animal` × `place` [functional] — ?animal lives in ?place\n")));
    QVERIFY(inv.card.contains(QStringLiteral("\n- `flies`/1 : `animal` — ?animal is able to fly\n")));
    QVERIFY(inv.card.contains(QStringLiteral("### Types this knowledge base has\n\nUse a listed type instead of coining a synonym.\n- "
                                             "`penguin` < `bird` — A flightless sea bird.\n")));
    QVERIFY(inv.card.contains(QStringLiteral("\n- `animal` — A living creature that moves and feeds.\n")));
    QVERIFY(inv.card.contains(QStringLiteral("### Relating kinds\n\n- `(disjoint bird fish)`\n")));
    QVERIFY(!inv.card.contains(QStringLiteral("Individuals already named")));
    QVERIFY(!inv.card.contains(QStringLiteral("_This card was cut")));
    QCOMPARE(inv.tokens, formalize::estimateTokens(inv.card));
}

void TstInventory::cutIsStated()
{
    const formalize::Inventory inv = lang::fanvakb::buildInventory(*fixture(), animals(), winterResolutions(), 60);
    QVERIFY(inv.isCut());
    QVERIFY(inv.cut.relations > 0);
    QVERIFY(inv.card.contains(QStringLiteral("_… and %1 further relations not listed._").arg(inv.cut.relations)));
    QVERIFY(inv.card.endsWith(QStringLiteral("say in notes whenever you coin a name._\n")));
    // Cuts hit the later tiers first: what is listed is a prefix of the uncut order.
    const formalize::Inventory full = lang::fanvakb::buildInventory(*fixture(), animals(), winterResolutions(), 1600);
    QVERIFY(inv.relations.size() < full.relations.size());
    QVERIFY(std::equal(inv.relations.begin(), inv.relations.end(), full.relations.begin()));
    QCOMPARE(formalize::estimateTokens(QStringLiteral("1234567")), 2);
    QCOMPARE(formalize::estimateTokens(QStringLiteral("12345678")), 3);
}

void TstInventory::roleExamples()
{
    const auto rows = lang::fanvakb::roleExamples(*fixture(), animals());
    QCOMPARE(rows.size(), 3u);
    QCOMPARE(rows[0].example, QStringLiteral("eats"));
    QCOMPARE(rows[1].example, QStringLiteral("animal"));
    QCOMPARE(rows[2].example, QStringLiteral("Pingu")); // the fixture names no individual
}

void TstInventory::systemPrefixGolden()
{
    const QString prefix = lang::fanvakb::systemPrefix(*fixture(), animals());
    // Byte-identical for an unchanged KB: a second load gives the same bytes.
    const kb::LoadResult again = kb::loadKnowledgeBase(QString::fromUtf8(s_fixtureDir) + QStringLiteral("/kb"));
    QVERIFY(again.ok());
    QCOMPARE(lang::fanvakb::systemPrefix(*again.kb, animals()), prefix);
    if (qEnvironmentVariableIsSet("FANVA_REGENERATE_REFERENCES")) {
        QDir().mkpath(QFileInfo(QString::fromUtf8(s_reference)).path());
        QFile out(QString::fromUtf8(s_reference));
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(prefix.toUtf8());
    }
    // A mismatch shows as a unified diff; tests/data/regenerate-formalize-references.sh rewrites it.
    FANVA_COMPARE_GOLDEN(prefix.toUtf8(), QString::fromUtf8(s_reference));
}

void TstInventory::systemPrefixExamplesPassTheGates()
{
    const check::Critic critic(*fixture());
    for (const QString &example : formalize::systemPrefixExamples()) {
        const lang::GateReport report = check::runGates(critic, example, QStringLiteral("CxAnimals"));
        QString problems;
        for (const check::Problem &p : report.problems)
            problems += p.type + QStringLiteral(": ") + p.message + QLatin1Char('\n');
        QVERIFY2(report.isAdmissible(), qPrintable(example + QLatin1Char('\n') + problems));
    }
}

QTEST_GUILESS_MAIN(TstInventory)
#include "tst_inventory.moc"
