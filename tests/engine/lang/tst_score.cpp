// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// formalize.md §12 on fanva-kb through the one score function, lang::score.
#include "lang/score.h"

#include "lang/fanvakb/fanvakb.h"

#include "sharedcorpus.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using lang::ScoreResult;

namespace {

// Statements read from fanva-kb text; they keep their terms alive.
struct Sentences {
    lang::ReadResult read;
    explicit Sentences(const QByteArray &text)
        : read(lang::fanvaKb().read(text))
    { }
    [[nodiscard]] std::span<const lang::Statement> terms() const { return read.statements; }
    [[nodiscard]] bool hasErrors() const { return read.hasErrors(); }
};

// lang::score over fanva-kb, with a KB when given.
ScoreResult scored(const Sentences &gold, const Sentences &candidates, const lang::Kb *kb = nullptr, const QString &target = {})
{
    return lang::score(lang::fanvaKb(), kb, target, gold.terms(), candidates.terms());
}

} // namespace

class TstScore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void workedExample();
    void perfectFable_data();
    void perfectFable();
    void renamedFable_data();
    void renamedFable();
    void bijection();
    void goldNameNeverRenamed();
    void knownSentencesLeaveThePrecision();
    void documentsSumCounts();
    void json();
};

void TstScore::workedExample()
{
    const Sentences gold(
        QByteArrayLiteral("(penguin PenguinA) (seal SealA) (escaped PenguinA) (chased SealA PenguinA) (livesIn PenguinA HarbourZoo)\n"
                          "(implies (and (seal ?x) (chased ?x ?y)) (hungry ?x))\n"));
    const Sentences candidates(
        QByteArrayLiteral("(penguin Penguin1) (seal Seal1) (escaped Penguin1) (chased Seal1 Penguin1) (livesIn Penguin1 HarbourZoo)\n"
                          "(implies (chased ?x ?y) (hungry ?x)) (keeper Keeper1)\n"));
    QVERIFY(!gold.hasErrors());
    QVERIFY(!candidates.hasErrors());
    const ScoreResult result = scored(gold, candidates);
    QCOMPARE(result.strict, (lang::ScoreCounts { 0, 7, 0, 6 }));
    QCOMPARE(result.strict.precision(), 0.0);
    QCOMPARE(result.strict.recall(), 0.0);
    QCOMPARE(result.strict.f1(), 0.0);
    QCOMPARE(result.aligned, (lang::ScoreCounts { 5, 7, 0, 6 }));
    QCOMPARE(qRound(result.aligned.precision() * 1000), 714);
    QCOMPARE(qRound(result.aligned.recall() * 1000), 833);
    QCOMPARE(qRound(result.aligned.f1() * 1000), 769);
    using Rename = std::pair<QString, QString>;
    QCOMPARE(result.renaming,
        (std::vector<Rename> {
            { QStringLiteral("Penguin1"), QStringLiteral("PenguinA") }, { QStringLiteral("Seal1"), QStringLiteral("SealA") } }));
    QCOMPARE(result.missing.size(), 1);
    QVERIFY(result.missing.first().startsWith(QLatin1String("(implies")));
    QCOMPARE(result.spurious.size(), 2);
    QVERIFY(result.spurious.contains(QStringLiteral("(keeper Keeper1)")));
}

void TstScore::perfectFable_data()
{
    fanva::testsupport::addFableGoldRows();
}

