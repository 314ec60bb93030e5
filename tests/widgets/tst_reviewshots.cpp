// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Screenshots of the reviewer's main states (formalize.md §9–§11), written to
// FANVA_TEST_OUTPUT_DIR for people to look at: a formalization mid-run, the finished review,
// an entry edited in place with its problems, the Apply confirmation and a conflict after an
// external edit. Each state is asserted before it is grabbed.
#include "attempts/attemptlogmodel.h"
#include "review/applyresultbar.h"
#include "review/entrydetailsview.h"
#include "review/entrymodel.h"
#include "review/inlineeditor.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

using namespace fanva;

namespace {

using fanva::testing::candidatesReply;
using fanva::testing::ScriptedDemo;

} // namespace

class TestReviewShots : public QObject
{
    Q_OBJECT

private:
    QString m_outputDir;

    void shoot(QWidget *widget, const QString &name)
    {
        const QString path = QDir(m_outputDir).filePath(QStringLiteral("review-%1.png").arg(name));
        QVERIFY2(widget->grab().save(path), qPrintable(path));
        qInfo("wrote %s", qPrintable(path));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        m_outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR");
        if (m_outputDir.isEmpty())
            QSKIP("FANVA_TEST_OUTPUT_DIR is not set");
        QVERIFY(QDir().mkpath(m_outputDir));
    }

    void mainStates()
    {
        // The draft streams slowly, so the window can be caught mid-run; a penguin seal is refused.
        const std::string draft = candidatesReply({ { "(weightInKg Mango 1)", 6 }, { "(penguin Biscuit)", 4 } });
        const std::size_t half = draft.size() / 2;
        ScriptedDemo demo(ScriptedDemo::script(
            { { { "chunks", { draft.substr(0, half), { { "delay_ms", 1500 } }, draft.substr(half) } }, { "stop_reason", "end_turn" } },
                { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
                { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
                { { "when", { { "purpose", "judge" } } }, { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"agree\"}]}" } } }));
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();

        MainWindow window;
        QVERIFY(demo.open(window));
        window.resize(1400, 860);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        // Running: the first attempt's reply is half streamed.
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QSignalSpy deltas(window.review(), &ReviewController::textDelta);
        QVERIFY(window.formalize());
        QTRY_VERIFY(window.review()->attempts()->rowCount() >= 1 && deltas.count() >= 1);
        auto *replyView = window.findChild<QPlainTextEdit *>(QStringLiteral("replyView"));
        QVERIFY(replyView);
        QTRY_VERIFY(replyView->toPlainText().contains(QStringLiteral("weightInKg")));
        QVERIFY(window.review()->isRunning());
        shoot(&window, QStringLiteral("running"));

        // Finished: the proposal with its gutter, the details dock on the right.
        QVERIFY(finished.wait(20000));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("entryDetailsDock"));
        QCOMPARE(window.dockWidgetArea(dock), Qt::RightDockWidgetArea);
        dock->hide();
        QTRY_VERIFY(window.centralWidget()->geometry().right() > dock->geometry().left());
        const QString mango = [&window] {
            for (int row = 0; row < window.review()->entries()->rowCount(); ++row) {
                if (window.review()->entries()->entryAt(row)->sentence().contains(QStringLiteral("Mango")))
                    return window.review()->entries()->entryAt(row)->id;
            }
            return QString();
        }();
        QVERIFY(!mango.isEmpty());
        shoot(&window, QStringLiteral("finished"));

        // Details open on the selected entry.
        window.findChild<QAction *>(QStringLiteral("actionShowEntryDetails"))->trigger();
        QVERIFY(dock->isVisible());
        window.presenter()->setCurrentEntry(mango);
        QVERIFY(window.findChild<EntryDetailsView *>(QStringLiteral("entryDetails"))->toPlainText().contains(mango));
        shoot(&window, QStringLiteral("details"));

        // Editing in place: a parrot is no seal.
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        window.activateWindow();
        view->setFocus();
        QVERIFY(window.presenter()->editCurrentEntry());
        InlineEditor *editor = window.presenter()->editor();
        QSignalSpy gated(editor, &InlineEditor::gated);
        editor->editor()->setPlainText(QStringLiteral("(seal Mango)"));
        QTRY_COMPARE(gated.count(), 1);
        QVERIFY(!editor->problems().empty());
        shoot(&window, QStringLiteral("editing"));
        editor->cancel();

        // The Apply confirmation, grabbed while it waits for an answer.
        QVERIFY(window.review()->accept(mango));
        window.setInteractive(true);
        bool grabbed = false;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            poll.stop();
            grabbed = box->text().contains(QStringLiteral("CxAnimals.txt"));
            shoot(box, QStringLiteral("apply-confirmation"));
            box->button(QMessageBox::Cancel)->click();
        });
        poll.start(20);
        QVERIFY(!window.applyProposal());
        window.setInteractive(false);
        QVERIFY(grabbed);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Accepted);

        // A conflict: the file changed on disk since the run; Re-diff is offered.
        {
            QFile file(target);
            QVERIFY(file.open(QIODevice::Append));
            file.write("\n(parrot Kiwi)\n");
        }
        QVERIFY(!fanva::testing::applyAndWait(window));
        auto *bar = window.findChild<ApplyResultBar *>(QStringLiteral("applyResultBar"));
        QVERIFY(bar->isVisible());
        QCOMPARE(bar->kind(), ApplyResultBar::Kind::Warning);
        shoot(&window, QStringLiteral("conflict"));
    }
};

QTEST_MAIN(TestReviewShots)
#include "tst_reviewshots.moc"
