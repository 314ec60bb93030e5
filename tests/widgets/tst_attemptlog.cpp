// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The attempts pane (formalize.md §5.4): the attempt log as a tree of calls and their
// candidates' gate chips under QAbstractItemModelTester, the chips of a real scripted run on
// a copy of the demo workspace, the thinking folded by default, and the coalesced reply
// stream keeping every character.
#include "attempts/attemptchipdelegate.h"
#include "attempts/attemptlogmodel.h"
#include "attempts/attemptlogview.h"
#include "attempts/attemptreplyview.h"
#include "attempts/attemptspane.h"
#include "review/reviewcontroller.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QHeaderView>
#include <QHelpEvent>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QToolButton>
#include <QToolTip>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

using fanva::testing::ScriptedDemo;

std::string reply(const std::vector<std::pair<std::string, int>> &candidates)
{
    return fanva::testing::candidatesReply(candidates, 2);
}

QList<AttemptChip> chipsAt(const QModelIndex &index)
{
    return index.data(AttemptLogModel::ChipsRole).value<QList<AttemptChip>>();
}

QStringList chipNames(const QList<AttemptChip> &chips)
{
    QStringList names;
    for (const AttemptChip &chip : chips)
        names.append(chip.name);
    return names;
}

QList<AttemptChip::State> chipStates(const QList<AttemptChip> &chips)
{
    QList<AttemptChip::State> states;
    for (const AttemptChip &chip : chips)
        states.append(chip.state);
    return states;
}

/// The child row of @p model whose candidate is @p id under call row @p row.
QModelIndex childOf(const AttemptLogModel &model, int row, const QString &id)
{
    const QModelIndex parent = model.index(row, 0);
    for (int child = 0; child < model.rowCount(parent); ++child) {
        const QModelIndex index = model.index(child, 0, parent);
        if (index.data().toString().section(QLatin1Char(' '), 0, 0) == id)
            return index;
    }
    return {};
}

const QString s_thinking = QStringLiteral("Mango's weight is new; weightInKg is declared, so I reuse it.");

} // namespace

using State = AttemptChip::State;

class TstAttemptLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void treeOfCallsAndCandidates()
    {
        AttemptLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.addEvent({ { "type", "attempt-started" }, { "t", 0 }, { "n", 1 }, { "kind", "draft" }, { "messages", 1 } });
        QVERIFY(model.index(0, 0).data(AttemptLogModel::InFlightRole).toBool());
        QVERIFY(model.index(0, AttemptLogModel::KindColumn).data().toString().endsWith(QStringLiteral("…")));
        model.addEvent({ { "type", "usage" }, { "n", 1 }, { "input", 900 }, { "output", 60 } });
        model.addEvent({ { "type", "thinking-delta" }, { "n", 1 }, { "text", "hmm" } });
        model.addEvent({ { "type", "attempt-finished" }, { "n", 1 }, { "readable", true }, { "candidates", 2 }, { "ms", 800 } });
        QVERIFY(!model.index(0, 0).data(AttemptLogModel::InFlightRole).toBool());
        QCOMPARE(model.index(0, 0).data(AttemptLogModel::ThinkingTextRole).toString(), QStringLiteral("hmm"));
        QCOMPARE(model.index(0, 0).data(AttemptLogModel::ReplyTextRole).toString(), QString());
        model.addEvent({ { "type", "gate-result" }, { "n", 1 }, { "candidate", "c1" }, { "segment", 6 }, { "gate", "round-trip" },
            { "ok", true }, { "state", "admissible" }, { "problems", json::array() } });
        model.addEvent(
            { { "type", "gate-result" }, { "n", 1 }, { "candidate", "c2" }, { "segment", 4 }, { "gate", "critic" }, { "ok", false },
                { "state", "refused" }, { "problems", { { { "type", "disjoint" }, { "message", "penguin and seal are disjoint" } } } } });
        QCOMPARE(model.rowCount(model.index(0, 0)), 2);
        QCOMPARE(model.rowCount(model.index(0, 1)), 0); // only the first column has children
        QCOMPARE(model.index(0, AttemptLogModel::AdmittedColumn).data().toInt(), 1);

        const QModelIndex c1 = model.index(0, 0, model.index(0, 0));
        QCOMPARE(c1.data().toString(), QStringLiteral("c1 [6]"));
        QCOMPARE(c1.parent(), model.index(0, 0));
        QCOMPARE(c1.data(AttemptLogModel::RowTypeRole).value<AttemptLogModel::RowType>(), AttemptLogModel::RowType::Candidate);
        QCOMPARE(chipNames(chipsAt(c1)), QStringList({ "parse", "critic", "round-trip", "judge" }));
        QCOMPARE(chipStates(chipsAt(c1)), QList<State>({ State::Passed, State::Passed, State::Passed, State::NotRun }));

        const QModelIndex c2 = model.index(1, 0, model.index(0, 0));
        QCOMPARE(chipStates(chipsAt(c2)), QList<State>({ State::Passed, State::Failed, State::NotRun, State::NotRun }));
        QCOMPARE(chipsAt(c2).at(1).message, QStringLiteral("disjoint — penguin and seal are disjoint"));
        QVERIFY(c2.data(AttemptLogModel::DetailRole).toString().startsWith(QStringLiteral("refused")));
        QVERIFY(c2.data(Qt::AccessibleTextRole).toString().contains(QStringLiteral("critic failed")));
        QCOMPARE(model.index(0, 0).data(AttemptLogModel::GateChipsRole).toStringList(),
            QStringList({ QStringLiteral("c1 ✓"), QStringLiteral("c2 ✗ critic disjoint") }));

        // The judge: round 1 has two batches; the second never got a call (budget).
        model.addEvent({ { "type", "judge-started" }, { "t", 1000 }, { "round", 1 }, { "items", 1 } });
        QCOMPARE(model.rowCount(), 1); // a judge call shows once it ends
        model.addEvent({ { "type", "usage" }, { "n", 1 }, { "input", 300 }, { "output", 20 } });
        model.addEvent({ { "type", "text-delta" }, { "n", 1 }, { "text", "{\"verdicts\":[]}" } });
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, 0).data(AttemptLogModel::ReplyTextRole).toString(), QString()); // the judge's text is its own
        model.addEvent({ { "type", "judge-verdicts" }, { "t", 1400 }, { "round", 1 }, { "batch", 1 },
            { "verdicts", { { { "item", 1 }, { "candidate", "c1" }, { "verdict", "unsure" }, { "note", "no unit" } } } } });
        model.addEvent({ { "type", "judge-failed" }, { "t", 1500 }, { "round", 1 }, { "batch", 2 }, { "items", { "c3" } },
            { "kind", "budget" }, { "detail", "too big" } });
        QCOMPARE(model.rowCount(), 3);
        const QModelIndex judge = model.index(1, 0);
        QCOMPARE(judge.data(AttemptLogModel::RowTypeRole).value<AttemptLogModel::RowType>(), AttemptLogModel::RowType::Judge);
        QCOMPARE(judge.data(AttemptLogModel::ReplyTextRole).toString(), QStringLiteral("{\"verdicts\":[]}"));
        QCOMPARE(model.index(1, AttemptLogModel::KindColumn).data().toString(), QStringLiteral("judge · round 1 · batch 1"));
        QCOMPARE(model.index(1, AttemptLogModel::TokensColumn).data().toString(), QStringLiteral("300 / 20 / –"));
        QCOMPARE(model.index(1, AttemptLogModel::SecondsColumn).data().toString(), QStringLiteral("0.4"));
        const QModelIndex verdict = model.index(0, 0, judge);
        QCOMPARE(verdict.data().toString(), QStringLiteral("c1 [6]"));
        QCOMPARE(verdict.data(AttemptLogModel::DetailRole).toString(), QStringLiteral("unsure — no unit"));
        QCOMPARE(chipStates(chipsAt(verdict)), QList<State>({ State::Doubted }));
        // The verdict also lands on the candidate's own judge chip.
        QCOMPARE(chipsAt(c1).at(3).state, State::Doubted);
        QCOMPARE(chipsAt(c1).at(3).message, QStringLiteral("unsure: no unit"));
        QVERIFY(model.index(2, AttemptLogModel::KindColumn).data().toString().contains(QStringLiteral("budget")));
        QCOMPARE(model.rowCount(model.index(2, 0)), 1);

        QSignalSpy outcome(&model, &AttemptLogModel::outcomeChanged);
        model.addEvent({ { "type", "finished" }, { "outcome", "partial" }, { "stopReason", "cap" },
            { "counts", { { "admissible", 1 }, { "refused", 1 } } }, { "coverage", { { "covered", 1 }, { "total", 14 } } } });
        QCOMPARE(outcome.count(), 1);
        QCOMPARE(model.outcome(), QStringLiteral("partial"));
        const QString banner = model.outcomeText();
        QVERIFY2(banner.startsWith(QStringLiteral("partial (attempt limit reached): ")), qPrintable(banner));
        for (const char *part : { "1 admissible, 1 refused", "coverage 1/14", "1 unsure", "1 failed" })
            QVERIFY2(banner.contains(QLatin1String(part)), part);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.outcome(), QString());
    }

    void delegatePaintsChipsWithTooltips()
    {
        AttemptLogModel model;
        model.addEvent({ { "type", "attempt-started" }, { "n", 1 }, { "kind", "draft" } });
        model.addEvent({ { "type", "gate-result" }, { "n", 1 }, { "candidate", "c1" }, { "segment", 2 }, { "gate", "parse" },
            { "ok", false }, { "state", "refused" }, { "problems", { { { "type", "unreadable" }, { "message", "1:4 unbalanced" } } } } });
        AttemptLogView view;
        view.setModel(&model);
        view.resize(600, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QModelIndex c1 = model.index(0, 0, model.index(0, 0));
        QVERIFY(view.isExpanded(model.index(0, 0)));
        QVERIFY(view.isFirstColumnSpanned(0, model.index(0, 0)));
        QStyleOptionViewItem option;
        option.initFrom(&view);
        option.widget = &view;
        option.rect = view.visualRect(c1);
        const QList<QRect> rects = view.chipDelegate()->chipRects(option, c1);
        QCOMPARE(rects.size(), 4);
        for (qsizetype i = 1; i < rects.size(); ++i)
            QVERIFY(rects[i].left() > rects[i - 1].right());
        QVERIFY(option.rect.contains(rects.first()));

        // In a narrow view the chips name their gates by initials.
        view.header()->setStretchLastSection(false);
        view.resize(200, 300);
        QTRY_VERIFY(view.viewport()->width() < 200);
        QStyleOptionViewItem narrow = option;
        narrow.rect = view.visualRect(c1);
        const QList<QRect> compact = view.chipDelegate()->chipRects(narrow, c1);
        QCOMPARE(compact.size(), 4);
        QVERIFY(compact.last().right() - compact.first().left() < rects.last().right() - rects.first().left());
        view.resize(600, 300);
        QTRY_COMPARE(view.chipDelegate()->chipRects(option, c1), rects);

        // Each chip's tooltip is its own gate's message.
        const QPoint onParse = rects.first().center();
        QHelpEvent help(QEvent::ToolTip, onParse, view.viewport()->mapToGlobal(onParse));
        QApplication::sendEvent(view.viewport(), &help);
        QTRY_COMPARE(QToolTip::text(), QStringLiteral("parse: unreadable — 1:4 unbalanced"));
        const QPoint onCritic = rects.at(1).center();
        QHelpEvent helpCritic(QEvent::ToolTip, onCritic, view.viewport()->mapToGlobal(onCritic));
        QApplication::sendEvent(view.viewport(), &helpCritic);
        QTRY_VERIFY(QToolTip::text().startsWith(QStringLiteral("critic: not run")));
    }

    void replyCoalescesAndKeepsAllText()
    {
        AttemptReplyView view;
        QSignalSpy flushed(&view, &AttemptReplyView::flushed);
        QString expected;
        for (int i = 0; i < 2000; ++i) {
            const QString piece = i % 40 == 39 ? QStringLiteral("%1\n").arg(i) : QStringLiteral("%1 ").arg(i);
            view.appendReply(piece);
            expected += piece;
        }
        // Nothing is laid out per delta: it all waits for the next flush.
        QVERIFY(view.replyEdit()->toPlainText().isEmpty());
        QCOMPARE(view.replyText(), expected);
        QTRY_VERIFY(!view.hasPendingText());
        QCOMPARE(flushed.count(), 1);
        QCOMPARE(view.replyEdit()->toPlainText(), expected);

        view.appendReply(QStringLiteral("tail"));
        view.flush();
        QCOMPARE(view.replyEdit()->toPlainText(), expected + QStringLiteral("tail"));

        // An endless line is broken for display only: the reply text stays as it came.
        view.clear();
        QString line;
        for (int i = 0; i < 3000; ++i)
            line += QStringLiteral("{\"n\":%1},").arg(i);
        line += QString(5000, QLatin1Char('x'));
        view.appendReply(line);
        view.flush();
        QCOMPARE(view.replyText(), line);
        QVERIFY(view.replyEdit()->blockCount() > 10);
        for (QTextBlock block = view.replyEdit()->document()->begin(); block.isValid(); block = block.next())
            QVERIFY(block.length() <= 2001);

        // Without coalescing every delta is written at once.
        view.clear();
        view.setFlushInterval(0);
        view.appendReply(QStringLiteral("a"));
        QCOMPARE(view.replyEdit()->toPlainText(), QStringLiteral("a"));

        // The document is capped from the top.
        view.setMaximumCharacters(10);
        view.appendReply(QStringLiteral("bcdefghijklmnop"));
        QCOMPARE(view.replyEdit()->toPlainText(), QStringLiteral("ghijklmnop"));
    }

    void thinkingFoldedByDefault()
    {
        AttemptReplyView view;
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(!view.thinkingToggle()->isVisible()); // nothing to unfold
        view.setThinking(s_thinking);
        QVERIFY(view.thinkingToggle()->isVisible());
        QVERIFY(!view.isThinkingExpanded());
        QVERIFY(!view.thinkingEdit()->isVisible());
        QVERIFY(view.thinkingToggle()->text().contains(QString::number(s_thinking.size())));
        QVERIFY(!view.replyText().contains(s_thinking));

        view.thinkingToggle()->setFocus();
        QTest::keyClick(view.thinkingToggle(), Qt::Key_Space);
        QVERIFY(view.isThinkingExpanded());
        QVERIFY(view.thinkingEdit()->isVisible());
        QCOMPARE(view.thinkingText(), s_thinking);
        QTest::keyClick(view.thinkingToggle(), Qt::Key_Space);
        QVERIFY(!view.thinkingEdit()->isVisible());

        view.setThinkingExpanded(true);
        view.clear();
        QVERIFY(!view.isThinkingExpanded());
        QVERIFY(!view.thinkingToggle()->isVisible());
    }

    void paneFollowsTheCallInFlight()
    {
        AttemptLogModel model;
        AttemptsPane pane;
        pane.setModel(&model);
        AttemptReplyView *reply = pane.replyView();
        model.addEvent({ { "type", "attempt-started" }, { "n", 1 }, { "kind", "draft" } });
        pane.appendReplyText(QStringLiteral("first "));
        pane.appendReplyText(QStringLiteral("reply"));
        QCOMPARE(reply->replyText(), QStringLiteral("first reply"));
        model.addEvent({ { "type", "text-delta" }, { "n", 1 }, { "text", "first reply" } });
        model.addEvent({ { "type", "thinking-delta" }, { "n", 1 }, { "text", "pondering" } });
        model.addEvent({ { "type", "attempt-finished" }, { "n", 1 }, { "readable", false }, { "candidates", 0 }, { "ms", 5 } });
        QCOMPARE(reply->thinkingText(), QStringLiteral("pondering"));
        QVERIFY(!reply->isThinkingExpanded());

        model.addEvent({ { "type", "attempt-started" }, { "n", 2 }, { "kind", "unreadable-repair" } });
        QCOMPARE(pane.logView()->currentIndex(), model.index(1, 0));
        QCOMPARE(reply->replyText(), QString());
        QCOMPARE(reply->thinkingText(), QString());
        pane.appendReplyText(QStringLiteral("second"));

        // Choosing an earlier call shows its reply; the stream goes on behind it.
        pane.logView()->setCurrentIndex(model.index(0, 0));
        QVERIFY(!pane.isFollowing());
        QCOMPARE(reply->replyText(), QStringLiteral("first reply"));
        QCOMPARE(reply->thinkingText(), QStringLiteral("pondering"));
        pane.appendReplyText(QStringLiteral(" reply"));
        QCOMPARE(reply->replyText(), QStringLiteral("first reply"));
        pane.logView()->setCurrentIndex(model.index(1, 0));
        QVERIFY(pane.isFollowing());
        QCOMPARE(reply->replyText(), QStringLiteral("second reply"));

        model.clear();
        QCOMPARE(reply->replyText(), QString());
        QVERIFY(!pane.outcomeBanner()->isVisibleTo(&pane));
    }

    void cancelWhileStreaming()
    {
        // A slow draft: 8 characters every 20 ms, thinking first.
        const json script = { { "format", "fanva-script/1" }, { "model", "scripted" },
            { "turns",
                { { { "thinking", "Mango gets a weight; Biscuit is a seal already." },
                    { "text", reply({ { "(weightInKg Mango 1)", 6 }, { "(penguin Biscuit)", 4 } }) }, { "chunk_chars", 8 },
                    { "delay_ms", 20 }, { "stop_reason", "end_turn" } } } } };
        ScriptedDemo demo(script);
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *pane = window.findChild<AttemptsPane *>();
        QVERIFY(pane);
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QSignalSpy problems(&window, &MainWindow::problemReported);
        QAction *formalize = window.findChild<QAction *>(QStringLiteral("actionFormalize"));
        QTRY_VERIFY(formalize->isEnabled()); // once the KB is loaded
        formalize->trigger();
        QVERIFY2(problems.isEmpty(), problems.isEmpty() ? "" : qPrintable(problems.first().first().toString()));
        QVERIFY(window.review()->isRunning());
        // The thinking streams live, folded, before the reply.
        QTRY_VERIFY(pane->replyView()->thinkingEdit()->toPlainText().contains(QStringLiteral("Mango gets")));
        QVERIFY(!pane->replyView()->replyText().contains(QStringLiteral("Biscuit")));
        QCOMPARE(finished.count(), 0);
        QVERIFY(!pane->replyView()->isThinkingExpanded());
        QTRY_VERIFY(pane->replyView()->replyEdit()->toPlainText().contains(QStringLiteral("candidates")));
        QCOMPARE(pane->replyView()->thinkingText(), QStringLiteral("Mango gets a weight; Biscuit is a seal already."));
        QCOMPARE(finished.count(), 0);
        QVERIFY(pane->cancelButton()->isEnabled());
        QVERIFY(pane->cancelButton()->isVisibleTo(&window));
        QTest::mouseClick(pane->cancelButton(), Qt::LeftButton);
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(finished.first().first().toString(), QStringLiteral("cancelled"));
        QVERIFY(!pane->cancelButton()->isEnabled());
        QVERIFY(pane->outcomeBanner()->isVisibleTo(&window));
        QVERIFY(pane->outcomeBanner()->text().startsWith(QStringLiteral("cancelled")));
        // What streamed before the cancel stays readable.
        QVERIFY(pane->replyView()->replyText().contains(QStringLiteral("candidates")));
    }

    void eventsOfAnyTypeNeverThrow_data()
    {
        // Issue 14 M12: a session file's events are outside data; the window opening one with
        // {"type":5} in its events aborted. Every member of a wrong type reads as absent.
        QTest::addColumn<QByteArray>("events");
        QTest::addRow("type a number") << QByteArray(R"([{"type":5}])");
        QTest::addRow("not objects") << QByteArray(R"([5, "x", null, []])");
        QTest::addRow("attempt fields") << QByteArray(
            R"([{"type":"attempt-started","n":"1","kind":3,"t":"0"},{"type":"attempt-finished","readable":"no","truncated":1,"stopReason":[],"ms":"5"},{"type":"usage","input":"9"}])");
        QTest::addRow("gate result fields") << QByteArray(
            R"([{"type":"attempt-started","n":1},{"type":"gate-result","n":1,"ok":"yes","candidate":7,"problems":{"type":"x"}},{"type":"gate-result","n":1,"problems":[5,{"type":1}]}])");
        QTest::addRow("judge fields") << QByteArray(
            R"([{"type":"attempt-started","n":1},{"type":"judge-started","round":"1"},{"type":"judge-verdicts","verdicts":{"a":1}},{"type":"judge-verdicts","verdicts":[1,{"verdict":2}]},{"type":"judge-failed","items":"c1"},{"type":"judge-failed","items":[1,"c1"]}])");
        QTest::addRow("finished fields") << QByteArray(
            R"([{"type":"finished","outcome":1,"counts":[1],"coverage":{"covered":"all"}},{"type":"finished","counts":{"admissible":"2"}}])");
    }

    void eventsOfAnyTypeNeverThrow()
    {
        QFETCH(QByteArray, events);
        AttemptLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const json parsed = json::parse(events.toStdString());
        for (const json &event : parsed)
            model.addEvent(event);
        QVERIFY(model.rowCount() >= 0);
    }

    void scriptedRun()
    {
        // Mango's weight is admissible, a penguin seal is refused by the critic; the repair
        // repeats Mango (dropped) and leaves the seal pending; the judge is unsure of Mango.
        ScriptedDemo demo(
            ScriptedDemo::script({ { { "text", reply({ { "(weightInKg Mango 1)", 6 }, { "(penguin Biscuit)", 4 } }) },
                                       { "thinking", s_thinking.toStdString() }, { "stop_reason", "end_turn" }, { "chunk_chars", 3 } },
                { { "text", reply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
                { { "when", { { "purpose", "judge" } } },
                    { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"unsure\",\"note\":\"the document gives no weight\"}]}" },
                    { "stop_reason", "end_turn" } } }));
        QVERIFY(demo.isValid());

        ReviewController review;
        review.setJournalPath(demo.journalPath());
        AttemptsPane pane;
        pane.setModel(review.attempts());
        connect(&review, &ReviewController::textDelta, &pane, [&pane](int, const QString &text) { pane.appendReplyText(text); });
        connect(&review, &ReviewController::started, pane.cancelButton(), [&pane] { pane.cancelButton()->setEnabled(true); });
        pane.resize(760, 560);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));

        ReviewSetup setup = demo.setup();
        setup.settings.judge = true;
        QSignalSpy finished(&review, &ReviewController::finished);
        QCOMPARE(review.start(setup).message(), QString());
        QVERIFY(pane.cancelButton()->isEnabled());
        // The draft streams into the reply view while the call is in flight.
        QTRY_VERIFY(pane.replyView()->replyText().contains(QStringLiteral("weightInKg")) || finished.count() == 1);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);

        const AttemptLogModel &model = *review.attempts();
        QCOMPARE(model.outcome(), finished.first().first().toString());
        QVERIFY(pane.outcomeBanner()->isVisibleTo(&pane));
        QVERIFY(pane.outcomeBanner()->text().startsWith(model.outcome()));
        QCOMPARE(model.rowCount(), 3); // draft, repair, judge
        QCOMPARE(model.index(0, AttemptLogModel::KindColumn).data().toString(), QStringLiteral("draft"));
        QVERIFY(model.index(1, AttemptLogModel::KindColumn).data().toString().startsWith(QStringLiteral("repair")));
        QCOMPARE(model.index(2, 0).data(AttemptLogModel::RowTypeRole).value<AttemptLogModel::RowType>(), AttemptLogModel::RowType::Judge);

        const QModelIndex mango = childOf(model, 0, QStringLiteral("c1"));
        const QModelIndex seal = childOf(model, 0, QStringLiteral("c2"));
        QVERIFY(mango.isValid() && seal.isValid());
        QCOMPARE(mango.data().toString(), QStringLiteral("c1 [6]"));
        QCOMPARE(chipNames(chipsAt(mango)), QStringList({ "parse", "critic", "round-trip", "judge" }));
        QCOMPARE(chipStates(chipsAt(mango)), QList<State>({ State::Passed, State::Passed, State::Passed, State::Doubted }));
        QCOMPARE(chipsAt(mango).at(3).message, QStringLiteral("unsure: the document gives no weight"));
        QCOMPARE(chipStates(chipsAt(seal)), QList<State>({ State::Passed, State::Failed, State::NotRun, State::NotRun }));
        QVERIFY(!chipsAt(seal).at(1).message.isEmpty());
        QVERIFY(seal.data(AttemptLogModel::DetailRole).toString().startsWith(QStringLiteral("refused")));
        const QModelIndex verdict = model.index(0, 0, model.index(2, 0));
        QCOMPARE(verdict.data(AttemptLogModel::DetailRole).toString(), QStringLiteral("unsure — the document gives no weight"));

        // Following the newest call, the pane shows the judge's reply; the draft keeps its own
        // reply and its thinking, folded.
        QCOMPARE(pane.replyView()->replyText(), model.index(2, 0).data(AttemptLogModel::ReplyTextRole).toString());
        pane.logView()->setCurrentIndex(mango);
        QCOMPARE(pane.replyView()->replyText(), model.index(0, 0).data(AttemptLogModel::ReplyTextRole).toString());
        QVERIFY(pane.replyView()->replyText().contains(QStringLiteral("(penguin Biscuit)")));
        QVERIFY(!pane.replyView()->replyText().contains(s_thinking));
        QCOMPARE(pane.replyView()->thinkingText(), s_thinking);
        QVERIFY(pane.replyView()->thinkingToggle()->isVisible());
        QVERIFY(!pane.replyView()->thinkingEdit()->isVisible());

        const QString outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR");
        if (!outputDir.isEmpty()) {
            QVERIFY(QDir().mkpath(outputDir));
            QVERIFY(pane.grab().save(QDir(outputDir).filePath(QStringLiteral("attempts-pane.png"))));
            pane.replyView()->setThinkingExpanded(true);
            QVERIFY(pane.grab().save(QDir(outputDir).filePath(QStringLiteral("attempts-pane-thinking.png"))));
        }
    }
};

QTEST_MAIN(TstAttemptLog)
#include "tst_attemptlog.moc"
