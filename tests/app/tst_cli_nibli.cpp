// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli parse, fmt, check, gloss and kb stats on nibli KR files and KBs (nibli-kr.md §1.2),
// and the nibli demo workspace: it loads and every statement passes check.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include "process.h"

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
    const fanva::testsupport::ProcessRun run = fanva::testsupport::runProgram(QStringLiteral(FANVA_CLI_PATH), arguments, input);
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

QTEST_GUILESS_MAIN(TstCliNibli)
#include "tst_cli_nibli.moc"
