// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The language-neutral fanva-cli commands (parse, fmt, check, gloss, kb stats, kb term,
// score) run one body for every KB language: each test runs once per language on a copy of
// that language's demo KB (docs/spec/language-seam.md).
#include "clirun.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using fanva::testsupport::copyTree;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;
using fanva::testsupport::writeFileBytes;

namespace {

/// One language's demo KB and a few statements of it.
struct Sample {
    QString language;
    QString kb; ///< the demo KB folder
    QString target; ///< a target of the KB
    QString suffix; ///< its files' suffix
    QByteArray stored; ///< a statement the target stores, in canonical layout
    QByteArray alsoStored; ///< another one
    QByteArray messy; ///< `stored` laid out badly
    QByteArray unreadable; ///< a text the reader cannot read
    QString word; ///< a word the KB uses
};

} // namespace

Q_DECLARE_METATYPE(Sample)

namespace {

void addSamples()
{
    QTest::addColumn<Sample>("sample");
    QTest::addRow("fanva-kb") << Sample { QStringLiteral("fanva-kb"), QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"),
        QStringLiteral("CxAnimals"), QStringLiteral(".txt"), "(seal Biscuit)", "(carnivore Biscuit)", "(seal    Biscuit)", "(seal Biscuit",
        QStringLiteral("seal") };
    QTest::addRow("nibli") << Sample { QStringLiteral("nibli"), QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli/kb"),
        QStringLiteral("millbrook"), QStringLiteral(".nibli"), "dog(Rufus).", "person(Mara).", "dog(   Rufus   ).", "owns(Tobin,, Rufus).",
        QStringLiteral("resident") };
}

QJsonObject jsonOf(const QByteArray &text)
{
    return QJsonDocument::fromJson(text).object();
}

} // namespace

class TstCliLanguages : public QObject
{
    Q_OBJECT

private:
    /// The copy of the sample's KB (made by each test), and a scratch folder beside it.
    [[nodiscard]] QString kb() const { return m_dir->filePath(QStringLiteral("kb")); }
    [[nodiscard]] QString scratch(const QString &name) const { return m_dir->filePath(QStringLiteral("scratch/") + name); }
    std::unique_ptr<QTemporaryDir> m_dir;

private Q_SLOTS:
    void init();

    void parse_data() { addSamples(); }
    void parse();
    void fmt_data() { addSamples(); }
    void fmt();
    void check_data() { addSamples(); }
    void check();
    void gloss_data() { addSamples(); }
    void gloss();
    void kbStats_data() { addSamples(); }
    void kbStats();
    void kbTerm_data() { addSamples(); }
    void kbTerm();
    void score_data() { addSamples(); }
    void score();
};

void TstCliLanguages::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir().mkpath(m_dir->filePath(QStringLiteral("scratch"))));
}

void TstCliLanguages::parse()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    const QString file = scratch(QStringLiteral("draft") + sample.suffix);
    QVERIFY(writeFileBytes(file, sample.stored + '\n' + sample.unreadable + '\n'));
    const auto run = runCli({ QStringLiteral("parse"), QStringLiteral("--json"), file });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.startsWith((file + QStringLiteral(":2:")).toUtf8()), run.err.constData());
    const QJsonObject parsed = jsonOf(run.out).value(QStringLiteral("files")).toArray().at(0).toObject();
    QCOMPARE(parsed.value(QStringLiteral("sentences")).toInt(), 1);
    QCOMPARE(parsed.value(QStringLiteral("errors")).toArray().size(), 1);

    QVERIFY(writeFileBytes(file, sample.stored + '\n' + sample.alsoStored + '\n'));
    const auto keys = runCli({ QStringLiteral("parse"), QStringLiteral("--canonical"), file });
    QCOMPARE(keys.exitCode, 0);
    QCOMPARE(keys.out.count('\n'), 2);
}

void TstCliLanguages::fmt()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    const QString file = scratch(sample.target + sample.suffix);
    QVERIFY(writeFileBytes(file, sample.messy + '\n'));
    const auto check = runCli({ QStringLiteral("fmt"), QStringLiteral("--check"), file });
    QCOMPARE(check.exitCode, 1);
    QCOMPARE(check.out, (file + QStringLiteral(": would be reformatted\n")).toUtf8());
    QCOMPARE(readFileBytes(file), sample.messy + '\n');
    QCOMPARE(runCli({ QStringLiteral("fmt"), file }).exitCode, 0);
    QCOMPARE(readFileBytes(file), sample.stored + '\n');
    QCOMPARE(runCli({ QStringLiteral("fmt"), QStringLiteral("--check"), file }).exitCode, 0);
    // A file that does not read is left as it is, with the reader's diagnostics.
    QVERIFY(writeFileBytes(file, sample.unreadable + '\n'));
    const auto unreadable = runCli({ QStringLiteral("fmt"), file });
    QCOMPARE(unreadable.exitCode, 1);
    QVERIFY2(unreadable.err.startsWith((file + QStringLiteral(":1:")).toUtf8()), unreadable.err.constData());
    QCOMPARE(readFileBytes(file), sample.unreadable + '\n');
}

