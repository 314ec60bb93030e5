// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Where fanva-cli apply may write and what a session file may make it write (issue 33: H2,
// M6, M7, M11, L5, L6, L7, L14), as processes on copies of the demo workspaces: the target is
// the context's own file in a KB folder, the CLI names it (and --kb must match), a forced
// decision in a received file is not trusted, --accept means exactly the listed entries, --out
// never replaces a review or a KB file, and argument checks say what is wrong.
#include "clirun.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

using Run = fanva::testsupport::ProcessRun;
using fanva::testsupport::copyTree;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;
using nlohmann::json;

json readJson(const QString &path)
{
    return json::parse(readFileBytes(path).toStdString(), nullptr, false);
}

bool writeJson(const QString &path, const json &j)
{
    return fanva::testsupport::writeFileBytes(path, QByteArray::fromStdString(j.dump()));
}

} // namespace

class TstCliTarget : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_ws, m_wn, m_journal;

    QString path(const QString &name) const { return m_dir.filePath(name); }

    QString writeScript(const QString &name, const std::vector<std::string> &replies) const
    {
        json turns = json::array();
        for (const std::string &reply : replies)
            turns.push_back({ { "text", reply } });
        const QString file = path(name);
        if (!writeJson(file, { { "format", "fanva-script/1" }, { "on_exhausted", "error" }, { "reuse", true }, { "turns", turns } }))
            qFatal("cannot write the script");
        return file;
    }

    static std::string candidates(const std::string &sentence, int segment)
    {
        return json { { "candidates", json::array({ { { "sentence", sentence }, { "segment", segment } } }) } }.dump();
    }

    /// formalize with the demo provider on the demo workspace, saved to `out`.
    Run formalizeDemo(const QString &out, const QStringList &more = {})
    {
        return runCli(QStringList { QStringLiteral("formalize"), QStringLiteral("--kb"), m_ws + QStringLiteral("/kb"),
                          QStringLiteral("--context"), QStringLiteral("CxAnimals"), QStringLiteral("--provider"), QStringLiteral("demo"),
                          QStringLiteral("--judge"), QStringLiteral("off"), QStringLiteral("--out"), out }
            + more + QStringList { m_ws + QStringLiteral("/animals.md") });
    }

    Run formalizeScripted(const QString &kb, const QString &context, const QString &script, const QString &doc, const QStringList &more)
    {
        return runCli(QStringList { QStringLiteral("formalize"), QStringLiteral("--kb"), kb, QStringLiteral("--context"), context,
                          QStringLiteral("--provider"), QStringLiteral("scripted"), QStringLiteral("--script"), script,
                          QStringLiteral("--judge"), QStringLiteral("off") }
            + more + QStringList { doc });
    }

    Run apply(const QString &session, const QStringList &more)
    {
        return runCli(
            QStringList { QStringLiteral("apply"), session, QStringLiteral("--journal"), m_journal, QStringLiteral("--no-git") } + more);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The key that seals forced decisions, the journal and git's configuration live here.
        qputenv("HOME", path(QStringLiteral("home")).toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", path(QStringLiteral("home/config")).toLocal8Bit());
        qputenv("XDG_DATA_HOME", path(QStringLiteral("home/data")).toLocal8Bit());
        qputenv("GIT_CONFIG_NOSYSTEM", "1");
        QVERIFY(QDir().mkpath(path(QStringLiteral("home"))));
    }

    void init()
    {
        static int n = 0;
        ++n;
        m_ws = path(QStringLiteral("ws%1").arg(n));
        m_wn = path(QStringLiteral("wn%1").arg(n));
        m_journal = path(QStringLiteral("journal%1/journal.jsonl").arg(n));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), m_ws));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli"), m_wn));
    }

    // H2: a session naming its own "KB" folder and file (an editor's init file) writes nothing.
    void hostileSessionWritesNothing_data()
    {
        QTest::addColumn<QString>("kbDir"); // relative to the workspace; @ = a new victim folder
        QTest::addColumn<QString>("target");
        QTest::addRow("victim folder") << QStringLiteral("@") << QStringLiteral("init.el");
        QTest::addRow("victim folder, context's name") << QStringLiteral("@") << QStringLiteral("CxAnimals.txt");
        QTest::addRow("under .git") << QStringLiteral("kb") << QStringLiteral(".git/CxAnimals.txt");
        QTest::addRow("not a KB file") << QStringLiteral("kb") << QStringLiteral("init.el");
        QTest::addRow("another context's file") << QStringLiteral("kb") << QStringLiteral("CxDiet.txt");
        QTest::addRow("dot folder") << QStringLiteral("kb") << QStringLiteral(".hidden/CxAnimals.txt");
    }

    void hostileSessionWritesNothing()
    {
        QFETCH(QString, kbDir);
        QFETCH(QString, target);
        const QString base = path(QStringLiteral("base-%1.fanva").arg(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-')));
        QCOMPARE(formalizeDemo(base).exitCode, 0);
        const QString victim = m_ws + QStringLiteral("/victim/.emacs.d");
        QVERIFY(QDir().mkpath(victim));
        QVERIFY(QDir().mkpath(m_ws + QStringLiteral("/kb/.git")));
        QVERIFY(QDir().mkpath(m_ws + QStringLiteral("/kb/.hidden")));
        json d = readJson(base);
        d["kb"]["dir"] = (kbDir == QLatin1StringView("@") ? victim : m_ws + QLatin1Char('/') + kbDir).toStdString();
        d["target"] = { { "file", target.toStdString() }, { "baseSha256", nullptr }, { "absent", true } };
        json e = d["entries"][0];
        const std::string payload = "(penguin Smuggled)";
        e["candidate"] = payload;
        e["shapes"] = json::array({ payload });
        e["selectedShape"] = 1;
        e["decision"] = "accepted";
        d["entries"] = json::array({ e });
        const QString hostile = path(QStringLiteral("hostile.fanva"));
        QVERIFY(writeJson(hostile, d));
        const QString written = QDir(kbDir == QLatin1StringView("@") ? victim : m_ws + QLatin1Char('/') + kbDir).filePath(target);
        const QByteArray before = readFileBytes(written);

        const Run r = apply(hostile, { QStringLiteral("--accept"), QStringLiteral("all") });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("Nothing was written."), r.err.constData());
        QCOMPARE(readFileBytes(written), before);
    }

    // H2: the CLI names the file it writes; --kb must be the session's KB folder.
    void targetIsShownAndKbMustMatch()
    {
        const QString session = path(QStringLiteral("kb.fanva"));
        QCOMPARE(formalizeDemo(session).exitCode, 0);
        const QString other = path(QStringLiteral("otherkb"));
        QVERIFY(copyTree(m_ws + QStringLiteral("/kb"), other));
        const QByteArray original = readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt"));

        const Run wrong = apply(session, { QStringLiteral("--accept"), QStringLiteral("c1"), QStringLiteral("--kb"), other });
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains("not to"), wrong.err.constData());
        QCOMPARE(readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt")), original);

        const Run right
            = apply(session, { QStringLiteral("--accept"), QStringLiteral("all"), QStringLiteral("--kb"), m_ws + QStringLiteral("/./kb") });
        QVERIFY2(right.exitCode == 0, right.err.constData());
        const QString target = QFileInfo(m_ws + QStringLiteral("/kb/CxAnimals.txt")).canonicalFilePath();
        QVERIFY2(right.out.contains(QStringLiteral("Target: %1\n").arg(target).toUtf8()), right.out.constData());
        QVERIFY2(right.out.contains("  + c"), right.out.constData());
    }

    // H2: a forced decision in a file this user's Fanva did not write loads undecided.
    void forcedInAReceivedFileIsNotTrusted()
    {
        const QString doc = path(QStringLiteral("forced.md"));
        QVERIFY(fanva::testsupport::writeFileBytes(doc, "# Zoo\n\nBiscuit lives in Mango and Pebbles.\n"));
        const QString script = writeScript(QStringLiteral("forced.json"), { candidates("(livesIn Biscuit Mango Pebbles)", 2) });
        const QString session = path(QStringLiteral("forced.fanva"));
        const Run made = formalizeScripted(m_ws + QStringLiteral("/kb"), QStringLiteral("CxAnimals"), script, doc,
            { QStringLiteral("--max-attempts"), QStringLiteral("1"), QStringLiteral("--out"), session });
        QVERIFY2(made.exitCode <= 1, made.err.constData());
        json d = readJson(session);
        QVERIFY2(d["entries"].size() == 1 && d["entries"][0]["state"] == "refused", d["entries"].dump().c_str());
        d["entries"][0]["decision"] = "forced";
        d["entries"][0]["forced"] = json::array({ "arity" });
        QVERIFY(writeJson(session, d));
        const QByteArray original = readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt"));

        const Run received = apply(session, { QStringLiteral("--accept"), QStringLiteral("all") });
        QCOMPARE(received.exitCode, 1);
        QVERIFY2(received.err.contains("c1 was forced in a session file"), received.err.constData());
        QVERIFY2(received.err.contains("--force c1"), received.err.constData());
        QCOMPARE(readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt")), original);

        const Run confirmed = apply(session, { QStringLiteral("--force"), QStringLiteral("c1") });
        QVERIFY2(confirmed.exitCode == 0, confirmed.err.constData());
        QVERIFY(readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt")).contains("(livesIn Biscuit Mango Pebbles)"));
    }

    // M6: --accept c2 retracts c2 alone; retract saves its entries undecided; the CLI lists removals.
    void acceptAppliesExactlyTheList()
    {
        const QString session = path(QStringLiteral("r.fanva"));
        const Run retracted
            = runCli({ QStringLiteral("retract"), QStringLiteral("--kb"), m_ws + QStringLiteral("/kb"), QStringLiteral("--context"),
                QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QStringLiteral("94-110"), QStringLiteral("--out"), session });
        QVERIFY2(retracted.exitCode == 0, retracted.err.constData());
        const json saved = readJson(session);
        QVERIFY(saved["entries"].size() == 6);
        for (const json &e : saved["entries"])
            QVERIFY2(e["decision"] == "undecided", e.dump().c_str());

        const Run applied = apply(session, { QStringLiteral("--accept"), QStringLiteral("c2") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.out.contains("  - c2 CxAnimals.txt:99 (implies (fish ?x) (swims ?x))\n"), applied.out.constData());
        QVERIFY2(!applied.out.contains("  - c1 "), applied.out.constData());
        const QByteArray after = readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt"));
        QVERIFY(!after.contains("(implies (fish ?x) (swims ?x))"));
        QVERIFY(after.contains("(implies (penguin ?x) (swims ?x))"));
        QVERIFY(after.contains("(implies (seal ?x) (swims ?x))"));
    }

    // M6: an accepted entry a later run withdrew is not written without a fresh decision;
    // --keep-decisions applies what the file accepts.
    void withdrawnEntriesAreNotWritten()
    {
        const QString doc = path(QStringLiteral("doc.md"));
        QVERIFY(fanva::testsupport::writeFileBytes(doc, "# Zoo\n\nBiscuit lives in the Amazon Basin.\n"));
        const QString session = path(QStringLiteral("s.fanva"));
        const QString one = writeScript(QStringLiteral("s1.json"), { candidates("(livesIn Biscuit AmazonBasin)", 2) });
        QCOMPARE(
            formalizeScripted(m_ws + QStringLiteral("/kb"), QStringLiteral("CxAnimals"), one, doc, { QStringLiteral("--out"), session })
                .exitCode,
            0);
        json d = readJson(session);
        d["entries"][0]["decision"] = "accepted";
        QVERIFY(writeJson(session, d));
        QVERIFY(fanva::testsupport::writeFileBytes(doc, "# Zoo\n\nBiscuit lives in the Atlantic Ocean.\n"));
        const QString two = writeScript(QStringLiteral("s2.json"), { candidates("(livesIn Biscuit AtlanticOcean)", 2) });
        const Run again
            = formalizeScripted(m_ws + QStringLiteral("/kb"), QStringLiteral("CxAnimals"), two, doc, { QStringLiteral("--out"), session });
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.err.contains("c1 withdrawn"), again.err.constData());

        const Run applied = apply(session, { QStringLiteral("--accept"), QStringLiteral("c2"), QStringLiteral("--keep-decisions") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        const QByteArray after = readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt"));
        QVERIFY(after.contains("(livesIn Biscuit AtlanticOcean)"));
        QVERIFY2(!after.contains("(livesIn Biscuit AmazonBasin)"), after.constData());
    }

    // M6: --keep-decisions leaves out an accepted entry the last run did not propose again.
    void keepDecisionsLeavesOutWithdrawn()
    {
        const QString doc = path(QStringLiteral("again.md"));
        QVERIFY(fanva::testsupport::writeFileBytes(doc, "# Zoo\n\nBiscuit lives in the Amazon Basin.\n"));
        const QString session = path(QStringLiteral("again.fanva"));
        const QString one = writeScript(QStringLiteral("a1.json"), { candidates("(livesIn Biscuit AmazonBasin)", 2) });
        QCOMPARE(
            formalizeScripted(m_ws + QStringLiteral("/kb"), QStringLiteral("CxAnimals"), one, doc, { QStringLiteral("--out"), session })
                .exitCode,
            0);
        json d = readJson(session);
        d["entries"][0]["decision"] = "accepted";
        QVERIFY(writeJson(session, d));
        const QString two = writeScript(QStringLiteral("a2.json"), { candidates("(livesIn Biscuit AtlanticOcean)", 2) });
        const Run again
            = formalizeScripted(m_ws + QStringLiteral("/kb"), QStringLiteral("CxAnimals"), two, doc, { QStringLiteral("--out"), session });
        QVERIFY2(again.exitCode == 0, again.err.constData());
        QVERIFY2(again.err.contains("did not propose c1 again"), again.err.constData());
        QVERIFY(readJson(session)["entries"][0]["decision"] == "accepted");

        const Run applied = apply(session, { QStringLiteral("--keep-decisions"), QStringLiteral("--accept"), QStringLiteral("c2") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.err.contains("c1 is not written: it is withdrawn"), applied.err.constData());
        const QByteArray after = readFileBytes(m_ws + QStringLiteral("/kb/CxAnimals.txt"));
        QVERIFY(after.contains("(livesIn Biscuit AtlanticOcean)"));
        QVERIFY(!after.contains("(livesIn Biscuit AmazonBasin)"));
    }

    // M7: --out never replaces a review session without --fresh, nor a KB file at all.
    void outDoesNotReplaceAReviewOrAKbFile()
    {
        const QString review = path(QStringLiteral("review.fanva"));
        QCOMPARE(formalizeDemo(review).exitCode, 0);
        const QByteArray reviewBytes = readFileBytes(review);
        const QStringList retract { QStringLiteral("retract"), QStringLiteral("--kb"), m_ws + QStringLiteral("/kb"),
            QStringLiteral("--context"), QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QStringLiteral("99"),
            QStringLiteral("--out") };
        const Run overReview = runCli(retract + QStringList { review });
        QCOMPARE(overReview.exitCode, 2);
        QVERIFY2(overReview.err.contains("--fresh"), overReview.err.constData());
        QCOMPARE(readFileBytes(review), reviewBytes);

        const QString kbFile = m_ws + QStringLiteral("/kb/CxDiet.txt");
        const QByteArray diet = readFileBytes(kbFile);
        const Run overKb = runCli(retract + QStringList { kbFile, QStringLiteral("--fresh") });
        QCOMPARE(overKb.exitCode, 2);
        QVERIFY2(overKb.err.contains("loader reads it"), overKb.err.constData());
        QCOMPARE(readFileBytes(kbFile), diet);
        const Run newKbFile = runCli(retract + QStringList { m_ws + QStringLiteral("/kb/CxNew.txt") });
        QCOMPARE(newKbFile.exitCode, 2);
        QVERIFY(!QFileInfo::exists(m_ws + QStringLiteral("/kb/CxNew.txt")));

        const Run fresh = runCli(retract + QStringList { review, QStringLiteral("--fresh") });
        QVERIFY2(fresh.exitCode == 0, fresh.err.constData());
    }

    // M11, L7: a target name the loader would not read is refused before the run.
    void contextMustNameATarget_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("context");
        QTest::addRow("fanva-kb .txt") << QStringLiteral("fanva-kb") << QStringLiteral("CxFoo.txt");
        QTest::addRow("fanva-kb folder") << QStringLiteral("fanva-kb") << QStringLiteral("sub/CxFoo");
        QTest::addRow("nibli hidden") << QStringLiteral("nibli") << QStringLiteral(".hidden");
        QTest::addRow("nibli glob star") << QStringLiteral("nibli") << QStringLiteral("*");
        QTest::addRow("nibli glob question") << QStringLiteral("nibli") << QStringLiteral("a?");
        QTest::addRow("nibli glob bracket") << QStringLiteral("nibli") << QStringLiteral("[ab]");
    }

    void contextMustNameATarget()
    {
        QFETCH(QString, language);
        QFETCH(QString, context);
        const bool nibli = language == QLatin1StringView("nibli");
        const QString out = path(QStringLiteral("name-%1.fanva").arg(QString::fromLatin1(QTest::currentDataTag()).replace(u' ', u'-')));
        const QString kb = (nibli ? m_wn : m_ws) + QStringLiteral("/kb");
        const QString doc = nibli ? m_wn + QStringLiteral("/bylaws.md") : m_ws + QStringLiteral("/animals.md");
        const Run r = runCli(
            { QStringLiteral("formalize"), QStringLiteral("--kb"), kb, QStringLiteral("--context"), context, QStringLiteral("--provider"),
                QStringLiteral("demo"), QStringLiteral("--judge"), QStringLiteral("off"), QStringLiteral("--out"), out, doc });
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--context"), r.err.constData());
        QVERIFY(!QFileInfo::exists(out));
    }

    // M11: a nibli candidate that does not read cannot be forced, so the KB still loads.
    void nibliReaderProblemCannotBeForced()
    {
        const QString script = writeScript(QStringLiteral("nibli.json"), { candidates("dog(Rex", 3) });
        const QString session = path(QStringLiteral("n.fanva"));
        const Run made
            = formalizeScripted(m_wn + QStringLiteral("/kb"), QStringLiteral("millbrook"), script, m_wn + QStringLiteral("/bylaws.md"),
                { QStringLiteral("--language"), QStringLiteral("nibli"), QStringLiteral("--max-attempts"), QStringLiteral("1"),
                    QStringLiteral("--out"), session });
        QVERIFY2(made.exitCode <= 1, made.err.constData());
        const QByteArray original = readFileBytes(m_wn + QStringLiteral("/kb/millbrook.nibli"));
        const Run forced = apply(session, { QStringLiteral("--force"), QStringLiteral("c1") });
        QCOMPARE(forced.exitCode, 1);
        QVERIFY2(forced.err.contains("cannot be forced"), forced.err.constData());
        QCOMPARE(readFileBytes(m_wn + QStringLiteral("/kb/millbrook.nibli")), original);
    }

    // L5: --out merges only into a session of the same KB folder.
    void outMergesOnlyTheSameKb()
    {
        const QString session = path(QStringLiteral("l5.fanva"));
        const QString other = path(QStringLiteral("l5kb"));
        QVERIFY(copyTree(m_ws + QStringLiteral("/kb"), other));
        QCOMPARE(runCli({ QStringLiteral("formalize"), QStringLiteral("--kb"), other, QStringLiteral("--context"),
                            QStringLiteral("CxAnimals"), QStringLiteral("--provider"), QStringLiteral("demo"), QStringLiteral("--judge"),
                            QStringLiteral("off"), QStringLiteral("--out"), session, m_ws + QStringLiteral("/animals.md") })
                     .exitCode,
            0);
        const QByteArray before = readFileBytes(session);
        const Run r = formalizeDemo(session);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("another knowledge base") && r.err.contains("--fresh"), r.err.constData());
        QCOMPARE(readFileBytes(session), before);
    }

    // L6, L14: numbers beyond the document or an int are errors that say so.
    void numbersOutOfRange()
    {
        const Run sentences = formalizeDemo(path(QStringLiteral("l6.fanva")), { QStringLiteral("--sentences"), QStringLiteral("50") });
        QCOMPARE(sentences.exitCode, 2);
        QVERIFY2(sentences.err.contains("--sentences 50: the document has"), sentences.err.constData());
        QVERIFY(!QFileInfo::exists(path(QStringLiteral("l6.fanva"))));

        const Run lines = runCli({ QStringLiteral("retract"), QStringLiteral("--kb"), m_ws + QStringLiteral("/kb"),
            QStringLiteral("--context"), QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QStringLiteral("99999999999"),
            QStringLiteral("--out"), path(QStringLiteral("l14.fanva")) });
        QCOMPARE(lines.exitCode, 2);
        QVERIFY2(lines.err.contains("too large"), lines.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstCliTarget)
#include "tst_cli_target.moc"
