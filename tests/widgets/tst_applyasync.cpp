// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Apply and Undo Apply from the window never block the GUI thread on git or a lock (issue 33,
// audit M3/L11): while a slow git hook runs, the event loop keeps turning, the status bar and a
// small progress dialog say what Fanva waits for, and the actions that would conflict are off.
#include "widgettesting.h"
#include "window/mainwindow.h"

#include "proposal/gitconsent.h"
#include "review/applyrunner.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QProcess>
#include <QProgressDialog>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <optional>

using namespace fanva;
using fanva::testing::candidatesReply;
using fanva::testing::readAll;
using fanva::testing::ScriptedDemo;
using fanva::testing::writeFile;

namespace {

/// The longest the GUI thread's event loop went without running a 20 ms timer, from start()
/// on: a loop blocked by git shows as a gap as long as the hook.
class LoopWatch final
{
public:
    LoopWatch()
    {
        QObject::connect(&m_timer, &QTimer::timeout, &m_timer, [this] { tick(); });
        m_clock.start();
        m_timer.start(20);
    }
    [[nodiscard]] qint64 longestGapMs()
    {
        tick();
        return m_longest;
    }
    [[nodiscard]] int ticks() const { return m_ticks; }

private:
    void tick()
    {
        const qint64 now = m_clock.elapsed();
        m_longest = std::max(m_longest, now - m_last);
        m_last = now;
        ++m_ticks;
    }

    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_last = 0;
    qint64 m_longest = 0;
    int m_ticks = 0;
};

/// The scripted demo in a git repository whose hooks sleep @p hookSeconds before every commit
/// and revert (prepare-commit-msg runs for both).
class SlowGitDemo final
{
public:
    explicit SlowGitDemo(int hookSeconds)
        : m_demo(ScriptedDemo::script({ { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
            { { "when", { { "purpose", "judge" } } }, { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"agree\"}]}" } } }))
    {
        m_git = QStandardPaths::findExecutable(QStringLiteral("git"));
        if (m_git.isEmpty() || !m_demo.isValid())
            return;
        for (const QStringList &args : { QStringList { QStringLiteral("init"), QStringLiteral("-q") },
                 { QStringLiteral("config"), QStringLiteral("user.name"), QStringLiteral("Fanva Test") },
                 { QStringLiteral("config"), QStringLiteral("user.email"), QStringLiteral("test@example.invalid") },
                 { QStringLiteral("config"), QStringLiteral("commit.gpgsign"), QStringLiteral("false") },
                 { QStringLiteral("add"), QStringLiteral(".") },
                 { QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("base") } }) {
            if (!run(args))
                return;
        }
        const QString hook = QDir(m_demo.workspace()).filePath(QStringLiteral(".git/hooks/prepare-commit-msg"));
        m_valid = writeFile(hook, QStringLiteral("#!/bin/sh\nsleep %1\n").arg(hookSeconds).toUtf8())
            && QFile::setPermissions(hook, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    }

    [[nodiscard]] bool hasGit() const { return !m_git.isEmpty(); }
    [[nodiscard]] bool isValid() const { return m_valid; }
    [[nodiscard]] ScriptedDemo &demo() { return m_demo; }
    /// git's standard output, trimmed; nullopt when git failed.
    [[nodiscard]] std::optional<QString> run(const QStringList &args) const
    {
        QProcess process;
        process.setWorkingDirectory(m_demo.workspace());
        process.start(m_git, args);
        if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
            return std::nullopt;
        return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
    }
    [[nodiscard]] int commits() const
    {
        return run({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }).value_or(QString()).toInt();
    }
    [[nodiscard]] bool indexLocked() const { return QFile::exists(QDir(m_demo.workspace()).filePath(QStringLiteral(".git/index.lock"))); }

private:
    ScriptedDemo m_demo;
    QString m_git;
    bool m_valid = false;
};

/// The id of the entry whose sentence names Mango.
QString mangoIn(const ReviewController &review)
{
    for (const proposal::Entry &e : review.proposal().entries) {
        if (e.sentence().contains(QStringLiteral("Mango")))
            return e.id;
    }
    return {};
}

} // namespace

class TstApplyAsync final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Git consent (gitconsent.h) is kept in the user's configuration folder: a temporary one.
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    }

