// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The reviewer's models and controller (formalize.md §5.4, §9, §11, §13): the entry and
// attempt-log models under QAbstractItemModelTester, decisions with undo, and a whole run
// with the scripted provider on a copy of the demo workspace: formalize → accept → Apply →
// Undo Apply.
#include "attempts/attemptlogmodel.h"
#include "attempts/attemptlogview.h"
#include "review/applyresultbar.h"
#include "review/applytexts.h"
#include "review/entrydetailsview.h"
#include "review/entrymodel.h"
#include "review/inlineeditor.h"
#include "review/recoverydialog.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include "lang/registry.h"
#include "proposal/sessionfile.h"
#include "status.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QTextBlock>
#include <QTimeZone>
#include <QTreeWidget>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace fanva;
using nlohmann::json;

namespace {

using fanva::testing::candidatesReply;
using fanva::testing::readAll;
using fanva::testing::ScriptedDemo;

// Mango's weight is new to the KB; a penguin seal is refused (disjoint kinds). The repair
// proposes Mango's weight alone.
json penguinSealScript()
{
    return ScriptedDemo::script(
        { { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 }, { "(penguin Biscuit)", 4 } }) }, { "stop_reason", "end_turn" } },
            { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } } });
}

// Mango's weight, and a judge that agrees.
json mangoScript()
{
    return ScriptedDemo::script({ { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
        { { "when", { { "purpose", "judge" } } }, { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"agree\"}]}" } } });
}

proposal::Entry makeEntry(const QString &id, int segment, formalize::EntryState state, const QString &sentence)
{
    proposal::Entry e;
    e.id = id;
    e.segment = segment;
    e.state = state;
    e.candidate = sentence;
    e.shapes = { sentence };
    if (state == formalize::EntryState::Refused)
        e.problems.push_back({ QStringLiteral("disjoint"), QStringLiteral("penguin and seal are disjoint"), std::nullopt });
    return e;
}

proposal::Proposal makeProposal()
{
    proposal::Proposal p;
    p.context = QStringLiteral("CxAnimals");
    p.targetFile = QStringLiteral("CxAnimals.txt");
    p.documentName = QStringLiteral("animals.md");
    p.segmentTexts = { QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three") };
    // Out of document order on purpose: the model sorts by segment.
    p.entries.push_back(makeEntry(QStringLiteral("c1"), 3, formalize::EntryState::Admissible, QStringLiteral("(salmon Finn)")));
    p.entries.push_back(makeEntry(QStringLiteral("c2"), 1, formalize::EntryState::Refused, QStringLiteral("(penguin Biscuit)")));
    p.entries.push_back(makeEntry(QStringLiteral("c3"), 2, formalize::EntryState::Superseded, QStringLiteral("(seal X)")));
    return p;
}

} // namespace

class TestReview : public QObject
{
    Q_OBJECT

private:
    static void showAndActivate(QWidget &widget)
    {
        widget.show();
        widget.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&widget));
    }

    static void replaceText(QPlainTextEdit *editor, const QString &text)
    {
        QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor, text);
    }

    static QString entryWith(const ReviewController &review, const QString &word)
    {
        for (int row = 0; row < review.entries()->rowCount(); ++row) {
            if (review.entries()->entryAt(row)->sentence().contains(word))
                return review.entries()->entryAt(row)->id;
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        // Journal and autosave defaults go to the test locations, never the user's.
        QStandardPaths::setTestModeEnabled(true);
    }

    // §9: every change to the accepted set re-gates the accepted entries together, so two
    // that clash show it before Apply — here two weights of Mango, a functional relation.
    void acceptedEntriesClash()
    {
        ScriptedDemo demo(penguinSealScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        const QString mango = entryWith(review, QStringLiteral("Mango"));
        const QString biscuit = entryWith(review, QStringLiteral("Biscuit"));
        QVERIFY(!mango.isEmpty() && !biscuit.isEmpty());
        QSignalSpy changed(&review, &ReviewController::clashesChanged);

        // Alone, each passes the gates.
        QVERIFY(review.edit(biscuit, QStringLiteral("(weightInKg Mango 2)")));
        QVERIFY(review.proposal().entry(biscuit)->problems.empty());
        QVERIFY(review.clashingEntries().isEmpty());

        QVERIFY(review.accept(mango));
        QCOMPARE(review.clashingEntries(), QStringList { mango });
        QVERIFY(review.clashes(biscuit).empty());
        const std::vector<lang::Problem> clashes = review.clashes(mango);
        QVERIFY(!clashes.empty());
        QVERIFY2(clashes.front().message.contains(QStringLiteral("weightInKg")), qPrintable(clashes.front().message));
        QCOMPARE(changed.count(), 1);
        const QString html = EntryDetailsView::entryHtml(*review.proposal().entry(mango), review.proposal(), clashes);
        QVERIFY(html.contains(QStringLiteral("Clashes with other accepted entries")));

        // Undoing the accept ends the clash.
        review.undoStack()->undo();
        QVERIFY(review.clashingEntries().isEmpty());
        QCOMPARE(changed.count(), 2);
    }

    void entryModelRows()
    {
        EntryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProposal(makeProposal());
        // Superseded entries are not reviewable; the rest in document order.
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, EntryModel::IdColumn).data().toString(), QStringLiteral("c2"));
        QCOMPARE(model.index(1, EntryModel::IdColumn).data().toString(), QStringLiteral("c1"));
        QCOMPARE(model.rowOf(QStringLiteral("c1")), 1);
        QCOMPARE(model.rowOf(QStringLiteral("c3")), -1);
        QCOMPARE(model.index(0, EntryModel::RankColumn).data().toString(), GutterMark::glyph(GutterMark::Rank::Refused));
        QCOMPARE(model.index(0, EntryModel::DecisionColumn).data().toString(), GutterMark::glyph(GutterMark::Decision::Undecided));
        QCOMPARE(
            model.index(0, EntryModel::RankColumn).data(Qt::ToolTipRole).toString(), EntryModel::rankDescription(formalize::Rank::Refused));
        QCOMPARE(model.index(1, EntryModel::SentenceColumn).data().toString(), QStringLiteral("(salmon Finn)"));
    }

    void entryModelChangeAnnouncesTheRow()
    {
        EntryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProposal(makeProposal());
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        // A refused entry cannot be accepted: nothing changes, nothing is announced.
        QVERIFY(!model.change(QStringLiteral("c2"), [](proposal::Proposal &p) { return p.accept(QStringLiteral("c2")); }));
        QCOMPARE(changed.count(), 0);
        QVERIFY(model.change(QStringLiteral("c1"), [](proposal::Proposal &p) { return p.accept(QStringLiteral("c1")); }));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 1);
        QCOMPARE(model.index(1, EntryModel::DecisionColumn).data().toString(), GutterMark::glyph(GutterMark::Decision::Accepted));
    }

    void attemptLogRows()
    {
        AttemptLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy outcome(&model, &AttemptLogModel::outcomeChanged);
        model.addEvent({ { "type", "usage" }, { "n", 1 } }); // before any attempt: ignored
        QCOMPARE(model.rowCount(), 0);
        model.addEvent({ { "type", "attempt-started" }, { "n", 1 }, { "kind", "draft" }, { "messages", 2 } });
        model.addEvent({ { "type", "usage" }, { "n", 1 }, { "input", 1200 }, { "output", 40 }, { "cacheRead", 1000 } });
        model.addEvent({ { "type", "text-delta" }, { "n", 1 }, { "text", "{\"candidates\": []}" } });
        model.addEvent({ { "type", "attempt-finished" }, { "n", 1 }, { "readable", true }, { "candidates", 2 }, { "ms", 1500 } });
        model.addEvent({ { "type", "gate-result" }, { "n", 1 }, { "candidate", "c1" }, { "ok", true }, { "gate", "round-trip" } });
        model.addEvent({ { "type", "gate-result" }, { "n", 1 }, { "candidate", "c2" }, { "ok", false }, { "gate", "critic" } });
        model.addEvent({ { "type", "attempt-started" }, { "n", 2 }, { "kind", "repair" }, { "messages", 4 } });
        model.addEvent({ { "type", "attempt-finished" }, { "n", 2 }, { "readable", false }, { "candidates", 0 }, { "ms", 200 } });
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, AttemptLogModel::KindColumn).data().toString(), QStringLiteral("draft"));
        QCOMPARE(model.index(0, AttemptLogModel::CandidatesColumn).data().toInt(), 2);
        QCOMPARE(model.index(0, AttemptLogModel::AdmittedColumn).data().toInt(), 1);
        QCOMPARE(model.index(0, AttemptLogModel::TokensColumn).data().toString(), QStringLiteral("1200 / 40 / 1000"));
        QCOMPARE(model.index(0, AttemptLogModel::SecondsColumn).data().toString(), QStringLiteral("1.5"));
        QCOMPARE(model.index(0, 0).data(AttemptLogModel::ReplyTextRole).toString(), QStringLiteral("{\"candidates\": []}"));
        QCOMPARE(model.index(0, 0).data(AttemptLogModel::GateChipsRole).toStringList().size(), 2);
        QVERIFY(model.index(0, 0).data(AttemptLogModel::GateChipsRole).toStringList().at(1).contains(QStringLiteral("critic")));
        QVERIFY(model.index(1, AttemptLogModel::KindColumn).data().toString().startsWith(QStringLiteral("repair")));
        QVERIFY(!model.index(1, AttemptLogModel::AdmittedColumn).data().isValid());
        model.addEvent({ { "type", "finished" }, { "outcome", "success" }, { "stopReason", "complete" },
            { "coverage", { { "covered", 3 }, { "total", 14 } } } });
        QCOMPARE(outcome.count(), 1);
        QVERIFY(model.outcomeText().contains(QStringLiteral("success")));
        QVERIFY(model.outcomeText().contains(QStringLiteral("3/14")));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void formalizeAcceptApplyUndo()
    {
        ScriptedDemo demo(penguinSealScript());
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();
        const QByteArray before = demo.originalTarget();
        ReviewController review;
        QCOMPARE(demo.run(review), QString());

        EntryModel *entries = review.entries();
        QAbstractItemModelTester tester(entries, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const proposal::Entry *mango = nullptr;
        const proposal::Entry *biscuit = nullptr;
        for (int row = 0; row < entries->rowCount(); ++row) {
            const proposal::Entry *e = entries->entryAt(row);
            if (e->sentence().contains(QStringLiteral("Mango")))
                mango = e;
            if (e->sentence().contains(QStringLiteral("Biscuit")))
                biscuit = e;
        }
        QVERIFY(mango && biscuit);
        const QString mangoId = mango->id;
        const QString biscuitId = biscuit->id;
        QCOMPARE(biscuit->rank(), formalize::Rank::Refused);

        // a on a refused entry does nothing (force it instead); undo takes decisions back.
        QVERIFY(!review.accept(biscuitId));
        QCOMPARE(review.undoStack()->count(), 0);
        QVERIFY(review.reject(biscuitId));
        QVERIFY(review.accept(mangoId));
        QCOMPARE(review.undoStack()->count(), 2);
        review.undoStack()->undo();
        QCOMPARE(review.proposal().entry(mangoId)->decision, formalize::Decision::Undecided);
        review.undoStack()->redo();
        QCOMPARE(review.proposal().entry(mangoId)->decision, formalize::Decision::Accepted);

        // "show exactly what Apply writes": only the accepted entry's sentence.
        const std::vector<proposal::DiffLine> written = review.diff(true);
        int sentences = 0;
        for (const proposal::DiffLine &line : written) {
            if (line.kind == proposal::DiffLine::Kind::Sentence) {
                ++sentences;
                QCOMPARE(line.entryId, mangoId);
            }
        }
        QCOMPARE(sentences, 1);

        QSignalSpy changed(&review, &ReviewController::proposalChanged);
        const proposal::ApplyResult applied = fanva::testing::applyAndWait(review);
        QCOMPARE(applied.status, proposal::ApplyStatus::Applied);
        QCOMPARE(applied.written, QStringList { mangoId });
        QCOMPARE(changed.count(), 1);
        const QByteArray after = readAll(target);
        QCOMPARE(after, proposal::Proposal::appendBlock(before, applied.block));
        QVERIFY(applied.block.contains("(weightInKg Mango 1)"));
        QVERIFY(!applied.block.contains("Biscuit"));
        QCOMPARE(review.proposal().entry(mangoId)->decision, formalize::Decision::Applied);
        QCOMPARE(review.undoStack()->count(), 0);

        // Saved and reopened, the session keeps the decisions.
        const QString sessionPath = demo.filePath(QStringLiteral("animals.fanva"));
        QCOMPARE(review.saveSession(sessionPath).message(), QString());
        ReviewController reopened;
        QCOMPARE(fanva::testing::openAndWait(reopened, sessionPath), QString());
        QCOMPARE(reopened.proposal().entry(mangoId)->decision, formalize::Decision::Applied);
        QCOMPARE(reopened.proposal().entry(biscuitId)->decision, formalize::Decision::Rejected);
        QCOMPARE(reopened.attempts()->rowCount(), review.attempts()->rowCount());

        const proposal::UndoResult undone = fanva::testing::undoApplyAndWait(review);
        QCOMPARE(undone.status, proposal::UndoResult::Status::Undone);
        QCOMPARE(readAll(target), before);
        QCOMPARE(review.proposal().entry(mangoId)->decision, formalize::Decision::Accepted);
    }

    void presenterGutterAndKeys()
    {
        ScriptedDemo demo(penguinSealScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        ProposalView view;
        view.resize(700, 500);
        ReviewPresenter presenter(&review, &view);
        bool confirmAnswer = false;
        int confirmations = 0;
        presenter.setConfirm([&](const QString &, const QString &) {
            ++confirmations;
            return confirmAnswer;
        });
        presenter.refresh();
        view.show();
        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setFocus();

        // Each entry's glyphs sit on the line of its sentence, and a click there selects it.
        int rankX = view.gutter()->width() - 1;
        while (rankX > 0 && view.gutterAreaAt(QPoint(rankX, 5)) != ProposalView::GutterArea::Rank)
            --rankX;
        QVERIFY(rankX > 0);
        QVERIFY(review.entries()->rowCount() >= 2);
        for (int row = 0; row < review.entries()->rowCount(); ++row) {
            const proposal::Entry *e = review.entries()->entryAt(row);
            const int line = presenter.lineOfEntry(e->id);
            QVERIFY2(line >= 0, qPrintable(e->id));
            QCOMPARE(view.mark(line), (GutterMark { EntryModel::gutterRank(e->rank()), EntryModel::gutterDecision(e->decision) }));
            QVERIFY(view.document()->findBlockByNumber(line).text().contains(proposal::renderSentence(e->sentence())));
            QCOMPARE(presenter.entryAtLine(line), e->id);
            view.verticalScrollBar()->setValue(qMax(0, line - 2));
            QTest::mouseClick(view.gutter(), Qt::LeftButton, {},
                QPoint(rankX, view.cursorRect(QTextCursor(view.document()->findBlockByNumber(line))).center().y()));
            QCOMPARE(presenter.currentEntry(), e->id);
        }

        const QString mango = entryWith(review, QStringLiteral("Mango"));
        const QString biscuit = entryWith(review, QStringLiteral("Biscuit"));
        presenter.setCurrentEntry(mango);
        QTest::keyClick(&view, Qt::Key_A);
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Accepted);
        QCOMPARE(view.mark(presenter.lineOfEntry(mango)).decision, GutterMark::Decision::Accepted);
        QTest::keyClick(&view, Qt::Key_X);
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Rejected);
        // A rejected entry is struck through.
        bool struck = false;
        for (const QTextEdit::ExtraSelection &selection : view.extraSelections()) {
            if (selection.cursor.blockNumber() == presenter.lineOfEntry(mango) && selection.format.fontStrikeOut())
                struck = true;
        }
        QVERIFY(struck);
        QTest::keyClick(&view, Qt::Key_U);
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Undecided);
        review.undoStack()->undo();
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Rejected);
        QCOMPARE(review.undoStack()->count(), 3);

        // j and k walk the entries in document order.
        const int mangoRow = review.entries()->rowOf(mango);
        QTest::keyClick(&view, mangoRow == 0 ? Qt::Key_J : Qt::Key_K);
        QCOMPARE(review.entries()->rowOf(presenter.currentEntry()), mangoRow == 0 ? 1 : mangoRow - 1);

        // Shift+F asks first; cancelling changes nothing.
        presenter.setCurrentEntry(biscuit);
        QTest::keyClick(&view, Qt::Key_A);
        QCOMPARE(review.proposal().entry(biscuit)->decision, formalize::Decision::Undecided);
        QTest::keyClick(&view, Qt::Key_F, Qt::ShiftModifier);
        QCOMPARE(confirmations, 1);
        QCOMPARE(review.proposal().entry(biscuit)->decision, formalize::Decision::Undecided);
        confirmAnswer = true;
        QTest::keyClick(&view, Qt::Key_F, Qt::ShiftModifier);
        QCOMPARE(confirmations, 2);
        QCOMPARE(review.proposal().entry(biscuit)->decision, formalize::Decision::Forced);
        QCOMPARE(view.mark(presenter.lineOfEntry(biscuit)).decision, GutterMark::Decision::Forced);

        // Only what Apply writes: the forced entry, not the rejected one.
        presenter.setShowOnlyWritten(true);
        QVERIFY(view.toPlainText().contains(QStringLiteral("Biscuit")));
        QCOMPARE(presenter.lineOfEntry(mango), -1);
    }

    void inlineEditorGatesAfterTheLastKeystroke()
    {
        int runs = 0;
        const InlineEditor::Gate gate = [&runs](const QString &sentence) {
            ++runs;
            std::vector<lang::Problem> problems;
            if (!sentence.endsWith(QLatin1Char(')')))
                problems.push_back({ QStringLiteral("parse"), QStringLiteral("unbalanced parentheses"), std::nullopt });
            return problems;
        };
        QWidget host;
        host.resize(600, 300);
        InlineEditor editor(&host);
        host.show();
        QVERIFY(QTest::qWaitForWindowExposed(&host));
        QVERIFY(!editor.isVisible());
        editor.open(QStringLiteral("c1"), QStringLiteral("(salmon Finn)"), gate);
        QVERIFY(editor.isVisible() && editor.isOpen());
        QCOMPARE(runs, 1); // the text as it opens
        QVERIFY(editor.problems().empty());
        QSignalSpy gated(&editor, &InlineEditor::gated);
        QTest::keyClick(editor.editor(), Qt::Key_Backspace);
        QTest::keyClicks(editor.editor(), QStringLiteral(" x"));
        // Several keystrokes, one gate run once the typing stops.
        QVERIFY(editor.isGatePending());
        QTRY_COMPARE(gated.count(), 1);
        QCOMPARE(runs, 2);
        QCOMPARE(editor.sentence(), QStringLiteral("(salmon Finn x"));
        QCOMPARE(editor.problems().size(), size_t(1));
        QVERIFY(editor.problemsText().contains(QStringLiteral("parse — unbalanced parentheses")));

        // Shift+Enter starts a new line; Escape cancels without committing.
        QSignalSpy committed(&editor, &InlineEditor::committed);
        QSignalSpy cancelled(&editor, &InlineEditor::cancelled);
        QTest::keyClick(editor.editor(), Qt::Key_Return, Qt::ShiftModifier);
        QCOMPARE(editor.editor()->document()->blockCount(), 2);
        QTest::keyClick(editor.editor(), Qt::Key_Escape);
        QCOMPARE(cancelled.count(), 1);
        QCOMPARE(committed.count(), 0);
        QVERIFY(!editor.isVisible() && !editor.isOpen());

        // Enter commits a changed text; committing it unchanged is a cancel.
        editor.open(QStringLiteral("c1"), QStringLiteral("(salmon Finn)"), gate);
        QTest::keyClick(editor.editor(), Qt::Key_Return);
        QCOMPARE(cancelled.count(), 2);
        editor.open(QStringLiteral("c1"), QStringLiteral("(salmon Finn)"), gate);
        QTest::keyClicks(editor.editor(), QStringLiteral(" "));
        QTest::keyClick(editor.editor(), Qt::Key_Backspace);
        QTest::keyClick(editor.editor(), Qt::Key_Left);
        QTest::keyClicks(editor.editor(), QStringLiteral(" Gill"));
        QTest::keyClick(editor.editor(), Qt::Key_Return);
        QCOMPARE(committed.count(), 1);
        QCOMPARE(committed.first().at(0).toString(), QStringLiteral("c1"));
        QCOMPARE(committed.first().at(1).toString(), QStringLiteral("(salmon Finn Gill)"));
        QVERIFY(!editor.isOpen());
    }

    void editAndApplyTexts()
    {
        ScriptedDemo demo(penguinSealScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        const QString mango = entryWith(review, QStringLiteral("Mango"));
        const QString biscuit = entryWith(review, QStringLiteral("Biscuit"));
        QCOMPARE(ApplyTexts::confirmation(review.proposal()), ApplyTexts::tr("No entry is accepted; Apply has nothing to write."));

        // An edit is gated against the KB: a parrot seal is refused (birds are no mammals), a weight is not.
        QVERIFY(!review.gateEdit(mango, QStringLiteral("(seal Mango)")).empty());
        QVERIFY(review.gateEdit(mango, QStringLiteral("(weightInKg Mango 2)")).empty());
        // The live gates see the other accepted entries: weightInKg is functional, so once
        // Mango weighs 1, another entry saying 2 clashes; the entry's own edit does not.
        QVERIFY(review.gateEdit(biscuit, QStringLiteral("(weightInKg Mango 2)")).empty());
        QVERIFY(review.accept(mango));
        QVERIFY(!review.gateEdit(biscuit, QStringLiteral("(weightInKg Mango 2)")).empty());
        QVERIFY(review.gateEdit(mango, QStringLiteral("(weightInKg Mango 2)")).empty());
        review.undoStack()->undo();
        QVERIFY(review.edit(mango, QStringLiteral("(weightInKg Mango 2)")));
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Edited);
        QCOMPARE(review.proposal().entry(mango)->sentence(), QStringLiteral("(weightInKg Mango 2)"));
        QVERIFY(review.force(biscuit));

        const QString confirmation = ApplyTexts::confirmation(review.proposal());
        QVERIFY2(confirmation.contains(QStringLiteral("2 entries")), qPrintable(confirmation));
        QVERIFY(confirmation.contains(QStringLiteral("CxAnimals.txt")));
        QVERIFY(confirmation.contains(QStringLiteral("Forced past the gates: %1").arg(biscuit)));

        review.undoStack()->undo(); // the force
        const proposal::ApplyResult applied = fanva::testing::applyAndWait(review);
        QCOMPARE(applied.status, proposal::ApplyStatus::Applied);
        QVERIFY(applied.block.contains("(weightInKg Mango 2)"));
        QVERIFY(ApplyTexts::result(applied).startsWith(QStringLiteral("Applied: wrote 1 entries")));
        QVERIFY(ApplyTexts::undoResult(fanva::testing::undoApplyAndWait(review)).startsWith(QStringLiteral("Undone")));
        QCOMPARE(ApplyTexts::undoResult(fanva::testing::undoApplyAndWait(review)), ApplyTexts::tr("There is no Apply to undo."));
    }

    void windowFormalizeReviewApplyUndo()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();
        const QByteArray before = demo.originalTarget();

        MainWindow window;
        QVERIFY(demo.open(window));
        const auto action = [&window](const char *name) { return window.findChild<QAction *>(QLatin1String(name)); };
        QVERIFY(action("actionFormalize")->isEnabled());
        QVERIFY(!action("actionApply")->isEnabled());
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));

        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        action("actionFormalize")->trigger();
        QVERIFY(window.review()->isRunning());
        QVERIFY(action("actionCancelFormalize")->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(!action("actionCancelFormalize")->isEnabled());
        auto *log = window.findChild<AttemptLogView *>(QStringLiteral("attemptLog"));
        QVERIFY(log && !log->isEmpty());
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(view->toPlainText().contains(QStringLiteral("(weightInKg Mango 1)")));
        QVERIFY(window.findChild<QLabel *>(QStringLiteral("outcomeBanner"))->isVisibleTo(&window));

        const QString mango = entryWith(*window.review(), QStringLiteral("Mango"));
        window.presenter()->setCurrentEntry(mango);
        QVERIFY(window.findChild<EntryDetailsView *>(QStringLiteral("entryDetails"))->toPlainText().contains(mango));
        // The entry's sentence is marked in the source pane.
        const auto sourceMarks = window.findChild<QPlainTextEdit *>(QStringLiteral("sourceView"))->extraSelections();
        QCOMPARE(sourceMarks.size(), 1);
        QCOMPARE(sourceMarks.first().cursor.selectedText(), QStringLiteral("Mango is a parrot whose mother is Saffron."));
        view->setFocus();
        QTest::keyClick(view, Qt::Key_A);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Accepted);
        QVERIFY(action("actionApply")->isEnabled());
        // No single key applies: Ctrl+Shift+Return, which asks first (docs/formalize.md §11.2).
        QCOMPARE(action("actionApply")->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
        action("actionUndo")->trigger();
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Undecided);
        QVERIFY(!action("actionApply")->isEnabled());
        action("actionRedo")->trigger();
        QVERIFY(action("actionApply")->isEnabled());

        QSignalSpy applyFinished(&window, &MainWindow::applyFinished);
        action("actionApply")->trigger();
        QTRY_COMPARE(applyFinished.count(), 1);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Applied);
        QVERIFY(readAll(target).startsWith(before));
        QVERIFY(readAll(target).contains("(weightInKg Mango 1)"));
        // Applied entries leave the diff; the entry list shows them applied.
        const int row = window.review()->entries()->rowOf(mango);
        QCOMPARE(window.review()->entries()->index(row, EntryModel::DecisionColumn).data().toString(),
            GutterMark::glyph(GutterMark::Decision::Applied));
        QVERIFY(action("actionUndoApply")->isEnabled());
        QSignalSpy undoFinished(&window, &MainWindow::undoApplyFinished);
        action("actionUndoApply")->trigger();
        QTRY_COMPARE(undoFinished.count(), 1);
        QCOMPARE(readAll(target), before);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Accepted);
    }

    void presenterEditsInPlace()
    {
        ScriptedDemo demo(penguinSealScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        ProposalView view;
        view.resize(700, 500);
        ReviewPresenter presenter(&review, &view);
        presenter.refresh();
        showAndActivate(view);
        view.setFocus();
        const QString mango = entryWith(review, QStringLiteral("Mango"));
        presenter.setCurrentEntry(mango);
        InlineEditor *editor = presenter.editor();
        QVERIFY(!editor->isVisible());

        // e opens the editor over the entry's sentence, with its text.
        QTest::keyClick(&view, Qt::Key_E);
        QVERIFY(presenter.isEditing());
        QVERIFY(editor->isVisible());
        QCOMPARE(editor->entryId(), mango);
        QCOMPARE(editor->sentence(), QStringLiteral("(weightInKg Mango 1)"));
        const QRect row = view.cursorRect(QTextCursor(view.document()->findBlockByNumber(presenter.lineOfEntry(mango))));
        QCOMPARE(editor->geometry().top(), row.top());
        QCOMPARE(editor->width(), view.viewport()->width());
        QTRY_VERIFY(editor->editor()->hasFocus());
        QVERIFY(!presenter.acceptAction()->isEnabled()); // the keys belong to the editor now

        // A parrot is no seal: the problem shows once the typing stops; a is typed, not "accept".
        QSignalSpy gated(editor, &InlineEditor::gated);
        replaceText(editor->editor(), QStringLiteral("(seal Mango)"));
        QVERIFY(editor->isGatePending());
        QTRY_COMPARE(gated.count(), 1);
        QVERIFY(!editor->problems().empty());
        QVERIFY2(editor->problemsText().contains(QStringLiteral(" — ")), qPrintable(editor->problemsText()));
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Undecided);
        QCOMPARE(review.undoStack()->count(), 0);

        // Fixed, the problems clear.
        replaceText(editor->editor(), QStringLiteral("(weightInKg Mango 2)"));
        QTRY_COMPARE(gated.count(), 2);
        QVERIFY(editor->problems().empty());
        QCOMPARE(editor->problemsText(), InlineEditor::tr("The gates find no problem."));

        // Ctrl+Enter commits an edited decision, shown in the diff; undo takes it back.
        QTest::keyClick(editor->editor(), Qt::Key_Return, Qt::ControlModifier);
        QVERIFY(!presenter.isEditing());
        QVERIFY(!editor->isVisible());
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Edited);
        QCOMPARE(review.proposal().entry(mango)->sentence(), QStringLiteral("(weightInKg Mango 2)"));
        QCOMPARE(view.mark(presenter.lineOfEntry(mango)).decision, GutterMark::Decision::Edited);
        QVERIFY(view.toPlainText().contains(QStringLiteral("(weightInKg Mango 2)")));
        QVERIFY(presenter.acceptAction()->isEnabled());
        QCOMPARE(review.undoStack()->count(), 1);
        review.undoStack()->undo();
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Undecided);
        QCOMPARE(review.proposal().entry(mango)->sentence(), QStringLiteral("(weightInKg Mango 1)"));
        QVERIFY(view.toPlainText().contains(QStringLiteral("(weightInKg Mango 1)")));

        // Escape cancels: nothing changes.
        QTest::keyClick(&view, Qt::Key_E);
        QVERIFY(presenter.isEditing());
        replaceText(editor->editor(), QStringLiteral("(weightInKg Mango 3)"));
        QTest::keyClick(editor->editor(), Qt::Key_Escape);
        QVERIFY(!presenter.isEditing());
        QCOMPARE(review.proposal().entry(mango)->sentence(), QStringLiteral("(weightInKg Mango 1)"));
        QCOMPARE(review.undoStack()->index(), 0);
        QCOMPARE(review.undoStack()->count(), 1);
    }

    void autosaveAndRecovery()
    {
        ScriptedDemo demo(penguinSealScript());
        QVERIFY(demo.isValid());
        const QString autosaveDir = demo.filePath(QStringLiteral("autosave"));
        QString mango;
        QString biscuit;
        QString autosavePath;
        int entryCount = 0;
        {
            auto review = std::make_unique<ReviewController>();
            review->setAutosaveDirectory(autosaveDir);
            review->setAutosaveIntervals(50, 60000);
            QSignalSpy autosaved(review.get(), &ReviewController::autosaved);
            QCOMPARE(demo.run(*review), QString());
            // The finished run is saved at once; it is unsaved work.
            QCOMPARE(autosaved.count(), 1);
            QVERIFY(review->isModified());
            autosavePath = review->autosavePath();
            QVERIFY(QFile::exists(autosavePath));
            QVERIFY(autosavePath.startsWith(autosaveDir));
            // This process owns it, so it is not offered.
            QVERIFY(RecoveryDialog::find(autosaveDir).isEmpty());

            mango = entryWith(*review, QStringLiteral("Mango"));
            biscuit = entryWith(*review, QStringLiteral("Biscuit"));
            entryCount = review->entries()->rowCount();
            QVERIFY(review->accept(mango));
            QVERIFY(review->reject(biscuit));
            // One debounced save after both decisions.
            QTRY_COMPARE(autosaved.count(), 2);
            // A crash: the controller goes without closeSession().
        }
        QVERIFY(QFile::exists(autosavePath));
        const QList<RecoverableReview> found = RecoveryDialog::find(autosaveDir);
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().path, autosavePath);
        QCOMPARE(found.first().document, QStringLiteral("animals.md"));
        QCOMPARE(found.first().entries, entryCount);
        QCOMPARE(found.first().decided, 2);
        QVERIFY(!found.first().interrupted);

        // Later keeps it; a non-interactive window without a chooser never asks.
        {
            MainWindow window;
            window.setInteractive(false);
            window.review()->setAutosaveDirectory(autosaveDir);
            QVERIFY(!window.offerRecovery());
            int asked = 0;
            window.setRecoveryChooser([&asked](const QList<RecoverableReview> &) {
                ++asked;
                return RecoveryChoice { RecoveryChoice::Action::Later, {} };
            });
            QVERIFY(!window.offerRecovery());
            QCOMPARE(asked, 1);
            QVERIFY(QFile::exists(autosavePath));
            QVERIFY(!window.review()->hasProposal());
        }

        // Recover: the same entries and decisions; it goes on autosaving there until a clean close.
        MainWindow window;
        window.setInteractive(false);
        window.review()->setAutosaveDirectory(autosaveDir);
        QList<RecoverableReview> offered;
        window.setRecoveryChooser([&offered](const QList<RecoverableReview> &reviews) {
            offered = reviews;
            return RecoveryChoice { RecoveryChoice::Action::Recover, reviews.first().path };
        });
        QVERIFY(window.offerRecovery());
        QVERIFY(fanva::testing::waitForKbLoad(*window.review()));
        QCOMPARE(offered, found);
        ReviewController *recovered = window.review();
        QCOMPARE(recovered->entries()->rowCount(), entryCount);
        QCOMPARE(recovered->proposal().entry(mango)->decision, formalize::Decision::Accepted);
        QCOMPARE(recovered->proposal().entry(biscuit)->decision, formalize::Decision::Rejected);
        QVERIFY(recovered->isModified());
        QCOMPARE(recovered->autosavePath(), autosavePath);
        QVERIFY(window.findChild<ProposalView *>(QStringLiteral("proposalView"))->toPlainText().contains(QStringLiteral("Mango")));
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionApply"))->isEnabled());
        // The source pane shows the document the review formalized, numbered and marked.
        const auto *source = window.findChild<SourceView *>(QStringLiteral("sourceView"));
        QVERIFY(source);
        QVERIFY(!recovered->documentText().isEmpty());
        QCOMPARE(source->toPlainText(), recovered->documentText());
        QVERIFY(source->showsFormalization());
        QCOMPARE(window.findChild<QLabel *>(QStringLiteral("sourceFileLabel"))->text(), QStringLiteral("animals.md"));
        // Locked by this process again: not offered twice.
        QVERIFY(RecoveryDialog::find(autosaveDir).isEmpty());

        QVERIFY(window.close());
        QVERIFY(!QFile::exists(autosavePath));
        QVERIFY(QDir(autosaveDir).entryList(QDir::Files).isEmpty());
    }

    void recoveryDialogLists()
    {
        const QDateTime saved(QDate(2026, 11, 29), QTime(14, 3), QTimeZone::utc());
        const QList<RecoverableReview> reviews { { QStringLiteral("/a/one.fanva"), saved, QStringLiteral("winter.md"), 5, 2, false },
            { QStringLiteral("/a/two.fanva"), saved.addSecs(-60), QStringLiteral("animals.md"), 3, 0, true } };
        RecoveryDialog dialog(reviews);
        QCOMPARE(dialog.list()->topLevelItemCount(), 2);
        QCOMPARE(dialog.list()->topLevelItem(0)->text(1), QStringLiteral("winter.md"));
        QVERIFY(dialog.list()->topLevelItem(0)->text(2).contains(QStringLiteral("5 (2 decided)")));
        QVERIFY(dialog.list()->topLevelItem(1)->text(2).contains(QStringLiteral("interrupted")));
        QCOMPARE(dialog.choice().action, RecoveryChoice::Action::Later);

        dialog.list()->setCurrentItem(dialog.list()->topLevelItem(1));
        dialog.findChild<QPushButton *>(QStringLiteral("discardButton"))->click();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QCOMPARE(dialog.choice(), (RecoveryChoice { RecoveryChoice::Action::Discard, QStringLiteral("/a/two.fanva") }));
        dialog.findChild<QPushButton *>(QStringLiteral("recoverButton"))->click();
        QCOMPARE(dialog.choice(), (RecoveryChoice { RecoveryChoice::Action::Recover, QStringLiteral("/a/two.fanva") }));
        dialog.findChild<QPushButton *>(QStringLiteral("laterButton"))->click();
        QCOMPARE(dialog.result(), int(QDialog::Rejected));
        QCOMPARE(dialog.choice().action, RecoveryChoice::Action::Later);
    }

    // A run on the KB the window loaded records the fingerprint hashed with that load (off the
    // GUI thread), not a new hash of the folder; without one, the folder's fingerprint now.
    void runRecordsTheLoadedKbsFingerprint()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        ReviewSetup setup = demo.setup();
        const fanva::lang::LoadResult loaded = fanva::lang::defaultLanguage().load(setup.kbFolder);
        QVERIFY(loaded.ok());
        setup.kb = loaded.kb;
        setup.fingerprint
            = fanva::proposal::KbFingerprint { QStringLiteral("feed"), { { QStringLiteral("CxAnimals.txt"), QStringLiteral("beef") } } };
        const auto savedFingerprint = [&demo](ReviewController &review) {
            const QString path = demo.filePath(QStringLiteral("fingerprint.fanva"));
            if (const fanva::Status saved = review.saveSession(path); !saved)
                return saved.message();
            return QString::fromStdString(
                nlohmann::json::parse(fanva::testing::readAll(path).toStdString())["kb"].value("sha256", std::string()));
        };
        ReviewController given;
        QCOMPARE(demo.run(given, setup), QString());
        QCOMPARE(savedFingerprint(given), QStringLiteral("feed"));
        setup.fingerprint.reset();
        ReviewController hashed;
        QCOMPARE(demo.run(hashed, setup), QString());
        QCOMPARE(savedFingerprint(hashed), fanva::proposal::kbFingerprint(setup.kbFolder, setup.language).sha256);
    }

    void autosaveOfAnInterruptedRunIsRecoveredCancelled()
    {
        // The model takes its time; the run is caught mid-way.
        ScriptedDemo demo(
            ScriptedDemo::script({ { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "delay_ms", 60000 } } }));
        QVERIFY(demo.isValid());
        const QString autosaveDir = demo.filePath(QStringLiteral("autosave"));
        {
            ReviewController review;
            review.setAutosaveDirectory(autosaveDir);
            review.setAutosaveIntervals(50, 50);
            QSignalSpy autosaved(&review, &ReviewController::autosaved);
            QCOMPARE(review.start(demo.setup()).message(), QString());
            QTRY_VERIFY(autosaved.count() >= 1 && review.attempts()->rowCount() >= 1);
            QVERIFY(review.isRunning());
        }
        const QList<RecoverableReview> found = RecoveryDialog::find(autosaveDir);
        QCOMPARE(found.size(), 1);
        QVERIFY(found.first().interrupted);

        ReviewController review;
        QCOMPARE(fanva::testing::openAndWait(review, found.first().path, true), QString());
        QVERIFY(!review.isRunning());
        QVERIFY(review.attempts()->rowCount() >= 1);
        QVERIFY2(review.attempts()->outcomeText().contains(QStringLiteral("cancelled")), qPrintable(review.attempts()->outcomeText()));
        review.closeSession();
        QVERIFY(RecoveryDialog::find(autosaveDir).isEmpty());
        QVERIFY(!QFile::exists(found.first().path));
    }

    void windowConflictRediffThenApply()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();
        MainWindow window;
        QVERIFY(demo.formalize(window));
        const QString mango = entryWith(*window.review(), QStringLiteral("Mango"));
        QVERIFY(window.review()->accept(mango));
        auto *bar = window.findChild<ApplyResultBar *>(QStringLiteral("applyResultBar"));
        QVERIFY(bar && !bar->isVisibleTo(&window));

        // Someone edits the target file before Apply: nothing is written, Re-diff is offered.
        QByteArray edited = readAll(target) + "\n(parrot Kiwi)\n";
        {
            QFile file(target);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(edited);
        }
        QSignalSpy problems(&window, &MainWindow::problemReported);
        QVERIFY(!fanva::testing::applyAndWait(window));
        QCOMPARE(readAll(target), edited);
        QVERIFY(bar->isVisibleTo(&window));
        QCOMPARE(bar->kind(), ApplyResultBar::Kind::Warning);
        QVERIFY2(bar->text().contains(QStringLiteral("CxAnimals.txt changed on disk")), qPrintable(bar->text()));
        QVERIFY(bar->text().contains(QStringLiteral("Re-diff")));
        QVERIFY(bar->rediffButton()->isVisibleTo(&window));
        QVERIFY(!bar->undoApplyButton()->isVisibleTo(&window));
        QCOMPARE(problems.count(), 1);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Accepted);

        // Re-diff keeps the decision and takes the new file as the base; Apply then writes.
        QTest::mouseClick(bar->rediffButton(), Qt::LeftButton);
        QVERIFY(fanva::testing::waitForKbLoad(*window.review()));
        QCOMPARE(bar->kind(), ApplyResultBar::Kind::Information);
        QVERIFY(!bar->rediffButton()->isVisibleTo(&window));
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Accepted);
        QVERIFY(fanva::testing::applyAndWait(window));
        QVERIFY(bar->text().startsWith(QStringLiteral("Applied")));
        QVERIFY(readAll(target).startsWith(edited));
        QVERIFY(readAll(target).contains("(weightInKg Mango 1)"));
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Applied);
    }

    void windowCannotForceAnUnreadableEdit()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();
        MainWindow window;
        QVERIFY(demo.formalize(window));
        const QByteArray before = readAll(target);
        showAndActivate(window);
        const QString mango = entryWith(*window.review(), QStringLiteral("Mango"));
        window.presenter()->setCurrentEntry(mango);
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        view->setFocus();

        // e in the window edits in place; an unbalanced sentence is refused by the gates…
        QTest::keyClick(view, Qt::Key_E);
        InlineEditor *editor = window.presenter()->editor();
        QVERIFY(editor->isVisible());
        QVERIFY(view->viewport()->isAncestorOf(editor));
        QSignalSpy gated(editor, &InlineEditor::gated);
        replaceText(editor->editor(), QStringLiteral("(weightInKg Mango 1"));
        QTRY_COMPARE(gated.count(), 1);
        QVERIFY(!editor->problems().empty());
        // (Enter would start a new line while a list is open: Ctrl+Enter commits whatever the text.)
        QTest::keyClick(editor->editor(), Qt::Key_Return, Qt::ControlModifier);
        const proposal::Entry *e = window.review()->proposal().entry(mango);
        QCOMPARE(e->rank(), formalize::Rank::Refused);
        QCOMPARE(e->decision, formalize::Decision::Undecided);

        // …and, being unreadable, it cannot be forced past them: nothing of it reaches the file
        // (issue 14 M7: text that does not read would leave a KB that no longer loads).
        window.presenter()->setConfirm([](const QString &, const QString &) { return true; });
        QTest::keyClick(view, Qt::Key_F, Qt::ShiftModifier);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Undecided);
        QVERIFY(!fanva::testing::applyAndWait(window));
        QVERIFY(!readAll(target).contains("(weightInKg Mango 1\n"));
        QVERIFY(readAll(target).startsWith(before));
    }

    void startRefusesAnUnreadableDocument()
    {
        ReviewController review;
        ReviewSetup setup;
        setup.documentPath = QStringLiteral("/nonexistent/doc.md");
        setup.provider.id = QStringLiteral("demo");
        const fanva::Status started = review.start(setup);
        QVERIFY(!started);
        QVERIFY(started.message().contains(QStringLiteral("doc.md")));
        QVERIFY(!review.isRunning());
    }
};

QTEST_MAIN(TestReview)
#include "tst_review.moc"
