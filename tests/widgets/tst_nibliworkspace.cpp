// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The window on a nibli workspace (docs/spec/nibli-adapter.md, "The window"): it opens, loads
// the KB through its Language, lists its statements, highlights nibli text and runs nibli's
// gates on an edited statement; an unknown language keeps the workspace closed.
#include "editor/completionpopup.h"
#include "editor/editorvocabulary.h"
#include "kbbrowser/kbbrowser.h"
#include "kbbrowser/statementbrowser.h"
#include "review/inlineeditor.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include "lang/registry.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextLayout>
#include <QTreeWidget>

#include <algorithm>

using fanva::testing::candidatesReply;
using fanva::testing::copyTree;
using fanva::testing::ScriptedDemo;
using fanva::testing::writeFile;

namespace {

const QString s_demo = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli");

/// The character format the highlighter gave position @p column of the first line of
/// @p document starting with @p lineStart.
QTextCharFormat formatAt(const QTextDocument *document, const QString &lineStart, int column)
{
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (!block.text().startsWith(lineStart))
            continue;
        const auto formats = block.layout()->formats();
        for (const QTextLayout::FormatRange &range : formats) {
            if (column >= range.start && column < range.start + range.length)
                return range.format;
        }
        return {};
    }
    return {};
}

} // namespace

class TstNibliWorkspace final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opensTheDemo();
    void highlightsNibli();
    void badEditShowsNibliMessage();
    void editorCompletesNibli();
    void formalizeReviewApplyUndo();
    void newStatementsJoinTheReview();
    void unknownLanguageStaysClosed();

private:
    /// Opens a copy of the nibli demo in @p window, its KB loaded.
    bool openDemo(MainWindow &window, QTemporaryDir &dir);
};

void TstNibliWorkspace::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(fanva::lang::languageById(u"nibli"));
}

bool TstNibliWorkspace::openDemo(MainWindow &window, QTemporaryDir &dir)
{
    if (!dir.isValid() || !copyTree(s_demo, dir.path()))
        return false;
    window.setInteractive(false);
    QSignalSpy loaded(&window, &MainWindow::kbLoaded);
    if (!window.openWorkspace(dir.path()))
        return false;
    return loaded.count() > 0 || loaded.wait(20000);
}

