// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Apply and Undo as git commits (docs/spec/rewrite.md §5; reliability audit 2, M3–M5, M12, L8,
// L9, L14): git runs only in a work tree the user allowed, without the repository's fsmonitor;
// a slow hook is stopped with its process group and leaves no index.lock; a failed commit
// unstages what Fanva staged; a revert under line-ending attributes is an Undo; git's whole
// reason is kept; the trailer holds no absolute path; a detached HEAD is named.
#include "applytestbase.h"
#include "lang/fanvakb/fanvakb.h"
#include "proposal/apply.h"
#include "proposal/gitconsent.h"
#include "proposal/journal.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using proposal::ApplyStatus;
using proposal::GitConsent;
using proposal::Transaction;
using proposal::UndoResult;

class TstApplyGit : public fixture::ApplyTestBase
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

    QByteArray git(const QStringList &args, int *exitCode = nullptr) const
    {
        QProcess process;
        process.setWorkingDirectory(m_kb);
        process.start(QStringLiteral("git"), args);
        process.waitForFinished(60000);
        if (exitCode)
            *exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
        return process.readAllStandardOutput() + process.readAllStandardError();
    }
    int gitExit(const QStringList &args) const
    {
        int code = -1;
        (void)git(args, &code);
        return code;
    }
    int commitCount() const
    {
        return git({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).trimmed().toInt();
    }

    /// The KB folder as a work tree with everything committed, git allowed in it.
    void makeRepo(GitConsent consent = GitConsent::Allowed)
    {
        QCOMPARE(gitExit({ QStringLiteral("init"), QStringLiteral("-q") }), 0);
        QCOMPARE(gitExit({ QStringLiteral("add"), QStringLiteral("-A") }), 0);
        QCOMPARE(gitExit({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("start") }), 0);
        QVERIFY(proposal::setGitConsent(proposal::gitWorkTreeOf(m_target), consent));
    }

    void hook(const char *name, const QByteArray &script) const
    {
        const QString path = m_kb + QStringLiteral("/.git/hooks/") + QLatin1String(name);
        QVERIFY(fixture::writeAll(path, "#!/bin/sh\n" + script));
        QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    }

    proposal::ApplyOptions gitOptions()
    {
        proposal::ApplyOptions o = options();
        o.git = true;
        return o;
    }

    proposal::Proposal accepted()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        if (!p.accept(QStringLiteral("c1")))
            qFatal("c1 cannot be accepted");
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH (packaging/dev.sh installs it)");
        QVERIFY(m_home.isValid());
        // The consent store and git's own configuration: this test's alone.
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_home.filePath(QStringLiteral("config"))));
        qputenv("HOME", QFile::encodeName(m_home.path()));
        qputenv("GIT_CONFIG_NOSYSTEM", "1");
        qputenv("GIT_AUTHOR_NAME", "Fanva Test");
        qputenv("GIT_AUTHOR_EMAIL", "test@fanva.invalid");
        qputenv("GIT_COMMITTER_NAME", "Fanva Test");
        qputenv("GIT_COMMITTER_EMAIL", "test@fanva.invalid");
        QCoreApplication::setApplicationName(QStringLiteral("fanva"));
    }
    void init() { setUpFolder(); }

    // M12: without the user's word nothing runs, and the note says where and how to give it.
    void gitRunsOnlyWhereAllowed_data()
    {
        QTest::addColumn<int>("consent");
        QTest::addColumn<int>("commits");
        QTest::addColumn<bool>("note");
        QTest::addRow("unknown") << int(GitConsent::Unknown) << 1 << true;
        QTest::addRow("refused") << int(GitConsent::Refused) << 1 << false;
        QTest::addRow("allowed") << int(GitConsent::Allowed) << 2 << false;
    }
    void gitRunsOnlyWhereAllowed()
    {
        QFETCH(int, consent);
        QFETCH(int, commits);
        QFETCH(bool, note);
        makeRepo(GitConsent(consent));
        const QString ran = m_home.filePath(QStringLiteral("ran-%1").arg(consent));
        hook("pre-commit", "echo hook >> '" + QFile::encodeName(ran) + "'\n");
        proposal::Proposal p = accepted();
        const proposal::ApplyResult result = proposal::apply(p, gitOptions());
        QCOMPARE(result.status, ApplyStatus::Applied);
        QCOMPARE(commitCount(), commits);
        QCOMPARE(QFile::exists(ran), commits == 2);
        QCOMPARE(result.gitCommit.isEmpty(), commits == 1);
        if (note) {
            QVERIFY2(result.gitNote.contains(proposal::gitWorkTreeOf(m_target)), qPrintable(result.gitNote));
            QVERIFY2(result.gitNote.contains(QLatin1StringView("fanva-cli apply --git")), qPrintable(result.gitNote));
        } else {
            QCOMPARE(result.gitNote, QString());
        }
    }

    // M12: the queries run with the repository's fsmonitor off.
    void fsmonitorDoesNotRun()
    {
        makeRepo();
        const QString ran = m_home.filePath(QStringLiteral("fsmonitor-ran"));
        const QString script = m_home.filePath(QStringLiteral("fsmonitor.sh"));
        QVERIFY(fixture::writeAll(script, "#!/bin/sh\necho ran >> '" + QFile::encodeName(ran) + "'\nexit 1\n"));
        QVERIFY(QFile::setPermissions(script, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
        QCOMPARE(gitExit({ QStringLiteral("config"), QStringLiteral("core.fsmonitor"), script }), 0);
        proposal::Proposal p = accepted();
        const proposal::ApplyResult result = proposal::apply(p, gitOptions());
        QCOMPARE(result.status, ApplyStatus::Applied);
        QVERIFY2(!result.gitCommit.isEmpty(), qPrintable(result.gitNote));
        QCOMPARE(proposal::undoLast(m_journal, {}, true).status, UndoResult::Status::Undone);
        QVERIFY2(!QFile::exists(ran), fixture::readAll(ran).constData());
    }

    // M3: a hook that outlives the timeout or a Cancel is stopped with its process group; git
    // removes its index.lock; the file stays written and the journal committed.
    void slowHookIsStopped_data()
    {
        QTest::addColumn<bool>("cancel");
        QTest::addRow("timeout") << false;
        QTest::addRow("cancel") << true;
    }
    void slowHookIsStopped()
    {
        QFETCH(bool, cancel);
        makeRepo();
        hook("pre-commit", "sleep 30\n");
        proposal::Proposal p = accepted();
        proposal::ApplyOptions o = gitOptions();
        QStringList progress;
        QElapsedTimer clock;
        o.control.progress = [&](const QString &message) { progress.append(message); };
        o.control.cancelled = [&] { return cancel && clock.isValid() && clock.elapsed() > 1500; };
        if (!cancel)
            o.control.gitTimeoutMs = 1500;
        // The clock starts with the commit's first report: the queries before it are not cancelled.
        const auto startClock = o.control.progress;
        o.control.progress = [&](const QString &message) {
            if (!clock.isValid())
                clock.start();
            startClock(message);
        };
        QElapsedTimer total;
        total.start();
        const proposal::ApplyResult result = proposal::apply(p, o);
        QVERIFY2(total.elapsed() < 20000, "git was not stopped");
        QCOMPARE(result.status, ApplyStatus::Applied);
        QVERIFY(result.gitCommit.isEmpty());
        QVERIFY(progress.contains(QStringLiteral("git: running hooks…")));
        QVERIFY2(
            result.gitNote.contains(cancel ? QLatin1StringView("git was cancelled") : QLatin1StringView("did not finish within 1.5 s")),
            qPrintable(result.gitNote));
        QVERIFY(!QFile::exists(m_kb + QStringLiteral("/.git/index.lock")));
        QCOMPARE(gitExit({ QStringLiteral("add"), QStringLiteral("CxAnimals.txt") }), 0); // the index is not locked
        QCOMPARE(proposal::Journal(m_journal).transactions().front().state, Transaction::State::Committed);
    }

    /// An accepted proposal whose target CxAnimals.txt is absent from the committed work tree
    /// (the KB lives in CxLife.txt): Apply creates the file.
    proposal::Proposal newFileProposal()
    {
        makeRepo();
        if (!QFile::remove(m_target)
            || !fixture::writeAll(QDir(m_kb).filePath(QStringLiteral("CxLife.txt")),
                fixture::readAll(fixture::sourceDir() + QStringLiteral("/kb/CxAnimals.txt")).replace("CxAnimals", "CxLife")))
            qFatal("cannot move the KB to CxLife.txt");
        (void)git({ QStringLiteral("add"), QStringLiteral("-A") });
        (void)git({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("CxLife") });
        proposal::Proposal p = accepted();
        p.absent = true;
        p.baseSha256.clear();
        return p;
    }
    static std::vector<std::vector<lang::Problem>> letThrough(const lang::Kb &, const QString &, const QStringList &sentences)
    {
        return std::vector<std::vector<lang::Problem>>(sentences.size());
    }

    // M4 and L8: a refused commit of a file git did not know unstages it, with git's whole
    // reason; Undo then leaves no trace in the index either.
    void failedCommitUnstagesANewFile()
    {
        proposal::Proposal p = newFileProposal();
        hook("pre-commit", "echo 'the hook refuses:' >&2\necho 'no penguins on Mondays' >&2\nexit 1\n");
        proposal::ApplyOptions o = gitOptions();
        o.gate = letThrough;
        const proposal::ApplyResult result = proposal::apply(p, o);
        QVERIFY2(result.status == ApplyStatus::Applied, qPrintable(result.message));
        QCOMPARE(result.gitNote, QStringLiteral("git did not commit CxAnimals.txt: the hook refuses: no penguins on Mondays"));
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--"), QStringLiteral("CxAnimals.txt") }),
            QByteArray("?? CxAnimals.txt\n"));
        QCOMPARE(proposal::undoLast(m_journal, {}, true).status, UndoResult::Status::Undone);
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain") }), QByteArray());
    }

    // M4: Undo of an Apply that created a file nobody committed drops its index entry too.
    void undoOfANewFileLeavesNoIndexEntry()
    {
        proposal::Proposal p = newFileProposal();
        proposal::ApplyOptions o = options(); // without git: the user stages it by hand
        o.gate = letThrough;
        QCOMPARE(proposal::apply(p, o).status, ApplyStatus::Applied);
        QCOMPARE(gitExit({ QStringLiteral("add"), QStringLiteral("CxAnimals.txt") }), 0);
        const UndoResult undone = proposal::undoLast(m_journal, {}, true);
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QVERIFY(!QFile::exists(m_target));
        QCOMPARE(git({ QStringLiteral("status"), QStringLiteral("--porcelain") }), QByteArray());
    }

    // M5: git's revert is the Undo even when git checks the file out with other line endings.
    void revertUnderLineEndingAttributesIsAnUndo()
    {
        QVERIFY(fixture::writeAll(m_kb + QStringLiteral("/.gitattributes"), "*.txt text eol=crlf\n"));
        makeRepo();
        proposal::Proposal p = accepted();
        const proposal::ApplyResult applied = proposal::apply(p, gitOptions());
        QVERIFY2(!applied.gitCommit.isEmpty(), qPrintable(applied.gitNote));
        const UndoResult undone = proposal::undoLast(m_journal, {}, true);
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QVERIFY(undone.message.contains(QLatin1StringView("git revert")));
        QVERIFY(!undone.message.contains(QLatin1StringView("Nothing was written")));
        QCOMPARE(commitCount(), 3);
        QCOMPARE(proposal::Journal(m_journal).transactions().front().state, Transaction::State::Undone);
    }

    // L9: the trailer names the session relative to the work tree, or by its file name.
    void trailerHoldsNoAbsolutePath_data()
    {
        QTest::addColumn<bool>("inside");
        QTest::addRow("inside the work tree") << true;
        QTest::addRow("outside") << false;
    }
    void trailerHoldsNoAbsolutePath()
    {
        QFETCH(bool, inside);
        makeRepo();
        proposal::Proposal p = accepted();
        proposal::ApplyOptions o = gitOptions();
        o.sessionPath = inside ? m_kb + QStringLiteral("/reviews/winter.fanva") : m_home.filePath(QStringLiteral("winter.fanva"));
        QVERIFY(QDir().mkpath(QFileInfo(o.sessionPath).absolutePath()));
        QVERIFY(fixture::writeAll(o.sessionPath, "{}"));
        QVERIFY(!proposal::apply(p, o).gitCommit.isEmpty());
        const QByteArray message = git({ QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%B") });
        QVERIFY2(
            message.contains(inside ? "\nFanva-Session: reviews/winter.fanva\n" : "\nFanva-Session: winter.fanva\n"), message.constData());
    }

    // L14: a commit on a detached HEAD is made, and said.
    void detachedHeadIsNamed()
    {
        makeRepo();
        QCOMPARE(gitExit({ QStringLiteral("checkout"), QStringLiteral("-q"), QStringLiteral("--detach") }), 0);
        proposal::Proposal p = accepted();
        const proposal::ApplyResult result = proposal::apply(p, gitOptions());
        QVERIFY(!result.gitCommit.isEmpty());
        QVERIFY2(result.gitNote.contains(QLatin1StringView("detached HEAD")), qPrintable(result.gitNote));
    }
};

QTEST_GUILESS_MAIN(TstApplyGit)
#include "tst_applygit.moc"
