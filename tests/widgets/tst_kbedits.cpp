// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The proposal pane's diff of replace and retract entries (docs/spec/rewrite.md §1, issue 17):
// the old sentences as `-` rows in place, the new ones as `+` rows with the gutter on them.
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/rewrite.h"
#include "lang/registry.h"
#include "proposal/gitconsent.h"
#include "proposal/sessionfile.h"
#include "review/entrymodel.h"
#include "review/inlineeditor.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/rewritedialog.h"
#include "settings/applysettings.h"
#include "settings/providersettings.h"
#include "settings/providersettingsdialog.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QPlainTextEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QUuid>

#include <algorithm>
#include <climits>
#include <optional>

using namespace fanva;
using fanva::testing::candidatesReply;
using fanva::testing::copyTree;
using fanva::testing::readAll;
using fanva::testing::ScriptedDemo;

namespace {

/// The sentence of CxAnimals.txt that starts on `line`.
formalize::ExistingSentence sentenceOn(const kb::KnowledgeBase &kb, const QByteArray &file, int line)
{
    const formalize::SentenceSelection selection = lang::fanvakb::selectSentences(kb, file, line, line);
    return selection.sentences.empty() ? formalize::ExistingSentence {} : selection.sentences.front();
}

/// A demo KB copied into a temporary folder, loaded by its language, and a review authoring
/// in it with its journal beside: the set-up of the tests that edit a KB file in the review.
struct AuthoringCopy {
    QTemporaryDir dir;
    QString kbDir;
    QString target; ///< the file the review writes, absolute
    QByteArray before; ///< its bytes before any edit
    ReviewController review;

    /// Copies resources/@p demo/kb and begins authoring @p context (filed in @p file) on it
    /// as @p language; an English sentence on failure, else empty.
    QString begin(const QString &demo, const QString &language, const QString &context, const QString &file)
    {
        kbDir = dir.filePath(QStringLiteral("kb"));
        if (!dir.isValid() || !copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/") + demo + QStringLiteral("/kb"), kbDir))
            return QStringLiteral("The demo KB %1 could not be copied.").arg(demo);
        target = QDir(kbDir).filePath(file);
        before = readAll(target);
        const lang::LoadResult loaded = lang::languageById(language)->load(kbDir);
        if (!loaded.ok())
            return QStringLiteral("The copy of %1 does not load.").arg(demo);
        review.setJournalPath(dir.filePath(QStringLiteral("journal.jsonl")));
        return review.beginAuthoring(kbDir, loaded.kb, context).message();
    }
};

/// A review shown in a proposal view, the whole file on it; show() gives it the focus.
struct ShownReview {
    ProposalView view;
    ReviewPresenter presenter;

    explicit ShownReview(ReviewController *review)
        : presenter(review, &view)
    {
        view.resize(700, 500);
        presenter.refresh();
    }
    [[nodiscard]] bool show()
    {
        view.show();
        view.activateWindow();
        if (!QTest::qWaitForWindowActive(&view))
            return false;
        view.setFocus();
        return true;
    }
};

} // namespace

class TestKbEdits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void diffShowsOldAndNewInPlace_data()
    {
        QTest::addColumn<int>("replaceLine");
        QTest::addColumn<int>("retractLine");
        QTest::addColumn<int>("removedRows"); ///< `-` rows in the pane
        QTest::addRow("replace one line") << 15 << 0 << 1;
        QTest::addRow("retract a two-line sentence") << 0 << 13 << 2;
        QTest::addRow("replace and retract") << 15 << 16 << 2;
    }