void TstNibliWorkspace::opensTheDemo()
{
    MainWindow window;
    QTemporaryDir dir;
    QVERIFY(openDemo(window, dir));
    QCOMPARE(window.workspace().language, QStringLiteral("nibli"));
    QCOMPARE(window.workspace().context, QStringLiteral("millbrook"));
    const std::shared_ptr<const fanva::lang::Kb> kb = window.knowledgeBase();
    QVERIFY(kb);
    QVERIFY(window.kbBrowser()->showsStatements());
    QVERIFY(!window.kbBrowser()->pages());
    QCOMPARE(kb->language().id(), QStringLiteral("nibli"));
    QCOMPARE(kb->targets(), QStringList { QStringLiteral("millbrook") });

    // The title and status bar name the language and the target.
    QVERIFY2(window.windowTitle().contains(u"nibli") && window.windowTitle().contains(u"millbrook"), qPrintable(window.windowTitle()));
    QStringList labels;
    const auto allLabels = window.statusBar()->findChildren<QLabel *>();
    for (const QLabel *label : allLabels)
        labels.append(label->text());
    const QString status = labels.join(u'|');
    QVERIFY2(status.contains(u"nibli") && status.contains(u"Target: millbrook"), qPrintable(status));

    // The browser lists the file, its target and its statements, as the language reads them.
    StatementBrowser *browser = window.kbBrowser()->statementBrowser();
    QVERIFY(browser->isVisibleTo(window.kbBrowser()));
    QCOMPARE(browser->fileList()->topLevelItemCount(), 1);
    const QTreeWidgetItem *file = browser->fileList()->topLevelItem(0);
    QCOMPARE(file->text(0), QStringLiteral("millbrook.nibli"));
    QCOMPARE(file->text(1), QStringLiteral("millbrook"));
    const fanva::lang::Language &nibli = *fanva::lang::languageById(u"nibli");
    const fanva::lang::ReadResult read = nibli.read(fanva::testing::readAll(dir.filePath(QStringLiteral("kb/millbrook.nibli"))));
    QVERIFY(read.statements.size() >= 5);
    QCOMPARE(file->text(2), QString::number(read.statements.size()));
    const QString shown = browser->statementView()->toPlainText();
    QCOMPARE(shown.count(u'\n') + 1, qsizetype(read.statements.size()));
    QVERIFY(shown.contains(u"resident(Mara, Millbrook)."));
    QVERIFY(!shown.contains(u"# Millbrook")); // comments are no statements
    QVERIFY2(browser->noteLabel()->text().contains(u"Ctrl+L in the editor shows the page of the term"),
        qPrintable(browser->noteLabel()->text()));
    // Term pages through the seam: the window's look-up shows a nibli predicate's page.
    QVERIFY(window.kbBrowser()->lookUp(QStringLiteral("resident"), QStringLiteral("millbrook")));
    QVERIFY2(browser->termPage()->toPlainText().contains(u"who, town"), qPrintable(browser->termPage()->toPlainText()));
    QVERIFY(browser->newSentenceAction()->isEnabled());
    QCOMPARE(browser->newSentenceAction()->text(), QStringLiteral("New Sentence about resident"));
    QCOMPARE(browser->currentTarget(), QStringLiteral("millbrook"));

    // The proposal pane shows the target's file.
    QVERIFY(window.findChild<ProposalView *>(QStringLiteral("proposalView"))->toPlainText().startsWith(u"# Millbrook"));
    // Review ▸ Look Up Term on the proposal pane's nibli text shows the term's page.
    auto *proposal = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
    QTextCursor onTerm(proposal->document());
    onTerm.setPosition(int(proposal->toPlainText().indexOf(u"owns(Tobin")) + 1);
    proposal->setTextCursor(onTerm);
    QVERIFY(window.lookUpTerm());
    QCOMPARE(browser->currentTerm(), QStringLiteral("owns"));
    // New Context has no nibli meaning: disabled, and it says why.
    auto *newContext = window.findChild<QAction *>(QStringLiteral("actionNewContext"));
    QVERIFY(newContext && !newContext->isEnabled());
    QVERIFY2(newContext->statusTip().contains(u"has no contexts"), qPrintable(newContext->statusTip()));
    // Its status bar counts the language's files, not context files.
    auto *kbLabel = window.findChild<QLabel *>(QStringLiteral("kbLabel"));
    QVERIFY(kbLabel);
    QVERIFY2(kbLabel->text().contains(u"(nibli, files: "), qPrintable(kbLabel->text()));

    // Going back to a fanva-kb workspace shows the term pages again.
    QTemporaryDir fanvaKb;
    QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), fanvaKb.path()));
    QSignalSpy loaded(&window, &MainWindow::kbLoaded);
    QVERIFY(window.openWorkspace(fanvaKb.path()));
    QVERIFY(loaded.wait(20000));
    QVERIFY(window.knowledgeBase());
    QCOMPARE(window.knowledgeBase()->language().id(), QStringLiteral("fanva-kb"));
    QVERIFY(window.kbBrowser()->pages());
    QVERIFY(!browser->isVisibleTo(window.kbBrowser()));
    QCOMPARE(window.workspace().language, QStringLiteral("fanva-kb"));
    // fanva-kb has contexts: New Context is there again, with its own tip, and the status bar
    // counts context files.
    QVERIFY(newContext->isEnabled());
    QVERIFY2(newContext->statusTip().contains(u"new target context"), qPrintable(newContext->statusTip()));
    QVERIFY2(kbLabel->text().contains(u"(context files: "), qPrintable(kbLabel->text()));
}