void TstScore::perfectFable()
{
    QFETCH(QString, goldFile);
    if (goldFile.isEmpty())
        FANVA_NEED_SHARED(u"corpus/fables");
    QFile file(goldFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Sentences gold(file.readAll());
    QVERIFY(!gold.hasErrors());
    const ScoreResult result = scored(gold, gold);
    QCOMPARE(result.strict.gold, int(gold.terms().size()));
    QCOMPARE(result.strict.precision(), 1.0);
    QCOMPARE(result.strict.recall(), 1.0);
    QCOMPARE(result.aligned.f1(), 1.0);
    QVERIFY(result.renaming.empty());
    QVERIFY(result.missing.isEmpty());
    QVERIFY(result.spurious.isEmpty());
}

void TstScore::renamedFable_data()
{
    fanva::testsupport::addFableGoldRows();
}

void TstScore::renamedFable()
{
    QFETCH(QString, goldFile);
    if (goldFile.isEmpty())
        FANVA_NEED_SHARED(u"corpus/fables");
    QFile file(goldFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    // Every individual (a capitalised symbol outside comments) gets a new name.
    QString renamedText;
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
    static const QRegularExpression individual(QStringLiteral("(?<=[ (])([A-Z][A-Za-z0-9]*)(?=[ )])"));
    int renamedCount = 0;
    for (QString line : lines) {
        if (!line.startsWith(QLatin1String(";;"))) {
            renamedCount += int(line.count(individual));
            line.replace(individual, QStringLiteral("Zz\\1"));
        }
        renamedText += line + QLatin1Char('\n');
    }
    QVERIFY(renamedCount > 0);
    const Sentences gold(text);
    const Sentences candidates(renamedText.toUtf8());
    QVERIFY(!candidates.hasErrors());
    const ScoreResult result = scored(gold, candidates);
    QVERIFY(result.strict.f1() < 1.0);
    QCOMPARE(result.aligned.precision(), 1.0);
    QCOMPARE(result.aligned.recall(), 1.0);
    QVERIFY(!result.renaming.empty());
    for (const auto &[from, to] : result.renaming)
        QCOMPARE(from, QStringLiteral("Zz") + to);
}

void TstScore::bijection()
{
    const Sentences gold(QByteArrayLiteral("(lion LionA) (trapped LionA) (mouse MouseA)"));
    const Sentences candidates(QByteArrayLiteral("(lion LionX) (lion LionY) (trapped LionX) (trapped LionY)"));
    const ScoreResult result = scored(gold, candidates);
    QCOMPARE(result.renaming.size(), 1u);
    QCOMPARE(result.renaming[0].first, QStringLiteral("LionX"));
    QCOMPARE(result.aligned.hits, 2);
    QCOMPARE(result.aligned.precision(), 0.5);
}

void TstScore::goldNameNeverRenamed()
{
    const Sentences gold(QByteArrayLiteral("(lion LionA) (mouse MouseA)"));
    const Sentences candidates(QByteArrayLiteral("(lion MouseA) (mouse Mouse2)"));
    const ScoreResult result = scored(gold, candidates);
    QCOMPARE(result.renaming.size(), 1u);
    QCOMPARE(result.renaming[0], std::pair(QStringLiteral("Mouse2"), QStringLiteral("MouseA")));
    QCOMPARE(result.aligned.hits, 1);
    QCOMPARE(result.spurious, QStringList { QStringLiteral("(lion MouseA)") });
}

void TstScore::knownSentencesLeaveThePrecision()
{
    const Sentences gold(QByteArrayLiteral("(lion LionA) (comment lion \"A big cat.\") (genlCx CxA CxB)"));
    const Sentences candidates(QByteArrayLiteral("(lion LionA) (genl lion animal) (genl lion animal)"));
    // The KB stores (genl lion animal) where CxZoo sees it: that candidate is known.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile file(dir.filePath(QStringLiteral("CxZoo.txt")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("(genl lion animal)\n");
    file.close();
    const lang::LoadResult loaded = lang::fanvaKb().load(dir.path());
    QVERIFY(loaded.ok());
    const ScoreResult result = scored(gold, candidates, loaded.kb.get(), QStringLiteral("CxZoo"));
    QCOMPARE(result.strict, (lang::ScoreCounts { 1, 2, 1, 1 }));
    QCOMPARE(result.strict.precision(), 1.0);
    QVERIFY(result.spurious.isEmpty());
}

void TstScore::documentsSumCounts()
{
    const Sentences gold(QByteArrayLiteral("(lion LionA) (mouse MouseA)"));
    const Sentences candidates(QByteArrayLiteral("(lion LionA) (mouse MouseA)"));
    const Sentences none(QByteArrayLiteral(""));
    ScoreResult total = scored(gold, candidates);
    lang::accumulate(total, scored(gold, none));
    QCOMPARE(total.strict, (lang::ScoreCounts { 2, 2, 0, 4 }));
    QCOMPARE(total.strict.recall(), 0.5);
    QCOMPARE(total.strict.precision(), 1.0);
}

void TstScore::json()
{
    const Sentences gold(QByteArrayLiteral("(lion LionA)"));
    const Sentences candidates(QByteArrayLiteral("(lion Lion1) (lion LionA)"));
    const nlohmann::json j = lang::scoreToJson(scored(gold, candidates));
    QCOMPARE(j["strict"]["hits"].get<int>(), 1);
    QCOMPARE(j["strict"]["candidates"].get<int>(), 2);
    QCOMPARE(j["aligned"]["gold"].get<int>(), 1);
    QVERIFY(j["renaming"].is_object());
    QVERIFY(j["missing"].is_array());
    // Lion1 aligns onto LionA, and the renamed duplicate collapses.
    QCOMPARE(j["aligned"]["candidates"].get<int>(), 1);
    QCOMPARE(j["renaming"]["Lion1"].get<std::string>(), std::string("LionA"));
    QCOMPARE(j["spurious"].size(), 0u);
}

QTEST_GUILESS_MAIN(TstScore)
#include "tst_score.moc"
