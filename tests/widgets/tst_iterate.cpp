// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Iterating in the window (docs/formalize.md §9.5): formalize again keeps decisions and edits,
// asking only when something decided would be lost; Formalize Selection; the note to the model.

#include "widgettesting.h"

#include "attempts/attemptlogmodel.h"
#include "review/entrymodel.h"
#include "review/proposalview.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "status.h"

#include <QAction>
#include <QLineEdit>
#include <QStandardPaths>

using namespace fanva;
using fanva::testing::candidatesReply;
using fanva::testing::ScriptedDemo;
using nlohmann::json;

namespace {

const std::string s_pebbles = "(swims Silver)"; // [12]
const std::string s_biscuit = "(weightInKg Biscuit 85)"; // [5]
const std::string s_mango = "(weightInKg Mango 1)"; // [6]

/// The reply of one run (matched by purpose, so the judge never takes it), and judge turns that
/// agree. Each run makes its provider anew from the script file: the test writes the next
/// run's script before it starts (next()).
json script(const std::vector<std::pair<std::string, int>> &run)
{
    json turns = json::array();
    turns.push_back({ { "when", { { "purpose", "formalize" } } }, { "text", candidatesReply(run) }, { "stop_reason", "end_turn" } });
    const std::string agree = R"({"verdicts":[{"item":1,"verdict":"agree"},{"item":2,"verdict":"agree"},{"item":3,"verdict":"agree"}]})";
    for (int i = 0; i < 12; ++i)
        turns.push_back({ { "when", { { "purpose", "judge" } } }, { "text", agree } });
    return ScriptedDemo::script(turns);
}

QString entryWith(const ReviewController &review, const QString &word)
{
    for (const proposal::Entry &e : review.proposal().entries) {
        if (e.isReviewable() && e.sentence().contains(word))
            return e.id;
    }
    return {};
}

bool isWithdrawn(const proposal::Entry &e)
{
    return std::any_of(e.notes.begin(), e.notes.end(), [](const lang::Problem &p) { return p.type == QLatin1StringView("withdrawn"); });
}

/// The lines of the attempt log's last "merged" row: "<id>: <what became of it>".
QStringList mergeLines(const ReviewController &review)
{
    const AttemptLogModel *log = review.attempts();
    QStringList lines;
    for (int row = log->rowCount() - 1; row >= 0; --row) {
        const QModelIndex merged = log->index(row, 0);
        if (merged.data(AttemptLogModel::RowTypeRole).value<AttemptLogModel::RowType>() != AttemptLogModel::RowType::Merge)
            continue;
        for (int child = 0; child < log->rowCount(merged); ++child)
            lines.append(QStringLiteral("%1: %2").arg(log->index(child, AttemptLogModel::AttemptColumn, merged).data().toString(),
                log->index(child, AttemptLogModel::KindColumn, merged).data().toString()));
        break;
    }
    return lines;
}

/// The saved session's first document turn (what the first call sent after the system prefix).
QString documentTurnOf(ReviewController &review, const QString &path)
{
    if (const fanva::Status saved = review.saveSession(path); !saved)
        return saved.message();
    const json saved = json::parse(fanva::testing::readAll(path).toStdString(), nullptr, false);
    return QString::fromStdString(saved["prompts"]["documentTurn"].get<std::string>());
}

} // namespace

class TstIterate : public QObject
{
    Q_OBJECT

private:
    /// Writes the script of the next run.
    static void next(const ScriptedDemo &demo, const std::vector<std::pair<std::string, int>> &run)
    {
        QVERIFY(fanva::testing::writeScript(demo.scriptPath(), script(run)));
    }