void TstNibliWorkspace::highlightsNibli()
{
    MainWindow window;
    QTemporaryDir dir;
    QVERIFY(openDemo(window, dir));

    // The target file: a comment and a predicate word get different formats, and the
    // predicate's is not the plain text's.
    const QTextDocument *file = window.findChild<ProposalView *>(QStringLiteral("proposalView"))->document();
    const QTextCharFormat comment = formatAt(file, QStringLiteral("# Millbrook"), 3);
    const QTextCharFormat predicate = formatAt(file, QStringLiteral("person(Mara)"), 1);
    const QTextCharFormat name = formatAt(file, QStringLiteral("person(Mara)"), 8);
    QVERIFY(comment.hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(predicate.hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(comment.foreground() != predicate.foreground());
    QVERIFY(name.foreground() != predicate.foreground());

    // The browser's statements, in the same formats.
    const QTextDocument *statements = window.kbBrowser()->statementBrowser()->statementView()->document();
    QCOMPARE(formatAt(statements, QStringLiteral("person(Mara)"), 1).foreground(), predicate.foreground());
    QCOMPARE(formatAt(statements, QStringLiteral("person(Mara)"), 8).foreground(), name.foreground());

    // The statement editor highlights nibli too.
    StatementBrowser *browser = window.kbBrowser()->statementBrowser();
    QVERIFY(browser->editStatement(0, QStringLiteral("person(Tobin). # a note")));
    const QTextDocument *edited = browser->editor()->editor()->document();
    QCOMPARE(formatAt(edited, QStringLiteral("person"), 1).foreground(), predicate.foreground());
    QCOMPARE(formatAt(edited, QStringLiteral("person"), 18).foreground(), comment.foreground());
}

void TstNibliWorkspace::badEditShowsNibliMessage()
{
    MainWindow window;
    QTemporaryDir dir;
    QVERIFY(openDemo(window, dir));
    StatementBrowser *browser = window.kbBrowser()->statementBrowser();
    const QString text = browser->statementView()->toPlainText();
    const int line = int(text.left(text.indexOf(u"dog(Rufus).")).count(u'\n'));
    QVERIFY(browser->editStatement(line));
    InlineEditor *editor = browser->editor();
    QVERIFY(editor->isOpen());
    QCOMPARE(editor->sentence(), QStringLiteral("dog(Rufus)."));
    QVERIFY2(editor->problemsText().contains(u"gates find no problem") || !editor->problemsText().contains(u"unknown-predicate"),
        qPrintable(editor->problemsText()));

    // A misspelt predicate: nibli's resolver names it, with its nearest words.
    QSignalSpy gated(editor, &InlineEditor::gated);
    editor->editor()->setPlainText(QStringLiteral("dgo(Rufus)."));
    QVERIFY(gated.wait(5000));
    QVERIFY(!editor->problems().empty());
    QCOMPARE(editor->problems().front().type, QStringLiteral("unknown-predicate"));
    QVERIFY2(editor->problemsText().contains(u"unknown-predicate — unknown predicate dgo"), qPrintable(editor->problemsText()));
    QVERIFY(!editor->placedProblems().empty()); // underlined where the word is

    // A reader error: its own id.
    editor->editor()->setPlainText(QStringLiteral("dog(Rufus"));
    QVERIFY(gated.wait(5000));
    QVERIFY(!editor->problems().empty());
    QCOMPARE(editor->problems().front().type, QStringLiteral("syntax"));

    // Committing does not write the file (Apply does, once it goes through the seam).
    const QByteArray before = fanva::testing::readAll(dir.filePath(QStringLiteral("kb/millbrook.nibli")));
    QSignalSpy committed(browser, &StatementBrowser::statementCommitted);
    editor->editor()->setPlainText(QStringLiteral("dog(Tobin)."));
    editor->commit();
    QCOMPARE(committed.count(), 1);
    QCOMPARE(fanva::testing::readAll(dir.filePath(QStringLiteral("kb/millbrook.nibli"))), before);
}

void TstNibliWorkspace::editorCompletesNibli()
{
    // The author's editor on nibli (issue 34 item 4): completion of the KB's predicates and
    // Names, the argument hint and the live "Reads as", through nibli's editor services.
    MainWindow window;
    QTemporaryDir dir;
    QVERIFY(openDemo(window, dir));
    window.resize(1280, 800);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    StatementBrowser *browser = window.kbBrowser()->statementBrowser();
    QVERIFY(browser->editStatement(0));
    InlineEditor *editor = browser->editor();
    QVERIFY(editor->isOpen());
    QVERIFY(editor->vocabulary()->knowledgeBase());
    editor->vocabulary()->waitForReady();
    QVERIFY(editor->vocabulary()->isReady());
    QPlainTextEdit *text = editor->editor();
    text->setFocus();
    QTRY_VERIFY(text->hasFocus());
    text->clear();
    QTest::keyClicks(text, QStringLiteral("resid"));
    QTest::keyClick(text, Qt::Key_Escape);
    QTest::keyClick(text, Qt::Key_Space, Qt::ControlModifier);
    QTRY_VERIFY(editor->isCompleting());
    QCOMPARE(editor->completionPopup()->currentName(), QStringLiteral("resident"));
    QTest::keyClick(text, Qt::Key_Return);
    QCOMPARE(text->toPlainText(), QStringLiteral("resident("));
    QTest::keyClicks(text, QStringLiteral("Ma"));
    QTRY_VERIFY(editor->isCompleting()); // the KB's Names
    QVERIFY2(editor->completionPopup()->names().contains(u"Mara"), qPrintable(editor->completionPopup()->names().join(u' ')));
    QTest::keyClick(text, Qt::Key_Return);
    QTest::keyClicks(text, QStringLiteral(", "));
    QCOMPARE(editor->signatureArgument(), 2);
    QVERIFY2(editor->signatureHint().startsWith(u"resident(who, town)"), qPrintable(editor->signatureHint()));
    QTest::keyClicks(text, QStringLiteral("Millbrook)."));
    QVERIFY2(editor->readsAs().contains(u"Mara"), qPrintable(editor->readsAs()));
    const QString dirOut = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR");
    if (!dirOut.isEmpty()) {
        text->clear();
        QTest::keyClicks(text, QStringLiteral("re"));
        QTRY_VERIFY(editor->isCompleting());
        QPixmap shot = window.grab();
        QPainter painter(&shot);
        painter.drawPixmap(window.mapFromGlobal(editor->completionPopup()->mapToGlobal(QPoint(0, 0))), editor->completionPopup()->grab());
        QDir().mkpath(dirOut);
        QVERIFY(shot.save(QDir(dirOut).filePath(QStringLiteral("nibli-editor.png"))));
    }
    editor->cancel();
}

void TstNibliWorkspace::formalizeReviewApplyUndo()
{
    MainWindow window;
    QTemporaryDir dir;
    QVERIFY(openDemo(window, dir));
    const QString target = dir.filePath(QStringLiteral("kb/millbrook.nibli"));
    const QByteArray before = fanva::testing::readAll(target);
    QVERIFY(!before.isEmpty());
    const QString script = dir.filePath(QStringLiteral("script.json"));
    QVERIFY(fanva::testing::writeScript(script,
        ScriptedDemo::script({ { { "text", candidatesReply({ { "animal(Rufus).", 4 } }) }, { "stop_reason", "end_turn" } },
            { { "when", { { "purpose", "judge" } } }, { "text", R"({"verdicts":[{"item":1,"verdict":"agree"}]})" } } })));
    qputenv("FANVA_SCRIPT", QFile::encodeName(script));
    const auto unsetScript = qScopeGuard([] { qunsetenv("FANVA_SCRIPT"); });
    window.setProvider(QStringLiteral("scripted"));
    window.review()->setJournalPath(dir.filePath(QStringLiteral("journal.jsonl")));
    const auto action = [&window](const char *name) { return window.findChild<QAction *>(QLatin1String(name)); };
    QVERIFY(action("actionFormalize")->isEnabled());
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    // Formalize drafts through nibli's gates: the entry is the statement as nibli renders it.
    QSignalSpy finished(&window, &MainWindow::formalizeFinished);
    action("actionFormalize")->trigger();
    QVERIFY(window.review()->isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QCOMPARE(finished.constFirst().at(0).toString(), QStringLiteral("success"));
    const fanva::proposal::Proposal &proposal = window.review()->proposal();
    QCOMPARE(proposal.language, QStringLiteral("nibli"));
    QCOMPARE(proposal.targetFile, QStringLiteral("millbrook.nibli"));
    QCOMPARE(proposal.entries.size(), std::size_t(1));
    const QString id = proposal.entries.front().id;
    QCOMPARE(proposal.entries.front().state, fanva::formalize::EntryState::Admissible);
    auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
    QVERIFY2(view->toPlainText().contains(QStringLiteral("animal(Rufus).")), qPrintable(view->toPlainText()));

    // An edit is gated by nibli live: a misspelt predicate is refused with nibli's message.
    QVERIFY(!window.review()->gateEdit(id, QStringLiteral("animl(Rufus).")).empty());
    QCOMPARE(window.review()->gateEdit(id, QStringLiteral("animl(Rufus).")).front().type, QStringLiteral("unknown-predicate"));
    QVERIFY(window.review()->gateEdit(id, QStringLiteral("animal(Rufus).")).empty());

    // Accept with the key, Apply: the statement lands after the file's bytes with # provenance.
    window.presenter()->setCurrentEntry(id);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_A);
    QCOMPARE(window.review()->proposal().entry(id)->decision, fanva::formalize::Decision::Accepted);
    QVERIFY(action("actionApply")->isEnabled());
    QSignalSpy applyFinished(&window, &MainWindow::applyFinished);
    action("actionApply")->trigger();
    QTRY_COMPARE(applyFinished.count(), 1);
    QCOMPARE(window.review()->proposal().entry(id)->decision, fanva::formalize::Decision::Applied);
    const QByteArray applied = fanva::testing::readAll(target);
    QVERIFY(applied.startsWith(before));
    const QByteArray added = applied.mid(before.size());
    QVERIFY2(added.contains("\n# ") || added.startsWith("# "), added.constData());
    QVERIFY2(added.contains("animal(Rufus).\n"), added.constData());
    QVERIFY2(!added.contains(";;"), added.constData());
    // Undo Apply restores the bytes.
    QVERIFY(action("actionUndoApply")->isEnabled());
    QSignalSpy undoFinished(&window, &MainWindow::undoApplyFinished);
    action("actionUndoApply")->trigger();
    QTRY_COMPARE(undoFinished.count(), 1);
    QCOMPARE(fanva::testing::readAll(target), before);

    // A hand edit after the review began: Apply refuses the conflict, Re-diff takes the file as
    // it is now and re-gates through nibli, and Apply then writes after the hand edit.
    const QByteArray edited = before + "dog(Mara).\n";
    QVERIFY(writeFile(target, edited));
    QVERIFY(!fanva::testing::applyAndWait(window));
    QCOMPARE(fanva::testing::readAll(target), edited);
    QVERIFY(window.rediff());
    QVERIFY(fanva::testing::waitForKbLoad(*window.review()));
    QCOMPARE(window.review()->proposal().entry(id)->state, fanva::formalize::EntryState::Admissible);
    QVERIFY(fanva::testing::applyAndWait(window));
    QVERIFY(fanva::testing::readAll(target).startsWith(edited));
    QVERIFY(fanva::testing::readAll(target).mid(edited.size()).contains("animal(Rufus).\n"));

    // The review saves as a nibli session, which reopens in a new window on the workspace.
    const QString session = dir.filePath(QStringLiteral("review.fanva"));
    QCOMPARE(window.review()->saveSession(session).message(), QString());
    MainWindow reopened;
    reopened.setInteractive(false);
    QSignalSpy loaded(&reopened, &MainWindow::kbLoaded);
    QVERIFY(reopened.openWorkspace(dir.path()));
    QVERIFY(loaded.count() > 0 || loaded.wait(20000));
    QVERIFY(reopened.openSession(session));
    QVERIFY(fanva::testing::waitForKbLoad(*reopened.review()));
    QCOMPARE(reopened.review()->proposal().language, QStringLiteral("nibli"));
    QVERIFY(reopened.review()->proposal().entry(id));
}

void TstNibliWorkspace::newStatementsJoinTheReview()
{
    MainWindow window;
    QTemporaryDir dir;
    QVERIFY(openDemo(window, dir));
    window.review()->setJournalPath(dir.filePath(QStringLiteral("journal.jsonl")));
    const QString target = dir.filePath(QStringLiteral("kb/millbrook.nibli"));
    const QByteArray before = fanva::testing::readAll(target);

    // Contexts are fanva-kb's.
    QSignalSpy problems(&window, &MainWindow::problemReported);
    QAction *newContext = window.findChild<QAction *>(QStringLiteral("actionNewContext"));
    QVERIFY(newContext);
    QVERIFY(!newContext->isEnabled());
    QVERIFY(!window.newContext());
    QCOMPARE(problems.constLast().at(0).toString(), QStringLiteral("A nibli KB has no contexts: its targets are its files."));

    // The KB browser's statement editor commits: the statement joins the review, accepted
    // when nibli's gates pass it, and nothing is written until Apply.
    StatementBrowser *browser = window.kbBrowser()->statementBrowser();
    QVERIFY(browser->editStatement(0));
    browser->editor()->editor()->setPlainText(QStringLiteral("dog(Tobin)."));
    browser->editor()->commit();
    QVERIFY(window.review()->hasProposal());
    QCOMPARE(window.review()->proposal().entries.size(), std::size_t(1));
    const fanva::proposal::Entry &entry = window.review()->proposal().entries.front();
    QCOMPARE(entry.origin, fanva::formalize::Origin::Author);
    QCOMPARE(entry.decision, fanva::formalize::Decision::Accepted);
    QCOMPARE(fanva::testing::readAll(target), before);

    // A statement nibli refuses joins refused, and Apply leaves it out.
    QVERIFY(browser->editStatement(0));
    browser->editor()->editor()->setPlainText(QStringLiteral("dgo(Tobin)."));
    browser->editor()->commit();
    QCOMPARE(window.review()->proposal().entries.size(), std::size_t(2));
    const fanva::proposal::Entry &refused = window.review()->proposal().entries.back();
    QCOMPARE(refused.state, fanva::formalize::EntryState::Refused);
    QCOMPARE(refused.problems.front().type, QStringLiteral("unknown-predicate"));

    QVERIFY(fanva::testing::applyAndWait(window));
    const QByteArray applied = fanva::testing::readAll(target);
    QVERIFY(applied.startsWith(before));
    QVERIFY2(applied.mid(before.size()).contains("dog(Tobin).\n"), applied.constData());
    QVERIFY(!applied.contains("dgo(Tobin)"));

    // Review ▸ New Sentence opens the author's editor in the proposal.
    QVERIFY(window.newSentence());
}

void TstNibliWorkspace::unknownLanguageStaysClosed()
{
    QTemporaryDir dir;
    QVERIFY(copyTree(s_demo, dir.path()));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("fanva.json")), R"({"language": "klingon", "context": "millbrook"})"));
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy problems(&window, &MainWindow::problemReported);
    QVERIFY(!window.openWorkspace(dir.path()));
    QVERIFY(!problems.isEmpty());
    QCOMPARE(
        problems.constLast().at(0).toString(), QStringLiteral(R"(unknown language "klingon" in fanva.json: write "fanva-kb" or "nibli")"));
    QCOMPARE(problems.constLast().at(1).toBool(), true);
    QVERIFY(window.workspace().root.isEmpty());
}

QTEST_MAIN(TstNibliWorkspace)
#include "tst_nibliworkspace.moc"
