// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli parse, fmt, check, gloss, kb stats, kb term and score on nibli KR files and KBs
// (nibli-kr.md §1.2, §1.3), and the nibli demo workspace: it loads and every statement passes
// check.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "clirun.h"

#include <optional>

namespace {

struct Outcome {
    int exitCode = -1;
    QString out;
    QString err;
};

const QString s_demo = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli");

/// fanva-cli with @p arguments; none when it crashed or did not finish.
[[nodiscard]] std::optional<Outcome> cli(const QStringList &arguments, const QByteArray &input = {})
{
    const fanva::testsupport::ProcessRun run = fanva::testsupport::runCli(arguments, input);
    if (run.exitCode < 0)
        return std::nullopt;
    return Outcome { run.exitCode, QString::fromUtf8(run.out), QString::fromUtf8(run.err) };
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// A KB folder with one file of a declaration and facts.
bool makeKb(const QString &dir)
{
    return QDir().mkpath(dir)
        && writeFile(dir + QStringLiteral("/shop.nibli"),
            "# a corner shop\n"
            "pred stocks(shop, goods): \"{x1} stocks {x2}\".\n"
            "person(Ilse).\n"
            "stocks(Kiosk, some water).\n");
}

} // namespace

class TstCliNibli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseReportsReaderErrorsWithPositions();
    void parseCanonicalPrintsKeys();
    void fmtIsIdempotent();
    void checkRefusesWithTheProblemsId();
    void checkPicksNibliFromTheKbFolder();
    void glossReadsTheLexiconsTemplates();
    void kbStatsCountsStatementsAndTargets();
    void kbFolderWithBothLanguagesIsAUsageError();
    void demoWorkspaceLoadsAndPassesCheck();
    void kbTermDescribesWords_data();
    void kbTermDescribesWords();
    void kbTermJson();
    void scoreWorkedExample();
    void scoreWithKbAndErrors();
    void longChainIsTooDeepNotACrash();
};

void TstCliNibli::parseReportsReaderErrorsWithPositions()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("bad.nibli"));
    QVERIFY(writeFile(file, "person(Ilse).\nowns(Ilse,, Kiosk).\n"));
    const std::optional<Outcome> bad = cli({ QStringLiteral("parse"), file });
    QVERIFY(bad);
    QCOMPARE(bad->exitCode, 1);
    // One diagnostic, on line 2, in the FILE:LINE:COL: error: MESSAGE form.
    static const QRegularExpression line(QStringLiteral("^(.+):(\\d+):(\\d+): error: (.+)$"));
    const QStringList lines = bad->err.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 1);
    const QRegularExpressionMatch m = line.match(lines.constFirst());
    QVERIFY2(m.hasMatch(), qPrintable(bad->err));
    QCOMPARE(m.captured(1), file);
    QCOMPARE(m.captured(2), QStringLiteral("2"));

    const QString good = dir.filePath(QStringLiteral("good.nibli"));
    QVERIFY(writeFile(good, "person(Ilse).\n"));
    const std::optional<Outcome> ok = cli({ QStringLiteral("parse"), good });
    QVERIFY(ok);
    QCOMPARE(ok->exitCode, 0);
    QCOMPARE(ok->err, QString());
}

void TstCliNibli::parseCanonicalPrintsKeys()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // A named place and its positional spelling are one statement: one key.
    const QString file = dir.filePath(QStringLiteral("keys.nibli"));
    QVERIFY(writeFile(file, "owns(Ilse, Kiosk).\nowns(Ilse, owned: Kiosk).\nperson(Ilse).\n"));
    const std::optional<Outcome> run = cli({ QStringLiteral("parse"), QStringLiteral("--canonical"), file });
    QVERIFY(run);
    QCOMPARE(run->exitCode, 0);
    const QStringList keys = run->out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(keys.size(), 3);
    QCOMPARE(keys.at(0), keys.at(1));
    QVERIFY(keys.at(0) != keys.at(2));

    // --json carries the same keys and the statement count.
    const std::optional<Outcome> json = cli({ QStringLiteral("parse"), QStringLiteral("--canonical"), QStringLiteral("--json"), file });
    QVERIFY(json);
    const QJsonObject entry
        = QJsonDocument::fromJson(json->out.toUtf8()).object().value(QStringLiteral("files")).toArray().at(0).toObject();
    QCOMPARE(entry.value(QStringLiteral("sentences")).toInt(), 3);
    QCOMPARE(entry.value(QStringLiteral("keys")).toArray().at(2).toString(), keys.at(2));
}

