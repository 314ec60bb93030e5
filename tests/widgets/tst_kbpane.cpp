// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// KbPane, the window's KB without a MainWindow: a copy of the demo KB loaded in the background,
// shown in the browser on the target context and indexed (at once, or in the background with its
// progress in the bar); a reload that is not fresh, a KB that fails to load, no KB folder, and a
// KB shown by file that opens the dock.

#include "kbbrowser/kbbrowser.h"
#include "widgettesting.h"
#include "window/kbpane.h"
#include "window/workspace.h"

#include "lang/language.h"
#include "lang/registry.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QProgressBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

class TstKbPane : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void loadsAndIndexes_data()
    {
        QTest::addColumn<bool>("inBackground");
        QTest::addRow("indexed at once") << false;
        QTest::addRow("indexed in the background") << true;
    }

    void loadsAndIndexes()
    {
        QFETCH(bool, inBackground);
        QTemporaryDir dir;
        QVERIFY(fanva::testing::copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), dir.path()));
        QMainWindow window;
        KbPane pane(&window, [] { return QStringLiteral("CxAnimals"); });
        QVERIFY(pane.dock()->isHidden());
        QVERIFY(pane.progressBar()->isHidden());
        if (inBackground)
            pane.browser()->setBackgroundThreshold(1); // every context's terms listed off the GUI thread
        QSignalSpy started(&pane, &KbPane::started);
        QSignalSpy loaded(&pane, &KbPane::loaded);
        QSignalSpy indexed(&pane, &KbPane::indexed);
        QSignalSpy failed(&pane, &KbPane::failed);
        // What the pane says at loaded(): the indexing may be done before the test looks again.
        bool indexingAtLoad = false;
        QString progressAtLoad;
        connect(&pane, &KbPane::loaded, this, [&] {
            indexingAtLoad = pane.isIndexing();
            progressAtLoad = pane.progressBar()->isHidden() ? QString() : pane.progressBar()->format();
        });

        pane.load(QDir(dir.path()).filePath(QStringLiteral("kb")));
        QCOMPARE(started.count(), 1);
        QVERIFY(pane.waitsForKb());
        QVERIFY(!pane.progressBar()->isHidden());
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(loaded.constFirst().constFirst().toBool(), true); // a newly opened folder
        QVERIFY(!pane.waitsForKb());
        QVERIFY(pane.loader()->hasKb());
        QCOMPARE(pane.browser()->kb(), pane.loader()->seamKb());
        QCOMPARE(pane.browser()->currentContext(), QStringLiteral("CxAnimals"));
        QCOMPARE(indexingAtLoad, inBackground);
        if (inBackground)
            QVERIFY2(progressAtLoad.startsWith(QStringLiteral("Indexing CxAnimals")), qPrintable(progressAtLoad));
        else
            QCOMPARE(indexed.count(), 1); // right after loaded()
        QTRY_COMPARE_WITH_TIMEOUT(indexed.count(), 1, 20000);
        QVERIFY(!pane.isIndexing());
        QVERIFY(pane.progressBar()->isHidden());
        QCOMPARE(failed.count(), 0);
        // A fanva-kb KB shows in its pages, not by file: the dock stays as it was.
        QVERIFY(pane.dock()->isHidden());

        // A reload (a file saved, Apply) is no newly opened folder.
        pane.loader()->reload();
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 2, 20000);
        QCOMPARE(loaded.constLast().constFirst().toBool(), false);
        QTRY_COMPARE_WITH_TIMEOUT(indexed.count(), 2, 20000);
    }

    void failureSaysWhy()
    {
        QTemporaryDir dir;
        QVERIFY(fanva::testing::writeFile(dir.filePath(QStringLiteral("CxBroken.txt")), "(bird Tweety\n"));
        QMainWindow window;
        KbPane pane(&window, [] { return QString(); });
        QSignalSpy failed(&pane, &KbPane::failed);
        QSignalSpy loaded(&pane, &KbPane::loaded);
        pane.load(dir.path());
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 20000);
        QVERIFY(failed.constFirst().at(0).toString().contains(QStringLiteral("CxBroken.txt")));
        QCOMPARE(failed.constFirst().at(1).toBool(), true);
        QCOMPARE(loaded.count(), 0);
        QVERIFY(!pane.waitsForKb());
        QVERIFY(!pane.isIndexing());
        QVERIFY(pane.progressBar()->isHidden());
        QVERIFY(!pane.browser()->kb());
    }

    void noFolderNoKb()
    {
        QMainWindow window;
        KbPane pane(&window, [] { return QString(); });
        QSignalSpy started(&pane, &KbPane::started);
        pane.load(QString());
        QCOMPARE(started.count(), 0);
        QVERIFY(!pane.loader()->isLoading());
        QVERIFY(!pane.loader()->hasKb());
        QVERIFY(!pane.waitsForKb());
    }

    // A KB the browser shows by file is read and edited there: its first load opens the dock.
    void nibliOpensTheDockWhenShownByFile()
    {
        const fanva::lang::Language *nibli = fanva::lang::languageById(u"nibli");
        if (!nibli)
            QSKIP("this build has no nibli language");
        QTemporaryDir dir;
        QVERIFY(fanva::testing::copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli"), dir.path()));
        QMainWindow window;
        KbPane pane(&window, [] { return QStringLiteral("millbrook"); });
        pane.loader()->setLanguage(*nibli);
        QSignalSpy loaded(&pane, &KbPane::loaded);
        pane.load(QDir(dir.path()).filePath(QStringLiteral("kb")));
        QTRY_COMPARE_WITH_TIMEOUT(loaded.count(), 1, 20000);
        QCOMPARE(pane.loader()->seamKb()->language().id(), QStringLiteral("nibli"));
        QCOMPARE(!pane.dock()->isHidden(), pane.browser()->showsStatements());
    }
};

QTEST_MAIN(TstKbPane)
#include "tst_kbpane.moc"
