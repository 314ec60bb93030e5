// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli rewrite, retract and apply as processes (docs/spec/rewrite.md): a scripted reply
// that replaces one sentence and retracts another, Apply and Undo byte for byte, a conflict,
// and Apply as a git commit.

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out, err;
};

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

/// The fixture KB with a few individuals below it; the sentences the tests edit are here.
const QByteArray s_residents = "\n;; the zoo's residents\n(penguin Pingu)\n(swims Pingu)\n\n(flies Pingu)\n;; the end\n";

} // namespace

class TstCliRewrite : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_target, m_journal;
    QByteArray m_base;
    QProcessEnvironment m_env;
    int m_swimsLine = 0;
    int m_fliesLine = 0;

    Run run(const QString &program, const QStringList &args, const QString &workingDir = {})
    {
        QProcess process;
        process.setProcessEnvironment(m_env);
        if (!workingDir.isEmpty())
            process.setWorkingDirectory(workingDir);
        process.start(program, args);
        process.waitForFinished(60000);
        return Run { process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, process.readAllStandardOutput(),
            process.readAllStandardError() };
    }
    Run cli(const QStringList &args) { return run(QStringLiteral(FANVA_CLI_PATH), args); }
    Run git(const QStringList &args) { return run(QStringLiteral("git"), args, m_kb); }

    QString writeScript(const nlohmann::json &reply)
    {
        const QString path = m_dir.filePath(QStringLiteral("script.json"));
        const nlohmann::json turns = nlohmann::json::array({ { { "text", reply.dump() } } });
        writeAll(path,
            QByteArray::fromStdString(
                nlohmann::json { { "format", "fanva-script/1" }, { "on_exhausted", "error" }, { "turns", turns } }.dump()));
        return path;
    }

    /// rewrite of the two sentences (swims, flies): replace 1 by (captive Pingu), retract 2.
    QString rewrite(const QString &name)
    {
        const QString script
            = writeScript({ { "candidates", nlohmann::json::array({ { { "sentence", "(captive Pingu)" }, { "replaces", { 1 } } } }) },
                { "retract", { 2 } } });
        const QString session = m_dir.filePath(name);
        const Run r = cli({ QStringLiteral("rewrite"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QStringLiteral("%1-%2").arg(m_swimsLine).arg(m_fliesLine),
            QStringLiteral("--instruction"), QStringLiteral("keep it captive"), QStringLiteral("--provider"), QStringLiteral("scripted"),
            QStringLiteral("--script"), script, QStringLiteral("--out"), session });
        if (r.exitCode != 0)
            qWarning("rewrite: %s%s", r.out.constData(), r.err.constData());
        return r.exitCode == 0 ? session : QString();
    }

    Run apply(const QString &session, const QStringList &more = {})
    {
        return cli(QStringList { QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"),
                       QStringLiteral("--journal"), m_journal }
            + more);
    }
    Run undo(const QStringList &more = {})
    {
        return cli(QStringList { QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), m_journal } + more);
    }

    /// The base with (swims Pingu) replaced under the comment found in `after`, (flies Pingu) gone.
    QByteArray expectedAfterRewrite(const QByteArray &after)
    {
        const QRegularExpressionMatch comment
            = QRegularExpression(QStringLiteral(";; fanva \\S+Z replaces line %1 \"\\(swims Pingu\\)\"\n").arg(m_swimsLine))
                  .match(QString::fromUtf8(after));
        if (!comment.hasMatch())
            return "no replace comment in: " + after;
        QByteArray expected = m_base;
        expected.replace(QByteArray("(swims Pingu)\n"), QByteArray(comment.captured(0).toUtf8() + "(captive Pingu)\n"));
        expected.replace("\n(flies Pingu)\n", "\n");
        return expected;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_env = QProcessEnvironment::systemEnvironment();
        m_env.insert(QStringLiteral("HOME"), m_dir.filePath(QStringLiteral("home")));
        m_env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath(QStringLiteral("home/.config")));
        m_env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
        m_env.insert(QStringLiteral("GIT_AUTHOR_NAME"), QStringLiteral("Fanva Test"));
        m_env.insert(QStringLiteral("GIT_AUTHOR_EMAIL"), QStringLiteral("test@fanva.invalid"));
        m_env.insert(QStringLiteral("GIT_COMMITTER_NAME"), QStringLiteral("Fanva Test"));
        m_env.insert(QStringLiteral("GIT_COMMITTER_EMAIL"), QStringLiteral("test@fanva.invalid"));
        QDir().mkpath(m_dir.filePath(QStringLiteral("home")));
        m_journal = m_dir.filePath(QStringLiteral("journal/journal.jsonl"));
    }

    void init()
    {
        // A fresh KB folder per test: the fixture plus the residents.
        static int n = 0;
        m_kb = m_dir.filePath(QStringLiteral("kb%1").arg(++n));
        QVERIFY(QDir().mkpath(m_kb));
        m_target = m_kb + QStringLiteral("/CxAnimals.txt");
        m_base = readAll(QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb/CxAnimals.txt")) + s_residents;
        QVERIFY(m_base.size() > s_residents.size());
        writeAll(m_target, m_base);
        const QList<QByteArray> lines = m_base.split('\n');
        m_swimsLine = int(lines.indexOf("(swims Pingu)")) + 1;
        m_fliesLine = int(lines.indexOf("(flies Pingu)")) + 1;
        QVERIFY(m_swimsLine > 0 && m_fliesLine == m_swimsLine + 2);
    }

    void rewriteApplyUndo()
    {
        const QString session = rewrite(QStringLiteral("rewrite.fanva"));
        QVERIFY(!session.isEmpty());
        const nlohmann::json saved = nlohmann::json::parse(readAll(session).constData(), nullptr, false);
        QVERIFY(saved["entries"].size() == 2);

        const Run applied = apply(session, { QStringLiteral("--no-git") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        const QByteArray after = readAll(m_target);
        QCOMPARE(after, expectedAfterRewrite(after));
        QCOMPARE(cli({ QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), m_kb }).exitCode, 0);

        const Run undone = undo({ QStringLiteral("--no-git") });
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readAll(m_target), m_base);
        const nlohmann::json reverted = nlohmann::json::parse(readAll(session).constData(), nullptr, false);
        QVERIFY(reverted["entries"][0]["decision"] == "accepted");
    }

    void retractApplyUndo()
    {
        const QString session = m_dir.filePath(QStringLiteral("retract.fanva"));
        const Run retracted = cli({ QStringLiteral("retract"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QString::number(m_fliesLine), QStringLiteral("--out"), session });
        QVERIFY2(retracted.exitCode == 0, retracted.err.constData());
        QVERIFY(retracted.out.contains("retract"));
        const Run applied = apply(session, { QStringLiteral("--no-git") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QByteArray expected = m_base;
        expected.replace("\n(flies Pingu)\n", "\n");
        QCOMPARE(readAll(m_target), expected);
        QVERIFY(undo().exitCode == 0);
        QCOMPARE(readAll(m_target), m_base);
    }

    // nibli KR at parity (issue 34): retract and rewrite on a .nibli file, Apply and Undo byte
    // for byte, with the fanva-kb commands' exit codes; retract says nibli has no dependents check.
    void nibliRetractRewriteApplyUndo()
    {
        const QString kb = m_dir.filePath(QStringLiteral("nibli%1/kb").arg(QString::number(QDateTime::currentMSecsSinceEpoch())));
        QVERIFY(QDir().mkpath(kb));
        const QString target = kb + QStringLiteral("/town.nibli");
        const QByteArray base = "# town: who lives here.\npred resident(who, town): \"{x1} lives in {x2}\".\n"
                                "person(Mara).\nswim(Mara).\nresident(Mara, Millbrook).\n# the end\n";
        writeAll(target, base);
        const QString journal = m_dir.filePath(QStringLiteral("nibli-journal/journal.jsonl"));
        const auto applyAll = [&](const QString &session) {
            return cli({ QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"), QStringLiteral("--journal"),
                journal, QStringLiteral("--no-git") });
        };
        const auto undoLast = [&] {
            return cli(
                { QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal, QStringLiteral("--no-git") });
        };

        const QString retractSession = m_dir.filePath(QStringLiteral("nibli-retract.fanva"));
        const Run retracted = cli({ QStringLiteral("retract"), QStringLiteral("--kb"), kb, QStringLiteral("--context"),
            QStringLiteral("town"), QStringLiteral("--lines"), QStringLiteral("4"), QStringLiteral("--out"), retractSession });
        QVERIFY2(retracted.exitCode == 0, retracted.err.constData());
        QVERIFY2(retracted.out.contains("c1 retract line 4"), retracted.out.constData());
        QVERIFY2(retracted.err.contains("nibli has no check of what a retraction takes away"), retracted.err.constData());
        // The session records the nibli KB's own fingerprint (its .nibli files), so that reopening
        // it does not report a changed KB.
        const QByteArray fileLine
            = "town.nibli" + QByteArray(1, '\0') + QCryptographicHash::hash(base, QCryptographicHash::Sha256).toHex() + '\n';
        const std::string fingerprint = QCryptographicHash::hash(fileLine, QCryptographicHash::Sha256).toHex().toStdString();
        QCOMPARE(nlohmann::json::parse(readAll(retractSession).toStdString())["kb"].value("sha256", std::string()), fingerprint);
        const Run applied = applyAll(retractSession);
        QVERIFY2(applied.exitCode == 0, QByteArray(applied.out + applied.err).constData());
        QByteArray expected = base;
        expected.replace("swim(Mara).\n", "");
        QCOMPARE(readAll(target), expected);
        const Run undone = undoLast();
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readAll(target), base);

        // The same messages and exit codes as fanva-kb for a line without a statement.
        const Run none = cli({ QStringLiteral("retract"), QStringLiteral("--kb"), kb, QStringLiteral("--context"), QStringLiteral("town"),
            QStringLiteral("--lines"), QStringLiteral("1"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("none.fanva")) });
        QCOMPARE(none.exitCode, 1);
        QVERIFY2(none.err.contains("town.nibli: no sentence starts on lines 1–1"), none.err.constData());

        // rewrite --lines 4-5: the scripted model replaces statement 2 and retracts statement 1.
        const QString script = writeScript(
            { { "candidates", nlohmann::json::array({ { { "sentence", "resident(Mara, Riverton)." }, { "replaces", { 2 } } } }) },
                { "retract", { 1 } } });
        const QString rewriteSession = m_dir.filePath(QStringLiteral("nibli-rewrite.fanva"));
        const Run rewritten = cli({ QStringLiteral("rewrite"), QStringLiteral("--kb"), kb, QStringLiteral("--context"),
            QStringLiteral("town"), QStringLiteral("--lines"), QStringLiteral("4-5"), QStringLiteral("--provider"),
            QStringLiteral("scripted"), QStringLiteral("--script"), script, QStringLiteral("--out"), rewriteSession });
        QVERIFY2(rewritten.exitCode == 0, QByteArray(rewritten.out + rewritten.err).constData());
        QCOMPARE(nlohmann::json::parse(readAll(rewriteSession).toStdString())["kb"].value("sha256", std::string()), fingerprint);
        const Run appliedRewrite = applyAll(rewriteSession);
        QVERIFY2(appliedRewrite.exitCode == 0, QByteArray(appliedRewrite.out + appliedRewrite.err).constData());
        const QByteArray after = readAll(target);
        QVERIFY2(!after.contains("swim(Mara).") && !after.contains("resident(Mara, Millbrook).\n"), after.constData());
        QVERIFY2(
            QRegularExpression(
                QStringLiteral("\n# fanva \\S+Z replaces line 5 \"resident\\(Mara, Millbrook\\)\\.\"\nresident\\(Mara, Riverton\\)\\.\n"))
                .match(QString::fromUtf8(after))
                .hasMatch(),
            after.constData());
        QVERIFY(undoLast().exitCode == 0);
        QCOMPARE(readAll(target), base);
    }

    // Apply names every line it removes, a comment that went with the sentence too (audit L1).
    void applyListsEveryRemovedLine()
    {
        QByteArray base = m_base;
        base.replace("\n(flies Pingu)\n", "\n(flies Pingu) ; seen at the zoo\n");
        writeAll(m_target, base);
        const QString session = m_dir.filePath(QStringLiteral("removed.fanva"));
        const Run retracted = cli({ QStringLiteral("retract"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QString::number(m_fliesLine), QStringLiteral("--out"), session });
        QVERIFY2(retracted.exitCode == 0, retracted.err.constData());
        // A journal of its own: the other tests name their Applies by file in the shared one.
        const Run applied = cli({ QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"),
            QStringLiteral("--journal"), m_dir.filePath(QStringLiteral("removed/journal.jsonl")), QStringLiteral("--no-git") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.out.contains(QByteArray("Removed from CxAnimals.txt:\n  CxAnimals.txt:" + QByteArray::number(m_fliesLine)
                     + ": (flies Pingu) ; seen at the zoo\n")),
            applied.out.constData());
    }

    void retractingADeclarationWarns()
    {
        // (swims Pingu) stays; retracting what declares swims says so, and names it.
        const int line = int(m_base.split('\n').indexOf("(unaryPredicate swims)")) + 1;
        QVERIFY(line > 0);
        const Run retracted = cli({ QStringLiteral("retract"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--lines"), QString::number(line), QStringLiteral("--out"),
            m_dir.filePath(QStringLiteral("declaration.fanva")) });
        QVERIFY2(retracted.exitCode == 0, retracted.err.constData());
        QVERIFY2(retracted.out.contains("retract-dependents: Retracting (unaryPredicate swims)"), retracted.out.constData());
        QVERIFY2(retracted.out.contains(QByteArray("(swims Pingu) (CxAnimals.txt line " + QByteArray::number(m_swimsLine) + ")")),
            retracted.out.constData());
    }

    void changedOnDiskIsAConflict()
    {
        const QString session = rewrite(QStringLiteral("conflict.fanva"));
        QVERIFY(!session.isEmpty());
        const QByteArray edited = m_base + ";; a hand edit\n";
        writeAll(m_target, edited);
        const Run applied = apply(session, { QStringLiteral("--no-git") });
        QCOMPARE(applied.exitCode, 1);
        QVERIFY2(applied.err.contains("changed on disk"), applied.err.constData());
        QCOMPARE(readAll(m_target), edited);
    }

    void applyIsOneGitCommit()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH (packaging/dev.sh installs it)");
        QCOMPARE(git({ QStringLiteral("init"), QStringLiteral("-q") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("add"), QStringLiteral("CxAnimals.txt") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("start") }).exitCode, 0);
        const QString session = rewrite(QStringLiteral("git.fanva"));
        QVERIFY(!session.isEmpty());

        const Run applied = apply(session, { QStringLiteral("--git") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).out.trimmed(), QByteArray("2"));
        QCOMPARE(git({ QStringLiteral("show"), QStringLiteral("--name-only"), QStringLiteral("--format="), QStringLiteral("HEAD") })
                     .out.trimmed(),
            QByteArray("CxAnimals.txt"));
        const QByteArray message = git({ QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%B") }).out;
        QVERIFY2(message.startsWith("fanva: 1 replaced, 1 retracted in CxAnimals.txt\n"), message.constData());
        QVERIFY2(message.contains("\nFanva-Session: "), message.constData());
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain") }).out, QByteArray());
        const QByteArray after = readAll(m_target);
        QCOMPARE(after, expectedAfterRewrite(after));

        const Run undone = undo();
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readAll(m_target), m_base);
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).out.trimmed(), QByteArray("3"));
        QVERIFY(git({ QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s") }).out.startsWith("Revert \"fanva:"));
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain") }).out, QByteArray());
    }

    void otherStagedChangesStayStaged()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH (packaging/dev.sh installs it)");
        QCOMPARE(git({ QStringLiteral("init"), QStringLiteral("-q") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("add"), QStringLiteral("CxAnimals.txt") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("start") }).exitCode, 0);
        writeAll(m_kb + QStringLiteral("/notes.md"), "staged by the user\n");
        QCOMPARE(git({ QStringLiteral("add"), QStringLiteral("notes.md") }).exitCode, 0);
        const QString session = rewrite(QStringLiteral("staged.fanva"));
        QVERIFY(!session.isEmpty());
        const Run applied = apply(session, { QStringLiteral("--git") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QCOMPARE(git({ QStringLiteral("show"), QStringLiteral("--name-only"), QStringLiteral("--format="), QStringLiteral("HEAD") })
                     .out.trimmed(),
            QByteArray("CxAnimals.txt"));
        QCOMPARE(git({ QStringLiteral("diff"), QStringLiteral("--cached"), QStringLiteral("--name-only") }).out.trimmed(),
            QByteArray("notes.md"));
        // git revert refuses with a staged change: Undo restores the bytes and commits the file alone.
        const Run undone = undo();
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readAll(m_target), m_base);
        QVERIFY(git({ QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s") })
                    .out.startsWith("fanva: undo CxAnimals.txt"));
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).out.trimmed(), QByteArray("3"));
        QCOMPARE(git({ QStringLiteral("diff"), QStringLiteral("--cached"), QStringLiteral("--name-only") }).out.trimmed(),
            QByteArray("notes.md"));
        QCOMPARE(
            git({ QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--"), QStringLiteral("CxAnimals.txt") }).out,
            QByteArray());
    }

    void uncommittedChangesAreWrittenNotCommitted()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH (packaging/dev.sh installs it)");
        QCOMPARE(git({ QStringLiteral("init"), QStringLiteral("-q") }).exitCode, 0);
        const QByteArray committed = m_base;
        writeAll(m_target, committed.left(committed.size() - s_residents.size()));
        QCOMPARE(git({ QStringLiteral("add"), QStringLiteral("CxAnimals.txt") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("start") }).exitCode, 0);
        writeAll(m_target, m_base); // the residents are an uncommitted change
        const QString session = rewrite(QStringLiteral("dirty.fanva"));
        QVERIFY(!session.isEmpty());
        const Run applied = apply(session, { QStringLiteral("--git") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.err.contains("had uncommitted changes: written, not committed"), applied.err.constData());
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).out.trimmed(), QByteArray("1"));
        QVERIFY(undo().exitCode == 0);
        QCOMPARE(readAll(m_target), m_base);
    }

    // L11: a wait for another Apply's lock is said, not kept silent.
    void waitForTheLockIsSaid()
    {
        const QString flock = QStandardPaths::findExecutable(QStringLiteral("flock"));
        if (flock.isEmpty())
            QSKIP("flock (util-linux) is not on the PATH");
        const QString session = m_dir.filePath(QStringLiteral("wait.fanva"));
        QCOMPARE(cli({ QStringLiteral("retract"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"), QStringLiteral("CxAnimals"),
                         QStringLiteral("--lines"), QString::number(m_fliesLine), QStringLiteral("--out"), session })
                     .exitCode,
            0);
        // The lock file of CxAnimals.txt beside the journal (filelock.cpp kbFileLockPath).
        const QString key = QFileInfo(m_kb).canonicalFilePath() + QStringLiteral("/CxAnimals.txt");
        const QString lock = QFileInfo(m_journal).absolutePath() + QStringLiteral("/locks/")
            + QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex().left(32))
            + QStringLiteral(".lock");
        QVERIFY(QDir().mkpath(QFileInfo(lock).absolutePath()));
        QProcess holder;
        holder.start(flock, { lock, QStringLiteral("sleep"), QStringLiteral("2") });
        QVERIFY(holder.waitForStarted());
        QTest::qWait(300); // flock has the lock before Apply asks for it
        const Run applied = apply(session, { QStringLiteral("--no-git") });
        QVERIFY(holder.waitForFinished(10000));
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.err.contains("fanva-cli apply: Waiting for another Apply to CxAnimals.txt…\n"), applied.err.constData());
        QCOMPARE(undo({ QStringLiteral("--no-git") }).exitCode, 0); // the journal is shared with the next test
    }

    // M12: git runs in a work tree only once `--git` allowed it there; the note says how.
    void gitRunsOnceAllowed()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH (packaging/dev.sh installs it)");
        QCOMPARE(git({ QStringLiteral("init"), QStringLiteral("-q") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("add"), QStringLiteral("CxAnimals.txt") }).exitCode, 0);
        QCOMPARE(git({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("start") }).exitCode, 0);
        const QString session = rewrite(QStringLiteral("consent.fanva"));
        QVERIFY(!session.isEmpty());
        const Run applied = apply(session);
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        QVERIFY2(applied.err.contains("where Fanva has not been allowed to run git"), applied.err.constData());
        QVERIFY2(applied.err.contains("fanva-cli apply --git"), applied.err.constData());
        QCOMPARE(git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).out.trimmed(), QByteArray("1"));
        QCOMPARE(
            cli({ QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--git"), QStringLiteral("--no-git") }).exitCode, 2);

        // M1: --file and --id name the Apply to undo; a failure says which one it tried.
        const Run byName = undo({ QStringLiteral("--file"), QStringLiteral("CxOther.txt") });
        QCOMPARE(byName.exitCode, 1);
        QVERIFY2(byName.err.contains("Nothing to undo"), byName.err.constData());
        writeAll(m_target, readAll(m_target) + ";; by hand\n");
        const Run changed = undo({ QStringLiteral("--file"), QStringLiteral("CxAnimals.txt") });
        QCOMPARE(changed.exitCode, 1);
        QVERIFY2(changed.err.contains("changed since the Apply; undo would lose those edits"), changed.err.constData());
        QVERIFY2(changed.err.contains("the Apply tried is "), changed.err.constData());
        const QByteArray id = QRegularExpression(QStringLiteral("the Apply tried is (\\S+) to "))
                                  .match(QString::fromUtf8(changed.err))
                                  .captured(1)
                                  .toUtf8();
        QVERIFY(!id.isEmpty());
        QByteArray restored = readAll(m_target);
        restored.chop(int(qstrlen(";; by hand\n")));
        writeAll(m_target, restored);
        const Run undone = undo({ QStringLiteral("--id"), QString::fromUtf8(id), QStringLiteral("--git") });
        QVERIFY2(undone.exitCode == 0, undone.err.constData());
        QCOMPARE(readAll(m_target), m_base);
    }
};

QTEST_GUILESS_MAIN(TstCliRewrite)
#include "tst_cli_rewrite.moc"
