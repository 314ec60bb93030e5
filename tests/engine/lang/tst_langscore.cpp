// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// formalize.md §12's score through the language seam (lang::score), one source for every
// language: nibli KR's worked examples (nibli-kr.md §1.3: keys compared, profiles from
// one-argument statements) and fanva-kb's, rows of expected scores with a language column.
#include "lang/score.h"

#include "lang/fanvakb/fanvakb.h"
#include "lang/registry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;

namespace {

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

/// "hits/candidates/known/gold".
QString counts(const lang::ScoreCounts &c)
{
    return QStringLiteral("%1/%2/%3/%4").arg(c.hits).arg(c.candidates).arg(c.known).arg(c.gold);
}

/// "c→g, …".
QString renaming(const lang::ScoreResult &result)
{
    QStringList pairs;
    for (const auto &[from, to] : result.renaming)
        pairs.append(from + QStringLiteral("→") + to);
    return pairs.join(QStringLiteral(", "));
}

// §12's example in nibli KR: the gold of a zoo story, and a model's reading of it that names
// the penguin and the seal its own way, reads the rule without its first condition and adds a
// keeper with a predicate it declares.
const QByteArray s_gold = "# The zoo, as the gold has it.\n"
                          "bird(PenguinA).\n"
                          "animal(SealA).\n"
                          "free(PenguinA).\n"
                          "chase(SealA, PenguinA).\n"
                          "dwell(PenguinA, HarbourZoo).\n"
                          "all $x, $y: animal($x) & chase($x, $y) -> be_hungry($x).\n";
const QByteArray s_candidates = "bird(Penguin1).\n"
                                "animal(Seal1).\n"
                                "free(Penguin1).\n"
                                "chase(Seal1, Penguin1).\n"
                                "dwell(Penguin1, location: HarbourZoo).\n"
                                "all $a, $b: chase($a, $b) -> be_hungry($a).\n"
                                "pred keeper(keeper): \"{x1} keeps the animals\".\n"
                                "keeper(Keeper1).\n";
// The zoo's KB: the keeper declared, a keeper Olga and where she lives.
const QByteArray s_zooKb = "pred keeper(keeper): \"{x1} keeps the animals\".\n"
                           "keeper(Olga).\n"
                           "dwell(Olga, HarbourZoo).\n";

} // namespace

class TstLangScore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void score_data();
    void score();
};