    void diffShowsOldAndNewInPlace()
    {
        QFETCH(int, replaceLine);
        QFETCH(int, retractLine);
        QFETCH(int, removedRows);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString kbDir = dir.filePath(QStringLiteral("kb"));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"), kbDir));
        const QString target = QDir(kbDir).filePath(QStringLiteral("CxAnimals.txt"));
        const QByteArray bytes = readAll(target);
        const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
        QVERIFY(loaded.ok());

        proposal::SessionFile session;
        session.id = QUuid::createUuid().toString(QUuid::WithoutBraces);
        session.created = session.modified = QDateTime::currentDateTimeUtc();
        session.providerId = QStringLiteral("none");
        session.outcome = { { "outcome", "success" }, { "stopReason", "converged" } };
        proposal::Proposal &p = session.proposal;
        p.kbDir = kbDir;
        p.context = QStringLiteral("CxAnimals");
        p.targetFile = QStringLiteral("CxAnimals.txt");
        p.baseSha256 = proposal::sha256Hex(bytes);
        QStringList newSentences;
        if (replaceLine > 0) {
            formalize::Entry e;
            e.id = QStringLiteral("c1");
            e.kind = formalize::EntryKind::Replace;
            e.replaces = { sentenceOn(*loaded.kb, bytes, replaceLine) };
            QVERIFY(!e.replaces.front().text.isEmpty());
            e.candidate = QStringLiteral("(carnivore Biscuit)");
            e.shapes = QStringList { e.candidate };
            e.state = formalize::EntryState::Admissible;
            p.entries.push_back(e);
        }
        if (retractLine > 0) {
            formalize::Entry e;
            e.id = QStringLiteral("c2");
            e.kind = formalize::EntryKind::Retract;
            e.replaces = { sentenceOn(*loaded.kb, bytes, retractLine) };
            QVERIFY(!e.replaces.front().text.isEmpty());
            e.candidate = e.replaces.front().text;
            e.shapes = QStringList { e.candidate };
            e.state = formalize::EntryState::Admissible;
            p.entries.push_back(e);
        }
        const QString sessionPath = dir.filePath(QStringLiteral("edits.fanva"));
        QCOMPARE(session.save(sessionPath).message(), QString());

        ReviewController review;
        QCOMPARE(fanva::testing::openAndWait(review, sessionPath), QString());
        ProposalView view;
        view.resize(700, 500);
        ReviewPresenter presenter(&review, &view);
        presenter.refresh();

        // The whole file is shown; the old sentences as `-` rows where they stand.
        QList<QByteArray> fileLines = bytes.split('\n');
        fileLines.removeLast();
        const QStringList rows = view.toPlainText().split(QLatin1Char('\n'));
        int removed = 0;
        for (const QString &row : rows)
            removed += row.startsWith(QLatin1StringView("- ")) ? 1 : 0;
        QCOMPARE(removed, removedRows);
        const int firstRemoved = std::min(replaceLine > 0 ? replaceLine : INT_MAX, retractLine > 0 ? retractLine : INT_MAX);
        // Header, then the file's lines up to the first old sentence unchanged.
        for (int i = 0; i < firstRemoved - 1; ++i)
            QCOMPARE(rows.at(i + 1), QString::fromUtf8(fileLines.at(i)));
        QCOMPARE(rows.at(firstRemoved), QStringLiteral("- ") + QString::fromUtf8(fileLines.at(firstRemoved - 1)));
        QVERIFY(rows.contains(QString::fromUtf8(fileLines.last())));

        // The gutter numbers the file's lines: context and `-` rows their line, the header and
        // the `+` rows none.
        QCOMPARE(view.lineNumber(0), 0);
        for (int row = 1; row < rows.size(); ++row) {
            const QString &text = rows.at(row);
            if (text.startsWith(QLatin1StringView("+ ")))
                QCOMPARE(view.lineNumber(row), 0);
            else if (text.startsWith(QLatin1StringView("- ")))
                QCOMPARE(QStringLiteral("- ") + QString::fromUtf8(fileLines.at(view.lineNumber(row) - 1)), text);
            else
                QCOMPARE(QString::fromUtf8(fileLines.at(view.lineNumber(row) - 1)), text);
        }
        QCOMPARE(view.lineNumber(int(rows.size()) - 1), int(fileLines.size()));

        // Gutter and axes on the new side: a replace on its `+` sentence, a retract on its `-` row.
        if (replaceLine > 0) {
            const int line = presenter.lineOfEntry(QStringLiteral("c1"));
            QVERIFY(line > firstRemoved);
            QCOMPARE(rows.at(line), QStringLiteral("+ (carnivore Biscuit)"));
            QVERIFY(rows.at(line - 1).startsWith(QLatin1StringView("+ ;; fanva ")));
            QCOMPARE(rows.at(line - 2), QStringLiteral("- (seal Biscuit)"));
            const proposal::Entry *e = review.proposal().entry(QStringLiteral("c1"));
            QCOMPARE(view.mark(line), (GutterMark { EntryModel::gutterRank(e->rank()), EntryModel::gutterDecision(e->decision) }));
        }
        if (retractLine > 0) {
            const int line = presenter.lineOfEntry(QStringLiteral("c2"));
            QVERIFY(line > 0);
            QVERIFY(rows.at(line).startsWith(QLatin1StringView("- ")));
            QVERIFY(view.mark(line).rank != GutterMark::Rank::None);
        }

        // Rejecting an entry strikes its rows; the removed side is then no longer red.
        const QString id = replaceLine > 0 ? QStringLiteral("c1") : QStringLiteral("c2");
        QVERIFY(review.reject(id));
        presenter.refresh();
        bool struck = false;
        for (const QTextEdit::ExtraSelection &selection : view.extraSelections()) {
            if (selection.cursor.blockNumber() == presenter.lineOfEntry(id) && selection.format.fontStrikeOut())
                struck = true;
        }
        QVERIFY(struck);
    }
    void keysRetractAndReplaceThenApplyAndUndo_data()
    {
        QTest::addColumn<bool>("retract"); ///< `d` on line 16 "(carnivore Biscuit)"
        QTest::addColumn<bool>("replace"); ///< `e` on line 15 "(seal Biscuit)"
        QTest::addRow("retract") << true << false;
        QTest::addRow("replace") << false << true;
        QTest::addRow("retract and replace") << true << true;
    }