void TstCliLanguages::check()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    // The KB's own file of the target: its statements are not "already stored" by themselves.
    const QString own = kb() + QLatin1Char('/') + sample.target + sample.suffix;
    const auto clean = runCli({ QStringLiteral("check"), QStringLiteral("--kb"), kb(), own });
    QCOMPARE(clean.err, QByteArray());
    QCOMPARE(clean.out, QByteArray());
    QCOMPARE(clean.exitCode, 0);
    // Another file named after the target: a stored statement is a note, the exit still 0.
    const QString draft = scratch(sample.target + sample.suffix);
    QVERIFY(writeFileBytes(draft, sample.stored + '\n'));
    const auto stored = runCli({ QStringLiteral("check"), QStringLiteral("--kb"), kb(), QStringLiteral("--json"), draft });
    QCOMPARE(stored.exitCode, 0);
    const QJsonObject result = jsonOf(stored.out).value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(result.value(QStringLiteral("sentence")).toString(), QString::fromUtf8(sample.stored));
    QCOMPARE(result.value(QStringLiteral("notes")).toArray().at(0).toObject().value(QStringLiteral("type")).toString(),
        QStringLiteral("already-stored"));
    // stdin has no file name to take the target from.
    QCOMPARE(runCli({ QStringLiteral("check"), QStringLiteral("--kb"), kb(), QStringLiteral("-") }, sample.stored).exitCode, 2);
}

void TstCliLanguages::gloss()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    const QString file = scratch(sample.target + sample.suffix);
    QVERIFY(writeFileBytes(file, sample.stored + '\n'));
    const auto run = runCli({ QStringLiteral("gloss"), QStringLiteral("--kb"), kb(), QStringLiteral("--json"), file });
    QCOMPARE(run.exitCode, 0);
    const QJsonObject result = jsonOf(run.out).value(QStringLiteral("results")).toArray().at(0).toObject();
    QCOMPARE(result.value(QStringLiteral("sentence")).toString(), QString::fromUtf8(sample.stored));
    QCOMPARE(result.value(QStringLiteral("line")).toInt(), 1);
    QVERIFY(!result.value(QStringLiteral("gloss")).toString().isEmpty());
    // From stdin: every target's templates.
    const auto text = runCli({ QStringLiteral("gloss"), QStringLiteral("--kb"), kb(), QStringLiteral("-") }, sample.stored + '\n');
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.startsWith(QByteArray(sample.stored + "\n  ")), text.out.constData());
}

void TstCliLanguages::kbStats()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    const auto run = runCli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb(), QStringLiteral("--json") });
    QCOMPARE(run.exitCode, 0);
    const QJsonObject stats = jsonOf(run.out);
    QCOMPARE(stats.value(QStringLiteral("language")).toString(), sample.language);
    QCOMPARE(stats.value(QStringLiteral("files")).toInt(), int(QDir(sample.kb).entryList({ QLatin1Char('*') + sample.suffix }).size()));
    QVERIFY(stats.value(QStringLiteral("targets")).toArray().contains(sample.target));
    int statements = 0;
    for (const QJsonValue &target : stats.value(QStringLiteral("contexts")).toArray())
        statements += target.toObject().value(QStringLiteral("sentences")).toInt();
    QVERIFY(statements > 0);
    QCOMPARE(statements, stats.value(QStringLiteral("sentences")).toInt());
    const auto text = runCli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), kb() });
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains(QByteArray("\n  " + sample.target.toUtf8() + ' ')), text.out.constData());
}

void TstCliLanguages::kbTerm()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    const auto known = runCli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), kb(), sample.word });
    QCOMPARE(known.exitCode, 0);
    QVERIFY2(known.out.startsWith(QByteArray(sample.word.toUtf8() + " (predicate)\n")), known.out.constData());
    QVERIFY2(known.out.contains("\n  used in:      "), known.out.constData());
    const auto json
        = runCli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), kb(), QStringLiteral("--json"), sample.word });
    QCOMPARE(jsonOf(json.out).value(QStringLiteral("language")).toString(), sample.language);
    QVERIFY(jsonOf(json.out).value(QStringLiteral("mentions")).toInt() > 0);
    // A word neither the KB nor its language knows: exit 1.
    const auto unknown = runCli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), kb(), QStringLiteral("zzqx") });
    QCOMPARE(unknown.exitCode, 1);
    QVERIFY2(unknown.out.startsWith("zzqx (none), unknown to the KB and its vocabulary\n"), unknown.out.constData());
}

void TstCliLanguages::score()
{
    QFETCH(Sample, sample);
    QVERIFY(copyTree(sample.kb, kb()));
    const QString gold = scratch(QStringLiteral("gold") + sample.suffix);
    const QString candidates = scratch(QStringLiteral("candidates") + sample.suffix);
    QVERIFY(writeFileBytes(gold, sample.stored + '\n'));
    QVERIFY(writeFileBytes(candidates, sample.stored + '\n' + sample.alsoStored + '\n'));
    const auto run = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, candidates });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith("strict   P 0.500  R 1.000  F1 0.667  (1 hits, 2 candidates, 0 known, 1 gold)\n"), run.out.constData());
    // With the KB and no target: a statement stored anywhere in it is known.
    const auto withKb = runCli({ QStringLiteral("score"), QStringLiteral("--kb"), kb(), QStringLiteral("--gold"), gold, candidates });
    QCOMPARE(withKb.exitCode, 0);
    QVERIFY2(
        withKb.out.startsWith("strict   P 1.000  R 1.000  F1 1.000  (1 hits, 2 candidates, 1 known, 1 gold)\n"), withKb.out.constData());
}

QTEST_GUILESS_MAIN(TstCliLanguages)

#include "tst_cli_languages.moc"
