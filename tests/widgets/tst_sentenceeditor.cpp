// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The author's editor (issue 15 item 2): completion, squiggles, signature hint, the "Reads as"
// line, term summaries, Ctrl+L and Enter, on the demo workspace's KB.
#include "editor/completionpopup.h"
#include "editor/editorvocabulary.h"
#include "editor/squiggles.h"
#include "kbbrowser/kbbrowser.h"
#include "review/inlineeditor.h"
#include "review/reviewpresenter.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "lang/editorservices.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/gloss.h"
#include "lang/nibli/niblilanguage.h"
#include "lang/sentencecursor.h"
#include "proposal/gate.h"

#include <QDockWidget>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTest>

using namespace fanva;
using namespace Qt::StringLiterals;
using fanva::lang::SentenceCursor;
using fanva::testing::candidatesReply;
using fanva::testing::ScriptedDemo;

namespace {

const QString s_demoKb = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb");
const QString s_context = QStringLiteral("CxAnimals");

std::shared_ptr<const kb::KnowledgeBase> demoKb()
{
    static const std::shared_ptr<const kb::KnowledgeBase> kb = kb::loadKnowledgeBase(s_demoKb).kb;
    return kb;
}

// The gates as the review runs them: against the demo KB, in CxAnimals.
InlineEditor::Gate demoGate()
{
    return [](const QString &sentence) {
        const auto problems = proposal::criticGate()(*fanva::lang::fanvaKbOver(demoKb()), s_context, QStringList { sentence });
        return problems.empty() ? std::vector<lang::Problem> {} : problems.front();
    };
}

const QString s_nibliKb = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli/kb");

// The KB and target the editor writes into, per language: the demo workspaces' KBs.
std::pair<std::shared_ptr<const lang::Kb>, QString> kbIn(const QString &language)
{
    if (language == u"nibli") {
        static const std::shared_ptr<const lang::Kb> kb = lang::nibliLanguage().load(s_nibliKb).kb;
        return { kb, u"millbrook"_s };
    }
    static const std::shared_ptr<const lang::Kb> kb = lang::fanvaKbOver(demoKb());
    return { kb, s_context };
}

// "(livesIn |Mango)" → the text without '|' and the cursor position.
std::pair<QString, int> withCursor(const QString &marked)
{
    const int at = int(marked.indexOf(u'|'));
    return { QString(marked).remove(at, 1), at };
}

} // namespace

class TestSentenceEditor : public QObject
{
    Q_OBJECT

    QWidget *m_host = nullptr;
    InlineEditor *m_editor = nullptr;

    // Opens the editor on @p text (cursor at the end) with the demo KB, ready to complete.
    void open(const QString &text = {})
    {
        m_editor->setKnowledgeBase(lang::fanvaKbOver(demoKb()), s_context);
        m_editor->vocabulary()->waitForReady();
        m_editor->open(u"a1"_s, text, demoGate());
        QTRY_VERIFY(m_editor->editor()->hasFocus());
    }
    QPlainTextEdit *text() const { return m_editor->editor(); }

    // The window with the editor and its completion list (a window of its own) painted over
    // it, to FANVA_TEST_OUTPUT_DIR/sentence-editor.png when the variable is set.
    static void shoot(QWidget &window, InlineEditor *editor)
    {
        const QString dir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR");
        if (dir.isEmpty())
            return;
        QPixmap shot = window.grab();
        if (editor->isCompleting()) {
            QPainter painter(&shot);
            painter.drawPixmap(
                window.mapFromGlobal(editor->completionPopup()->mapToGlobal(QPoint(0, 0))), editor->completionPopup()->grab());
        }
        QDir().mkpath(dir);
        const QString path = QDir(dir).filePath(u"sentence-editor.png"_s);
        QVERIFY2(shot.save(path), qPrintable(path));
        qInfo("wrote %s", qPrintable(path));
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY2(demoKb(), qPrintable(s_demoKb)); }