void TstCliNibli::fmtIsIdempotent()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("loose.nibli"));
    const QByteArray loose = "# kept\nowns( Ilse ,owned:Kiosk ) .\n\nperson(Ilse).\n";
    QVERIFY(writeFile(file, loose));
    const std::optional<Outcome> check = cli({ QStringLiteral("fmt"), QStringLiteral("--check"), file });
    QVERIFY(check);
    QCOMPARE(check->exitCode, 1);
    QVERIFY(check->out.contains(QStringLiteral("would be reformatted")));
    QCOMPARE(readFile(file), loose);

    const std::optional<Outcome> first = cli({ QStringLiteral("fmt"), file });
    QVERIFY(first);
    QCOMPARE(first->exitCode, 0);
    const QByteArray once = readFile(file);
    QCOMPARE(once, QByteArray("# kept\nowns(Ilse, Kiosk).\n\nperson(Ilse).\n"));
    const std::optional<Outcome> second = cli({ QStringLiteral("fmt"), file });
    QVERIFY(second);
    QCOMPARE(second->exitCode, 0);
    QCOMPARE(readFile(file), once);
    const std::optional<Outcome> clean = cli({ QStringLiteral("fmt"), QStringLiteral("--check"), file });
    QVERIFY(clean);
    QCOMPARE(clean->exitCode, 0);

    // A file that does not read is left untouched, exit 1.
    const QString broken = dir.filePath(QStringLiteral("broken.nibli"));
    QVERIFY(writeFile(broken, "person(Ilse\n"));
    const std::optional<Outcome> refused = cli({ QStringLiteral("fmt"), broken });
    QVERIFY(refused);
    QCOMPARE(refused->exitCode, 1);
    QVERIFY(refused->err.contains(QStringLiteral(": error: ")));
    QCOMPARE(readFile(broken), QByteArray("person(Ilse\n"));
}

void TstCliNibli::checkRefusesWithTheProblemsId()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    const QString input = dir.filePath(QStringLiteral("new.nibli"));
    // Line 1 is clean; line 2 uses a word outside the vocabulary; line 3 respells a Name.
    QVERIFY(writeFile(input, "stocks(Kiosk, some money).\nfrobnicates(Ilse).\nperson(ILSE).\n"));
    const std::optional<Outcome> run
        = cli({ QStringLiteral("check"), QStringLiteral("--language"), QStringLiteral("nibli"), QStringLiteral("--kb"), kb, input });
    QVERIFY(run);
    QCOMPARE(run->exitCode, 1);
    const QStringList lines = run->out.trimmed().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines.at(0).startsWith(input + QStringLiteral(":2:1: unknown-predicate: ")), qPrintable(lines.at(0)));
    QVERIFY2(lines.at(1).startsWith(input + QStringLiteral(":3:8: name-spelling: ")), qPrintable(lines.at(1)));

    // --json: one result per statement, problems and notes apart.
    const std::optional<Outcome> json = cli({ QStringLiteral("check"), QStringLiteral("--language"), QStringLiteral("nibli"),
        QStringLiteral("--kb"), kb, QStringLiteral("--json"), input });
    QVERIFY(json);
    const QJsonObject document = QJsonDocument::fromJson(json->out.toUtf8()).object();
    QCOMPARE(document.value(QStringLiteral("summary")).toObject().value(QStringLiteral("clean")).toInt(), 1);
    QCOMPARE(document.value(QStringLiteral("summary")).toObject().value(QStringLiteral("withProblems")).toInt(), 2);

    // A statement the KB already holds is a note, not a refusal.
    const std::optional<Outcome> known
        = cli({ QStringLiteral("check"), QStringLiteral("--language"), QStringLiteral("nibli"), QStringLiteral("--kb"), kb,
                  QStringLiteral("--context"), QStringLiteral("shop"), QStringLiteral("-") },
            "person(Ilse).\n");
    QVERIFY(known);
    QCOMPARE(known->exitCode, 0);
    QVERIFY2(known->out.startsWith(QStringLiteral("-:1:1: already-stored: ")), qPrintable(known->out));
}

