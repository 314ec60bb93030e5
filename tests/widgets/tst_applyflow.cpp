// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// ApplyFlow, the window's Apply and Undo Apply without a MainWindow: a formalized entry written
// and its file restored byte for byte, a close that waits for the running Apply, and git's
// question asked once per work tree (a cancel starts nothing; a refusal is remembered and keeps
// git off there).

#include "review/applyresultbar.h"
#include "review/reviewcontroller.h"
#include "widgettesting.h"
#include "window/applyflow.h"

#include "proposal/gitconsent.h"

#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <deque>
#include <optional>

namespace {

using fanva::testing::ScriptedDemo;

/// Mango's weight, the only candidate.
nlohmann::json mangoScript()
{
    return ScriptedDemo::script(
        { { { "text", fanva::testing::candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } } });
}

/// Accepts the entry whose sentence names Mango; false when there is none.
bool acceptMango(ReviewController &review)
{
    for (const fanva::proposal::Entry &e : review.proposal().entries) {
        if (e.sentence().contains(QStringLiteral("Mango")))
            return review.accept(e.id);
    }
    return false;
}

/// git's standard output in @p folder, trimmed; nullopt when git failed.
std::optional<QString> git(const QString &folder, const QStringList &args)
{
    QProcess process;
    process.setWorkingDirectory(folder);
    process.start(QStandardPaths::findExecutable(QStringLiteral("git")), args);
    if (!process.waitForFinished(30000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0)
        return std::nullopt;
    return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
}

} // namespace

class TstApplyFlow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Git consent (gitconsent.h) is kept in the user's configuration folder: a temporary one.
    void initTestCase()
    {
        QVERIFY(m_config.isValid());
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_config.path()));
    }

    void applyUndoAndClose()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        QVERIFY(acceptMango(review));
        QWidget window;
        auto *status = new QStatusBar(&window);
        auto *bar = new ApplyResultBar(&window);
        ApplyFlow flow(&review, bar, status, &window);
        flow.setInteractive(false);
        QSignalSpy running(&flow, &ApplyFlow::runningChanged);
        QSignalSpy applied(&flow, &ApplyFlow::applyFinished);
        QSignalSpy undone(&flow, &ApplyFlow::undoApplyFinished);
        QSignalSpy closing(&flow, &ApplyFlow::closeRequested);
        QVERIFY(!flow.deferClose()); // nothing runs: the window may close

        QVERIFY(flow.apply());
        QVERIFY(review.isApplying());
        // Closing the window while the Apply runs waits for it, and says so.
        QVERIFY(flow.deferClose());
        QVERIFY2(
            status->currentMessage().startsWith(QStringLiteral("Fanva closes once this is over")), qPrintable(status->currentMessage()));
        QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 30000);
        QCOMPARE(applied.constFirst().constFirst().toBool(), true);
        QTRY_COMPARE(closing.count(), 1);
        QVERIFY(running.count() >= 2);
        QVERIFY(fanva::testing::readAll(demo.targetPath()).contains("(weightInKg Mango 1)"));
        QVERIFY(!bar->isHidden());
        // Nothing left to write: no Apply, the status bar says why.
        QVERIFY(!flow.apply());

        QVERIFY(flow.undo());
        QTRY_COMPARE_WITH_TIMEOUT(undone.count(), 1, 30000);
        QCOMPARE(undone.constFirst().constFirst().toBool(), true);
        QCOMPARE(fanva::testing::readAll(demo.targetPath()), demo.originalTarget());
        QCOMPARE(closing.count(), 1); // no close was asked for this time
    }

    void gitIsAskedOncePerWorkTree()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not on the PATH");
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString tree = demo.workspace();
        for (const QStringList &args : { QStringList { QStringLiteral("init"), QStringLiteral("-q") },
                 { QStringLiteral("config"), QStringLiteral("user.name"), QStringLiteral("Fanva Test") },
                 { QStringLiteral("config"), QStringLiteral("user.email"), QStringLiteral("test@example.invalid") },
                 { QStringLiteral("config"), QStringLiteral("commit.gpgsign"), QStringLiteral("false") },
                 { QStringLiteral("add"), QStringLiteral(".") },
                 { QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("base") } })
            QVERIFY(git(tree, args));
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        QVERIFY(acceptMango(review));
        review.setGitCommits(true);
        QWidget window;
        ApplyFlow flow(&review, new ApplyResultBar(&window), new QStatusBar(&window), &window);
        flow.setInteractive(false);
        QStringList asked;
        std::deque<std::optional<fanva::proposal::GitConsent>> answers { std::nullopt, fanva::proposal::GitConsent::Refused };
        flow.setGitConsentChooser([&asked, &answers](const QString &root) {
            asked.append(root);
            const std::optional<fanva::proposal::GitConsent> answer = answers.front();
            answers.pop_front();
            return answer;
        });
        QSignalSpy applied(&flow, &ApplyFlow::applyFinished);
        QSignalSpy undone(&flow, &ApplyFlow::undoApplyFinished);

        // Cancelled: nothing starts, nothing is remembered.
        QVERIFY(!flow.apply());
        QVERIFY(!review.isApplying());
        QCOMPARE(asked.size(), 1);
        const QString root = asked.constFirst();
        QCOMPARE(QDir(root).canonicalPath(), QDir(tree).canonicalPath());
        QCOMPARE(fanva::proposal::gitConsent(root), fanva::proposal::GitConsent::Unknown);

        // Refused: the Apply writes the file, git stays off there, and the answer is kept.
        QVERIFY(flow.apply());
        QTRY_COMPARE_WITH_TIMEOUT(applied.count(), 1, 30000);
        QCOMPARE(applied.constFirst().constFirst().toBool(), true);
        QCOMPARE(asked.size(), 2);
        QCOMPARE(fanva::proposal::gitConsent(root), fanva::proposal::GitConsent::Refused);
        QCOMPARE(git(tree, { QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }), QStringLiteral("1"));

        // The work tree has its answer: Undo Apply asks nobody.
        QVERIFY(flow.undo());
        QTRY_COMPARE_WITH_TIMEOUT(undone.count(), 1, 30000);
        QCOMPARE(undone.constFirst().constFirst().toBool(), true);
        QCOMPARE(asked.size(), 2);
        QCOMPARE(fanva::testing::readAll(demo.targetPath()), demo.originalTarget());
    }

private:
    QTemporaryDir m_config;
};

QTEST_MAIN(TstApplyFlow)
#include "tst_applyflow.moc"
