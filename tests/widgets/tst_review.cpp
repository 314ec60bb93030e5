// The reviewer's models and controller (formalize.md §5.4, §9, §11, §13): the entry and
// attempt-log models under QAbstractItemModelTester, decisions with undo, and a whole run
// with the scripted provider on a copy of the demo workspace: formalize → accept → Apply →
// Undo Apply.
#include "applytexts.h"
#include "attemptlogmodel.h"
#include "attemptlogview.h"
#include "editentrydialog.h"
#include "entrydetailsview.h"
#include "entrymodel.h"
#include "mainwindow.h"
#include "reviewcontroller.h"
#include "reviewpresenter.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace fanva;
using nlohmann::json;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    const QDir source(from);
    for (const QFileInfo &info : source.entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = QDir(to).filePath(info.fileName());
        if (info.isDir() ? !copyTree(info.filePath(), target) : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
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

std::string reply(const std::vector<std::pair<std::string, int>> &candidates)
{
    json c = json::array();
    for (const auto &[sentence, segment] : candidates)
        c.push_back({ { "sentence", sentence }, { "segment", segment }, { "confidence", "high" } });
    return json { { "candidates", c } }.dump();
}

} // namespace

class TestReview : public QObject
{
    Q_OBJECT

private:
    /// Runs the scripted formalization on a copy of the demo workspace in @p dir.
    void runScripted(const QTemporaryDir &dir, ReviewController &review, QByteArray *before)
    {
        const QString workspace = dir.filePath(QStringLiteral("demo"));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), workspace));
        const QString kbDir = QDir(workspace).filePath(QStringLiteral("kb"));
        *before = readAll(QDir(kbDir).filePath(QStringLiteral("CxAnimals.txt")));
        QVERIFY(!before->isEmpty());

        // Mango's weight is new to the KB; a penguin seal is refused (disjoint kinds).
        const json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" },
            { "turns",
                { { { "text", reply({ { "(weightInKg Mango 1)", 6 }, { "(penguin Biscuit)", 4 } }) }, { "stop_reason", "end_turn" } },
                    { { "text", reply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } } } } };
        const QString scriptPath = dir.filePath(QStringLiteral("script.json"));
        {
            QFile file(scriptPath);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(script.dump()));
        }

        review.setJournalPath(dir.filePath(QStringLiteral("journal.jsonl")));
        ReviewSetup setup;
        setup.kbFolder = kbDir;
        setup.documentPath = QDir(workspace).filePath(QStringLiteral("animals.md"));
        setup.context = QStringLiteral("CxAnimals");
        setup.provider.id = QStringLiteral("scripted");
        setup.provider.model = QStringLiteral("scripted");
        setup.provider.scriptPath = scriptPath;
        setup.settings.judge = false;
        setup.settings.maxAttempts = 2;
        QSignalSpy finished(&review, &ReviewController::finished);
        QString error;
        QVERIFY2(review.start(setup, &error), qPrintable(error));
        QVERIFY(review.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(review.hasProposal());
        QVERIFY(review.attempts()->rowCount() >= 1);
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
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("demo/kb/CxAnimals.txt"));
        ReviewController review;
        QByteArray before;
        runScripted(dir, review, &before);
        if (QTest::currentTestFailed())
            return;

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
        const proposal::ApplyResult applied = review.apply();
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
        const QString sessionPath = dir.filePath(QStringLiteral("animals.fanva"));
        QString error;
        QVERIFY2(review.saveSession(sessionPath, &error), qPrintable(error));
        ReviewController reopened;
        QVERIFY2(reopened.openSession(sessionPath, &error), qPrintable(error));
        QCOMPARE(reopened.proposal().entry(mangoId)->decision, formalize::Decision::Applied);
        QCOMPARE(reopened.proposal().entry(biscuitId)->decision, formalize::Decision::Rejected);
        QCOMPARE(reopened.attempts()->rowCount(), review.attempts()->rowCount());

        const proposal::UndoResult undone = review.undoApply();
        QCOMPARE(undone.status, proposal::UndoResult::Status::Undone);
        QCOMPARE(readAll(target), before);
        QCOMPARE(review.proposal().entry(mangoId)->decision, formalize::Decision::Accepted);
    }

    void presenterGutterAndKeys()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ReviewController review;
        QByteArray before;
        runScripted(dir, review, &before);
        if (QTest::currentTestFailed())
            return;
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

    void editGatesAfterTheLastKeystroke()
    {
        int runs = 0;
        EditEntryDialog dialog(QStringLiteral("c1"), QStringLiteral("(salmon Finn)"), [&runs](const QString &sentence) {
            ++runs;
            std::vector<check::Problem> problems;
            if (!sentence.endsWith(QLatin1Char(')')))
                problems.push_back({ QStringLiteral("parse"), QStringLiteral("unbalanced parentheses"), std::nullopt });
            return problems;
        });
        QCOMPARE(runs, 1); // the text as it opens
        QVERIFY(dialog.problems().empty());
        QSignalSpy gated(&dialog, &EditEntryDialog::gated);
        dialog.show();
        QTest::keyClick(dialog.editor(), Qt::Key_End);
        QTest::keyClick(dialog.editor(), Qt::Key_Backspace);
        QTest::keyClicks(dialog.editor(), QStringLiteral(" x"));
        // Several keystrokes, one gate run once the typing stops.
        QTRY_COMPARE(gated.count(), 1);
        QCOMPARE(runs, 2);
        QCOMPARE(dialog.sentence(), QStringLiteral("(salmon Finn x"));
        QCOMPARE(dialog.problems().size(), size_t(1));
        QVERIFY(dialog.problemsText().contains(QStringLiteral("parse — unbalanced parentheses")));
    }

    void editAndApplyTexts()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ReviewController review;
        QByteArray before;
        runScripted(dir, review, &before);
        if (QTest::currentTestFailed())
            return;
        const QString mango = entryWith(review, QStringLiteral("Mango"));
        const QString biscuit = entryWith(review, QStringLiteral("Biscuit"));
        QCOMPARE(ApplyTexts::confirmation(review.proposal()), ApplyTexts::tr("No entry is accepted; Apply has nothing to write."));

        // An edit is gated against the KB: a parrot seal is refused (birds are no mammals), a weight is not.
        QVERIFY(!review.gateEdit(QStringLiteral("(seal Mango)")).empty());
        QVERIFY(review.gateEdit(QStringLiteral("(weightInKg Mango 2)")).empty());
        QVERIFY(review.edit(mango, QStringLiteral("(weightInKg Mango 2)")));
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Edited);
        QCOMPARE(review.proposal().entry(mango)->sentence(), QStringLiteral("(weightInKg Mango 2)"));
        QVERIFY(review.force(biscuit));

        const QString confirmation = ApplyTexts::confirmation(review.proposal());
        QVERIFY2(confirmation.contains(QStringLiteral("2 entries")), qPrintable(confirmation));
        QVERIFY(confirmation.contains(QStringLiteral("CxAnimals.txt")));
        QVERIFY(confirmation.contains(QStringLiteral("Forced past the gates: %1").arg(biscuit)));

        review.undoStack()->undo(); // the force
        const proposal::ApplyResult applied = review.apply();
        QCOMPARE(applied.status, proposal::ApplyStatus::Applied);
        QVERIFY(applied.block.contains("(weightInKg Mango 2)"));
        QVERIFY(ApplyTexts::result(applied).startsWith(QStringLiteral("Applied: wrote 1 entries")));
        QVERIFY(ApplyTexts::undoResult(review.undoApply()).startsWith(QStringLiteral("Undone")));
        QCOMPARE(ApplyTexts::undoResult(review.undoApply()), ApplyTexts::tr("There is no Apply to undo."));
    }

    void windowFormalizeReviewApplyUndo()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString workspace = dir.filePath(QStringLiteral("demo"));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), workspace));
        const QString target = QDir(workspace).filePath(QStringLiteral("kb/CxAnimals.txt"));
        const QByteArray before = readAll(target);
        const json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" },
            { "turns",
                { { { "text", reply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
                    { { "when", { { "purpose", "judge" } } }, { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"agree\"}]}" } } } } };
        const QString scriptPath = dir.filePath(QStringLiteral("script.json"));
        {
            QFile file(scriptPath);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(QByteArray::fromStdString(script.dump()));
        }
        qputenv("FANVA_SCRIPT", QFile::encodeName(scriptPath));

        MainWindow window;
        window.setInteractive(false);
        QVERIFY(window.openWorkspace(workspace));
        window.setProvider(QStringLiteral("scripted"));
        window.review()->setJournalPath(dir.filePath(QStringLiteral("journal.jsonl")));
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
        qunsetenv("FANVA_SCRIPT");
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
        QVERIFY(action("actionApply")->shortcut().isEmpty());
        action("actionUndo")->trigger();
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Undecided);
        QVERIFY(!action("actionApply")->isEnabled());
        action("actionRedo")->trigger();
        QVERIFY(action("actionApply")->isEnabled());

        action("actionApply")->trigger();
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Applied);
        QVERIFY(readAll(target).startsWith(before));
        QVERIFY(readAll(target).contains("(weightInKg Mango 1)"));
        // Applied entries leave the diff; the entry list shows them applied.
        const int row = window.review()->entries()->rowOf(mango);
        QCOMPARE(window.review()->entries()->index(row, EntryModel::DecisionColumn).data().toString(),
            GutterMark::glyph(GutterMark::Decision::Applied));
        QVERIFY(action("actionUndoApply")->isEnabled());
        action("actionUndoApply")->trigger();
        QCOMPARE(readAll(target), before);
        QCOMPARE(window.review()->proposal().entry(mango)->decision, formalize::Decision::Accepted);
    }

    void startRefusesAnUnreadableDocument()
    {
        ReviewController review;
        ReviewSetup setup;
        setup.documentPath = QStringLiteral("/nonexistent/doc.md");
        setup.provider.id = QStringLiteral("demo");
        QString error;
        QVERIFY(!review.start(setup, &error));
        QVERIFY(error.contains(QStringLiteral("doc.md")));
        QVERIFY(!review.isRunning());
    }
};

QTEST_MAIN(TestReview)
#include "tst_review.moc"