void TstCliNibli::checkPicksNibliFromTheKbFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    // No --language and stdin input: the folder's *.nibli files choose nibli. Auditing the
    // KB's own file prints nothing.
    const std::optional<Outcome> audit = cli({ QStringLiteral("check"), QStringLiteral("--kb"), kb, kb + QStringLiteral("/shop.nibli") });
    QVERIFY(audit);
    QCOMPARE(audit->exitCode, 0);
    QCOMPARE(audit->out, QString());
    QCOMPARE(audit->err, QString());
    const std::optional<Outcome> fromStdin = cli(
        { QStringLiteral("check"), QStringLiteral("--kb"), kb, QStringLiteral("--context"), QStringLiteral("shop"), QStringLiteral("-") },
        "stocks(Kiosk, some money).\n");
    QVERIFY(fromStdin);
    QCOMPARE(fromStdin->exitCode, 0);
    QCOMPARE(fromStdin->out, QString());
}

void TstCliNibli::glossReadsTheLexiconsTemplates()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    const std::optional<Outcome> run
        = cli({ QStringLiteral("gloss"), QStringLiteral("--kb"), kb, QStringLiteral("--json"), QStringLiteral("-") }, "person(Ilse).\n");
    QVERIFY(run);
    QCOMPARE(run->exitCode, 0);
    const QJsonArray results = QJsonDocument::fromJson(run->out.toUtf8()).object().value(QStringLiteral("results")).toArray();
    QCOMPARE(results.size(), 1);
    QCOMPARE(results.at(0).toObject().value(QStringLiteral("source")).toString(), QStringLiteral("composed"));
    QVERIFY2(results.at(0).toObject().value(QStringLiteral("gloss")).toString().contains(QStringLiteral("Ilse is a person")),
        qPrintable(run->out));

    // The KB's own declaration gives its reading.
    const std::optional<Outcome> declared
        = cli({ QStringLiteral("gloss"), QStringLiteral("--kb"), kb, QStringLiteral("-") }, "stocks(Kiosk, Ilse).\n");
    QVERIFY(declared);
    QCOMPARE(declared->exitCode, 0);
    QVERIFY2(declared->out.contains(QStringLiteral("Kiosk stocks Ilse")), qPrintable(declared->out));
}

void TstCliNibli::kbStatsCountsStatementsAndTargets()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    QVERIFY(QDir().mkpath(kb + QStringLiteral("/more")));
    QVERIFY(writeFile(kb + QStringLiteral("/more/deep.nibli"), "person(Olaf).\n"));
    QVERIFY(writeFile(kb + QStringLiteral("/notes.md"), "not a KB file\n"));
    const std::optional<Outcome> run
        = cli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb, QStringLiteral("--json") });
    QVERIFY(run);
    QCOMPARE(run->exitCode, 0);
    const QJsonObject stats = QJsonDocument::fromJson(run->out.toUtf8()).object();
    QCOMPARE(stats.value(QStringLiteral("language")).toString(), QStringLiteral("nibli"));
    QCOMPARE(stats.value(QStringLiteral("sentences")).toInt(), 4);
    QCOMPARE(stats.value(QStringLiteral("files")).toInt(), 2);
    // Files in subfolders are read but are never targets.
    QCOMPARE(stats.value(QStringLiteral("targets")).toArray(), QJsonArray { QStringLiteral("shop") });

    // A KB that does not resolve does not load: its diagnostics, exit 1.
    QVERIFY(writeFile(kb + QStringLiteral("/more/deep.nibli"), "frobnicates(Olaf).\n"));
    const std::optional<Outcome> broken = cli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb });
    QVERIFY(broken);
    QCOMPARE(broken->exitCode, 1);
    QVERIFY2(broken->err.contains(QStringLiteral("deep.nibli:1:1: error: ")), qPrintable(broken->err));
}

