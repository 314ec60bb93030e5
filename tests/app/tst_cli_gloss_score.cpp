// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli gloss and score, run as processes.
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runCli(const QStringList &args, const QByteArray &input = {})
{
    QProcess process;
    process.start(QStringLiteral(FANVA_CLI_PATH), args);
    if (!input.isNull()) {
        process.write(input);
        process.closeWriteChannel();
    }
    process.waitForFinished(60000);
    return Run { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
        process.readAllStandardError() };
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QString fixtureKb()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb");
}

} // namespace

class TstCliGlossScore : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void glossMarksSources();
    void glossJson();
    void scoreWorkedExample();
    void scoreFables_data();
    void scoreFables();
    void usage();
};

void TstCliGlossScore::glossMarksSources()
{
    const Run run = runCli({ QStringLiteral("gloss"), QStringLiteral("--kb"), fixtureKb(), QStringLiteral("--context"),
                               QStringLiteral("CxAnimals"), QStringLiteral("-") },
        QByteArrayLiteral("(eats Pingu Herring1)\n(seal Sammy)\n(implies (seal ?x) (swims ?x))\n"));
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QString::fromUtf8(run.out),
        QStringLiteral("(eats Pingu Herring1)\n  composed: Pingu takes Herring1 as nourishment.\n"
                       "(seal Sammy)\n  named: Sammy is a seal.\n"
                       "(implies (seal ?x) (swims ?x))\n  partial: If x is a seal, then x is able to swim.\n"));
}

void TstCliGlossScore::glossJson()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // The file is named after the context, so no --context is needed.
    const QString path = dir.filePath(QStringLiteral("CxAnimals.txt"));
    QVERIFY(writeFile(path, QByteArrayLiteral("(not (flies Pingu))\n")));
    const Run run = runCli({ QStringLiteral("gloss"), QStringLiteral("--kb"), fixtureKb(), QStringLiteral("--json"), path });
    QCOMPARE(run.exitCode, 0);
    const nlohmann::json j = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
    QVERIFY(!j.is_discarded());
    QCOMPARE(j["results"].size(), 1u);
    QCOMPARE(j["results"][0]["gloss"].get<std::string>(), std::string("It is not true that Pingu is able to fly."));
    QCOMPARE(j["results"][0]["source"].get<std::string>(), std::string("composed"));
    QCOMPARE(j["results"][0]["line"].get<int>(), 1);
}

void TstCliGlossScore::scoreWorkedExample()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString gold = dir.filePath(QStringLiteral("gold.txt"));
    const QString candidates = dir.filePath(QStringLiteral("candidates.txt"));
    QVERIFY(writeFile(gold,
        "(penguin PenguinA) (seal SealA) (escaped PenguinA) (chased SealA PenguinA) (livesIn PenguinA HarbourZoo)\n"
        "(implies (and (seal ?x) (chased ?x ?y)) (hungry ?x))\n"));
    QVERIFY(writeFile(candidates,
        "(penguin Penguin1) (seal Seal1) (escaped Penguin1) (chased Seal1 Penguin1) (livesIn Penguin1 HarbourZoo)\n"
        "(implies (chased ?x ?y) (hungry ?x)) (keeper Keeper1)\n"));
    const Run text = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, candidates });
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("strict   P 0.000  R 0.000  F1 0.000  (0 hits, 7 candidates, 0 known, 6 gold)"));
    QVERIFY(text.out.contains("aligned  P 0.714  R 0.833  F1 0.769  (5 hits, 7 candidates, 0 known, 6 gold)"));
    QVERIFY(text.out.contains("renaming Penguin1 \xE2\x86\x92 PenguinA, Seal1 \xE2\x86\x92 SealA"));

    const Run json = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, candidates, QStringLiteral("--json") });
    QCOMPARE(json.exitCode, 0);
    const nlohmann::json j = nlohmann::json::parse(json.out.toStdString(), nullptr, false);
    QVERIFY(!j.is_discarded());
    QCOMPARE(j["strict"]["hits"].get<int>(), 0);
    QCOMPARE(j["aligned"]["hits"].get<int>(), 5);
    QCOMPARE(j["renaming"]["Seal1"].get<std::string>(), std::string("SealA"));
    QCOMPARE(j["spurious"].size(), 2u);
}

void TstCliGlossScore::scoreFables_data()
{
    QTest::addColumn<QString>("goldFile");
    const QDir fables(QStringLiteral(FANVA_SHARED_DIR "/corpus/fables"));
    const QStringList files = fables.entryList({ QStringLiteral("*.gold.txt") }, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString &file : files)
        QTest::addRow("%s", qPrintable(file)) << fables.filePath(file);
}

void TstCliGlossScore::scoreFables()
{
    QFETCH(QString, goldFile);
    const Run same = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), goldFile, goldFile, QStringLiteral("--json") });
    QCOMPARE(same.exitCode, 0);
    nlohmann::json j = nlohmann::json::parse(same.out.toStdString(), nullptr, false);
    QCOMPARE(j["strict"]["f1"].get<double>(), 1.0);
    QCOMPARE(j["aligned"]["f1"].get<double>(), 1.0);

    QFile file(goldFile);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QString renamed;
    static const QRegularExpression individual(QStringLiteral("(?<=[ (])([A-Z][A-Za-z0-9]*)(?=[ )])"));
    for (QString line : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        if (!line.startsWith(QLatin1String(";;")))
            line.replace(individual, QStringLiteral("Re\\1"));
        renamed += line + QLatin1Char('\n');
    }
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString candidates = dir.filePath(QStringLiteral("renamed.txt"));
    QVERIFY(writeFile(candidates, renamed.toUtf8()));
    const Run run = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), goldFile, candidates, QStringLiteral("--json") });
    QCOMPARE(run.exitCode, 0);
    j = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
    QVERIFY(j["strict"]["f1"].get<double>() < 1.0);
    QCOMPARE(j["aligned"]["precision"].get<double>(), 1.0);
    QCOMPARE(j["aligned"]["recall"].get<double>(), 1.0);
}

void TstCliGlossScore::usage()
{
    QCOMPARE(runCli({ QStringLiteral("score"), QStringLiteral("x.txt") }).exitCode, 2);
    QCOMPARE(runCli({ QStringLiteral("gloss"), QStringLiteral("-") }, QByteArray("")).exitCode, 2);
    const Run help = runCli({ QStringLiteral("score"), QStringLiteral("--help") });
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("--gold"));
    QCOMPARE(runCli({ QStringLiteral("gloss"), QStringLiteral("--help") }).exitCode, 0);
}

QTEST_GUILESS_MAIN(TstCliGlossScore)
#include "tst_cli_gloss_score.moc"