    static void formalizeByKey(MainWindow &window, Qt::KeyboardModifiers modifiers = Qt::ControlModifier)
    {
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QTest::keyClick(&window, Qt::Key_R, modifiers);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void formalizeAgainKeepsTheWork()
    {
        ScriptedDemo demo(script({ { s_pebbles, 12 }, { s_biscuit, 5 } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        QStringList asked;
        LossAnswer answer = LossAnswer::Keep;
        window.setLossChooser([&](const QStringList &ids) {
            asked += ids;
            return answer;
        });
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        ReviewController &review = *window.review();

        formalizeByKey(window);
        const QString pebbles = entryWith(review, QStringLiteral("Silver"));
        const QString biscuit = entryWith(review, QStringLiteral("Biscuit"));
        QVERIFY(!pebbles.isEmpty() && !biscuit.isEmpty());
        // Accept Pebbles's weight with a, edit Biscuit's.
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        window.presenter()->setCurrentEntry(pebbles);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_A);
        QCOMPARE(review.proposal().entry(pebbles)->decision, formalize::Decision::Accepted);
        QVERIFY(review.edit(biscuit, QStringLiteral("(weightInKg Biscuit 86)")));

        // Again: both proposed again, keep their decisions and the edit; Mango's is new. No question.
        next(demo, { { s_biscuit, 5 }, { s_pebbles, 12 }, { s_mango, 6 } });
        formalizeByKey(window);
        QVERIFY(asked.isEmpty());
        QCOMPARE(review.proposal().entry(pebbles)->decision, formalize::Decision::Accepted);
        QCOMPARE(review.proposal().entry(biscuit)->decision, formalize::Decision::Edited);
        QCOMPARE(review.proposal().entry(biscuit)->sentence(), QStringLiteral("(weightInKg Biscuit 86)"));
        const QString mango = entryWith(review, QStringLiteral("Mango"));
        QVERIFY(!mango.isEmpty());
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Undecided);
        QCOMPARE(review.lastMerge().kept, (QStringList { pebbles, biscuit }));
        QCOMPARE(review.proposal().toWrite().size(), std::size_t(2));
        // The attempt log says which new entry matched which kept one.
        const QStringList merged = mergeLines(review);
        QVERIFY2(merged.size() == 3, qPrintable(merged.join(QLatin1Char('\n'))));
        QVERIFY2(merged.contains(
                     QStringLiteral("%1: the same sentence as %2: %2 kept, accepted").arg(review.lastMerge().matched[1].first, pebbles)),
            qPrintable(merged.join(QLatin1Char('\n'))));
        QVERIFY2(merged.contains(
                     QStringLiteral("%1: the same sentence as %2: %2 kept, edited").arg(review.lastMerge().matched[0].first, biscuit)),
            qPrintable(merged.join(QLatin1Char('\n'))));
        QVERIFY(merged.contains(QStringLiteral("%1: new: undecided").arg(mango)));

        // Again: Biscuit's edit would be lost, so the window asks; kept, it is marked withdrawn.
        // Mango's undecided entry goes without a question.
        next(demo, { { s_pebbles, 12 } });
        formalizeByKey(window);
        QCOMPARE(asked, QStringList { biscuit });
        QCOMPARE(review.proposal().entry(biscuit)->decision, formalize::Decision::Edited);
        QVERIFY(isWithdrawn(*review.proposal().entry(biscuit)));
        QVERIFY(mergeLines(review).contains(QStringLiteral("%1: withdrawn: not proposed again").arg(biscuit)));
        QVERIFY(
            mergeLines(review).contains(QStringLiteral("%1: replaced: undecided or rejected, its sentence formalized afresh").arg(mango)));
        QVERIFY(entryWith(review, QStringLiteral("Mango")).isEmpty());
        QCOMPARE(review.proposal().entry(pebbles)->decision, formalize::Decision::Accepted);

        // Formalized again without it, Biscuit's kept entry would be lost once more: dropped on request.
        asked.clear();
        answer = LossAnswer::Drop;
        formalizeByKey(window);
        QCOMPARE(asked, QStringList { biscuit });
        QVERIFY(!review.proposal().entry(biscuit));
        QCOMPARE(review.proposal().entry(pebbles)->decision, formalize::Decision::Accepted);
    }

    void cancelKeepsTheReview()
    {
        ScriptedDemo demo(script({ { s_pebbles, 12 } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        window.setLossChooser([](const QStringList &) { return LossAnswer::Cancel; });
        ReviewController &review = *window.review();
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QVERIFY(window.formalize());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        const QString pebbles = entryWith(review, QStringLiteral("Silver"));
        QVERIFY(review.accept(pebbles));
        const proposal::Proposal before = review.proposal();
        next(demo, { { s_mango, 6 } });
        QVERIFY(window.formalize());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 20000);
        QCOMPARE(review.proposal().entries, before.entries);
    }

    void formalizeSelection()
    {
        ScriptedDemo demo(script({ { s_pebbles, 12 }, { s_mango, 6 } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        ReviewController &review = *window.review();
        formalizeByKey(window);
        const QString mango = entryWith(review, QStringLiteral("Mango"));
        QVERIFY(review.accept(mango));

        // Select from the middle of [4] into [5]: both sentences are sent, the rest is context.
        auto *source = window.findChild<SourceView *>(QStringLiteral("sourceView"));
        const auto four = source->segmentRange(4);
        const auto five = source->segmentRange(5);
        QVERIFY(four && five);
        QTextCursor cursor = source->textCursor();
        cursor.setPosition(four->first + 3);
        cursor.setPosition(five->first + 3, QTextCursor::KeepAnchor);
        source->setTextCursor(cursor);
        QCOMPARE(source->selectedSegments(), (std::vector<int> { 4, 5 }));
        next(demo, { { s_biscuit, 5 } });
        formalizeByKey(window, Qt::ControlModifier | Qt::ShiftModifier);

        const QString turn = documentTurnOf(review, demo.filePath(QStringLiteral("selection.fanva")));
        QVERIFY2(turn.contains(QStringLiteral("Formalize only the sentences [4], [5] (the others are context")), qPrintable(turn));
        QVERIFY(turn.contains(QStringLiteral("[6] Mango is a parrot whose mother is Saffron. (context)\n")));
        QVERIFY(turn.contains(QStringLiteral("[5] Biscuit weighs 85 kilograms.\n")));
        // The entries outside the selection stay as they were; Biscuit's arrives.
        QCOMPARE(review.proposal().entry(mango)->decision, formalize::Decision::Accepted);
        QVERIFY(!entryWith(review, QStringLiteral("Silver")).isEmpty());
        QStringList all;
        for (const proposal::Entry &e : review.proposal().entries)
            all.append(QStringLiteral("%1 %2 %3 %4").arg(e.id, formalize::entryStateName(e.state)).arg(e.segment).arg(e.sentence()));
        QVERIFY2(!entryWith(review, QStringLiteral("Biscuit")).isEmpty(), qPrintable(all.join(QLatin1Char('\n'))));
    }

    void noteReachesThePromptAndStaysWithTheWorkspace()
    {
        ScriptedDemo demo(script({ { s_pebbles, 12 } }));
        QVERIFY(demo.isValid());
        {
            MainWindow window;
            QVERIFY(demo.open(window));
            window.show();
            window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            QLineEdit *note = window.noteField();
            QVERIFY(note);
            note->setFocus();
            QTest::keyClicks(note, QStringLiteral("Weights are in kilograms."));
            QSignalSpy finished(&window, &MainWindow::formalizeFinished);
            QTest::keyClick(note, Qt::Key_Return); // Enter in the note formalizes
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
            const QString turn = documentTurnOf(*window.review(), demo.filePath(QStringLiteral("note.fanva")));
            QVERIFY2(turn.endsWith(QStringLiteral("## Note from the author\n\nWeights are in kilograms.\n")), qPrintable(turn));
        }
        MainWindow again;
        QVERIFY(demo.open(again));
        QCOMPARE(again.noteField()->text(), QStringLiteral("Weights are in kilograms."));
    }
};

QTEST_MAIN(TstIterate)
#include "tst_iterate.moc"