void TstCliNibli::kbFolderWithBothLanguagesIsAUsageError()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    QVERIFY(writeFile(kb + QStringLiteral("/CxOther.txt"), "(isa Ilse Person)\n"));
    const std::optional<Outcome> run = cli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb });
    QVERIFY(run);
    QCOMPARE(run->exitCode, 2);
    QVERIFY(run->err.contains(QStringLiteral("--language")));
    const std::optional<Outcome> chosen = cli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--language"),
        QStringLiteral("nibli"), QStringLiteral("--kb"), kb });
    QVERIFY(chosen);
    QCOMPARE(chosen->exitCode, 0);
}

void TstCliNibli::demoWorkspaceLoadsAndPassesCheck()
{
    const QString kb = s_demo + QStringLiteral("/kb");
    const std::optional<Outcome> stats
        = cli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb, QStringLiteral("--json") });
    QVERIFY(stats);
    QCOMPARE(stats->exitCode, 0);
    const QJsonObject document = QJsonDocument::fromJson(stats->out.toUtf8()).object();
    QCOMPARE(document.value(QStringLiteral("language")).toString(), QStringLiteral("nibli"));
    QVERIFY(document.value(QStringLiteral("sentences")).toInt() >= 8);
    QVERIFY(document.value(QStringLiteral("targets")).toArray().contains(QStringLiteral("millbrook")));

    QStringList files;
    for (const QFileInfo &info : QDir(kb).entryInfoList({ QStringLiteral("*.nibli") }, QDir::Files))
        files.append(info.filePath());
    QVERIFY(!files.isEmpty());
    const std::optional<Outcome> check = cli(QStringList { QStringLiteral("check"), QStringLiteral("--language"), QStringLiteral("nibli"),
                                                 QStringLiteral("--kb"), kb, QStringLiteral("--json") }
        + files);
    QVERIFY(check);
    QCOMPARE(check->exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(check->out.toUtf8()).object().value(QStringLiteral("summary")).toObject();
    QCOMPARE(summary.value(QStringLiteral("withProblems")).toInt(), 0);
    QCOMPARE(summary.value(QStringLiteral("clean")).toInt(), document.value(QStringLiteral("sentences")).toInt());
    // The files are in canonical layout already.
    const std::optional<Outcome> fmt = cli(QStringList { QStringLiteral("fmt"), QStringLiteral("--check") } + files);
    QVERIFY(fmt);
    QCOMPARE(fmt->exitCode, 0);
}

void TstCliNibli::kbTermDescribesWords_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); ///< stdout, KB_FILE standing for the KB file's path

    QTest::addRow("declared predicate") << QStringLiteral("stocks") << 0
                                        << QStringLiteral(
                                               "stocks (predicate)\n"
                                               "  source:       declaration KB_FILE:2:1  pred stocks(shop, goods): \"{x1} stocks {x2}\".\n"
                                               "  arity:        2\n"
                                               "  places:       shop, goods\n"
                                               "  reading:      {x1} stocks {x2}\n"
                                               "  used in:      KB_FILE:4:1  stocks(Kiosk, some water).\n"
                                               "  mentioned in: 1 statement\n");
    QTest::addRow("lexicon predicate") << QStringLiteral("person") << 0
                                       << QStringLiteral("person (predicate)\n"
                                                         "  source:       lexicon\n"
                                                         "  arity:        1\n"
                                                         "  places:       person\n"
                                                         "  gloss:        person\n"
                                                         "  reading:      {x1} is a person\n"
                                                         "  used in:      KB_FILE:3:1  person(Ilse).\n"
                                                         "  mentioned in: 1 statement\n");
    QTest::addRow("unused lexicon word") << QStringLiteral("bird") << 0
                                         << QStringLiteral("bird (predicate), not used in the KB\n"
                                                           "  source:       lexicon\n"
                                                           "  arity:        2\n"
                                                           "  places:       bird, species\n"
                                                           "  gloss:        bird\n"
                                                           "  reading:      {x1} is a bird\n"
                                                           "  mentioned in: 0 statements\n");
    QTest::addRow("Name") << QStringLiteral("Kiosk") << 0
                          << QStringLiteral("Kiosk (individual)\n"
                                            "  used in:      KB_FILE:4:1  stocks(Kiosk, some water).\n"
                                            "  mentioned in: 1 statement\n");
    QTest::addRow("misspelt predicate") << QStringLiteral("stoks") << 1
                                        << QStringLiteral("stoks (none), unknown to the KB and its vocabulary\n"
                                                          "  nearest:      stocks, smoke, store\n");
    QTest::addRow("respelt Name") << QStringLiteral("ILSE") << 1
                                  << QStringLiteral("ILSE (none), unknown to the KB and its vocabulary\n"
                                                    "  nearest:      Ilse\n");
}