    void keysRetractAndReplaceThenApplyAndUndo()
    {
        QFETCH(bool, retract);
        QFETCH(bool, replace);
        AuthoringCopy copy;
        const QString begun
            = copy.begin(QStringLiteral("demo"), QStringLiteral("fanva-kb"), QStringLiteral("CxAnimals"), QStringLiteral("CxAnimals.txt"));
        QVERIFY2(begun.isEmpty(), qPrintable(begun));
        const QString &target = copy.target;
        const QByteArray &before = copy.before;
        ReviewController &review = copy.review;
        ShownReview shown(&review);
        QVERIFY(shown.show());
        ProposalView &view = shown.view;
        ReviewPresenter &presenter = shown.presenter;
        // The whole file is shown: row n is line n (the header is row 0).
        QCOMPARE(view.document()->blockCount(), before.count('\n') + 1);
        const auto toRow = [&view](int row) { view.setTextCursor(QTextCursor(view.document()->findBlockByNumber(row))); };

        // A comment row is no sentence start of its own: `d` there does nothing.
        toRow(14);
        QCOMPARE(presenter.fileSentenceAtCursor(), 0);
        QTest::keyClick(&view, Qt::Key_D);
        QVERIFY(review.proposal().entries.empty());

        if (retract) {
            toRow(16);
            QCOMPARE(presenter.fileSentenceAtCursor(), 16);
            QTest::keyClick(&view, Qt::Key_D);
            QCOMPARE(review.proposal().entries.size(), std::size_t(1));
            const proposal::Entry &e = review.proposal().entries.back();
            QCOMPARE(e.kind, formalize::EntryKind::Retract);
            QCOMPARE(e.origin, formalize::Origin::Author);
            QCOMPARE(e.decision, formalize::Decision::Accepted);
            QCOMPARE(e.replaces.front().text, QStringLiteral("(carnivore Biscuit)"));
            QVERIFY(view.toPlainText().contains(QStringLiteral("- (carnivore Biscuit)")));
            // Already removed: a second `d` on it adds nothing.
            QCOMPARE(review.retractSentence(16), QString());
        }
        if (replace) {
            toRow(15);
            QCOMPARE(presenter.fileSentenceAtCursor(), 15);
            QTest::keyClick(&view, Qt::Key_E);
            QVERIFY(presenter.isEditing());
            InlineEditor *editor = presenter.editor();
            QCOMPARE(editor->sentence(), QStringLiteral("(seal Biscuit)"));
            // The same sentence spelt otherwise: gated against the KB without the old one, it
            // is no already-stored sentence.
            editor->editor()->selectAll();
            QTest::keyClicks(editor->editor(), QStringLiteral("(seal  Biscuit)"));
            QTRY_VERIFY(!editor->isGatePending());
            QVERIFY(editor->problems().empty());
            QTest::keyClick(editor->editor(), Qt::Key_Return);
            QTRY_VERIFY(!presenter.isEditing());
            const proposal::Entry &e = review.proposal().entries.back();
            QCOMPARE(e.kind, formalize::EntryKind::Replace);
            QCOMPARE(e.origin, formalize::Origin::Author);
            QCOMPARE(e.decision, formalize::Decision::Accepted);
            QCOMPARE(e.replaces.front().line, 15);
            QCOMPARE(presenter.lineOfEntry(e.id), 17); // after the `-` row, its comment row
        }

        const proposal::ApplyResult applied = fanva::testing::applyAndWait(review);
        QVERIFY2(applied.status == proposal::ApplyStatus::Applied, qPrintable(applied.message));
        const QByteArray after = readAll(target);
        QCOMPARE(after.contains("\n(carnivore Biscuit)\n"), !retract);
        QCOMPARE(after.contains(";; fanva "), replace);
        QVERIFY(after.contains("(seal Biscuit)\n"));
        const proposal::UndoResult undone = fanva::testing::undoApplyAndWait(review);
        QCOMPARE(undone.status, proposal::UndoResult::Status::Undone);
        QCOMPARE(readAll(target), before);
    }
    // nibli KR at parity (issue 34): `d` on a stored statement of a nibli workspace, then Apply,
    // removes exactly its line; a replacement is written with nibli's `#` comment; Undo Apply
    // restores the bytes. The retract entry says nibli has no retract-dependents check.
    void nibliKeysRetractThenApplyAndUndo()
    {
        AuthoringCopy copy;
        const QString begun = copy.begin(
            QStringLiteral("demo-nibli"), QStringLiteral("nibli"), QStringLiteral("millbrook"), QStringLiteral("millbrook.nibli"));
        QVERIFY2(begun.isEmpty(), qPrintable(begun));
        const QString &target = copy.target;
        const QByteArray &before = copy.before;
        ReviewController &review = copy.review;
        const int dogLine = int(before.split('\n').indexOf("dog(Rufus).")) + 1;
        const int ownsLine = int(before.split('\n').indexOf("owns(Tobin, Rufus).")) + 1;
        QVERIFY(dogLine > 0 && ownsLine > 0);
        ShownReview shown(&review);
        QVERIFY(shown.show());
        ProposalView &view = shown.view;
        ReviewPresenter &presenter = shown.presenter;
        view.setTextCursor(QTextCursor(view.document()->findBlockByNumber(dogLine)));
        QCOMPARE(presenter.fileSentenceAtCursor(), dogLine);
        QTest::keyClick(&view, Qt::Key_D);
        QCOMPARE(review.proposal().entries.size(), std::size_t(1));
        const proposal::Entry &e = review.proposal().entries.back();
        QCOMPARE(e.kind, formalize::EntryKind::Retract);
        QCOMPARE(e.decision, formalize::Decision::Accepted);
        QCOMPARE(e.replaces.front().text, QStringLiteral("dog(Rufus)."));
        QVERIFY(std::any_of(
            e.notes.begin(), e.notes.end(), [](const lang::Problem &n) { return n.type == QLatin1StringView("retract-unchecked"); }));
        QVERIFY(view.toPlainText().contains(QStringLiteral("- dog(Rufus).")));
        // A replacement of another statement, gated through nibli without its old statement.
        QVERIFY(!review.replaceSentence(ownsLine, QStringLiteral("owns(Mara, Rufus).")).isEmpty());
        QCOMPARE(review.proposal().entries.back().decision, formalize::Decision::Accepted);

        const proposal::ApplyResult applied = fanva::testing::applyAndWait(review);
        QVERIFY2(applied.status == proposal::ApplyStatus::Applied, qPrintable(applied.message));
        // Exactly those lines changed: the retracted one gone, the replaced one under its `#` comment.
        QByteArray expected = before;
        expected.replace("dog(Rufus).\n", "");
        expected.replace("owns(Tobin, Rufus).\n", "owns(Mara, Rufus).\n");
        const QByteArray after = readAll(target);
        const QString withoutComment = QString::fromUtf8(after).remove(
            QRegularExpression(QStringLiteral("# fanva \\S+Z replaces line %1 \"owns\\(Tobin, Rufus\\)\\.\"\n").arg(ownsLine)));
        QCOMPARE(withoutComment.toUtf8(), expected);
        const proposal::UndoResult undone = fanva::testing::undoApplyAndWait(review);
        QCOMPARE(undone.status, proposal::UndoResult::Status::Undone);
        QCOMPARE(readAll(target), before);
    }

