// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli formalize, apply and apply --undo on a copy of the nibli demo workspace with the
// scripted provider (issue 19, nibli-kr.md §1.3, §1.4): the session's gates, repair turn,
// known detection and system prefix go through the nibli language; Apply writes `#`
// provenance lines and Undo restores the bytes.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "clirun.h"

#include <nlohmann/json.hpp>

#include <string>

namespace {

using Run = fanva::testsupport::ProcessRun;
using fanva::testsupport::copyTree;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;
using nlohmann::json;

std::string reply(const std::vector<json> &candidates, const json &untranslated = json::array())
{
    json list = json::array();
    for (const json &c : candidates)
        list.push_back(c);
    return json { { "candidates", list }, { "untranslated", untranslated } }.dump();
}

json candidate(const char *sentence, int segment)
{
    return { { "sentence", sentence }, { "segment", segment } };
}

/// A JSON value as text (a string as is, anything else as JSON).
QString text(const json &value)
{
    return QString::fromStdString(value.is_string() ? value.get<std::string>() : value.dump());
}

/// The session file's entry with this id.
json entryOf(const json &session, const std::string &id)
{
    for (const json &e : session.at("entries")) {
        if (e.at("id") == id)
            return e;
    }
    return nullptr;
}

} // namespace

class TstCliNibliRun : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_workspace, m_kb, m_target, m_doc;

    QString writeScript(const std::vector<json> &turns)
    {
        const QString path = m_dir.filePath(QStringLiteral("script.json"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write the script");
        file.write(
            QByteArray::fromStdString(json { { "format", "fanva-script/1" }, { "on_exhausted", "error" }, { "turns", turns } }.dump()));
        return path;
    }

    QStringList formalize(const QString &script, const QStringList &more = {}) const
    {
        return QStringList { QStringLiteral("formalize"), QStringLiteral("--language"), QStringLiteral("nibli"), QStringLiteral("--kb"),
            m_kb, QStringLiteral("--context"), QStringLiteral("millbrook"), QStringLiteral("--provider"), QStringLiteral("scripted"),
            QStringLiteral("--script"), script, QStringLiteral("--judge"), QStringLiteral("off") }
        + more + QStringList { m_doc };
    }

    /// git in the workspace's kb folder: exit code and stdout.
    std::pair<int, QByteArray> git(const QStringList &args) const
    {
        QProcess process;
        process.setWorkingDirectory(m_kb);
        process.start(QStringLiteral("git"), args);
        process.waitForFinished(60000);
        return { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput() };
    }

    /// One scripted run that admits `animal(Rufus).`, saved to `session`.
    bool formalizeOne(const QString &session)
    {
        const QString script = writeScript({ { { "text", reply({ candidate("animal(Rufus).", 4) }) } } });
        return runCli(formalize(script, { QStringLiteral("--out"), session })).exitCode == 0;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // git, when a test uses it, reads no user or system configuration.
        qputenv("HOME", m_dir.path().toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config")))); // where --git is remembered
        qputenv("GIT_CONFIG_NOSYSTEM", "1");
        qputenv("GIT_AUTHOR_NAME", "Fanva Test");
        qputenv("GIT_AUTHOR_EMAIL", "test@fanva.invalid");
        qputenv("GIT_COMMITTER_NAME", "Fanva Test");
        qputenv("GIT_COMMITTER_EMAIL", "test@fanva.invalid");
    }

    void init()
    {
        m_workspace = m_dir.filePath(QStringLiteral("demo-%1").arg(QString::fromLatin1(QTest::currentTestFunction())));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli"), m_workspace));
        m_kb = m_workspace + QStringLiteral("/kb");
        m_target = m_kb + QStringLiteral("/millbrook.nibli");
        m_doc = m_workspace + QStringLiteral("/bylaws.md");
        QVERIFY(QFile::exists(m_target));
    }

    void formalizeApplyUndo()
    {
        // [2] Mara and Tobin live in Millbrook. [3] Tobin owns a dog named Rufus. [4] Every dog is an animal.
        const QString script = writeScript({
            { { "text",
                reply({ candidate("person(Mara).", 2), candidate("animal(Rufus).", 4), candidate("ownz(Tobin, Rufus).", 3) },
                    { { { "segment", 5 }, { "reason", "a duty; left for later" } },
                        { { "segment", 6 }, { "reason", "a permission; left for later" } } }) } },
            { { "text", reply({ candidate("owns(Tobin, some dog).", 3) }) } },
        });
        const QString session = m_dir.filePath(QStringLiteral("run.fanva"));
        const QString record = m_dir.filePath(QStringLiteral("record.jsonl"));
        const Run run = runCli(formalize(script, { QStringLiteral("--out"), session, QStringLiteral("--script-record"), record }));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("millbrook ← bylaws.md: success (converged), 2 attempts"), run.out.constData());

        const json saved = json::parse(readFileBytes(session).toStdString());
        QCOMPARE(text(saved.at("outcome").at("outcome")), QStringLiteral("success"));
        QCOMPARE(text(saved.at("kb").at("language")), QStringLiteral("nibli"));
        // The fingerprint covers the KB's nibli files (kb.files names them with their hashes).
        QVERIFY2(saved.at("kb").at("files").contains("millbrook.nibli"), saved.at("kb").dump().c_str());
        QCOMPARE(text(saved.at("target").at("file")), QStringLiteral("millbrook.nibli"));
        QVERIFY(!saved.at("target").at("absent").get<bool>());
        // Stored already: known, whatever its file.
        QCOMPARE(text(entryOf(saved, "c1").at("state")), QStringLiteral("known"));
        QCOMPARE(text(entryOf(saved, "c2").at("state")), QStringLiteral("admissible"));
        QCOMPARE(text(entryOf(saved, "c2").at("gloss").at("text")), QStringLiteral("Rufus is an animal."));
        // Refused by the critic, then repaired: the gate's own message went back.
        const json refused = entryOf(saved, "c3");
        QCOMPARE(text(refused.at("state")), QStringLiteral("superseded"));
        QCOMPARE(text(refused.at("problems").at(0).at("type")), QStringLiteral("unknown-predicate"));
        QCOMPARE(text(entryOf(saved, "c4").at("state")), QStringLiteral("admissible"));
        QCOMPARE(text(entryOf(saved, "c4").at("candidate")), QStringLiteral("owns(Tobin, some dog)."));
        std::string repair;
        for (const json &event : saved.at("events")) {
            if (event.at("type") == "repair-sent")
                repair = event.at("text").get<std::string>();
        }
        const std::string message = refused.at("problems").at(0).at("message").get<std::string>();
        QVERIFY2(repair.find("- ownz(Tobin, Rufus).") != std::string::npos, repair.c_str());
        QVERIFY2(repair.find("unknown-predicate: " + message) != std::string::npos, repair.c_str());
        QVERIFY(message.find("nearest: owns") != std::string::npos);
        QCOMPARE(text(saved.at("outcome").at("vocabulary").at("coined")), QStringLiteral("0"));
        QCOMPARE(text(saved.at("outcome").at("vocabulary").at("reused")), QStringLiteral("4"));

        // The system prefix: formalize §3.1's frame around the nibli guide (nibli-kr.md §1.4).
        const QList<QByteArray> calls = readFileBytes(record).split('\n');
        QVERIFY(calls.size() >= 2);
        const json first = json::parse(calls.constFirst().toStdString());
        const std::string system = first.at("system").is_string() ? first.at("system").get<std::string>() : first.at("system").dump();
        QVERIFY2(system.find("knowledge base written in nibli KR.") != std::string::npos, system.c_str());
        for (const char *heading : { "## Spelling (a wrong spelling is refused)", "## One name per individual",
                 "## Report what you cannot translate", "## Example (use the request's names, not these)", "## Answer" })
            QVERIFY2(system.find(heading) != std::string::npos, heading);
        QVERIFY(system.find("## Spelling") < system.find("## One name per individual"));
        QVERIFY(system.find("## Report what you cannot translate") < system.find("## Example"));
        QVERIFY(system.find("## Example") < system.find("## Answer"));
        QVERIFY(system.find("s-expression") == std::string::npos);
        QVERIFY(system.find("## Names") == std::string::npos);

        // Apply: `#` provenance, the KB still loads and checks, every key in the file.
        const QByteArray before = readFileBytes(m_target);
        const QString journal = m_dir.filePath(QStringLiteral("journal.jsonl"));
        const Run applied = runCli({ QStringLiteral("apply"), QStringLiteral("--accept"), QStringLiteral("all"),
            QStringLiteral("--journal"), journal, QStringLiteral("--no-git"), session });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.out.contains("\nWrote 2 entries to millbrook.nibli."), applied.out.constData());
        QVERIFY2(applied.out.startsWith("Target: "), applied.out.constData());
        const QByteArray after = readFileBytes(m_target);
        QVERIFY(after.startsWith(before));
        const QByteArray block = after.mid(before.size());
        const QList<QByteArray> lines = block.split('\n');
        QVERIFY2(lines.size() >= 7, block.constData());
        QVERIFY2(lines.at(1).startsWith("# ---- fanva ") && lines.at(1).endsWith(" from bylaws.md ----"), block.constData());
        QCOMPARE(lines.at(2), QByteArray("# bylaws.md [3] \"Tobin owns a dog named Rufus.\""));
        QCOMPARE(lines.at(3), QByteArray("owns(Tobin, some dog)."));
        QCOMPARE(lines.at(4), QByteArray("# bylaws.md [4] \"Every dog is an animal.\""));
        QCOMPARE(lines.at(5), QByteArray("animal(Rufus)."));
        QCOMPARE(lines.at(6), QByteArray("# ---- end fanva ----"));
        const Run check = runCli(
            { QStringLiteral("check"), QStringLiteral("--language"), QStringLiteral("nibli"), QStringLiteral("--kb"), m_kb, m_target });
        QVERIFY2(check.exitCode == 0, QByteArray(check.out + check.err).constData());
        const json appliedSession = json::parse(readFileBytes(session).toStdString());
        QCOMPARE(text(entryOf(appliedSession, "c2").at("decision")), QStringLiteral("applied"));
        QCOMPARE(text(entryOf(appliedSession, "c4").at("decision")), QStringLiteral("applied"));

        // A second formalize run sees the applied statement as known.
        const QString again = writeScript({ { { "text", reply({ candidate("animal(Rufus).", 4) }) } } });
        const Run known = runCli(formalize(again, { QStringLiteral("--json") }));
        QVERIFY2(known.exitCode == 0, known.err.constData());
        QVERIFY2(known.out.contains("\"state\": \"known\""), known.out.constData());

        // Undo restores the bytes exactly.
        const Run undone = runCli(
            { QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal, QStringLiteral("--no-git") });
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readFileBytes(m_target), before);
    }

    void forcedEntryFailsVerify()
    {
        // A statement the nibli critic refuses: Apply writes it only when forced, and verifies.
        const QString script = writeScript({ { { "text", reply({ candidate("barks(Rufus).", 3) }) } } });
        const QString session = m_dir.filePath(QStringLiteral("refused.fanva"));
        const Run run
            = runCli(formalize(script, { QStringLiteral("--out"), session, QStringLiteral("--max-attempts"), QStringLiteral("1") }));
        QCOMPARE(run.exitCode, 1);
        const json saved = json::parse(readFileBytes(session).toStdString());
        QCOMPARE(text(saved.at("outcome").at("outcome")), QStringLiteral("exhausted"));
        QCOMPARE(text(entryOf(saved, "c1").at("state")), QStringLiteral("refused"));
        const QByteArray before = readFileBytes(m_target);
        const Run forced = runCli({ QStringLiteral("apply"), QStringLiteral("--force"), QStringLiteral("c1"), QStringLiteral("--journal"),
            m_dir.filePath(QStringLiteral("journal2.jsonl")), QStringLiteral("--no-git"), session });
        // Forced past unknown-predicate it is written, with its marker, but a nibli KB with an
        // unknown predicate does not load: verify fails and Undo restores the bytes.
        QCOMPARE(forced.exitCode, 1);
        QVERIFY2(forced.out.contains("(forced: unknown-predicate)\nbarks(Rufus).\n"), forced.out.constData());
        QVERIFY2(forced.err.contains("millbrook.nibli was written but the knowledge base no longer loads"), forced.err.constData());
        const Run undone = runCli({ QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"),
            m_dir.filePath(QStringLiteral("journal2.jsonl")), QStringLiteral("--no-git") });
        QCOMPARE(undone.exitCode, 0);
        QCOMPARE(readFileBytes(m_target), before);
    }

    void applyIsOneGitCommit()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH (packaging/dev.sh installs it)");
        QCOMPARE(git({ QStringLiteral("init"), QStringLiteral("-q") }).first, 0);
        QCOMPARE(git({ QStringLiteral("add"), QStringLiteral("millbrook.nibli") }).first, 0);
        QCOMPARE(git({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("start") }).first, 0);
        const QByteArray before = readFileBytes(m_target);
        const QString session = m_dir.filePath(QStringLiteral("git.fanva"));
        QVERIFY(formalizeOne(session));
        const QString journal = m_dir.filePath(QStringLiteral("journal-git.jsonl"));
        const Run applied = runCli({ QStringLiteral("apply"), QStringLiteral("--accept"), QStringLiteral("all"),
            QStringLiteral("--journal"), journal, QStringLiteral("--git"), session });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.err.contains("fanva-cli apply: committed "), applied.err.constData());
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).second.trimmed(), QByteArray("2"));
        QCOMPARE(git({ QStringLiteral("show"), QStringLiteral("--name-only"), QStringLiteral("--format="), QStringLiteral("HEAD") })
                     .second.trimmed(),
            QByteArray("millbrook.nibli"));
        const QByteArray message = git({ QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s") }).second;
        QVERIFY2(message.startsWith("fanva: 1 added in millbrook.nibli"), message.constData());
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain") }).second, QByteArray());

        const Run undone = runCli({ QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal });
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readFileBytes(m_target), before);
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).second.trimmed(), QByteArray("3"));
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain") }).second, QByteArray());
    }

    void newTargetFileIsCreatedAndRemovedByUndo()
    {
        // A target name with no file yet: Apply creates kb/<name>.nibli; Undo removes it.
        const QString script = writeScript({ { { "text", reply({ candidate("animal(Rufus).", 4) }) } } });
        const QString session = m_dir.filePath(QStringLiteral("new.fanva"));
        QStringList args = formalize(script, { QStringLiteral("--out"), session });
        args[args.indexOf(QStringLiteral("millbrook"))] = QStringLiteral("pets");
        const Run run = runCli(args);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const json saved = json::parse(readFileBytes(session).toStdString());
        QCOMPARE(text(saved.at("target").at("file")), QStringLiteral("pets.nibli"));
        QVERIFY(saved.at("target").at("absent").get<bool>());
        const QString journal = m_dir.filePath(QStringLiteral("journal-new.jsonl"));
        const Run applied = runCli({ QStringLiteral("apply"), QStringLiteral("--accept"), QStringLiteral("all"),
            QStringLiteral("--journal"), journal, QStringLiteral("--no-git"), session });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        const QString created = m_kb + QStringLiteral("/pets.nibli");
        QVERIFY2(readFileBytes(created).contains("\n# bylaws.md [4] \"Every dog is an animal.\"\nanimal(Rufus).\n# ---- end fanva ----\n"),
            readFileBytes(created).constData());
        const Run undone = runCli(
            { QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal, QStringLiteral("--no-git") });
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QVERIFY(!QFile::exists(created));
    }

    void scoreReadsTheSessionsEntries()
    {
        // [2] Mara … [3] Tobin owns a dog … [4] Every dog is an animal: person(Mara) is known
        // (left out: it is not admissible); the others are the session's admissible entries.
        const QString script = writeScript({ { { "text",
            reply({ candidate("person(Mara).", 2), candidate("animal(Rufus).", 4), candidate("dog(Dog1).", 3),
                candidate("owns(Tobin, Dog1).", 3) }) } } });
        const QString session = m_dir.filePath(QStringLiteral("score.fanva"));
        const Run run = runCli(formalize(script, { QStringLiteral("--out"), session }));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QString gold = m_dir.filePath(QStringLiteral("bylaws.gold.nibli"));
        QFile file(gold);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("animal(Rufus).\ndog(Fido).\nowns(Tobin, Fido).\n");
        file.close();
        // Dog1 is introduced (the KB does not use it), Fido the gold's: {dog} meets {dog}.
        const Run score = runCli({ QStringLiteral("score"), QStringLiteral("--kb"), m_kb, QStringLiteral("--gold"), gold, session });
        QVERIFY2(score.exitCode == 0, score.err.constData());
        QCOMPARE(score.out,
            QByteArray("strict   P 0.333  R 0.333  F1 0.333  (1 hits, 3 candidates, 0 known, 3 gold)\n"
                       "aligned  P 1.000  R 1.000  F1 1.000  (3 hits, 3 candidates, 0 known, 3 gold)\n"
                       "renaming Dog1 \xE2\x86\x92 Fido\n"));
        // Nothing is accepted yet.
        const Run accepted = runCli({ QStringLiteral("score"), QStringLiteral("--kb"), m_kb, QStringLiteral("--gold"), gold,
            QStringLiteral("--accepted"), QStringLiteral("--json"), session });
        QVERIFY2(accepted.exitCode == 0, accepted.err.constData());
        const json none = json::parse(accepted.out.toStdString());
        QCOMPARE(none.at("strict").at("candidates").get<int>(), 0);
        QCOMPARE(none.at("strict").at("gold").get<int>(), 3);
        // A session of another language is refused, not misread.
        json other = json::parse(readFileBytes(session).toStdString());
        other["kb"]["language"] = "fanva-kb";
        const QString otherSession = m_dir.filePath(QStringLiteral("other.fanva"));
        QFile otherFile(otherSession);
        QVERIFY(otherFile.open(QIODevice::WriteOnly));
        otherFile.write(QByteArray::fromStdString(other.dump()));
        otherFile.close();
        const Run mismatch = runCli({ QStringLiteral("score"), QStringLiteral("--gold"), gold, otherSession });
        QCOMPARE(mismatch.exitCode, 2);
        QVERIFY2(mismatch.err.contains("the session's KB is in \"fanva-kb\", not in \"nibli\""), mismatch.err.constData());
    }

    void kbTermDescribesTheDemosWords()
    {
        const Run term = runCli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--language"), QStringLiteral("nibli"),
            QStringLiteral("--kb"), m_kb, QStringLiteral("resident") });
        QVERIFY2(term.exitCode == 0, term.err.constData());
        const QByteArray head = "resident (predicate)\n  source:       declaration " + m_target.toUtf8() + ":2:1  pred resident(";
        QVERIFY2(term.out.startsWith(head), term.out.constData());
        QVERIFY2(term.out.contains("  places:       who, town\n"), term.out.constData());
        QVERIFY2(term.out.endsWith("  mentioned in: 3 statements\n"), term.out.constData());
        const Run unknown
            = runCli({ QStringLiteral("kb"), QStringLiteral("term"), QStringLiteral("--kb"), m_kb, QStringLiteral("residnt") });
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.out.contains("  nearest:      resident"), unknown.out.constData());
    }
};

QTEST_GUILESS_MAIN(TstCliNibliRun)
#include "tst_cli_nibli_run.moc"