    // Apply then Undo Apply of a formalized entry with a git hook that sleeps 3 s each time.
    void applyAndUndoLeaveTheWindowResponsive()
    {
        SlowGitDemo git(3);
        if (!git.hasGit())
            QSKIP("git is not on the PATH");
        QVERIFY(git.isValid());
        ScriptedDemo &demo = git.demo();
        const QByteArray before = demo.originalTarget();
        MainWindow window;
        QVERIFY(demo.formalize(window));
        window.review()->setGitCommits(true);
        window.setGitConsentChooser([](const QString &) { return proposal::GitConsent::Allowed; });
        const QString mango = mangoIn(*window.review());
        QVERIFY(!mango.isEmpty());
        QVERIFY(window.review()->accept(mango));
        const auto action = [&window](const char *name) { return window.findChild<QAction *>(QLatin1String(name)); };
        const auto decision = [&window, &mango] { return window.review()->proposal().entry(mango)->decision; };
        QCOMPARE(git.commits(), 1);

        LoopWatch applying;
        QVERIFY(action("actionApply")->isEnabled());
        action("actionApply")->trigger();
        // The Apply waits for git off the GUI thread: what would conflict is off meanwhile, and
        // the status bar, then a small dialog, say what it waits for.
        QVERIFY(!action("actionApply")->isEnabled());
        QVERIFY(!action("actionUndoApply")->isEnabled());
        QVERIFY(!action("actionFormalize")->isEnabled());
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("CxAnimals.txt")),
            qPrintable(window.statusBar()->currentMessage()));
        QTRY_VERIFY(window.findChild<QProgressDialog *>(QStringLiteral("applyProgress"))
            && window.findChild<QProgressDialog *>(QStringLiteral("applyProgress"))->isVisible());
        QTRY_COMPARE_WITH_TIMEOUT(decision(), formalize::Decision::Applied, 30000);
        qInfo("longest GUI-thread stall during the Apply: %lld ms", applying.longestGapMs());
        QVERIFY2(applying.longestGapMs() < 1500, qPrintable(QStringLiteral("the GUI thread stalled %1 ms").arg(applying.longestGapMs())));
        QCOMPARE(git.commits(), 2);
        QVERIFY(readAll(demo.targetPath()).contains("(weightInKg Mango 1)"));
        QTRY_VERIFY(!window.findChild<QProgressDialog *>(QStringLiteral("applyProgress"))->isVisible());
        QVERIFY(action("actionUndoApply")->isEnabled());

        LoopWatch undoing;
        action("actionUndoApply")->trigger();
        QVERIFY(!action("actionUndoApply")->isEnabled());
        QVERIFY(!action("actionApply")->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(decision(), formalize::Decision::Accepted, 30000);
        qInfo("longest GUI-thread stall during the Undo Apply: %lld ms", undoing.longestGapMs());
        QVERIFY2(undoing.longestGapMs() < 1500, qPrintable(QStringLiteral("the GUI thread stalled %1 ms").arg(undoing.longestGapMs())));
        QCOMPARE(readAll(demo.targetPath()), before);
        QCOMPARE(git.commits(), 3);
        QVERIFY(!git.indexLocked());
        QVERIFY(action("actionApply")->isEnabled());
    }

    // Esc while the Apply waits for git asks the engine to stop waiting: the window says so,
    // and the Apply ends with the file and the proposal in step and git's index unlocked.
    void escapeStopsTheWait()
    {
        SlowGitDemo git(3);
        if (!git.hasGit())
            QSKIP("git is not on the PATH");
        QVERIFY(git.isValid());
        ScriptedDemo &demo = git.demo();
        const QByteArray before = demo.originalTarget();
        MainWindow window;
        QVERIFY(demo.formalize(window));
        window.review()->setGitCommits(true);
        window.setGitConsentChooser([](const QString &) { return proposal::GitConsent::Allowed; });
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QString mango = mangoIn(*window.review());
        QVERIFY(window.review()->accept(mango));

        QSignalSpy finished(&window, &MainWindow::applyFinished);
        QVERIFY(window.applyProposal());
        QVERIFY(window.review()->isApplying());
        QTest::keyClick(&window, Qt::Key_Escape);
        QVERIFY(window.review()->applyRunner()->isCancelled());
        QVERIFY2(
            window.statusBar()->currentMessage().startsWith(QStringLiteral("Stopping")), qPrintable(window.statusBar()->currentMessage()));
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
        QVERIFY(!window.review()->isApplying());
        QVERIFY(!git.indexLocked());
        // Cancelled before the rename nothing is written; after it, the file holds the Apply.
        const QByteArray after = readAll(demo.targetPath());
        const formalize::Decision decision = window.review()->proposal().entry(mango)->decision;
        if (after == before)
            QCOMPARE(decision, formalize::Decision::Accepted);
        else
            QVERIFY(after.contains("(weightInKg Mango 1)") && decision == formalize::Decision::Applied);
        window.setInteractive(false);
    }

    // The first Apply that would commit in a work tree asks whether git may run there (its
    // hooks and configured programs), naming the work tree; Return takes "Commit with git",
    // which is remembered: Undo Apply and later Applies do not ask again (audit M12).
    void gitIsAskedOnceByKeyboard()
    {
        SlowGitDemo git(0);
        if (!git.hasGit())
            QSKIP("git is not on the PATH");
        QVERIFY(git.isValid());
        ScriptedDemo &demo = git.demo();
        MainWindow window;
        QVERIFY(demo.formalize(window));
        window.review()->setGitCommits(true);
        window.setInteractive(true);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const QString mango = mangoIn(*window.review());
        QVERIFY(window.review()->accept(mango));
        const QString root = QFileInfo(demo.workspace()).canonicalFilePath();
        QCOMPARE(proposal::gitConsent(root), proposal::GitConsent::Unknown);

        // Every question is answered with Return: the Apply confirmation, and git's question.
        QStringList questions;
        QTimer answer;
        connect(&answer, &QTimer::timeout, &window, [&questions] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box || !box->isVisible())
                return;
            questions.append(box->text());
            QTest::keyClick(box, Qt::Key_Return);
        });
        answer.start(20);
        const auto gitQuestions = [&questions] {
            return std::count_if(questions.begin(), questions.end(), [](const QString &q) { return q.contains(QStringLiteral("hooks")); });
        };
        const auto decision = [&window, &mango] { return window.review()->proposal().entry(mango)->decision; };

        window.findChild<QAction *>(QStringLiteral("actionApply"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(decision(), formalize::Decision::Applied, 30000);
        QCOMPARE(gitQuestions(), 1);
        const QString asked
            = *std::find_if(questions.begin(), questions.end(), [](const QString &q) { return q.contains(QStringLiteral("hooks")); });
        QVERIFY2(asked.contains(QDir::toNativeSeparators(root)), qPrintable(asked));
        QCOMPARE(proposal::gitConsent(root), proposal::GitConsent::Allowed);
        QCOMPARE(git.commits(), 2);

        window.findChild<QAction *>(QStringLiteral("actionUndoApply"))->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(decision(), formalize::Decision::Accepted, 30000);
        QCOMPARE(gitQuestions(), 1);
        QCOMPARE(git.commits(), 3);
        QTRY_VERIFY(!window.review()->isApplying());
        window.setInteractive(false); // closes without asking to save the review
    }

private:
    QTemporaryDir m_config;
};

QTEST_MAIN(TstApplyAsync)
#include "tst_applyasync.moc"
