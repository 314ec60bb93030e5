// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Authoring in the window (docs/formalize.md §9.1–§9.4): New Sentence by key, author entries through
// Apply and Undo Apply, paste splitting, Re-judge, the Apply shortcut and the term page action.
#include "kb/knowledgebase.h"
#include "kbbrowser/kbbrowser.h"
#include "lang/fanvakb/fanvakb.h"
#include "review/entrydetailsview.h"
#include "review/entrymodel.h"
#include "review/inlineeditor.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "status.h"
#include "widgettesting.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTimer>
#include <QUndoStack>

using namespace fanva;
using fanva::testing::candidatesReply;
using fanva::testing::readAll;
using fanva::testing::ScriptedDemo;
using nlohmann::json;

namespace {

/// No model turn: authoring needs none.
json noTurns()
{
    return ScriptedDemo::script(json::array());
}

/// A run proposing Mango's weight for sentence 6, and a judge that disagrees. (Re-judge makes
/// a provider of its own, which reads the script afresh: the draft turn answers drafts only.)
json mangoAndJudgeScript()
{
    return ScriptedDemo::script({ { { "when", { { "purpose", "formalize" } } },
                                      { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
        { { "when", { { "purpose", "judge" } } },
            { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"disagree\",\"note\":\"the sentence gives no weight\"}]}" } } });
}

} // namespace

class TestAuthoring : public QObject
{
    Q_OBJECT

private:
    static void showAndActivate(QWidget &widget)
    {
        widget.show();
        widget.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&widget));
    }

    static ProposalView *proposalView(MainWindow &window) { return window.findChild<ProposalView *>(QStringLiteral("proposalView")); }

    /// With FANVA_TEST_OUTPUT_DIR set, writes the window's image there as authoring-NAME.png
    /// (to look at what a new user sees); else nothing.
    static void shoot(QWidget &window, const QString &name)
    {
        const QString dir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR");
        if (dir.isEmpty())
            return;
        QVERIFY(QDir().mkpath(dir));
        QString file = QStringLiteral("authoring-%1.png").arg(name);
        file.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9.+-]+")), QStringLiteral("-"));
        QVERIFY(window.grab().save(QDir(dir).filePath(file)));
    }

    /// The block Apply appended: what follows the original bytes.
    static QByteArray appended(const ScriptedDemo &demo) { return readAll(demo.targetPath()).mid(demo.originalTarget().size()); }