void TstCliNibli::kbTermDescribesWords()
{
    QFETCH(QString, word);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    const std::optional<Outcome> run = cli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), kb, word });
    QVERIFY(run);
    QCOMPARE(run->exitCode, exitCode);
    QCOMPARE(run->out, QString(expected).replace(QStringLiteral("KB_FILE"), kb + QStringLiteral("/shop.nibli")));
    QCOMPARE(run->err, QString());
}

void TstCliNibli::kbTermJson()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(makeKb(kb));
    // Uses are listed up to a cap, with the count of them all.
    QByteArray many;
    for (int i = 1; i <= 25; ++i)
        many += "person(Ilse" + QByteArray::number(i) + ").\n";
    QVERIFY(writeFile(kb + QStringLiteral("/many.nibli"), many));
    const std::optional<Outcome> run = cli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--language"),
        QStringLiteral("nibli"), QStringLiteral("--kb"), kb, QStringLiteral("--json"), QStringLiteral("person") });
    QVERIFY(run);
    QCOMPARE(run->exitCode, 0);
    const QJsonObject term = QJsonDocument::fromJson(run->out.toUtf8()).object();
    QCOMPARE(term.value(QStringLiteral("language")).toString(), QStringLiteral("nibli"));
    QCOMPARE(term.value(QStringLiteral("term")).toString(), QStringLiteral("person"));
    QCOMPARE(term.value(QStringLiteral("role")).toString(), QStringLiteral("predicate"));
    QCOMPARE(term.value(QStringLiteral("used")).toBool(), true);
    QCOMPARE(term.value(QStringLiteral("arity")).toInt(), 1);
    QCOMPARE(term.value(QStringLiteral("mentions")).toInt(), 26);
    const QJsonArray uses = term.value(QStringLiteral("uses")).toArray();
    QCOMPARE(uses.size(), 20);
    // KB order: files in path order, then line order.
    QCOMPARE(uses.at(0).toObject().value(QStringLiteral("file")).toString(), QStringLiteral("many.nibli"));
    QCOMPARE(uses.at(0).toObject().value(QStringLiteral("line")).toInt(), 1);
    QCOMPARE(uses.at(0).toObject().value(QStringLiteral("text")).toString(), QStringLiteral("person(Ilse1)."));
    QCOMPARE(term.value(QStringLiteral("sources")).toArray().at(0).toObject().value(QStringLiteral("kind")).toString(),
        QStringLiteral("lexicon"));
    // The text output caps the list too and says how many are left out.
    const std::optional<Outcome> text
        = cli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), kb, QStringLiteral("person") });
    QVERIFY(text);
    QVERIFY2(text->out.contains(QStringLiteral("                … and 6 more\n  mentioned in: 26 statements\n")), qPrintable(text->out));

    const std::optional<Outcome> unknown = cli(
        { QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), kb, QStringLiteral("--json"), QStringLiteral("persn") });
    QVERIFY(unknown);
    QCOMPARE(unknown->exitCode, 1);
    const QJsonObject none = QJsonDocument::fromJson(unknown->out.toUtf8()).object();
    QCOMPARE(none.value(QStringLiteral("role")).toString(), QStringLiteral("none"));
    QVERIFY(none.value(QStringLiteral("arity")).isNull());
    QCOMPARE(none.value(QStringLiteral("suggestions")).toArray().at(0).toString(), QStringLiteral("person"));
}

