// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The window's target context chooser (issue 16 item 4): the KB's contexts, the current one
// first; choosing one with the keyboard makes it the target; a review keeps its target.
// File ▸ New Document: an empty source, saved under the name given on the first Formalize.

#include "review/reviewcontroller.h"
#include "review/sourceview.h"
#include "widgettesting.h"
#include "window/contextchooser.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QSignalSpy>
#include <QTest>

using fanva::testing::ScriptedDemo;

class TstContextChooser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void contextsOf_data()
    {
        QTest::addColumn<QStringList>("files");
        QTest::addColumn<QStringList>("contexts");
        QTest::addRow("none") << QStringList() << QStringList();
        QTest::addRow("sorted, once") << QStringList { QStringLiteral("/kb/b/CxZoo.txt"), QStringLiteral("/kb/CxAnimals.txt"),
            QStringLiteral("/kb/a/CxZoo.txt") }
                                      << QStringList { QStringLiteral("CxAnimals"), QStringLiteral("CxZoo") };
    }

    void contextsOf()
    {
        QFETCH(QStringList, files);
        QFETCH(QStringList, contexts);
        QCOMPARE(ContextChooser::contextsOf(files), contexts);
    }

    void currentFirst_data()
    {
        QTest::addColumn<QString>("current");
        QTest::addColumn<QStringList>("items");
        const QStringList all { QStringLiteral("CxAnimals"), QStringLiteral("CxDiet"), QStringLiteral("CxZoo") };
        QTest::addRow("middle") << QStringLiteral("CxDiet") << QStringList { "CxDiet", "CxAnimals", "CxZoo" };
        QTest::addRow("without a file") << QStringLiteral("CxNew") << QStringList { "CxNew", "CxAnimals", "CxDiet", "CxZoo" };
        QTest::addRow("none") << QString() << all;
    }

    void currentFirst()
    {
        QFETCH(QString, current);
        QFETCH(QStringList, items);
        ContextChooser chooser;
        QSignalSpy chosen(&chooser, &ContextChooser::contextChosen);
        chooser.setContexts({ QStringLiteral("CxZoo"), QStringLiteral("CxAnimals"), QStringLiteral("CxDiet") }, current);
        QStringList shown;
        for (int i = 0; i < chooser.count(); ++i)
            shown.append(chooser.itemText(i));
        QCOMPARE(shown, items);
        QCOMPARE(chooser.currentIndex(), 0);
        QCOMPARE(chosen.count(), 0);
    }

    void chooseInTheWindow()
    {
        ScriptedDemo demo(ScriptedDemo::script(
            { { { "text", fanva::testing::candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(demo.open(window));
        auto *chooser = window.findChild<ContextChooser *>(QStringLiteral("contextChooser"));
        QVERIFY(chooser);
        QStringList shown;
        for (int i = 0; i < chooser->count(); ++i)
            shown.append(chooser->itemText(i));
        QCOMPARE(shown, QStringList({ "CxAnimals", "CxDiet", "CxHabitats", "CxZooCore" }));
        QVERIFY(chooser->isEnabled());

        chooser->setFocus();
        QTest::keyClick(chooser, Qt::Key_Down);
        QTRY_COMPARE(window.findChild<QLabel *>(QStringLiteral("contextLabel"))->text(), QStringLiteral("Target: CxDiet"));
        // The chosen context comes first now.
        QCOMPARE(chooser->itemText(0), QStringLiteral("CxDiet"));
        QCOMPARE(chooser->currentIndex(), 0);

        // Back to CxAnimals, formalize: the review keeps its target.
        QTest::keyClick(chooser, Qt::Key_Down);
        QTRY_COMPARE(window.findChild<QLabel *>(QStringLiteral("contextLabel"))->text(), QStringLiteral("Target: CxAnimals"));
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QVERIFY(window.formalize());
        QVERIFY(!chooser->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(!chooser->isEnabled());
        QVERIFY(window.review()->targetPath().endsWith(QStringLiteral("CxAnimals.txt")));
    }

    void newDocument_data()
    {
        QTest::addColumn<bool>("named");
        QTest::addRow("named") << true;
        QTest::addRow("name refused") << false;
    }

    void newDocument()
    {
        QFETCH(bool, named);
        ScriptedDemo demo(ScriptedDemo::script(
            { { { "text", fanva::testing::candidatesReply({ { "(weightInKg Mango 1)", 1 } }) }, { "stop_reason", "end_turn" } } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(demo.open(window));
        const QString path = demo.filePath(QStringLiteral("mango.md"));
        QString suggested;
        window.setDocumentNamer([&](const QString &offered) {
            suggested = offered;
            return named ? path : QString();
        });
        auto *newAction = window.findChild<QAction *>(QStringLiteral("actionNewDocument"));
        QVERIFY(newAction);
        QCOMPARE(newAction->shortcut(), QKeySequence(QKeySequence::New));
        QTest::keySequence(&window, QKeySequence::New);
        auto *source = window.findChild<SourceView *>(QStringLiteral("sourceView"));
        QVERIFY(source);
        QTRY_VERIFY(source->toPlainText().isEmpty());
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
        source->setFocus();
        QTest::keyClicks(source, QStringLiteral("Mango weighs one kilogram."));

        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QCOMPARE(window.formalize(), named);
        QVERIFY(suggested.endsWith(QStringLiteral(".md")));
        QCOMPARE(QFile::exists(path), named);
        if (!named)
            return;
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(fanva::testing::readAll(path), QByteArray("Mango weighs one kilogram."));
        QCOMPARE(window.review()->documentPath(), path);
    }
};

QTEST_MAIN(TstContextChooser)
#include "tst_contextchooser.moc"
