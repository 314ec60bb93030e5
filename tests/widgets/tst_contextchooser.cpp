// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The window's target context chooser (issue 16 item 4): the KB's contexts, the current one
// first; choosing one with the keyboard makes it the target; a review keeps its target.
// File ▸ New Document: an empty source, saved under the name given on the first Formalize.
// New Context…: a name and the contexts it sees; Apply creates its file, Undo Apply removes it.

#include "kb/knowledgebase.h"
#include "review/inlineeditor.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "widgettesting.h"
#include "window/contextchooser.h"
#include "window/mainwindow.h"
#include "window/newcontextdialog.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTest>
#include <QTimer>

using fanva::testing::ScriptedDemo;

namespace {

/// The chooser's contexts (without the separator and New Context…).
QStringList contextItems(const ContextChooser &chooser)
{
    QStringList shown;
    for (int i = 0; i < chooser.count(); ++i) {
        if (!chooser.itemData(i).toString().isEmpty())
            shown.append(chooser.itemText(i));
    }
    return shown;
}

} // namespace

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
        QCOMPARE(contextItems(chooser), items);
        // Last, after a separator: New Context….
        QCOMPARE(chooser.itemText(chooser.count() - 1), QStringLiteral("New Context…"));
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
        QCOMPARE(contextItems(*chooser), QStringList({ "CxAnimals", "CxDiet", "CxHabitats", "CxZooCore" }));
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

    void newContextDialogRefuses_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("problem");
        QTest::addRow("empty") << QString() << QStringLiteral("Name the context, e.g. CxBirds.");
        QTest::addRow("lower case") << QStringLiteral(
            "Cxbirds") << QStringLiteral("Cxbirds is not a context name: write Cx followed by CapitalCamelCase, e.g. CxBirds.");
        QTest::addRow("words") << QStringLiteral("birds of prey")
                               << QStringLiteral(
                                      "birds of prey is not a context name: write Cx followed by CapitalCamelCase, e.g. CxBirdsOfPrey.");
        QTest::addRow("a path") << QStringLiteral("cx/Birds")
                                << QStringLiteral("cx/Birds is not a context name: write Cx followed by CapitalCamelCase, e.g. CxBirds.");
        QTest::addRow("taken") << QStringLiteral("CxAnimals")
                               << QStringLiteral("The KB already has the context CxAnimals; choose it in the context list instead.");
        QTest::addRow("taken, other case") << QStringLiteral(
            "CxANIMALS") << QStringLiteral("The KB already has the context CxAnimals; choose it in the context list instead.");
        QTest::addRow("new") << QStringLiteral("CxBirds") << QString();
    }

    void newContextDialogRefuses()
    {
        QFETCH(QString, name);
        QFETCH(QString, problem);
        QCOMPARE(NewContextDialog::problemWith(name, { QStringLiteral("CxAnimals"), QStringLiteral("CxDiet") }), problem);
    }

    void newContextThroughApply()
    {
        ScriptedDemo demo(ScriptedDemo::script(nlohmann::json::array()));
        QVERIFY(demo.isValid());
        MainWindow window;
        window.resize(1400, 860);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(demo.open(window));
        auto *chooser = window.findChild<ContextChooser *>(QStringLiteral("contextChooser"));
        QVERIFY(chooser);
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionNewContext"))->isEnabled());

        // The chooser's last item, by the keyboard: End. The dialog is driven by keys too.
        QStringList problems;
        QStringList checkedAtFirst;
        bool createEnabledEarly = true;
        QTimer::singleShot(0, &window, [&] {
            auto *dialog = qobject_cast<NewContextDialog *>(QApplication::activeModalWidget());
            if (!dialog)
                return;
            auto *name = dialog->findChild<QLineEdit *>(QStringLiteral("newContextName"));
            auto *sees = dialog->findChild<QListWidget *>(QStringLiteral("newContextSees"));
            auto *problem = dialog->findChild<QLabel *>(QStringLiteral("newContextProblem"));
            auto *create = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
            checkedAtFirst = dialog->sees();
            QTest::keyClicks(name, QStringLiteral("Cxbirds"));
            problems.append(problem->text());
            createEnabledEarly = create->isEnabled();
            name->clear();
            QTest::keyClicks(name, QStringLiteral("CxDiet"));
            problems.append(problem->text());
            createEnabledEarly = createEnabledEarly || create->isEnabled();
            name->clear();
            QTest::keyClicks(name, QStringLiteral("CxBirds"));
            // The current target is checked; Space on it unchecks it: at least one is needed.
            sees->setFocus();
            QTest::keyClick(sees, Qt::Key_Space);
            problems.append(problem->text());
            createEnabledEarly = createEnabledEarly || create->isEnabled();
            QTest::keyClick(sees, Qt::Key_Space);
            // And CxZooCore as well: End, Space.
            QTest::keyClick(sees, Qt::Key_End);
            QTest::keyClick(sees, Qt::Key_Space);
            QTest::keyClick(name, Qt::Key_Return);
        });
        chooser->setFocus();
        QTest::keyClick(chooser, Qt::Key_End);
        QCOMPARE(checkedAtFirst, QStringList { QStringLiteral("CxAnimals") });
        QCOMPARE(problems,
            (QStringList { QStringLiteral("Cxbirds is not a context name: write Cx followed by CapitalCamelCase, e.g. CxBirds."),
                QStringLiteral("The KB already has the context CxDiet; choose it in the context list instead."),
                QStringLiteral("Check at least one context it sees.") }));
        QVERIFY(!createEnabledEarly);
        QCOMPARE(window.workspace().context, QStringLiteral("CxBirds"));
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("contextLabel"))->text(), QStringLiteral("Target: CxBirds"));
        QCOMPARE(chooser->itemText(0), QStringLiteral("CxBirds"));
        const QString file = QDir(demo.kbFolder()).filePath(QStringLiteral("CxBirds.txt"));
        QVERIFY(!QFile::exists(file));

        // A sentence of the author's (n in the proposal pane), gated as the new context sees
        // CxAnimals: Mango and weightInKg come from there.
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        window.activateWindow(); // the dialog had it
        QVERIFY(QTest::qWaitForWindowActive(&window));
        view->setFocus();
        QTRY_VERIFY(view->hasFocus());
        QTest::keyClick(view, Qt::Key_N);
        InlineEditor *editor = window.presenter()->editor();
        QVERIFY2(editor->isOpen(), qPrintable(window.statusBar()->currentMessage()));
        QTest::keyClicks(editor->editor(), QStringLiteral("(weightInKg Mango 2)"));
        QTRY_VERIFY(!editor->isGatePending());
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        const fanva::proposal::Entry *e = window.review()->proposal().entry(QStringLiteral("c1"));
        QVERIFY(e);
        QCOMPARE(e->decision, fanva::formalize::Decision::Accepted);
        QVERIFY(window.review()->proposal().absent);
        QCOMPARE(window.review()->proposal().sees, (QStringList { QStringLiteral("CxAnimals"), QStringLiteral("CxZooCore") }));
        QVERIFY2(view->toPlainText().contains(QStringLiteral("(genlCx CxBirds CxAnimals)")), qPrintable(view->toPlainText()));

        // Apply (Ctrl+Shift+Return): the file is made, its header first, then the block.
        QSignalSpy applyFinished(&window, &MainWindow::applyFinished);
        QTest::keyClick(view, Qt::Key_Return, Qt::ControlModifier | Qt::ShiftModifier);
        QTRY_COMPARE(applyFinished.count(), 1);
        QCOMPARE(window.review()->proposal().entry(QStringLiteral("c1"))->decision, fanva::formalize::Decision::Applied);
        const QByteArray written = fanva::testing::readAll(file);
        QVERIFY2(written.startsWith(";; CxBirds.txt — the context CxBirds, made in Fanva.\n\n"
                                    "(genlCx CxBirds CxAnimals)\n(genlCx CxBirds CxZooCore)\n\n;; ---- fanva "),
            written.constData());
        QVERIFY2(written.endsWith("(weightInKg Mango 2)\n;; ---- end fanva ----\n"), written.constData());
        const fanva::kb::LoadResult loaded = fanva::kb::loadKnowledgeBase(demo.kbFolder());
        QVERIFY(loaded.ok());
        QVERIFY(loaded.kb->sees(fanva::kb::intern("CxBirds"), fanva::kb::intern("CxAnimals")));
        QVERIFY(loaded.kb->sees(fanva::kb::intern("CxBirds"), fanva::kb::intern("CxZooCore")));
        QVERIFY(!loaded.kb->sees(fanva::kb::intern("CxAnimals"), fanva::kb::intern("CxBirds")));
        QCOMPARE(loaded.kb->contextInfo(fanva::kb::intern("CxBirds"))->sentenceCount, 3U);

        // Undo Apply removes the file the Apply made.
        auto *undoApply = window.findChild<QAction *>(QStringLiteral("actionUndoApply"));
        QVERIFY(undoApply->isEnabled());
        QSignalSpy undoFinished(&window, &MainWindow::undoApplyFinished);
        undoApply->trigger();
        QTRY_COMPARE(undoFinished.count(), 1);
        QVERIFY(!QFile::exists(file));
        QCOMPARE(window.review()->proposal().entry(QStringLiteral("c1"))->decision, fanva::formalize::Decision::Accepted);
        QVERIFY(window.review()->proposal().absent);

        // Saved and reopened in a fresh window on the same workspace: the target is CxBirds
        // again, a new context seeing what it saw, and the pane shows its header.
        const QString session = QFileInfo(demo.kbFolder()).dir().filePath(QStringLiteral("birds.fanva"));
        QCOMPARE(window.review()->saveSession(session).message(), QString());
        MainWindow reopened;
        QVERIFY(demo.open(reopened));
        QCOMPARE(reopened.workspace().context, QStringLiteral("CxAnimals"));
        QVERIFY(reopened.openSession(session));
        QVERIFY(fanva::testing::waitForKbLoad(*reopened.review()));
        QCOMPARE(reopened.workspace().context, QStringLiteral("CxBirds"));
        QCOMPARE(reopened.findChild<QLabel *>(QStringLiteral("contextLabel"))->text(), QStringLiteral("Target: CxBirds"));
        auto *reopenedChooser = reopened.findChild<ContextChooser *>(QStringLiteral("contextChooser"));
        QVERIFY(reopenedChooser);
        QCOMPARE(reopenedChooser->currentText(), QStringLiteral("CxBirds"));
        auto *reopenedView = reopened.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(reopenedView);
        QVERIFY2(
            reopenedView->toPlainText().contains(QStringLiteral("(genlCx CxBirds CxZooCore)")), qPrintable(reopenedView->toPlainText()));
    }
};

QTEST_MAIN(TstContextChooser)
#include "tst_contextchooser.moc"