namespace {

// formalize.md §12's example in nibli KR, written for this test: the gold of a zoo story and a
// reading of it that names the penguin and the seal its own way (Penguin1, Seal1), keeps the
// rule without its first condition and adds a keeper with a predicate it declares.
const QByteArray s_zooGold = "# The zoo, as the gold has it.\n"
                             "bird(PenguinA).\n"
                             "animal(SealA).\n"
                             "free(PenguinA).\n"
                             "chase(SealA, PenguinA).\n"
                             "dwell(PenguinA, HarbourZoo).\n"
                             "all $x, $y: animal($x) & chase($x, $y) -> be_hungry($x).\n";
const QByteArray s_zooCandidates = "bird(Penguin1).\n"
                                   "animal(Seal1).\n"
                                   "free(Penguin1).\n"
                                   "chase(Seal1, Penguin1).\n"
                                   "dwell(Penguin1, location: HarbourZoo).\n"
                                   "all $a, $b: chase($a, $b) -> be_hungry($a).\n"
                                   "pred keeper(keeper): \"{x1} keeps the animals\".\n"
                                   "keeper(Keeper1).\n";

} // namespace

void TstCliNibli::scoreWorkedExample()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString gold = dir.filePath(QStringLiteral("zoo.gold.nibli"));
    const QString candidates = dir.filePath(QStringLiteral("zoo.nibli"));
    QVERIFY(writeFile(gold, s_zooGold));
    QVERIFY(writeFile(candidates, s_zooCandidates));
    // The .nibli files choose the language. Strict: 0/7, 0/6 (the declaration is vocabulary,
    // not counted); aligned: P = 5/7, R = 5/6, F1 = 0.769.
    const std::optional<Outcome> text = cli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, candidates });
    QVERIFY(text);
    QCOMPARE(text->exitCode, 0);
    QCOMPARE(text->err, QString());
    QCOMPARE(text->out,
        QStringLiteral("strict   P 0.000  R 0.000  F1 0.000  (0 hits, 7 candidates, 0 known, 6 gold)\n"
                       "aligned  P 0.714  R 0.833  F1 0.769  (5 hits, 7 candidates, 0 known, 6 gold)\n"
                       "renaming Penguin1 \u2192 PenguinA, Seal1 \u2192 SealA\n"
                       "missing  all $v1, $v2: animal($v1) & chase($v1, $v2) -> be_hungry($v1).\n"
                       "spurious all $v1, $v2: chase($v1, $v2) -> be_hungry($v1).\n"
                       "spurious keeper(Keeper1).\n"));

    const std::optional<Outcome> json = cli({ QStringLiteral("score"), QStringLiteral("--language"), QStringLiteral("nibli"),
        QStringLiteral("--gold"), gold, candidates, QStringLiteral("--json") });
    QVERIFY(json);
    QCOMPARE(json->exitCode, 0);
    const QJsonObject score = QJsonDocument::fromJson(json->out.toUtf8()).object();
    QCOMPARE(score.keys(),
        (QStringList { QStringLiteral("aligned"), QStringLiteral("missing"), QStringLiteral("renaming"), QStringLiteral("spurious"),
            QStringLiteral("strict") }));
    const QJsonObject strict = score.value(QStringLiteral("strict")).toObject();
    QCOMPARE(strict.keys(),
        (QStringList { QStringLiteral("candidates"), QStringLiteral("f1"), QStringLiteral("gold"), QStringLiteral("hits"),
            QStringLiteral("known"), QStringLiteral("precision"), QStringLiteral("recall") }));
    QCOMPARE(strict.value(QStringLiteral("hits")).toInt(), 0);
    const QJsonObject aligned = score.value(QStringLiteral("aligned")).toObject();
    QCOMPARE(aligned.value(QStringLiteral("hits")).toInt(), 5);
    QCOMPARE(aligned.value(QStringLiteral("precision")).toDouble(), 5.0 / 7.0);
    QCOMPARE(aligned.value(QStringLiteral("recall")).toDouble(), 5.0 / 6.0);
    QCOMPARE(score.value(QStringLiteral("renaming")).toObject().value(QStringLiteral("Seal1")).toString(), QStringLiteral("SealA"));
    QCOMPARE(score.value(QStringLiteral("spurious")).toArray().size(), 2);

    // The gold against itself is perfect, strict and aligned.
    const std::optional<Outcome> same = cli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, gold, QStringLiteral("--json") });
    QVERIFY(same);
    QCOMPARE(same->exitCode, 0);
    const QJsonObject perfect = QJsonDocument::fromJson(same->out.toUtf8()).object();
    QCOMPARE(perfect.value(QStringLiteral("strict")).toObject().value(QStringLiteral("f1")).toDouble(), 1.0);
    QCOMPARE(perfect.value(QStringLiteral("aligned")).toObject().value(QStringLiteral("f1")).toDouble(), 1.0);
}