    // The accepted entries re-gated together: a retract writes nothing and a replacement is
    // gated without the sentences the entries remove, so neither clashes with what it removes.
    void editsDoNotClashWithWhatTheyRemove()
    {
        AuthoringCopy copy;
        const QString begun
            = copy.begin(QStringLiteral("demo"), QStringLiteral("fanva-kb"), QStringLiteral("CxAnimals"), QStringLiteral("CxAnimals.txt"));
        QVERIFY2(begun.isEmpty(), qPrintable(begun));
        ReviewController &review = copy.review;
        // Line 15 rewritten as itself, spelt otherwise; line 16 retracted, then written anew.
        const QString replaced = review.replaceSentence(15, QStringLiteral("(seal  Biscuit)"));
        QVERIFY(!replaced.isEmpty());
        QCOMPARE(review.proposal().entry(replaced)->decision, formalize::Decision::Accepted);
        QVERIFY(!review.retractSentence(16).isEmpty());
        QCOMPARE(review.clashingEntries(), QStringList());
        QVERIFY(review.gateNewEntry(QStringLiteral("(carnivore Biscuit)")).empty());
        const QStringList added = review.addAuthorEntries(QString(), QStringLiteral("(carnivore Biscuit)"));
        QCOMPARE(added.size(), 1);
        QCOMPARE(review.proposal().entry(added.front())->decision, formalize::Decision::Accepted);
        QCOMPARE(review.clashingEntries(), QStringList());
        // A clash the edits do not excuse still shows: an add of what line 15's replacement writes.
        QVERIFY(!review.gateNewEntry(QStringLiteral("(seal Biscuit)")).empty());
    }