void TstLangScore::score_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QByteArray>("gold");
    QTest::addColumn<QByteArray>("candidates");
    QTest::addColumn<QByteArray>("kb"); ///< the KB's one file, zoo.nibli (nibli); empty: no KB
    QTest::addColumn<QString>("strict"); ///< hits/candidates/known/gold
    QTest::addColumn<QString>("aligned");
    QTest::addColumn<QString>("renaming");
    QTest::addColumn<QStringList>("missing");
    QTest::addColumn<QStringList>("spurious");

    // Strict: 0/7, 0/6 (the declaration is vocabulary, not counted). Profiles {bird, free} and
    // {animal} match → Penguin1→PenguinA, Seal1→SealA (HarbourZoo, a gold Name, stays);
    // aligned: P = 5/7 = 0.714, R = 5/6 = 0.833, F1 = 0.769.
    QTest::addRow("nibli: worked example")
        << QStringLiteral("nibli") << QStringLiteral("zoo") << s_gold << s_candidates << QByteArray() << QStringLiteral("0/7/0/6")
        << QStringLiteral("5/7/0/6") << QStringLiteral("Penguin1→PenguinA, Seal1→SealA")
        << QStringList { QStringLiteral("all $v1, $v2: animal($v1) & chase($v1, $v2) -> be_hungry($v1).") }
        << QStringList { QStringLiteral("all $v1, $v2: chase($v1, $v2) -> be_hungry($v1)."), QStringLiteral("keeper(Keeper1).") };
    QTest::addRow("nibli: gold against itself")
        << QStringLiteral("nibli") << QStringLiteral("zoo") << s_gold << s_gold << QByteArray() << QStringLiteral("6/6/0/6")
        << QStringLiteral("6/6/0/6") << QString() << QStringList() << QStringList();
    // With the KB: keeper(Olga) is known (out of precision); Olga is known, so not
    // introduced, and bird(Olga) stays spurious; Keeper1's profile {keeper} meets no gold one.
    QTest::addRow("nibli: with a KB") << QStringLiteral("nibli") << QStringLiteral("zoo") << s_gold
                                      << QByteArray("bird(Penguin1).\nfree(Penguin1).\nkeeper(Olga).\nbird(Olga).\nkeeper(Keeper1).\n")
                                      << s_zooKb << QStringLiteral("0/5/1/6") << QStringLiteral("2/5/1/6")
                                      << QStringLiteral("Penguin1→PenguinA")
                                      << QStringList { QStringLiteral("all $v1, $v2: animal($v1) & chase($v1, $v2) -> be_hungry($v1)."),
                                             QStringLiteral("animal(SealA)."), QStringLiteral("chase(SealA, PenguinA)."),
                                             QStringLiteral("dwell(PenguinA, HarbourZoo).") }
                                      << QStringList { QStringLiteral("bird(Olga)."), QStringLiteral("keeper(Keeper1).") };
    // Names are renamed at any depth: under ~, in a rule, inside a phrase's clause.
    QTest::addRow("nibli: renamed at any depth")
        << QStringLiteral("nibli") << QStringLiteral("zoo")
        << QByteArray("bird(PenguinA).\nanimal(SealA).\n~free(PenguinA).\nfree(PenguinA) -> chase(SealA, PenguinA).\n"
                      "eats(SealA, some fish where chase(PenguinA, it)).\n")
        << QByteArray("bird(Pen1).\nanimal(Sea1).\n~free(Pen1).\nfree(Pen1) -> chase(Sea1, Pen1).\n"
                      "eats(Sea1, some fish where chase(Pen1, it)).\n")
        << QByteArray() << QStringLiteral("0/5/0/5") << QStringLiteral("5/5/0/5") << QStringLiteral("Pen1→PenguinA, Sea1→SealA")
        << QStringList() << QStringList();
    // Overlap first, then the gold Name, then the candidate's: both gold penguins share
    // Penguin1's profile; PenguinA comes first.
    QTest::addRow("nibli: ties by gold name") << QStringLiteral("nibli") << QStringLiteral("zoo")
                                              << QByteArray("bird(PenguinB).\nbird(PenguinA).\n") << QByteArray("bird(Penguin1).\n")
                                              << QByteArray() << QStringLiteral("0/1/0/2") << QStringLiteral("1/1/0/2")
                                              << QStringLiteral("Penguin1→PenguinA") << QStringList { QStringLiteral("bird(PenguinB).") }
                                              << QStringList();
    // A candidate Name the gold uses is not introduced; Pingu is.
    QTest::addRow("nibli: gold Names stay") << QStringLiteral("nibli") << QStringLiteral("zoo")
                                            << QByteArray("bird(PenguinA).\nfree(PenguinA).\n")
                                            << QByteArray("bird(PenguinA).\nfree(Pingu).\n") << QByteArray() << QStringLiteral("1/2/0/2")
                                            << QStringLiteral("2/2/0/2") << QStringLiteral("Pingu→PenguinA") << QStringList()
                                            << QStringList();
    // Negated and prefixed one-place statements give no profile.
    QTest::addRow("nibli: no profile from ~ or a prefix")
        << QStringLiteral("nibli") << QStringLiteral("zoo") << QByteArray("bird(PenguinA).\n")
        << QByteArray("~bird(Penguin1).\npast bird(Penguin1).\n") << QByteArray() << QStringLiteral("0/2/0/1") << QStringLiteral("0/2/0/1")
        << QString() << QStringList { QStringLiteral("bird(PenguinA).") }
        << QStringList { QStringLiteral("past bird(Penguin1)."), QStringLiteral("~bird(Penguin1).") };

    // fanva-kb, through the same function: no KB.
    QTest::addRow("fanva-kb: §12 example")
        << QStringLiteral("fanva-kb") << QString()
        << QByteArray("(penguin PenguinA) (seal SealA) (escaped PenguinA) (chased SealA PenguinA) (livesIn PenguinA HarbourZoo)\n"
                      "(implies (and (seal ?x) (chased ?x ?y)) (hungry ?x))\n")
        << QByteArray("(penguin Penguin1) (seal Seal1) (escaped Penguin1) (chased Seal1 Penguin1) "
                      "(livesIn Penguin1 HarbourZoo)\n(implies (chased ?x ?y) (hungry ?x)) (keeper Keeper1)\n")
        << QByteArray() << QStringLiteral("0/7/0/6") << QStringLiteral("5/7/0/6") << QStringLiteral("Penguin1→PenguinA, Seal1→SealA")
        << QStringList { QStringLiteral("(implies (and (seal ?0) (chased ?0 ?1)) (hungry ?0))") }
        << QStringList { QStringLiteral("(implies (chased ?0 ?1) (hungry ?0))"), QStringLiteral("(keeper Keeper1)") };
    QTest::addRow("fanva-kb: comment and genlCx leave the gold")
        << QStringLiteral("fanva-kb") << QString()
        << QByteArray("(comment penguin \"A bird.\") (genlCx CxZoo CxWorld) (penguin PenguinA) (escaped PenguinA)\n")
        << QByteArray("(comment penguin \"A bird.\") (penguin Pingu) (escaped Pingu) (seal Pingu)\n") << QByteArray()
        << QStringLiteral("0/4/0/2") << QStringLiteral("2/4/0/2") << QStringLiteral("Pingu→PenguinA") << QStringList()
        << QStringList { QStringLiteral("(comment penguin \"A bird.\")"), QStringLiteral("(seal PenguinA)") };
}

void TstLangScore::score()
{
    QFETCH(QString, language);
    QFETCH(QString, target);
    QFETCH(QByteArray, gold);
    QFETCH(QByteArray, candidates);
    QFETCH(QByteArray, kb);
    QFETCH(QString, strict);
    QFETCH(QString, aligned);
    QFETCH(QString, renaming);
    QFETCH(QStringList, missing);
    QFETCH(QStringList, spurious);
    const lang::Language *scored = lang::languageById(language);
    QVERIFY(scored);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::shared_ptr<const lang::Kb> loaded;
    if (!kb.isEmpty()) {
        QVERIFY(writeFile(dir.filePath(QStringLiteral("zoo.nibli")), kb));
        const lang::LoadResult load = scored->load(dir.path());
        QVERIFY(load.ok());
        loaded = load.kb;
    }
    const lang::ReadResult g = scored->read(gold, {});
    QVERIFY(!g.hasErrors());
    const lang::ReadResult c = scored->read(candidates, {});
    QVERIFY(!c.hasErrors());
    const lang::ScoreResult result = lang::score(*scored, loaded.get(), target, g.statements, c.statements);
    QCOMPARE(counts(result.strict), strict);
    QCOMPARE(counts(result.aligned), aligned);
    QCOMPARE(::renaming(result), renaming);
    QCOMPARE(result.missing, missing);
    QCOMPARE(result.spurious, spurious);
}

QTEST_GUILESS_MAIN(TstLangScore)
#include "tst_langscore.moc"