    void init()
    {
        m_host = new QWidget;
        m_host->resize(800, 400);
        m_editor = new InlineEditor(m_host);
        m_editor->setGeometry(0, 0, 800, 300);
        m_host->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_host));
        m_host->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_host));
    }

    void cleanup()
    {
        delete m_host;
        m_host = nullptr;
        m_editor = nullptr;
    }

    void sentenceCursor_data()
    {
        QTest::addColumn<QString>("marked");
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<int>("slot");
        QTest::addColumn<QString>("functor");
        QTest::addColumn<int>("argument");
        QTest::addColumn<bool>("literal");
        using S = kb::CompletionSlot;
        QTest::addRow("functor") << u"(weightIn|"_s << u"weightIn"_s << int(S::Functor) << QString() << 0 << false;
        QTest::addRow("first argument") << u"(livesIn Ma|"_s << u"Ma"_s << int(S::Argument) << u"livesIn"_s << 1 << false;
        QTest::addRow("between arguments") << u"(livesIn Mango |"_s << QString() << int(S::Argument) << u"livesIn"_s << 2 << false;
        QTest::addRow("inside a word") << u"(livesIn Ma|ngo)"_s << u"Ma"_s << int(S::Argument) << u"livesIn"_s << 1 << false;
        QTest::addRow("after a nested list") << u"(implies (bird ?x) |"_s << QString() << int(S::Argument) << u"implies"_s << 2 << false;
        QTest::addRow("nested functor") << u"(implies (bi|"_s << u"bi"_s << int(S::Functor) << QString() << 0 << false;
        QTest::addRow("ist context") << u"(ist Cx|"_s << u"Cx"_s << int(S::Context) << u"ist"_s << 1 << false;
        QTest::addRow("genlCx second") << u"(genlCx CxA Cx|"_s << u"Cx"_s << int(S::Context) << u"genlCx"_s << 2 << false;
        QTest::addRow("in a string") << u"(comment Mango \"a pa|"_s << QString() << int(S::Argument) << u"comment"_s << 2 << true;
        QTest::addRow("a variable") << u"(bird ?x|"_s << u"?x"_s << int(S::Argument) << u"bird"_s << 1 << true;
        QTest::addRow("after a closed string") << u"(comment \"a (b\" Ma|"_s << u"Ma"_s << int(S::Argument) << u"comment"_s << 2 << false;
    }

    void sentenceCursor()
    {
        QFETCH(QString, marked);
        QFETCH(QString, prefix);
        QFETCH(int, slot);
        QFETCH(QString, functor);
        QFETCH(int, argument);
        QFETCH(bool, literal);
        const auto [text, position] = withCursor(marked);
        const SentenceCursor at = SentenceCursor::at(text, position);
        QCOMPARE(at.inLiteral, literal);
        if (!literal)
            QCOMPARE(at.prefix, prefix);
        QCOMPARE(int(at.slot), slot);
        QCOMPARE(at.functor, functor);
        QCOMPARE(at.argument, argument);
    }

    void completionRanking_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QStringList>("first");
        // Functor position: the predicates and types starting "we"/"li", most used first
        // (living_thing is used on 8 lines, livesIn on 6).
        QTest::addRow("weightIn") << u"(weightIn"_s << QStringList { u"weightInKg"_s };
        QTest::addRow("li") << u"(li"_s << QStringList { u"living_thing"_s, u"livesIn"_s };
        // Argument position: individuals too; Mango is used more than Marsh-like rarities.
        QTest::addRow("argument Ma") << u"(livesIn Ma"_s << QStringList { u"Mango"_s };
        // A context position lists contexts only.
        QTest::addRow("ist") << u"(ist CxH"_s << QStringList { u"CxHabitats"_s };
    }

    void completionRanking()
    {
        QFETCH(QString, typed);
        QFETCH(QStringList, first);
        open();
        QTest::keyClicks(text(), typed);
        QTRY_VERIFY(m_editor->isCompleting()); // two characters of a symbol open the list
        const QStringList names = m_editor->completionPopup()->names();
        QVERIFY2(names.mid(0, first.size()) == first, qPrintable(names.join(u' ')));
        const SentenceCursor at = SentenceCursor::at(text()->toPlainText(), text()->textCursor().position());
        for (const QString &name : names)
            QVERIFY2(name.startsWith(at.prefix, Qt::CaseInsensitive), qPrintable(name));
        if (at.slot == kb::CompletionSlot::Context) {
            for (const QString &name : names)
                QVERIFY2(demoKb()->hasContext(kb::intern(name.toStdString())), qPrintable(name));
        }
    }

    void completionDetails()
    {
        open();
        QTest::keyClicks(text(), u"(weightIn"_s);
        QTRY_VERIFY(m_editor->isCompleting());
        const std::vector<lang::EditorCompletion> items
            = m_editor->vocabulary()->completions(m_editor->vocabulary()->cursorAt(u"(weightIn"_s, 9));
        QVERIFY(!items.empty());
        // Arity, argument types and the first clause of the comment.
        QCOMPARE(items.front().detail, u"weightInKg/2 (animal, ?) — the animal ?a weighs ?n kilograms"_s);
    }

    void completionAcceptance_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<bool>("ctrlSpace");
        QTest::addColumn<int>("key");
        QTest::addColumn<QString>("expected");
        QTest::addColumn<bool>("editorOpen");
        // The done-when flow of issue 15: (weightIn, Ctrl+Space, Return completes weightInKg.
        QTest::addRow("Ctrl+Space, Return") << u"(weightIn"_s << true << int(Qt::Key_Return) << u"(weightInKg"_s << true;
        QTest::addRow("typed, Tab") << u"(weightIn"_s << false << int(Qt::Key_Tab) << u"(weightInKg"_s << true;
        QTest::addRow("inside a word, Return") << u"(livesIn Man"_s << false << int(Qt::Key_Return) << u"(livesIn Mango"_s << true;
        // Escape closes the list only; the edit stays open.
        QTest::addRow("Escape") << u"(weightIn"_s << true << int(Qt::Key_Escape) << u"(weightIn"_s << true;
        // ) and a space close the list and are typed.
        QTest::addRow("paren") << u"(bird Ma"_s << false << int(Qt::Key_ParenRight) << u"(bird Ma)"_s << true;
        QTest::addRow("space") << u"(bird Ma"_s << false << int(Qt::Key_Space) << u"(bird Ma "_s << true;
    }

    void completionAcceptance()
    {
        QFETCH(QString, typed);
        QFETCH(bool, ctrlSpace);
        QFETCH(int, key);
        QFETCH(QString, expected);
        QFETCH(bool, editorOpen);
        open();
        QSignalSpy committed(m_editor, &InlineEditor::committed);
        QSignalSpy cancelled(m_editor, &InlineEditor::cancelled);
        QTest::keyClicks(text(), typed);
        if (ctrlSpace) {
            QTest::keyClick(text(), Qt::Key_Escape); // closes a list typing opened; the edit stays
            QVERIFY(!m_editor->isCompleting());
            QVERIFY(m_editor->isOpen());
            QTest::keyClick(text(), Qt::Key_Space, Qt::ControlModifier);
        }
        QTRY_VERIFY(m_editor->isCompleting());
        const char character = key == Qt::Key_ParenRight ? ')' : key == Qt::Key_Space ? ' ' : '\0';
        if (character)
            QTest::keyClick(text(), character);
        else
            QTest::keyClick(text(), Qt::Key(key));
        QVERIFY(!m_editor->isCompleting());
        QCOMPARE(text()->toPlainText(), expected);
        QCOMPARE(m_editor->isOpen(), editorOpen);
        QCOMPARE(committed.count(), 0);
        QCOMPARE(cancelled.count(), 0);
    }

    void completionNavigation()
    {
        open();
        QTest::keyClicks(text(), u"(livesIn M"_s);
        QVERIFY(!m_editor->isCompleting()); // one character: not yet
        QTest::keyClick(text(), Qt::Key_Space, Qt::ControlModifier);
        QTRY_VERIFY(m_editor->isCompleting());
        const QStringList names = m_editor->completionPopup()->names();
        QVERIFY(names.size() >= 2);
        QTest::keyClick(text(), Qt::Key_Down);
        QTest::keyClick(text(), Qt::Key_Return);
        QCOMPARE(text()->toPlainText(), u"(livesIn "_s + names.at(1));
    }

    void squigglePlacement_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("begin");
        QTest::addColumn<int>("end");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("stop");
        QTest::addRow("plain") << u"(bird Mango)"_s << 6 << 11 << 6 << 11;
        QTest::addRow("leading white space") << u"  \n(bird Mango)"_s << 6 << 11 << 9 << 14;
        // UTF-8 bytes before the span: "é" is two bytes, one character.
        QTest::addRow("utf-8") << u"(comment \"é\" Mango)"_s << 14 << 19 << 13 << 18;
        QTest::addRow("a point") << u"(bird Mango"_s << 5 << 5 << 5 << 6;
        QTest::addRow("a point at the end") << u"(bird Mango"_s << 11 << 11 << 10 << 11;
    }

    void squigglePlacement()
    {
        QFETCH(QString, text);
        QFETCH(int, begin);
        QFETCH(int, end);
        QFETCH(int, start);
        QFETCH(int, stop);
        const lang::Problem problem { u"arity"_s, u"wrong"_s, kb::Span { std::uint32_t(begin), std::uint32_t(end), 1, 1 } };
        const lang::Problem unplaced { u"shape"_s, u"no span"_s, std::nullopt };
        const std::vector<PlacedProblem> placed = Squiggles::place(text, { problem, unplaced });
        QCOMPARE(placed.size(), std::size_t(1));
        QCOMPARE(placed.front().start, start);
        QCOMPARE(placed.front().end, stop);
        QCOMPARE(Squiggles::messagesAt(placed, start), u"arity — wrong"_s);
        QVERIFY(Squiggles::messagesAt(placed, stop).isEmpty());
    }

    void squigglesAtTheProblemSpans()
    {
        // The done-when's refused sentence: weightInKg takes two arguments.
        open(u"(weightInKg Mango)"_s);
        QVERIFY(!m_editor->problems().empty());
        QVERIFY(m_editor->problems().front().span.has_value());
        const QList<QTextEdit::ExtraSelection> selections = text()->extraSelections();
        QCOMPARE(qsizetype(m_editor->placedProblems().size()), selections.size());
        QVERIFY(!selections.isEmpty());
        const lang::Problem &problem = m_editor->problems().front();
        QCOMPARE(selections.front().cursor.selectionStart(), int(problem.span->begin));
        QCOMPARE(selections.front().cursor.selectionEnd(), int(problem.span->end));
        QCOMPARE(selections.front().format.underlineStyle(), QTextCharFormat::WaveUnderline);
        // Its message is the tool tip over the span, and listed under the editor.
        const QString tip = m_editor->toolTipAt(int(problem.span->begin));
        QVERIFY2(tip.contains(problem.message), qPrintable(tip));
        QVERIFY(m_editor->problemsText().contains(problem.message));

        // Typing clears the underlines until the gates run again 300 ms later.
        QSignalSpy gated(m_editor, &InlineEditor::gated);
        text()->moveCursor(QTextCursor::End);
        text()->moveCursor(QTextCursor::Left);
        QTest::keyClicks(text(), u" 2"_s);
        QVERIFY(text()->extraSelections().isEmpty());
        QTRY_COMPARE(gated.count(), 1);
        QCOMPARE(text()->toPlainText(), u"(weightInKg Mango 2)"_s);
        QVERIFY(m_editor->problems().empty());
        QVERIFY(text()->extraSelections().isEmpty());

        // An unreadable text is underlined where the reader stopped.
        text()->selectAll();
        QTest::keyClicks(text(), u"(bird Mango ]"_s);
        QTRY_COMPARE(gated.count(), 2);
        QCOMPARE(m_editor->placedProblems().size(), std::size_t(1));
        QCOMPARE(m_editor->problems().front().type, u"unreadable"_s);
        QCOMPARE(text()->extraSelections().size(), 1);
    }

    void signatureHint_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("argument");
        QTest::addColumn<QString>("bold");
        QTest::addRow("first") << u"(livesIn "_s << 1 << u"?a:animal"_s;
        QTest::addRow("in the first") << u"(livesIn Mang"_s << 1 << u"?a:animal"_s;
        QTest::addRow("second") << u"(livesIn Mango "_s << 2 << u"?p:habitat"_s;
        QTest::addRow("past the last") << u"(livesIn Mango AmazonBasin "_s << 0 << QString();
    }

    void signatureHint()
    {
        QFETCH(QString, typed);
        QFETCH(int, argument);
        QFETCH(QString, bold);
        open();
        QTest::keyClicks(text(), typed);
        QCOMPARE(m_editor->signatureHint(), u"livesIn ?a:animal ?p:habitat — ?a lives in the habitat ?p"_s);
        QCOMPARE(m_editor->signatureArgument(), argument);
        auto *label = m_editor->findChild<QLabel *>(u"inlineEditorSignature"_s);
        QVERIFY(label && label->isVisible());
        if (!bold.isEmpty())
            QVERIFY2(label->text().contains(u"<b><u>"_s + bold + u"</u></b>"_s), qPrintable(label->text()));
        else
            QVERIFY(!label->text().contains(u"<b>"_s));
        // Out of the list, no hint.
        QTest::keyClicks(text(), u")"_s);
        QVERIFY(m_editor->signatureHint().isEmpty());
        QVERIFY(!label->isVisible());
    }

    void readsAs_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<bool>("reads");
        QTest::addRow("a fact") << u"(livesIn Mango AmazonBasin)"_s << true;
        QTest::addRow("a membership") << u"(parrot Mango)"_s << true;
        QTest::addRow("unfinished") << u"(parrot Mango"_s << false;
    }

    void readsAs()
    {
        QFETCH(QString, typed);
        QFETCH(bool, reads);
        open();
        QTest::keyClicks(text(), typed);
        m_editor->completionPopup()->hide();
        auto *label = m_editor->findChild<QLabel *>(u"inlineEditorReadsAs"_s);
        QVERIFY(label && label->isVisible());
        if (!reads) {
            QVERIFY(m_editor->readsAs().isEmpty());
            QCOMPARE(label->text(), InlineEditor::tr("Reads as: — (not one sentence yet)"));
            return;
        }
        // The gloss of formalize.md §6, live at each keystroke, before any gate run.
        const kb::SentenceParse parsed = kb::parseSentence(typed);
        QVERIFY(parsed.sentence);
        const QString expected = lang::fanvakb::gloss(*demoKb(), parsed.sentence->term, kb::intern("CxAnimals")).text;
        QVERIFY(expected.contains(u"Mango"_s));
        QCOMPARE(m_editor->readsAs(), expected);
        QCOMPARE(label->text(), InlineEditor::tr("Reads as: %1").arg(expected));
    }

    void hoverAndLookUp()
    {
        open(u"(livesIn Mango AmazonBasin)"_s);
        // The summary of the term's page: its role, comment, declarations.
        const QString mango = m_editor->toolTipAt(10);
        QVERIFY2(mango.contains(u"<b>Mango</b>"_s) && mango.contains(u"green parrot"_s), qPrintable(mango));
        const QString livesIn = m_editor->toolTipAt(3);
        QVERIFY2(livesIn.contains(u"arity 2"_s) && livesIn.contains(u"animal, habitat"_s), qPrintable(livesIn));
        // The sentence is stored already: that note covers it all, and comes first.
        QVERIFY2(mango.startsWith(u"already-stored — "_s), qPrintable(mango));
        QVERIFY(!m_editor->toolTipAt(0).contains(u"Ctrl+L"_s)); // on the bracket: no term
        // Ctrl+L asks for the page of the term at the cursor.
        QSignalSpy lookUp(m_editor, &InlineEditor::lookUpRequested);
        QTextCursor cursor = text()->textCursor();
        cursor.setPosition(12);
        text()->setTextCursor(cursor);
        QTest::keyClick(text(), Qt::Key_L, Qt::ControlModifier);
        QCOMPARE(lookUp.count(), 1);
        QCOMPARE(lookUp.first().at(0).toString(), u"Mango"_s);
        QCOMPARE(lookUp.first().at(1).toString(), s_context);
    }

    void enterCommits_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<int>("modifiers");
        QTest::addColumn<bool>("commits");
        QTest::addColumn<int>("lines");
        QTest::addRow("Enter, one sentence") << u"(parrot Mango)"_s << int(Qt::NoModifier) << true << 1;
        QTest::addRow("Shift+Enter, one sentence") << u"(parrot Mango)"_s << int(Qt::ShiftModifier) << false << 2;
        QTest::addRow("Enter, a list left open") << u"(implies (bird ?x)"_s << int(Qt::NoModifier) << false << 2;
        QTest::addRow("Enter, a string left open") << u"(comment Mango \"a"_s << int(Qt::NoModifier) << false << 2;
        QTest::addRow("Ctrl+Enter, a list left open") << u"(parrot Mango"_s << int(Qt::ControlModifier) << true << 1;
    }

    void enterCommits()
    {
        QFETCH(QString, typed);
        QFETCH(int, modifiers);
        QFETCH(bool, commits);
        QFETCH(int, lines);
        open();
        QSignalSpy committed(m_editor, &InlineEditor::committed);
        QTest::keyClicks(text(), typed);
        m_editor->completionPopup()->hide();
        QTest::keyClick(text(), Qt::Key_Return, Qt::KeyboardModifiers(modifiers));
        QCOMPARE(committed.count(), commits ? 1 : 0);
        QCOMPARE(m_editor->isOpen(), !commits);
        QCOMPARE(text()->document()->blockCount(), lines);
        if (commits)
            QCOMPARE(committed.first().at(1).toString(), typed);
    }

    void inTheWindow()
    {
        // The done-when flow of issue 15 in the window, on an edit (`e`) of the demo's entry:
        // the editor completes against the window's KB and target context, and Ctrl+L shows
        // the term in the KB browser.
        ScriptedDemo demo(
            ScriptedDemo::script({ { { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } } }));
        QVERIFY(demo.isValid());
        MainWindow window;
        window.setInteractive(false);
        window.resize(1280, 800);
        QVERIFY(demo.formalize(window));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        const fanva::proposal::Entry *entry
            = window.review()->proposal().entries.empty() ? nullptr : &window.review()->proposal().entries.front();
        QVERIFY(entry);
        window.presenter()->setCurrentEntry(entry->id);
        QVERIFY(window.presenter()->editCurrentEntry());
        InlineEditor *editor = window.presenter()->editor();
        QVERIFY(editor->vocabulary()->knowledgeBase());
        QCOMPARE(editor->vocabulary()->knowledgeBase(), window.knowledgeBase());
        QCOMPARE(editor->vocabulary()->context(), s_context);
        editor->vocabulary()->waitForReady();
        QSignalSpy gated(editor, &InlineEditor::gated);
        QTest::keyClick(editor->editor(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(editor->editor(), u"(weightIn"_s);
        QTest::keyClick(editor->editor(), Qt::Key_Escape);
        QTest::keyClick(editor->editor(), Qt::Key_Space, Qt::ControlModifier);
        QTRY_VERIFY(editor->isCompleting());
        QCOMPARE(editor->completionPopup()->currentName(), u"weightInKg"_s);
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        QCOMPARE(editor->editor()->toPlainText(), u"(weightInKg"_s);
        QTest::keyClicks(editor->editor(), u" Mango)"_s);
        QTRY_VERIFY(gated.count() > 0 && !editor->isGatePending());
        QVERIFY(!editor->placedProblems().empty()); // one argument short: refused, underlined
        editor->editor()->moveCursor(QTextCursor::Left);
        QTest::keyClicks(editor->editor(), u" 2"_s);
        QCOMPARE(editor->signatureArgument(), 2);
        QTest::keyClicks(editor->editor(), u" Ma"_s); // one too many, to show the list
        QTRY_VERIFY(editor->isCompleting());
        QTRY_VERIFY(!editor->isGatePending());
        shoot(window, editor);
        QTest::keyClick(editor->editor(), Qt::Key_Escape);
        QTest::keyClick(editor->editor(), Qt::Key_Backspace);
        QTest::keyClick(editor->editor(), Qt::Key_Backspace);
        QTest::keyClick(editor->editor(), Qt::Key_Backspace);

        // Ctrl+L on weightInKg opens its page in the KB browser.
        QTextCursor cursor = editor->editor()->textCursor();
        cursor.setPosition(3);
        editor->editor()->setTextCursor(cursor);
        QTest::keyClick(editor->editor(), Qt::Key_L, Qt::ControlModifier);
        QTRY_VERIFY(window.findChild<QDockWidget *>(u"kbBrowserDock"_s)->isVisible());
        QCOMPARE(window.kbBrowser()->currentTerm(), u"weightInKg"_s);
        QVERIFY(editor->isOpen());

        // Enter commits the sentence, which now passes the gates.
        editor->editor()->setFocus();
        QTRY_VERIFY(editor->editor()->hasFocus());
        QTest::keyClick(editor->editor(), Qt::Key_Return);
        QVERIFY(!editor->isOpen());
        QCOMPARE(window.review()->proposal().entry(entry->id)->sentence(), u"(weightInKg Mango 2)"_s);
        QVERIFY(window.review()->proposal().entry(entry->id)->problems.empty());
    }

    void listClosesWithTheEditor_data()
    {
        QTest::addColumn<bool>("hideWindow");
        QTest::addRow("the edit ends") << false;
        QTest::addRow("the window hides") << true;
    }

    void listClosesWithTheEditor()
    {
        QFETCH(bool, hideWindow);
        open();
        QTest::keyClicks(text(), u"(weightIn"_s);
        QTRY_VERIFY(m_editor->isCompleting());
        if (hideWindow)
            m_host->hide();
        else
            m_editor->cancel();
        QVERIFY(!m_editor->completionPopup()->isVisible());
    }

    // The same editor on either language, through the language's editor services
    // (lang::EditorServices): one row per language for each feature.
    void openIn(const QString &language, const QString &text = {})
    {
        const auto [kb, target] = kbIn(language);
        QVERIFY2(kb, qPrintable(language));
        m_editor->setLanguage(kb->language());
        m_editor->setKnowledgeBase(kb, target);
        m_editor->vocabulary()->waitForReady();
        QVERIFY(m_editor->vocabulary()->isReady());
        EditorVocabulary *vocabulary = m_editor->vocabulary();
        m_editor->open(u"a1"_s, text, [vocabulary](const QString &sentence) { return vocabulary->problems(sentence); });
        QTRY_VERIFY(m_editor->editor()->hasFocus());
    }

    void languageCompletion_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        // A nibli predicate completes with its opening parenthesis; fanva-kb's list is open already.
        QTest::addRow("fanva-kb") << u"fanva-kb"_s << u"(weightIn"_s << u"weightInKg"_s << u"(weightInKg"_s;
        QTest::addRow("nibli") << u"nibli"_s << u"resid"_s << u"resident"_s << u"resident("_s;
        QTest::addRow("nibli name") << u"nibli"_s << u"resident(Ma"_s << u"Mara"_s << u"resident(Mara"_s;
        QTest::addRow("nibli before a paren") << u"nibli"_s << u"resid|(Mara, Millbrook)."_s << u"resident"_s
                                              << u"resident(Mara, Millbrook)."_s;
    }

    void languageCompletion()
    {
        QFETCH(QString, language);
        QFETCH(QString, typed);
        QFETCH(QString, name);
        QFETCH(QString, expected);
        const qsizetype bar = typed.indexOf(u'|');
        openIn(language, bar < 0 ? QString() : typed.mid(bar + 1));
        if (bar >= 0)
            text()->moveCursor(QTextCursor::Start);
        QTest::keyClicks(text(), bar < 0 ? typed : typed.left(bar));
        QTest::keyClick(text(), Qt::Key_Escape); // closes a list typing opened; the edit stays
        QVERIFY(m_editor->isOpen());
        QTest::keyClick(text(), Qt::Key_Space, Qt::ControlModifier);
        QTRY_VERIFY(m_editor->isCompleting());
        QCOMPARE(m_editor->completionPopup()->currentName(), name);
        QTest::keyClick(text(), Qt::Key_Return);
        QVERIFY(!m_editor->isCompleting());
        QCOMPARE(text()->toPlainText(), expected);
        QVERIFY(m_editor->isOpen());
    }

    // One cursor scanner (lang/cursorscan.h) under both editors: each language's word class,
    // comments and strings, and the argument list it builds from what the scan shows it.
    void languageCursor_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("marked");
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("functor");
        QTest::addColumn<int>("argument");
        QTest::addColumn<bool>("literal");
        QTest::addRow("fanva-kb argument") << u"fanva-kb"_s << u"(livesIn Ma|ngo)"_s << u"Mango"_s << u"livesIn"_s << 1 << false;
        QTest::addRow("fanva-kb after a string") << u"fanva-kb"_s << u"(comment \"a (b\" Ma|"_s << u"Ma"_s << u"comment"_s << 2 << false;
        QTest::addRow("fanva-kb in a string") << u"fanva-kb"_s << u"(comment \"a pa|"_s << QString() << u"comment"_s << 1 << true;
        QTest::addRow("fanva-kb in a comment") << u"fanva-kb"_s << u";; (livesIn Ma|"_s << QString() << QString() << 0 << true;
        QTest::addRow("fanva-kb after a comment") << u"fanva-kb"_s << u";; (x\n(livesIn Ma|"_s << u"Ma"_s << u"livesIn"_s << 1 << false;
        QTest::addRow("fanva-kb variable") << u"fanva-kb"_s << u"(bird ?x|"_s << u"?x"_s << u"bird"_s << 1 << true;
        QTest::addRow("nibli argument") << u"nibli"_s << u"resident(Mara, Mi|ll)"_s << u"Mill"_s << u"resident"_s << 2 << false;
        QTest::addRow("nibli after a string") << u"nibli"_s << u"resident(\"a, (b\", Mi|"_s << u"Mi"_s << u"resident"_s << 2 << false;
        QTest::addRow("nibli in a string") << u"nibli"_s << u"resident(\"a, pa|"_s << QString() << u"resident"_s << 1 << true;
        QTest::addRow("nibli in a comment") << u"nibli"_s << u"# resident(Ma|"_s << QString() << QString() << 0 << true;
        QTest::addRow("nibli after a comment") << u"nibli"_s << u"# x(\nresident(Ma|"_s << u"Ma"_s << u"resident"_s << 1 << false;
        QTest::addRow("nibli in a block comment") << u"nibli"_s << u"/* resident(Ma|"_s << QString() << QString() << 0 << true;
        QTest::addRow("nibli after a block comment") << u"nibli"_s << u"/* x( */ resident(Ma|"_s << u"Ma"_s << u"resident"_s << 1 << false;
        QTest::addRow("nibli variable") << u"nibli"_s << u"resident($x|"_s << u"$x"_s << u"resident"_s << 1 << true;
    }

    void languageCursor()
    {
        QFETCH(QString, language);
        QFETCH(QString, marked);
        QFETCH(QString, word);
        QFETCH(QString, functor);
        QFETCH(int, argument);
        QFETCH(bool, literal);
        const auto [kb, target] = kbIn(language);
        QVERIFY2(kb, qPrintable(language));
        const lang::EditorServices *services = kb->language().editorServices();
        QVERIFY(services);
        const auto [text, position] = withCursor(marked);
        const lang::EditorCursor at = services->cursorAt(text, position);
        QCOMPARE(at.inLiteral, literal);
        QCOMPARE(text.mid(at.wordStart, at.wordEnd - at.wordStart), word);
        QCOMPARE(at.prefix, word.left(position - at.wordStart));
        QCOMPARE(at.functor, functor);
        QCOMPARE(at.argument, argument);
    }

    void languageArgumentHint_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("hint");
        QTest::addColumn<QString>("bold");
        QTest::addRow("fanva-kb") << u"fanva-kb"_s << u"(livesIn Mango "_s << u"livesIn ?a:animal ?p:habitat — ?a lives in the habitat ?p"_s
                                  << u"?p:habitat"_s;
        QTest::addRow("nibli") << u"nibli"_s << u"resident(Mara, "_s << u"resident(who, town) — {x1} lives in {x2}"_s << u"town"_s;
    }

    void languageArgumentHint()
    {
        QFETCH(QString, language);
        QFETCH(QString, typed);
        QFETCH(QString, hint);
        QFETCH(QString, bold);
        openIn(language);
        QTest::keyClicks(text(), typed);
        QCOMPARE(m_editor->signatureHint(), hint);
        QCOMPARE(m_editor->signatureArgument(), 2);
        auto *label = m_editor->findChild<QLabel *>(u"inlineEditorSignature"_s);
        QVERIFY(label && label->isVisible());
        QVERIFY2(label->text().contains(u"<b><u>"_s + bold + u"</u></b>"_s), qPrintable(label->text()));
        QTest::keyClicks(text(), u"X)"_s); // out of the list, no hint
        QVERIFY(m_editor->signatureHint().isEmpty());
    }

    void languageSquiggles_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("underlined");
        // Leading white space: spans index the text without it.
        QTest::addRow("fanva-kb") << u"fanva-kb"_s << u"  (livesIn Mango AmazonBasin Extra)"_s << u"arity"_s << u"(livesIn"_s;
        QTest::addRow("nibli") << u"nibli"_s << u"  resident(Mara, Millbrook, Extra)."_s << u"too-many-arguments"_s << u"Extra"_s;
    }

    void languageSquiggles()
    {
        QFETCH(QString, language);
        QFETCH(QString, typed);
        QFETCH(QString, type);
        QFETCH(QString, underlined);
        openIn(language, typed);
        QVERIFY(!m_editor->problems().empty());
        QStringList types;
        for (const lang::Problem &p : m_editor->problems())
            types.append(p.type);
        QVERIFY2(types.contains(type), qPrintable(types.join(u' ')));
        QVERIFY(!m_editor->placedProblems().empty());
        const PlacedProblem &placed = m_editor->placedProblems().front();
        QCOMPARE(placed.start, int(typed.indexOf(underlined)));
        QVERIFY(placed.end > placed.start && placed.end <= typed.size());
        QCOMPARE(text()->extraSelections().size(), qsizetype(m_editor->placedProblems().size()));
    }

    void languageReadsAs_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("reading");
        QTest::addRow("fanva-kb") << u"fanva-kb"_s << u"(livesIn Mango AmazonBasin)"_s << u"Mango lives in the habitat AmazonBasin"_s;
        QTest::addRow("nibli") << u"nibli"_s << u"resident(Mara, Millbrook)."_s << u"Mara lives in Millbrook"_s;
        QTest::addRow("nibli unfinished") << u"nibli"_s << u"resident(Mara, "_s << QString();
    }

    void languageReadsAs()
    {
        QFETCH(QString, language);
        QFETCH(QString, typed);
        QFETCH(QString, reading);
        openIn(language);
        QTest::keyClicks(text(), typed);
        m_editor->completionPopup()->hide();
        auto *label = m_editor->findChild<QLabel *>(u"inlineEditorReadsAs"_s);
        QVERIFY(label && label->isVisible());
        if (reading.isEmpty()) {
            QVERIFY2(m_editor->readsAs().isEmpty(), qPrintable(m_editor->readsAs()));
            return;
        }
        QVERIFY2(m_editor->readsAs().contains(reading, Qt::CaseInsensitive), qPrintable(m_editor->readsAs()));
    }

    void languageHoverAndLookUp_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("sentence");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("term");
        QTest::addColumn<QString>("summary");
        QTest::addRow("fanva-kb") << u"fanva-kb"_s << u"(livesIn Mango AmazonBasin)"_s << 3 << u"livesIn"_s << u"arity 2"_s;
        QTest::addRow("nibli") << u"nibli"_s << u"resident(Mara, Millbrook)."_s << 3 << u"resident"_s << u"arity 2 (who, town)"_s;
        QTest::addRow("nibli name") << u"nibli"_s << u"resident(Mara, Millbrook)."_s << 11 << u"Mara"_s << u"<b>Mara</b>"_s;
    }

    void languageHoverAndLookUp()
    {
        QFETCH(QString, language);
        QFETCH(QString, sentence);
        QFETCH(int, position);
        QFETCH(QString, term);
        QFETCH(QString, summary);
        openIn(language, sentence);
        const QString tip = m_editor->toolTipAt(position);
        QVERIFY2(tip.contains(summary), qPrintable(tip));
        QSignalSpy lookUp(m_editor, &InlineEditor::lookUpRequested);
        QTextCursor cursor = text()->textCursor();
        cursor.setPosition(position);
        text()->setTextCursor(cursor);
        QTest::keyClick(text(), Qt::Key_L, Qt::ControlModifier);
        QCOMPARE(lookUp.count(), 1);
        QCOMPARE(lookUp.first().at(0).toString(), term);
    }

    void withoutKbStillEdits()
    {
        // No KB: no completion, no gloss line, the editor works as before.
        m_editor->open(u"a1"_s, u"(bird Tweety)"_s, {});
        QTest::keyClick(text(), Qt::Key_Space, Qt::ControlModifier);
        QVERIFY(!m_editor->isCompleting());
        QVERIFY(!m_editor->findChild<QLabel *>(u"inlineEditorReadsAs"_s)->isVisible());
        QVERIFY(m_editor->toolTipAt(3).isEmpty());
    }
};

QTEST_MAIN(TestSentenceEditor)
#include "tst_sentenceeditor.moc"