    // `e` on a replace entry gates the edit against the KB without the sentences it replaces,
    // whether the entry is accepted (Apply removes them) or not.
    void editOfAReplaceEntryIsGatedWithoutItsOldSentence_data()
    {
        QTest::addColumn<bool>("accepted");
        QTest::addRow("accepted") << true;
        QTest::addRow("rejected") << false;
    }

    void editOfAReplaceEntryIsGatedWithoutItsOldSentence()
    {
        QFETCH(bool, accepted);
        AuthoringCopy copy;
        const QString begun
            = copy.begin(QStringLiteral("demo"), QStringLiteral("fanva-kb"), QStringLiteral("CxAnimals"), QStringLiteral("CxAnimals.txt"));
        QVERIFY2(begun.isEmpty(), qPrintable(begun));
        ReviewController &review = copy.review;
        ProposalView view;
        view.resize(700, 500);
        ReviewPresenter presenter(&review, &view);
        const QString id = review.replaceSentence(15, QStringLiteral("(mammal Biscuit)"));
        QVERIFY(!id.isEmpty());
        if (!accepted)
            QVERIFY(review.reject(id));
        // Back to the old sentence: no already-stored sentence, since it is the one replaced.
        QVERIFY(review.gateEdit(id, QStringLiteral("(seal Biscuit)")).empty());
        // Another stored sentence is still known.
        QVERIFY(!review.gateEdit(id, QStringLiteral("(genl seal mammal)")).empty());

        // The same through `e` on the entry.
        presenter.refresh();
        presenter.setCurrentEntry(id);
        QVERIFY(presenter.editCurrentEntry());
        InlineEditor *editor = presenter.editor();
        editor->editor()->selectAll();
        QTest::keyClicks(editor->editor(), QStringLiteral("(seal Biscuit)"));
        QTRY_VERIFY(!editor->isGatePending());
        QVERIFY(editor->problems().empty());
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        QTRY_VERIFY(!presenter.isEditing());
        QCOMPARE(review.proposal().entry(id)->sentence(), QStringLiteral("(seal Biscuit)"));
        QVERIFY(review.proposal().entry(id)->problems.empty());
    }