void TstCliNibli::scoreWithKbAndErrors()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(QDir().mkpath(kb));
    QVERIFY(writeFile(kb + QStringLiteral("/zoo.nibli"), "pred keeper(keeper): \"{x1} keeps the animals\".\nkeeper(Olga).\n"));
    const QString gold = dir.filePath(QStringLiteral("gold.nibli"));
    QVERIFY(writeFile(gold, s_zooGold));
    // keeper(Olga) is stored: known, out of precision; keeper() resolves through the KB.
    const QString candidates = dir.filePath(QStringLiteral("candidates.nibli"));
    QVERIFY(writeFile(candidates, "bird(Penguin1).\nkeeper(Olga).\n"));
    const std::optional<Outcome> run
        = cli({ QStringLiteral("score"), QStringLiteral("--kb"), kb, QStringLiteral("--gold"), gold, candidates });
    QVERIFY(run);
    QCOMPARE(run->exitCode, 0);
    QVERIFY2(run->out.startsWith(QStringLiteral("strict   P 0.000  R 0.000  F1 0.000  (0 hits, 2 candidates, 1 known, 6 gold)\n"
                                                "aligned  P 1.000  R 0.167  F1 0.286  (1 hits, 2 candidates, 1 known, 6 gold)\n"
                                                "renaming Penguin1 \u2192 PenguinA\n")),
        qPrintable(run->out));

    // A candidate file with a reader error: its diagnostics, the rest scored, exit 1.
    QVERIFY(writeFile(candidates, "bird(Penguin1).\nbird(Penguin1,, X).\n"));
    const std::optional<Outcome> broken = cli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, candidates });
    QVERIFY(broken);
    QCOMPARE(broken->exitCode, 1);
    QVERIFY2(broken->err.contains(candidates + QStringLiteral(":2:")), qPrintable(broken->err));
    QVERIFY(broken->out.contains(QStringLiteral("(1 hits, 1 candidates, 0 known, 6 gold)")));
    // A missing gold file.
    const std::optional<Outcome> missing
        = cli({ QStringLiteral("score"), QStringLiteral("--gold"), dir.filePath(QStringLiteral("none.nibli")), candidates });
    QVERIFY(missing);
    QCOMPARE(missing->exitCode, 2);
}

void TstCliNibli::longChainIsTooDeepNotACrash()
{
    // Audit M10: a chain of 100,000 `&` operands overflowed the stack in parse, fmt and every load.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString kb = dir.filePath(QStringLiteral("kb"));
    QVERIFY(QDir().mkpath(kb));
    const QString file = kb + QStringLiteral("/chain.nibli");
    QByteArray chain = "dog(Rex)";
    for (int i = 1; i < 100000; ++i)
        chain += " & dog(Rex)";
    QVERIFY(writeFile(file, "pred dog(x): \"{x} is a dog\".\n" + chain + ".\n"));
    const QList<QStringList> commands { { QStringLiteral("parse"), QStringLiteral("--language"), QStringLiteral("nibli"), file },
        { QStringLiteral("fmt"), QStringLiteral("--check"), QStringLiteral("--language"), QStringLiteral("nibli"), file },
        { QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb, QStringLiteral("--language"),
            QStringLiteral("nibli") } };
    for (const QStringList &command : commands) {
        const std::optional<Outcome> run = cli(command);
        QVERIFY2(run, qPrintable(command.join(QLatin1Char(' '))));
        QVERIFY2(run->exitCode == 1 || run->exitCode == 2, qPrintable(command.join(QLatin1Char(' ')) + QLatin1Char(' ') + run->err));
        QVERIFY2(run->err.contains(QStringLiteral("chain.nibli:2:")) && run->err.contains(QStringLiteral("256 levels")),
            qPrintable(run->err.left(2000)));
    }
}

QTEST_GUILESS_MAIN(TstCliNibli)
#include "tst_cli_nibli.moc"
