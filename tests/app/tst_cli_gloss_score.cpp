// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli gloss and score, run as processes.
#include "sharedcorpus.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "clirun.h"

#include <nlohmann/json.hpp>

namespace {

using Run = fanva::testsupport::ProcessRun;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

QString fixtureKb()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb");
}

// A copy of the KB tree at `from` (its *.txt context files) under `to`.
bool copyKb(const QString &from, const QString &to)
{
    QDirIterator it(from, { QStringLiteral("*.txt") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString target = to + QLatin1Char('/') + QDir(from).relativeFilePath(path);
        if (!QDir().mkpath(QFileInfo(target).path()) || !QFile::copy(path, target))
            return false;
    }
    return true;
}

// A gold file of tests/data/fables: its context, and its sentences with the segment each
// renders (the ";; segment N" line above it).
struct Gold {
    QString context;
    std::vector<std::pair<QString, int>> sentences;
};

Gold readGold(const QString &path)
{
    Gold gold;
    int segment = 0;
    for (const QString &line : QString::fromUtf8(readFileBytes(path)).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        if (line.startsWith(QLatin1String(";; context: ")))
            gold.context = line.mid(12).trimmed();
        else if (line.startsWith(QLatin1String(";; segment ")))
            segment = line.mid(11).toInt();
        else if (!line.startsWith(QLatin1String(";;")))
            gold.sentences.emplace_back(line, segment);
    }
    return gold;
}

QJsonObject jsonObject(const QByteArray &text)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(text, &error);
    return error.error == QJsonParseError::NoError ? document.object() : QJsonObject();
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
    void formalizeApplyScoreOwnFables_data();
    void formalizeApplyScoreOwnFables();
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

// The project's own fables always; the shared ones when FANVA_SHARED_DIR has them, else
// one row that skips.
void TstCliGlossScore::scoreFables_data()
{
    fanva::testsupport::addFableGoldRows();
}

void TstCliGlossScore::scoreFables()
{
    QFETCH(QString, goldFile);
    if (goldFile.isEmpty())
        FANVA_NEED_SHARED(u"corpus/fables");
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

// End to end on the project's own corpus: each fable of tests/data/fables is formalized
// into its context of a copy of the zoo KB by a scripted model that answers the gold; every
// candidate passes the gates, every segment is covered, the session scores perfectly
// against the gold, Apply writes it to a new context file that `check` finds clean, and
// that file scores perfectly too.
void TstCliGlossScore::formalizeApplyScoreOwnFables_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("goldFile");
    QTest::addColumn<int>("segments");
    const QDir fables(QStringLiteral(FANVA_TEST_DATA_DIR "/fables"));
    const QStringList files = fables.entryList({ QStringLiteral("*.gold.txt") }, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 3);
    for (const QString &file : files) {
        const QString name = file.chopped(int(qstrlen(".gold.txt")));
        QTest::addRow("%s", qPrintable(name)) << fables.filePath(name + QStringLiteral(".txt")) << fables.filePath(file) << 5;
    }
}

void TstCliGlossScore::formalizeApplyScoreOwnFables()
{
    QFETCH(QString, text);
    QFETCH(QString, goldFile);
    QFETCH(int, segments);
    const Gold gold = readGold(goldFile);
    QVERIFY(!gold.context.isEmpty());
    QVERIFY(gold.sentences.size() >= 5);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(copyKb(QStringLiteral(FANVA_TEST_DATA_DIR "/kb/zoo"), kb));
    const QString document = dir.filePath(QFileInfo(text).fileName());
    QVERIFY(QFile::copy(text, document));

    QJsonArray candidates;
    for (const auto &[sentence, segment] : gold.sentences) {
        QVERIFY2(segment >= 1 && segment <= segments, qPrintable(sentence));
        candidates.append(QJsonObject { { QStringLiteral("sentence"), sentence }, { QStringLiteral("segment"), segment } });
    }
    const QJsonObject reply { { QStringLiteral("candidates"), candidates }, { QStringLiteral("untranslated"), QJsonArray() } };
    const QJsonObject turn { { QStringLiteral("text"), QString::fromUtf8(QJsonDocument(reply).toJson(QJsonDocument::Compact)) } };
    const QString script = dir.filePath(QStringLiteral("script.json"));
    QVERIFY(writeFile(script,
        QJsonDocument(QJsonObject { { QStringLiteral("format"), QStringLiteral("fanva-script/1") },
                          { QStringLiteral("on_exhausted"), QStringLiteral("error") }, { QStringLiteral("turns"), QJsonArray { turn } } })
            .toJson()));

    const QString session = dir.filePath(QStringLiteral("fable.fanva"));
    const Run formalized = runCli({ QStringLiteral("formalize"), QStringLiteral("--kb"), kb, QStringLiteral("--context"), gold.context,
        QStringLiteral("--provider"), QStringLiteral("scripted"), QStringLiteral("--script"), script, QStringLiteral("--judge"),
        QStringLiteral("off"), QStringLiteral("--json"), QStringLiteral("--out"), session, document });
    QVERIFY2(formalized.exitCode == 0, formalized.err.constData());
    const QJsonObject proposal = jsonObject(formalized.out);
    QCOMPARE(proposal.value(QLatin1String("outcome")).toString(), QStringLiteral("success"));
    const QJsonObject coverage = proposal.value(QLatin1String("coverage")).toObject();
    QCOMPARE(coverage.value(QLatin1String("total")).toInt(), segments);
    QCOMPARE(coverage.value(QLatin1String("covered")).toInt(), segments);
    const QJsonArray entries = proposal.value(QLatin1String("entries")).toArray();
    QCOMPARE(entries.size(), qsizetype(gold.sentences.size()));
    for (const QJsonValue &entry : entries) {
        const QJsonObject e = entry.toObject();
        QVERIFY2(e.value(QLatin1String("rank")).toString() == QLatin1String("clean"),
            qPrintable(e.value(QLatin1String("candidate")).toString()));
    }

    const auto perfect = [&goldFile](const QString &candidates) {
        const Run scored = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), goldFile, candidates, QStringLiteral("--json") });
        const QJsonObject score = jsonObject(scored.out);
        const QJsonObject strict = score.value(QLatin1String("strict")).toObject();
        return scored.exitCode == 0 && strict.value(QLatin1String("f1")).toDouble() == 1.0
            && score.value(QLatin1String("aligned")).toObject().value(QLatin1String("f1")).toDouble() == 1.0;
    };
    QVERIFY(perfect(session));

    const QString journal = dir.filePath(QStringLiteral("journal.jsonl"));
    const Run applied = runCli(
        { QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"), QStringLiteral("--journal"), journal });
    QVERIFY2(applied.exitCode == 0, applied.err.constData());
    const QString written = kb + QLatin1Char('/') + gold.context + QStringLiteral(".txt");
    QVERIFY(QFile::exists(written));
    const Run checked = runCli({ QStringLiteral("check"), QStringLiteral("--kb"), kb, written });
    QCOMPARE(checked.out, QByteArray());
    QCOMPARE(checked.exitCode, 0);
    QVERIFY(perfect(written));
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
