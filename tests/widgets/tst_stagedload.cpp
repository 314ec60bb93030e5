// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Issue 20's window: usable while the KB loads. What needs the KB waits and says so; once the
// KB is there, the browser lists a large context's terms in the background with a progress bar,
// and the event-loop probe the benchmark measures this with sees a stalled loop.
#include "common/eventloopprobe.h"
#include "kbbrowser/fanvakb/kbbrowsermodels.h"
#include "kbbrowser/kbbrowser.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"

#include <QAction>
#include <QElapsedTimer>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace fanva;

namespace {

const QString s_demo = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo");
const QString s_exampleKb = QStringLiteral(FANVA_TEST_DATA_DIR "/kb/example");

QStringList termsListed(const KbBrowser &browser)
{
    const auto *list = browser.findChild<QTreeView *>(QStringLiteral("kbTermList"));
    QStringList terms;
    for (int row = 0; row < list->model()->rowCount(); ++row)
        terms.append(list->model()->index(row, KbTermModel::TermColumn).data().toString());
    return terms;
}

} // namespace

class TstStagedLoad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // While the first KB of a workspace loads, Formalize, Look Up Term and New Sentence are off
    // and their tips say they wait for it; once it is loaded they are on, with their usual tips.
    void actionsWaitForTheKb()
    {
        QTemporaryDir dir;
        QVERIFY(fanva::testing::copyTree(s_demo, dir.path()));
        MainWindow window;
        window.setInteractive(false);
        QSignalSpy loaded(&window, &MainWindow::kbLoaded);
        QVERIFY(window.openWorkspace(dir.path()));
        // The load's result comes through the event loop, which has not turned yet.
        QVERIFY(window.isKbLoading());
        const QStringList names { QStringLiteral("actionFormalize"), QStringLiteral("actionFormalizeSelection"),
            QStringLiteral("actionLookUpTerm"), QStringLiteral("actionNewSentence") };
        for (const QString &name : names) {
            const auto *action = window.findChild<QAction *>(name);
            QVERIFY2(action, qPrintable(name));
            QVERIFY2(!action->isEnabled(), qPrintable(name));
            QVERIFY2(action->statusTip().contains(QStringLiteral("waits for the KB to finish loading")), qPrintable(action->statusTip()));
        }
        auto *progress = window.findChild<QProgressBar *>(QStringLiteral("kbProgress"));
        QVERIFY(!progress->isHidden());
        QVERIFY(progress->format().startsWith(QStringLiteral("Loading KB")));

        QVERIFY(loaded.wait());
        for (const QString &name : names) {
            const auto *action = window.findChild<QAction *>(name);
            QVERIFY2(action->isEnabled(), qPrintable(name));
            QVERIFY2(!action->statusTip().contains(QStringLiteral("waits")), qPrintable(action->statusTip()));
        }
        // A reload keeps the loaded KB usable: nothing waits for it.
        window.kbLoader()->reload();
        QVERIFY(window.isKbLoading());
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionLookUpTerm"))->isEnabled());
        QVERIFY(loaded.wait());
    }

    // A context at or above the browser's threshold is listed in the background: the browser
    // shows it (its page, its row in the tree) at once, a progress bar over an empty term list,
    // and the terms when they are ready, the shown term selected.
    void browserListsALargeContextInTheBackground()
    {
        const auto knowledge = kb::loadKnowledgeBase(s_exampleKb).kb;
        QVERIFY(knowledge);
        KbBrowser browser;
        browser.setBackgroundThreshold(1);
        QSignalSpy started(&browser, &KbBrowser::indexingStarted);
        QSignalSpy finished(&browser, &KbBrowser::indexingFinished);
        browser.setKb(lang::fanvaKbOver(knowledge), {}, QStringLiteral("CxBirds"));
        QCOMPARE(browser.currentContext(), QStringLiteral("CxBirds"));
        QVERIFY(browser.isIndexing());
        QCOMPARE(started.count(), 1);
        QCOMPARE(started.constFirst().constFirst().toString(), QStringLiteral("CxBirds"));
        auto *progress = browser.findChild<QProgressBar *>(QStringLiteral("kbTermProgress"));
        QVERIFY(progress);
        QVERIFY(!progress->isHidden());
        QVERIFY(progress->format().contains(QStringLiteral("CxBirds")));
        QVERIFY(termsListed(browser).isEmpty());
        // A term page does not wait for the list.
        QVERIFY(browser.showTerm(QStringLiteral("penguin")));
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));

        QVERIFY(finished.wait());
        QVERIFY(!browser.isIndexing());
        QVERIFY(progress->isHidden());
        const QStringList terms = termsListed(browser);
        QVERIFY(terms.contains(QStringLiteral("Tweety")));
        QVERIFY(!terms.contains(QStringLiteral("Nemo"))); // a fish, in CxFish
        const auto *list = browser.findChild<QTreeView *>(QStringLiteral("kbTermList"));
        QCOMPARE(list->currentIndex().data().toString(), QStringLiteral("penguin"));
        // The same rows as a listing on the GUI thread.
        KbTermModel direct;
        direct.setContext(knowledge, kb::intern("CxBirds"));
        QCOMPARE(terms.size(), direct.rowCount());

        // A reload lists the context again, its old list shown until the new one is in.
        browser.setKb(lang::fanvaKbOver(kb::loadKnowledgeBase(s_exampleKb).kb));
        QVERIFY(browser.isIndexing());
        QCOMPARE(termsListed(browser), terms);
        QVERIFY(finished.wait());
        QCOMPARE(termsListed(browser), terms);
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));
    }

    // A newer context supersedes a listing still running: only its terms are shown.
    void newerContextSupersedesTheListing()
    {
        const auto knowledge = kb::loadKnowledgeBase(s_exampleKb).kb;
        KbBrowser browser;
        browser.setBackgroundThreshold(1);
        QSignalSpy finished(&browser, &KbBrowser::indexingFinished);
        browser.setKb(lang::fanvaKbOver(knowledge), {}, QStringLiteral("CxBirds"));
        QVERIFY(browser.setCurrentContext(QStringLiteral("CxFish")));
        QVERIFY(browser.isIndexing());
        QVERIFY(finished.wait());
        QCOMPARE(finished.count(), 1);
        QVERIFY(termsListed(browser).contains(QStringLiteral("Nemo")));
        QVERIFY(!termsListed(browser).contains(QStringLiteral("Tweety")));
        // Dropping the KB ends a listing too.
        QVERIFY(browser.setCurrentContext(QStringLiteral("CxBirds")));
        QVERIFY(browser.isIndexing());
        browser.setKb(nullptr);
        QVERIFY(!browser.isIndexing());
        QCOMPARE(finished.count(), 2);
        QVERIFY(termsListed(browser).isEmpty());
    }

    // The window: the target context is usable (Formalize on) at kbLoaded(), while the browser
    // still lists its terms and the status bar says so; kbIndexed() follows.
    void windowIsUsableBeforeItsIndexesAreDone()
    {
        QTemporaryDir dir;
        QVERIFY(fanva::testing::copyTree(s_demo, dir.path()));
        MainWindow window;
        window.setInteractive(false);
        window.kbBrowser()->setBackgroundThreshold(1);
        auto *progress = window.findChild<QProgressBar *>(QStringLiteral("kbProgress"));
        bool indexingAtLoad = false;
        bool formalizeAtLoad = false;
        QString progressAtLoad;
        connect(&window, &MainWindow::kbLoaded, this, [&] {
            indexingAtLoad = window.isKbIndexing();
            formalizeAtLoad = window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled();
            progressAtLoad = progress->isHidden() ? QString() : progress->format();
        });
        QSignalSpy loaded(&window, &MainWindow::kbLoaded);
        QSignalSpy indexed(&window, &MainWindow::kbIndexed);
        QVERIFY(window.openWorkspace(dir.path()));
        QVERIFY(loaded.wait());
        QVERIFY(indexingAtLoad);
        QVERIFY(formalizeAtLoad);
        QVERIFY2(progressAtLoad.startsWith(QStringLiteral("Indexing CxAnimals")), qPrintable(progressAtLoad));
        QCOMPARE(window.kbBrowser()->currentContext(), QStringLiteral("CxAnimals"));
        QVERIFY(indexed.count() == 1 || indexed.wait());
        QVERIFY(!window.isKbIndexing());
        QVERIFY(progress->isHidden());
        QVERIFY(!termsListed(*window.kbBrowser()).isEmpty());
    }

    // The probe counts the probes the loop handles, stops counting when stopped, and sees a
    // stall: a probe posted early in a busy stretch waits until its end.
    void probeSeesAStalledLoop()
    {
        EventLoopProbe probe;
        probe.start(std::chrono::milliseconds(2));
        QTRY_VERIFY(probe.summary().probes >= 5);
        bool postedEarly = false;
        QElapsedTimer busy;
        for (int attempt = 0; attempt < 20 && !postedEarly; ++attempt) {
            const int before = probe.posted();
            busy.start();
            while (!busy.hasExpired(150)) {
                if (!postedEarly && busy.elapsed() < 40 && probe.posted() > before)
                    postedEarly = true;
            }
        }
        QVERIFY(postedEarly);
        QTRY_VERIFY(probe.summary().maxMs >= 100);
        probe.stop();
        QVERIFY(!probe.isRunning());
        const EventLoopProbe::Summary stopped = probe.summary();
        QVERIFY(stopped.p50Ms <= stopped.p99Ms && stopped.p99Ms <= stopped.maxMs);
        QVERIFY(stopped.over50Ms >= 1);
    }
};

QTEST_MAIN(TstStagedLoad)

#include "tst_stagedload.moc"