private Q_SLOTS:
    void initTestCase()
    {
        // Journal and autosave defaults go to the test locations, never the user's.
        QStandardPaths::setTestModeEnabled(true);
    }

    // As a new user: open the demo, Ctrl+Shift+N (or n in the proposal pane), type a sentence,
    // Return; then Ctrl+Shift+Return and Return in the confirmation (default button Apply).
    void newUserWritesASentence_data()
    {
        QTest::addColumn<bool>("fromProposalPane"); // n there; else Ctrl+Shift+N from the source pane
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<bool>("written");
        QTest::addRow("Ctrl+Shift+N, admissible") << false << QStringLiteral("(weightInKg Mango 2)") << true;
        QTest::addRow("n, admissible") << true << QStringLiteral("(weightInKg Mango 2)") << true;
        QTest::addRow("Ctrl+Shift+N, wrong arity") << false << QStringLiteral("(weightInKg Mango)") << false;
        QTest::addRow("n, wrong arity") << true << QStringLiteral("(weightInKg Mango)") << false;
    }

    void newUserWritesASentence()
    {
        QFETCH(bool, fromProposalPane);
        QFETCH(QString, sentence);
        QFETCH(bool, written);
        ScriptedDemo demo(noTurns());
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        // Interactive, so that Apply asks; any other box would be a failure below.
        window.setInteractive(true);
        window.resize(1400, 860);
        showAndActivate(window);
        QVERIFY(!window.review()->hasProposal());
        ProposalView *view = proposalView(window);
        // The target file shows before anything is written.
        QVERIFY(view->toPlainText().contains(QStringLiteral("(comment weightInKg")));

        if (fromProposalPane) {
            view->setFocus();
            QTest::keyClick(view, Qt::Key_N);
        } else {
            auto *source = window.findChild<SourceView *>(QStringLiteral("sourceView"));
            source->setFocus();
            QTRY_VERIFY(source->hasFocus());
            QTest::keyClick(source, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        }
        InlineEditor *editor = window.presenter()->editor();
        QVERIFY(editor->isOpen());
        QTRY_VERIFY(editor->editor()->hasFocus());
        QVERIFY(window.review()->hasProposal());
        QTest::keyClicks(editor->editor(), sentence);
        QTRY_VERIFY(!editor->isGatePending());
        shoot(window, QStringLiteral("%1-typed").arg(QString::fromUtf8(QTest::currentDataTag())));
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        QVERIFY(!editor->isOpen());
        shoot(window, QStringLiteral("%1-committed").arg(QString::fromUtf8(QTest::currentDataTag())));

        const proposal::Entry *e = window.review()->proposal().entry(QStringLiteral("c1"));
        QVERIFY(e);
        QCOMPARE(e->origin, formalize::Origin::Author);
        QCOMPARE(e->sentence(), sentence);
        QCOMPARE(window.presenter()->currentEntry(), QStringLiteral("c1"));
        QCOMPARE(e->decision, written ? formalize::Decision::Accepted : formalize::Decision::Undecided);
        QCOMPARE(e->rank() == formalize::Rank::Refused, !written);
        // The details say who wrote it; no model was involved.
        const QString details = window.findChild<EntryDetailsView *>(QStringLiteral("entryDetails"))->toPlainText();
        QVERIFY2(details.contains(QStringLiteral("Written by the author")), qPrintable(details));
        QVERIFY(!details.contains(QStringLiteral("Model confidence")));
        QVERIFY(!details.contains(QStringLiteral("The model named no sentence")));
        if (!written)
            QVERIFY(std::any_of(e->problems.begin(), e->problems.end(), [](const lang::Problem &p) { return p.type == u"arity"; }));

        // Apply from the keyboard; the confirmation's default button is Apply, so Return applies.
        QString asked;
        QTimer::singleShot(0, &window, [&asked] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            asked = box->text();
            if (static_cast<QAbstractButton *>(box->defaultButton()) == box->button(QMessageBox::Apply))
                QTest::keyClick(box, Qt::Key_Return);
            else
                box->reject();
        });
        QTest::keyClick(view, Qt::Key_Return, Qt::ControlModifier | Qt::ShiftModifier);
        if (written) {
            QTRY_COMPARE(e->decision, formalize::Decision::Applied);
            QVERIFY(!asked.isEmpty());
            const QByteArray block = appended(demo);
            QVERIFY2(block.contains(";; written by the author\n(weightInKg Mango 2)\n;; ---- end fanva ----\n"), block.constData());
            QVERIFY(block.contains(" by the author ----\n"));
            QVERIFY(readAll(demo.targetPath()).startsWith(demo.originalTarget()));
            shoot(window, QStringLiteral("%1-applied").arg(QString::fromUtf8(QTest::currentDataTag())));
        } else {
            // Nothing to apply: no confirmation, nothing written.
            QVERIFY(asked.isEmpty());
            QCOMPARE(readAll(demo.targetPath()), demo.originalTarget());
        }
    }

    // An author entry goes through Apply and Undo Apply, after the selected entry of a run.
    void authorEntryThroughApplyAndUndo()
    {
        ScriptedDemo demo(mangoAndJudgeScript());
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.formalize(window));
        showAndActivate(window);
        ReviewController *review = window.review();
        const QString drafted = review->entries()->entryAt(0)->id;
        window.presenter()->setCurrentEntry(drafted);
        ProposalView *view = proposalView(window);
        view->setFocus();

        QTest::keyClick(view, Qt::Key_N);
        InlineEditor *editor = window.presenter()->editor();
        QVERIFY(editor->isOpen());
        QTest::keyClicks(editor->editor(), QStringLiteral("(weightInKg Biscuit 85)"));
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        const QString author = window.presenter()->currentEntry();
        QVERIFY(author != drafted);
        const proposal::Entry *e = review->proposal().entry(author);
        QVERIFY(e);
        // After the selected entry: with its sentence, after its entries.
        QCOMPARE(e->segment, review->proposal().entry(drafted)->segment);
        QCOMPARE(review->entries()->rowOf(author), review->entries()->rowOf(drafted) + 1);
        QCOMPARE(e->decision, formalize::Decision::Accepted);
        // One undoable step: Ctrl+Z takes it out, Ctrl+Shift+Z puts it back.
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(!review->proposal().entry(author));
        QTest::keySequence(view, window.findChild<QAction *>(QStringLiteral("actionRedo"))->shortcut());
        QVERIFY(review->proposal().entry(author));

        QVERIFY(fanva::testing::applyAndWait(window));
        QByteArray block = appended(demo);
        QVERIFY2(block.contains(QStringLiteral(";; written by the author, after animals.md [%1]\n(weightInKg Biscuit 85)\n")
                                    .arg(review->proposal().entry(author)->segment)
                                    .toUtf8()),
            block.constData());
        QCOMPARE(review->proposal().entry(author)->decision, formalize::Decision::Applied);
        QVERIFY(fanva::testing::undoApplyAndWait(window));
        QCOMPARE(readAll(demo.targetPath()), demo.originalTarget());
        QCOMPARE(review->proposal().entry(author)->decision, formalize::Decision::Accepted);
        QCOMPARE(review->proposal().entry(author)->origin, formalize::Origin::Author);

        // The origin goes into the session file and comes back.
        const QString path = demo.filePath(QStringLiteral("authored.fanva"));
        QCOMPARE(review->saveSession(path).message(), QString());
        ReviewController reopened;
        QCOMPARE(fanva::testing::openAndWait(reopened, path), QString());
        QCOMPARE(reopened.proposal().entry(author)->origin, formalize::Origin::Author);
        QCOMPARE(reopened.proposal().entry(author)->sentence(), QStringLiteral("(weightInKg Biscuit 85)"));
    }

    // Pasting several sentences makes one entry per sentence; text that does not read stays one.
    void pasteSplitsSentences_data()
    {
        QTest::addColumn<QString>("pasted");
        QTest::addColumn<QStringList>("sentences");
        QTest::addColumn<QList<int>>("decisions"); // formalize::Decision per entry
        const int accepted = int(formalize::Decision::Accepted);
        const int undecided = int(formalize::Decision::Undecided);
        QTest::addRow("two on a line") << QStringLiteral("(weightInKg Mango 2) (weightInKg Biscuit 85)")
                                       << QStringList { QStringLiteral("(weightInKg Mango 2)"), QStringLiteral("(weightInKg Biscuit 85)") }
                                       << QList<int> { accepted, accepted };
        QTest::addRow("three lines, one refused") << QStringLiteral("(weightInKg Mango 2)\n(weightInKg Biscuit)\n(weightInKg Biscuit 85)\n")
                                                  << QStringList { QStringLiteral("(weightInKg Mango 2)"),
                                                         QStringLiteral("(weightInKg Biscuit)"), QStringLiteral("(weightInKg Biscuit 85)") }
                                                  << QList<int> { accepted, undecided, accepted };
        QTest::addRow("does not read") << QStringLiteral("(weightInKg Mango 2) (weightInKg")
                                       << QStringList { QStringLiteral("(weightInKg Mango 2) (weightInKg") } << QList<int> { undecided };
    }

    void pasteSplitsSentences()
    {
        QFETCH(QString, pasted);
        QFETCH(QStringList, sentences);
        QFETCH(QList<int>, decisions);
        ScriptedDemo demo(noTurns());
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        showAndActivate(window);
        ProposalView *view = proposalView(window);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_N, Qt::ControlModifier | Qt::ShiftModifier);
        InlineEditor *editor = window.presenter()->editor();
        QVERIFY(editor->isOpen());
        QApplication::clipboard()->setText(pasted);
        QTest::keyClick(editor->editor(), Qt::Key_V, Qt::ControlModifier);
        QCOMPARE(editor->editor()->toPlainText(), pasted);
        // Return commits what reads; a text that does not read is committed with Ctrl+Return
        // (Return starts a new line in an open list).
        const bool reads = QLatin1StringView(QTest::currentDataTag()) != QLatin1StringView("does not read");
        QTest::keyClick(editor->editor(), Qt::Key_Return, reads ? Qt::NoModifier : Qt::ControlModifier);

        const ReviewController *review = window.review();
        QCOMPARE(review->entries()->rowCount(), sentences.size());
        for (int i = 0; i < sentences.size(); ++i) {
            const proposal::Entry *e = review->proposal().entry(QStringLiteral("c%1").arg(i + 1));
            QVERIFY(e);
            QCOMPARE(e->origin, formalize::Origin::Author);
            QCOMPARE(e->sentence(), sentences.at(i));
            QCOMPARE(int(e->decision), decisions.at(i));
        }
        // One paste is one undoable step.
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(review->entries()->rowCount(), 0);
    }

    // Without a formalization: an empty proposal for the target context, autosaved with its
    // author entries, which reopen as author entries.
    void authoringWithoutARunAutosaves()
    {
        ScriptedDemo demo(noTurns());
        QVERIFY(demo.isValid());
        const kb::LoadResult loaded = kb::loadKnowledgeBase(demo.kbFolder());
        QVERIFY(loaded.ok());
        ReviewController review;
        review.setAutosaveDirectory(demo.filePath(QStringLiteral("autosave")));
        review.setAutosaveIntervals(10, 1000);
        QCOMPARE(review.beginAuthoring(demo.kbFolder(), lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals")).message(), QString());
        QVERIFY(review.hasProposal());
        QCOMPARE(review.targetPath(), demo.targetPath());
        QCOMPARE(review.proposal().baseSha256, proposal::sha256Hex(demo.originalTarget()));
        QCOMPARE(review.nextEntryId(), QStringLiteral("c1"));
        QVERIFY(!review.isModified());

        QSignalSpy autosaved(&review, &ReviewController::autosaved);
        QCOMPARE(review.addAuthorEntries(QString(), QStringLiteral("(weightInKg Mango 2)")), QStringList { QStringLiteral("c1") });
        QVERIFY(review.isModified());
        QTRY_COMPARE(autosaved.count(), 1);
        const proposal::SessionLoad reopened = proposal::loadSessionFile(autosaved.first().first().toString());
        QVERIFY2(reopened.session, qPrintable(reopened.error));
        QCOMPARE(reopened.session->proposal.entries.size(), std::size_t(1));
        QCOMPARE(reopened.session->proposal.entries[0].origin, formalize::Origin::Author);
        QCOMPARE(reopened.session->proposal.entries[0].decision, formalize::Decision::Accepted);
        QVERIFY(reopened.session->documentPath.isEmpty());
    }

    // Escape adds nothing.
    void cancelAddsNothing()
    {
        ScriptedDemo demo(noTurns());
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        showAndActivate(window);
        ProposalView *view = proposalView(window);
        view->setFocus();
        QTest::keyClick(view, Qt::Key_N);
        InlineEditor *editor = window.presenter()->editor();
        QTest::keyClicks(editor->editor(), QStringLiteral("(weightInKg Mango 2)"));
        QTest::keyClick(editor->editor(), Qt::Key_Escape);
        QVERIFY(!editor->isOpen());
        QCOMPARE(window.review()->entries()->rowCount(), 0);
        QVERIFY(window.review()->undoStack()->count() == 0);
    }

    // Re-judge: Shift+J sends an edited or author entry to the judge alone; the verdict lands.
    void rejudge_data()
    {
        QTest::addColumn<bool>("author"); // else: the drafted entry, edited
        QTest::addRow("edited entry") << false;
        QTest::addRow("author entry") << true;
    }

    void rejudge()
    {
        QFETCH(bool, author);
        ScriptedDemo demo(mangoAndJudgeScript());
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        window.review()->setJournalPath(demo.journalPath());
        QCOMPARE(demo.run(*window.review()), QString());
        showAndActivate(window);
        ReviewController *review = window.review();
        const QString drafted = review->entries()->entryAt(0)->id;
        window.presenter()->setCurrentEntry(drafted);
        ProposalView *view = proposalView(window);
        view->setFocus();
        // A drafted entry as the model wrote it is not re-judged.
        QVERIFY(!window.presenter()->rejudgeAction()->isEnabled());

        InlineEditor *editor = window.presenter()->editor();
        QTest::keyClick(view, author ? Qt::Key_N : Qt::Key_E);
        QVERIFY(editor->isOpen());
        QTest::keyClick(editor->editor(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor->editor(), QStringLiteral("(weightInKg Mango 3)"));
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        const QString id = window.presenter()->currentEntry();
        QCOMPARE(id == drafted, !author);
        QCOMPARE(review->proposal().entry(id)->verdict, formalize::Verdict::None);
        QVERIFY(window.presenter()->rejudgeAction()->isEnabled());

        QSignalSpy finished(review, &ReviewController::rejudgeFinished);
        QTest::keyClick(view, Qt::Key_J, Qt::ShiftModifier);
        QVERIFY(review->isRejudging());
        QTRY_COMPARE(finished.count(), 1);
        const proposal::Entry *e = review->proposal().entry(id);
        QVERIFY2(e->verdict == formalize::Verdict::Disagree, qPrintable(e->verdictNote));
        QCOMPARE(e->verdictNote, QStringLiteral("the sentence gives no weight"));
        QVERIFY(!e->gloss.text.isEmpty());
        QCOMPARE(e->rank(), formalize::Rank::Doubted);
        // The verdict is an undoable step like the decisions.
        QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(review->proposal().entry(id)->verdict, formalize::Verdict::None);
    }

    // Without a model the judge is not asked; an entry without a source sentence is not sent.
    void rejudgeRefuses()
    {
        ScriptedDemo demo(mangoAndJudgeScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        const QStringList ids = review.addAuthorEntries(QString(), QStringLiteral("(weightInKg Biscuit 85)"));
        QCOMPARE(ids.size(), 1);
        QCOMPARE(review.proposal().entry(ids[0])->segment, 0);
        llm::ProviderOptions options;
        options.id = QStringLiteral("ollama");
        const fanva::Status refused = review.rejudge(ids, options);
        QVERIFY(!refused);
        QVERIFY(refused.message().contains(QStringLiteral("no model")));
        QSignalSpy finished(&review, &ReviewController::rejudgeFinished);
        QCOMPARE(review.rejudge(ids, demo.setup().provider).message(), QString());
        QCOMPARE(finished.count(), 1);
        QVERIFY(!review.isRejudging());
        QCOMPARE(review.proposal().entry(ids[0])->verdictNote, QStringLiteral("no source sentence"));
    }

    // Ctrl+Shift+Return is Review ▸ Apply…; it is disabled with nothing to write.
    void applyShortcut()
    {
        MainWindow window;
        auto *apply = window.findChild<QAction *>(QStringLiteral("actionApply"));
        QVERIFY(apply);
        QCOMPARE(apply->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
        QVERIFY(!apply->isEnabled());
        auto *newSentence = window.findChild<QAction *>(QStringLiteral("actionNewSentence"));
        QVERIFY(newSentence);
        QCOMPARE(newSentence->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    }

    // A term page's "New Sentence about TERM" starts the editor as the term's role suggests.
    void termPageNewSentence_data()
    {
        QTest::addColumn<QString>("term");
        QTest::addColumn<QString>("start");
        QTest::addColumn<int>("cursor");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("sentence");
        QTest::addRow("functor") << QStringLiteral("weightInKg") << QStringLiteral("(weightInKg ") << 12 << QStringLiteral("Mango 2)")
                                 << QStringLiteral("(weightInKg Mango 2)");
        QTest::addRow("type") << QStringLiteral("parrot") << QStringLiteral("(parrot ") << 8 << QStringLiteral("Kiwi)")
                              << QStringLiteral("(parrot Kiwi)");
        QTest::addRow("individual") << QStringLiteral("Mango") << QStringLiteral("( Mango)") << 1 << QStringLiteral("flies")
                                    << QStringLiteral("(flies Mango)");
    }

    void termPageNewSentence()
    {
        QFETCH(QString, term);
        QFETCH(QString, start);
        QFETCH(int, cursor);
        QFETCH(QString, typed);
        QFETCH(QString, sentence);
        ScriptedDemo demo(noTurns());
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        showAndActivate(window);
        KbBrowser *browser = window.kbBrowser();
        QVERIFY(!browser->newSentenceAction()->isEnabled() || !browser->currentTerm().isEmpty());
        QVERIFY(browser->lookUp(term, QStringLiteral("CxAnimals")));
        QAction *action = browser->newSentenceAction();
        QVERIFY(action->isEnabled());
        QCOMPARE(action->text(), QStringLiteral("New Sentence about %1").arg(term));
        action->trigger();

        InlineEditor *editor = window.presenter()->editor();
        QVERIFY(editor->isOpen());
        QCOMPARE(editor->editor()->toPlainText(), start);
        QCOMPARE(editor->editor()->textCursor().position(), cursor);
        QTRY_VERIFY(editor->editor()->hasFocus());
        QTest::keyClicks(editor->editor(), typed);
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        const proposal::Entry *e = window.review()->proposal().entry(QStringLiteral("c1"));
        QVERIFY(e);
        QCOMPARE(e->sentence(), sentence);
        QCOMPARE(e->origin, formalize::Origin::Author);
    }
};

QTEST_MAIN(TestAuthoring)
#include "tst_authoring.moc"