    // Review ▸ Rewrite… from the keys: two sentences selected in the pane, `r`, the instruction;
    // the scripted reply replaces the first and retracts the second; Apply and Undo Apply.
    void windowRewritesTheSelectedSentences()
    {
        const nlohmann::json candidate
            = { { "sentence", "(mammal Biscuit)" }, { "replaces", nlohmann::json::array({ 1 }) }, { "confidence", "high" } };
        const std::string reply
            = nlohmann::json { { "candidates", nlohmann::json::array({ candidate }) }, { "retract", nlohmann::json::array({ 2 }) } }.dump();
        const nlohmann::json verdict = { { "item", 1 }, { "verdict", "agree" } };
        const std::string verdicts = nlohmann::json { { "verdicts", nlohmann::json::array({ verdict }) } }.dump();
        ScriptedDemo demo(ScriptedDemo::script(
            { { { "text", reply }, { "stop_reason", "end_turn" } }, { { "when", { { "purpose", "judge" } } }, { "text", verdicts } } }));
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();
        const QByteArray before = demo.originalTarget();
        MainWindow window;
        QVERIFY(demo.open(window));
        const auto action = [&window](const char *name) { return window.findChild<QAction *>(QLatin1String(name)); };
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(view);
        view->setFocus();
        QVERIFY(!window.review()->hasProposal());
        // Before any proposal the pane shows the file alone: rows 14 and 15 are lines 15 and 16.
        QTextCursor selection(view->document()->findBlockByNumber(14));
        selection.setPosition(view->document()->findBlockByNumber(15).position() + 3, QTextCursor::KeepAnchor);
        view->setTextCursor(selection);
        QCOMPARE(window.presenter()->selectedFileLines(), (std::vector<int> { 15, 16 }));

        QSignalSpy rewritten(window.review(), &ReviewController::rewriteFinished);
        QTest::keyClick(view, Qt::Key_R);
        RewriteDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<RewriteDialog *>()) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        QTest::keyClicks(dialog->editor(), QStringLiteral("use mammal"));
        QTest::keyClick(dialog->editor(), Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClicks(dialog->editor(), QStringLiteral("and drop the diet"));
        QCOMPARE(dialog->instruction(), QStringLiteral("use mammal\nand drop the diet"));
        QVERIFY(!window.review()->isRunning());
        QTest::keyClick(dialog->editor(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(rewritten.count(), 1, 20000);
        QCOMPARE(rewritten.front().at(0).toString(), QStringLiteral("success"));
        const QStringList ids = rewritten.front().at(1).toStringList();
        QCOMPARE(ids.size(), 2);
        // The attempt log shows the rewrite's call.
        QVERIFY(window.review()->attempts()->rowCount() >= 1);

        const proposal::Proposal &p = window.review()->proposal();
        const proposal::Entry *replace = nullptr;
        const proposal::Entry *retract = nullptr;
        for (const QString &id : ids)
            (p.entry(id)->kind == formalize::EntryKind::Retract ? retract : replace) = p.entry(id);
        QVERIFY(replace && retract);
        QCOMPARE(replace->kind, formalize::EntryKind::Replace);
        QCOMPARE(replace->sentence(), QStringLiteral("(mammal Biscuit)"));
        QCOMPARE(replace->replaces.front().line, 15);
        QCOMPARE(replace->state, formalize::EntryState::Admissible);
        QCOMPARE(retract->kind, formalize::EntryKind::Retract);
        QCOMPARE(retract->replaces.front().line, 16);
        const QStringList rows = view->toPlainText().split(QLatin1Char('\n'));
        QVERIFY(rows.contains(QStringLiteral("- (seal Biscuit)")));
        QVERIFY(rows.contains(QStringLiteral("+ (mammal Biscuit)")));
        QVERIFY(rows.contains(QStringLiteral("- (carnivore Biscuit)")));
        QVERIFY(rows.indexOf(QStringLiteral("- (seal Biscuit)")) < rows.indexOf(QStringLiteral("+ (mammal Biscuit)")));

        // Accept both from the keys, then Apply.
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        view->setFocus();
        for (const QString &id : ids) {
            window.presenter()->setCurrentEntry(id);
            QTest::keyClick(view, Qt::Key_A);
            QCOMPARE(window.review()->proposal().entry(id)->decision, formalize::Decision::Accepted);
        }
        QCOMPARE(window.review()->clashingEntries(), QStringList());
        QVERIFY(action("actionApply")->isEnabled());
        QSignalSpy applyFinished(&window, &MainWindow::applyFinished);
        action("actionApply")->trigger();
        QTRY_COMPARE(applyFinished.count(), 1);
        QVERIFY(readAll(target) != before);
        QList<QByteArray> expected = before.split('\n');
        const QList<QByteArray> after = readAll(target).split('\n');
        QCOMPARE(after.size(), expected.size());
        QVERIFY(after.at(14).startsWith(";; fanva "));
        QCOMPARE(after.at(15), QByteArray("(mammal Biscuit)"));
        expected[14] = after.at(14);
        expected[15] = "(mammal Biscuit)";
        QCOMPARE(after, expected); // the old line 16 is gone, every other line as it was
        QVERIFY(kb::loadKnowledgeBase(demo.kbFolder()).ok());

        QVERIFY(action("actionUndoApply")->isEnabled());
        action("actionUndoApply")->trigger();
        QTRY_COMPARE(readAll(target), before);
    }

    // Esc closes the dialog without a run; Esc (or Cancel) stops a running rewrite, which adds nothing.
    void windowRewriteCancels()
    {
        const std::string reply
            = nlohmann::json { { "candidates", nlohmann::json::array() }, { "retract", nlohmann::json::array({ 1 }) } }.dump();
        ScriptedDemo demo(ScriptedDemo::script({ { { "text", reply }, { "stop_reason", "end_turn" } } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(view);
        view->setFocus();
        view->setTextCursor(QTextCursor(view->document()->findBlockByNumber(14)));
        QSignalSpy rewritten(window.review(), &ReviewController::rewriteFinished);
        QTest::keyClick(view, Qt::Key_R);
        RewriteDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<RewriteDialog *>()) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        QTest::keyClick(dialog->editor(), Qt::Key_Escape);
        QTRY_VERIFY(window.findChild<RewriteDialog *>() == nullptr);
        QVERIFY(!window.review()->isRunning());
        QCOMPARE(rewritten.count(), 0);

        // Started, then cancelled before the reply: the proposal gains nothing, and the window says so.
        QVERIFY(window.review()->hasProposal());
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        view->setFocus();
        // With a proposal, the header is row 0: row n shows line n.
        view->setTextCursor(QTextCursor(view->document()->findBlockByNumber(15)));
        QCOMPARE(window.presenter()->selectedFileLines(), (std::vector<int> { 15 }));
        QSignalSpy problems(&window, &MainWindow::problemReported);
        QTest::keyClick(view, Qt::Key_R);
        QTRY_VERIFY((dialog = window.findChild<RewriteDialog *>()) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        QTest::keyClicks(dialog->editor(), QStringLiteral("anything"));
        QTest::keyClick(dialog->editor(), Qt::Key_Return);
        QVERIFY(window.review()->isRunning());
        QVERIFY(window.review()->isRewriting());
        QAction *cancel = window.findChild<QAction *>(QStringLiteral("actionCancelFormalize"));
        QVERIFY(cancel && cancel->isEnabled());
        // Esc in the proposal pane stops it, as Cancel does.
        QCOMPARE(QApplication::focusWidget(), view);
        QTest::keyClick(view, Qt::Key_Escape);
        QTRY_COMPARE_WITH_TIMEOUT(rewritten.count(), 1, 20000);
        QCOMPARE(rewritten.front().at(0).toString(), QStringLiteral("cancelled"));
        QVERIFY(rewritten.front().at(1).toStringList().isEmpty());
        QVERIFY(window.review()->proposal().entries.empty());
        QVERIFY(!problems.isEmpty());
    }

    void applySettingsPersist()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QSettings settings(dir.filePath(QStringLiteral("fanva.conf")), QSettings::IniFormat);
        QVERIFY(ApplySettings::load(settings).gitCommits); // on unless turned off
        ApplySettings { false }.save(settings);
        QVERIFY(!ApplySettings::load(settings).gitCommits);
        ApplySettings { true }.save(settings);
        QVERIFY(ApplySettings::load(settings).gitCommits);

        ProviderSettingsDialog dialog(ProviderSettings {}, QStringLiteral("demo"));
        auto *check = dialog.findChild<QCheckBox *>(QStringLiteral("gitCommitsCheck"));
        QVERIFY(check);
        QVERIFY(check->isChecked());
        dialog.setGitCommits(false);
        QVERIFY(!dialog.gitCommits());
        check->click();
        QVERIFY(dialog.gitCommits());
    }

    void applyCommitsToGitWhenOn_data()
    {
        QTest::addColumn<bool>("git");
        QTest::addRow("on") << true;
        QTest::addRow("off") << false;
    }

    void applyCommitsToGitWhenOn()
    {
        QFETCH(bool, git);
        const QString gitProgram = QStandardPaths::findExecutable(QStringLiteral("git"));
        if (gitProgram.isEmpty())
            QSKIP("git is not on the PATH");
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const auto run = [&](const QStringList &args) {
            QProcess process;
            process.setWorkingDirectory(dir.path());
            process.start(gitProgram, args);
            process.waitForFinished(30000);
            return QString::fromUtf8(process.readAllStandardOutput()).trimmed();
        };
        const QString kbDir = dir.filePath(QStringLiteral("kb"));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"), kbDir));
        run({ QStringLiteral("init"), QStringLiteral("-q") });
        run({ QStringLiteral("config"), QStringLiteral("user.name"), QStringLiteral("Fanva Test") });
        run({ QStringLiteral("config"), QStringLiteral("user.email"), QStringLiteral("test@example.invalid") });
        run({ QStringLiteral("config"), QStringLiteral("commit.gpgsign"), QStringLiteral("false") });
        run({ QStringLiteral("add"), QStringLiteral("kb") });
        run({ QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("base") });
        QCOMPARE(run({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }), QStringLiteral("1"));
        // Git runs only where the user allowed it (rewrite.md §5): this test's own answer.
        const QByteArray config = qgetenv("XDG_CONFIG_HOME");
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
        const auto restore = qScopeGuard([&] { config.isNull() ? qunsetenv("XDG_CONFIG_HOME") : qputenv("XDG_CONFIG_HOME", config); });
        QVERIFY(proposal::setGitConsent(proposal::gitWorkTreeOf(kbDir + QStringLiteral("/CxAnimals.txt")), proposal::GitConsent::Allowed));

        // Git runs only in a work tree the user allowed (rewrite.md §5), remembered in a
        // configuration folder of the test's own.
        const std::optional<QByteArray> configHome
            = qEnvironmentVariableIsSet("XDG_CONFIG_HOME") ? std::optional(qgetenv("XDG_CONFIG_HOME")) : std::nullopt;
        const auto restoreConfig = qScopeGuard([&configHome] {
            if (configHome)
                qputenv("XDG_CONFIG_HOME", *configHome);
            else
                qunsetenv("XDG_CONFIG_HOME");
        });
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(dir.filePath(QStringLiteral("config"))));
        QVERIFY(proposal::setGitConsent(QFileInfo(dir.path()).canonicalFilePath(), proposal::GitConsent::Allowed));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
        QVERIFY(loaded.ok());
        ReviewController review;
        review.setJournalPath(dir.filePath(QStringLiteral("journal.jsonl")));
        review.setGitCommits(git);
        QCOMPARE(review.beginAuthoring(kbDir, lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals")).message(), QString());
        QVERIFY(!review.retractSentence(16).isEmpty());
        const proposal::ApplyResult applied = fanva::testing::applyAndWait(review);
        QVERIFY2(applied.status == proposal::ApplyStatus::Applied, qPrintable(applied.message));
        QCOMPARE(run({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }),
            git ? QStringLiteral("2") : QStringLiteral("1"));
        if (git)
            QVERIFY(run({ QStringLiteral("log"), QStringLiteral("-1"), QStringLiteral("--format=%s") })
                        .startsWith(QLatin1StringView("fanva: 1 retracted")));
        const proposal::UndoResult undone = fanva::testing::undoApplyAndWait(review);
        QCOMPARE(undone.status, proposal::UndoResult::Status::Undone);
        QCOMPARE(run({ QStringLiteral("rev-list"), QStringLiteral("--count"), QStringLiteral("HEAD") }),
            git ? QStringLiteral("3") : QStringLiteral("1"));
        QCOMPARE(run({ QStringLiteral("status"), QStringLiteral("--porcelain"), QStringLiteral("--"), QStringLiteral("kb") }), QString());
    }
    // A mixed proposal (a formalized add, a retract by `d`) applied and undone from the window.
    void windowAppliesAndUndoesAMixedProposal()
    {
        ScriptedDemo demo(
            ScriptedDemo::script({ { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
                { { "when", { { "purpose", "judge" } } }, { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"agree\"}]}" } } }));
        QVERIFY(demo.isValid());
        const QString target = demo.targetPath();
        const QByteArray before = demo.originalTarget();
        MainWindow window;
        QVERIFY(demo.open(window));
        const auto action = [&window](const char *name) { return window.findChild<QAction *>(QLatin1String(name)); };
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        action("actionFormalize")->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);

        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(view);
        view->setFocus();
        QString mango;
        for (const proposal::Entry &e : window.review()->proposal().entries) {
            if (e.sentence().contains(QStringLiteral("Mango")))
                mango = e.id;
        }
        QVERIFY(!mango.isEmpty());
        window.presenter()->setCurrentEntry(mango);
        QTest::keyClick(view, Qt::Key_A);
        // Row n shows line n of the file (the header is row 0): `d` on line 16.
        view->setTextCursor(QTextCursor(view->document()->findBlockByNumber(16)));
        QCOMPARE(window.presenter()->fileSentenceAtCursor(), 16);
        QTest::keyClick(view, Qt::Key_D);
        QCOMPARE(window.review()->proposal().entries.back().kind, formalize::EntryKind::Retract);

        QVERIFY(action("actionApply")->isEnabled());
        QSignalSpy applyFinished(&window, &MainWindow::applyFinished);
        action("actionApply")->trigger();
        QTRY_COMPARE(applyFinished.count(), 1);
        QVERIFY(readAll(target) != before);
        const QByteArray after = readAll(target);
        QVERIFY(after.contains("(weightInKg Mango 1)"));
        QVERIFY(!after.contains("\n(carnivore Biscuit)\n"));
        QVERIFY(action("actionUndoApply")->isEnabled());
        action("actionUndoApply")->trigger();
        QTRY_COMPARE(readAll(target), before);
    }
};

QTEST_MAIN(TestKbEdits)
#include "tst_kbedits.moc"
