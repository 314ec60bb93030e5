// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The source pane (formalize.md §10): sentence numbers in the gutter on the lines where the
// engine's segmenter starts them, coverage marks with tooltips for a real (scripted)
// formalization of the demo workspace, the selected entry's sentence highlighted, and the
// proposal filtered to the sentence the reviewer clicks.
#include "review/entrymodel.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "review/sourceview.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QHelpEvent>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>
#include <QTextLayout>
#include <QToolTip>

#include <nlohmann/json.hpp>

using nlohmann::json;
using State = fanva::formalize::SegmentCoverage::State;

namespace {

using fanva::testing::ScriptedDemo;

QString readText(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// The vertical centre of the visual line holding text position @p position, in viewport
// (and so gutter) coordinates.
int lineCentreAt(const SourceView &view, int position)
{
    QTextCursor cursor(view.document());
    cursor.setPosition(position);
    return view.cursorRect(cursor).center().y();
}

// How many pixels of @p image lie within a small distance of @p colour.
int pixelsNear(const QImage &image, const QRect &area, const QColor &colour)
{
    int count = 0;
    for (int y = qMax(area.top(), 0); y <= qMin(area.bottom(), image.height() - 1); ++y) {
        for (int x = qMax(area.left(), 0); x <= qMin(area.right(), image.width() - 1); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            if (qAbs(pixel.red() - colour.red()) + qAbs(pixel.green() - colour.green()) + qAbs(pixel.blue() - colour.blue()) < 60)
                ++count;
        }
    }
    return count;
}

// The demo document's sentences: [1] is its heading, [4] "Biscuit is a seal…", [6] "Mango is a
// parrot…", [14] "The penguin pool…". The model proposes a seal for [6] (admissible), makes
// Biscuit a penguin for [4] (refused: penguins and seals are disjoint), and declines [14].
json demoScript()
{
    const auto reply = []() -> std::string {
        const json candidates = json::array({ { { "sentence", "(weightInKg Mango 1)" }, { "segment", 6 }, { "confidence", "high" } },
            { { "sentence", "(penguin Biscuit)" }, { "segment", 4 }, { "confidence", "high" } } });
        return json {
            { "candidates", candidates },
            { "untranslated", json::array({ { { "segment", 14 }, { "reason", "an opinion about the zoo; no claim" } } }) }
        }.dump();
    };
    return ScriptedDemo::script({ { { "when", { { "purpose", "judge" } } }, { "text", R"({"verdicts":[{"item":1,"verdict":"agree"}]})" } },
        { { "text", reply() }, { "stop_reason", "end_turn" } }, { { "text", reply() }, { "stop_reason", "end_turn" } },
        { { "text", reply() }, { "stop_reason", "end_turn" } } });
}

} // namespace

class TstSourceView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gutterLabelsSitOnTheirLines_data();
    void gutterLabelsSitOnTheirLines();
    void wrappedParagraphLabelsSitWhereSentencesStart();
    void gutterWidthFollowsWidestLabel();
    void editingResegments();
    void gutterClickCyclesThroughALinesSentences();
    void coloursFollowPalette();
    void coverageOfAFormalization();
    void windowHighlightsAndFilters();
};

void TstSourceView::gutterLabelsSitOnTheirLines_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("sentences");
    QTest::addColumn<QList<QList<int>>>("perBlock"); ///< the segments starting in each block

    QTest::addRow("one per line") << QStringLiteral("Tweety is a canary.\nPebbles is a penguin.\n")
                                  << QStringList { QStringLiteral("Tweety is a canary."), QStringLiteral("Pebbles is a penguin.") }
                                  << QList<QList<int>> { { 1 }, { 2 }, {} };
    QTest::addRow("paragraph") << QStringLiteral("A cat sleeps. A dog barks.\n\nBirds fly.")
                               << QStringList { QStringLiteral("A cat sleeps."), QStringLiteral("A dog barks."),
                                      QStringLiteral("Birds fly.") }
                               << QList<QList<int>> { { 1, 2 }, {}, { 3 } };
    QTest::addRow("heading and items") << QStringLiteral("# Zoo\n\n- Pebbles is a penguin.\n- Biscuit is a seal.")
                                       << QStringList { QStringLiteral("Zoo"), QStringLiteral("Pebbles is a penguin."),
                                              QStringLiteral("Biscuit is a seal.") }
                                       << QList<QList<int>> { { 1 }, {}, { 2 }, { 3 } };
    QTest::addRow("sentence over two lines") << QStringLiteral("Mango is a parrot\nwhose mother is Saffron. Mango whistles.")
                                             << QStringList { QStringLiteral("Mango is a parrot\nwhose mother is Saffron."),
                                                    QStringLiteral("Mango whistles.") }
                                             << QList<QList<int>> { { 1 }, { 2 } };
    QTest::addRow("non-ASCII before") << QStringLiteral("Ærø is an island. Zoë feeds Pebbles.")
                                      << QStringList { QStringLiteral("Ærø is an island."), QStringLiteral("Zoë feeds Pebbles.") }
                                      << QList<QList<int>> { { 1, 2 } };
    QTest::addRow("empty") << QString() << QStringList {} << QList<QList<int>> { {} };
}

void TstSourceView::gutterLabelsSitOnTheirLines()
{
    QFETCH(QString, text);
    QFETCH(QStringList, sentences);
    QFETCH(QList<QList<int>>, perBlock);

    SourceView view;
    view.resize(700, 300);
    view.setDocumentText(text);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QCOMPARE(int(view.segments().size()), sentences.size());
    for (int n = 1; n <= sentences.size(); ++n) {
        const auto range = view.segmentRange(n);
        QVERIFY(range);
        QCOMPARE(view.toPlainText().mid(range->first, range->second - range->first), sentences.at(n - 1));
        QCOMPARE(view.segmentAt(range->first), n);
    }
    QCOMPARE(view.blockCount(), perBlock.size());
    for (int block = 0; block < perBlock.size(); ++block) {
        const std::vector<int> expected(perBlock.at(block).begin(), perBlock.at(block).end());
        QCOMPARE(view.segmentsInBlock(block), expected);
        // The gutter beside the block's first line carries exactly those labels.
        const int y = lineCentreAt(view, view.document()->findBlockByNumber(block).position());
        QCOMPARE(view.segmentsAtGutterPosition(QPoint(2, y)), expected);
    }
    QVERIFY(view.segmentsAtGutterPosition(QPoint(2, view.viewport()->height() - 2)).empty());
    QVERIFY(view.segmentsAtGutterPosition(QPoint(view.gutter()->width() + 1, lineCentreAt(view, 0))).empty());
}

void TstSourceView::wrappedParagraphLabelsSitWhereSentencesStart()
{
    QStringList sentences;
    for (int i = 1; i <= 12; ++i)
        sentences.append(QStringLiteral("Animal number %1 lives in the northern part of the zoo.").arg(i));
    SourceView view;
    view.resize(260, 600);
    view.setDocumentText(sentences.join(QLatin1Char(' ')));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QCOMPARE(view.blockCount(), 1);
    QVERIFY(view.document()->firstBlock().layout()->lineCount() > 12);
    QCOMPARE(int(view.segments().size()), 12);
    for (int n = 1; n <= 12; ++n) {
        const std::vector<int> labels = view.segmentsAtGutterPosition(QPoint(2, lineCentreAt(view, view.segmentRange(n)->first)));
        QVERIFY2(std::find(labels.begin(), labels.end(), n) != labels.end(), qPrintable(QString::number(n)));
    }
    // Every visual line carries the labels of the sentences starting on it, and no others.
    const QTextLayout *layout = view.document()->firstBlock().layout();
    int continuationLines = 0;
    for (int i = 0; i < layout->lineCount(); ++i) {
        const QTextLine line = layout->lineAt(i);
        std::vector<int> starting;
        for (int n = 1; n <= 12; ++n) {
            const int start = view.segmentRange(n)->first;
            if (start >= line.textStart() && start < line.textStart() + line.textLength())
                starting.push_back(n);
        }
        continuationLines += starting.empty();
        QCOMPARE(view.segmentsAtGutterPosition(QPoint(2, lineCentreAt(view, line.textStart()))), starting);
    }
    QVERIFY(continuationLines > 0);
}

void TstSourceView::gutterWidthFollowsWidestLabel()
{
    const auto sentences = [](int count) {
        QStringList lines;
        for (int i = 0; i < count; ++i)
            lines.append(QStringLiteral("Bird %1 sings.").arg(i));
        return lines.join(QLatin1Char('\n'));
    };
    SourceView view;
    view.resize(400, 300);
    view.setDocumentText(sentences(9));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const int nine = view.gutterWidth();
    QCOMPARE(view.gutter()->width(), nine);
    QVERIFY(view.viewport()->geometry().left() >= view.gutter()->geometry().right());

    const QFontMetrics metrics(view.font());
    const int oneDigit = metrics.horizontalAdvance(QStringLiteral("[9]"));
    view.setDocumentText(sentences(10));
    QCOMPARE(view.gutterWidth() - nine, metrics.horizontalAdvance(QStringLiteral("[99]")) - oneDigit);
    view.setDocumentText(sentences(1000));
    QCOMPARE(view.gutterWidth() - nine, metrics.horizontalAdvance(QStringLiteral("[9999]")) - oneDigit);
    QTRY_COMPARE(view.gutter()->width(), view.gutterWidth());
    QVERIFY(view.viewport()->geometry().left() >= view.gutter()->geometry().right());
}

void TstSourceView::editingResegments()
{
    SourceView view;
    view.setDocumentText(QStringLiteral("Tweety is a canary."));
    QCOMPARE(int(view.segments().size()), 1);
    QVERIFY(!view.document()->isModified());

    QSignalSpy changed(&view, &SourceView::segmentsChanged);
    QTextCursor cursor(view.document());
    cursor.movePosition(QTextCursor::End);
    view.setTextCursor(cursor);
    QTest::keyClicks(&view, QStringLiteral(" Pebbles is a penguin."));
    QVERIFY(view.document()->isModified());
    QTRY_COMPARE(int(view.segments().size()), 2);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(view.segmentsInBlock(0), (std::vector<int> { 1, 2 }));
}

void TstSourceView::gutterClickCyclesThroughALinesSentences()
{
    SourceView view;
    view.resize(600, 200);
    view.setDocumentText(QStringLiteral("A cat sleeps. A dog barks.\nBirds fly."));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QSignalSpy requested(&view, &SourceView::segmentFilterRequested);
    const QPoint first(3, lineCentreAt(view, 0));
    // Each click asks for the next sentence starting on the line, then for all of them.
    for (const int expected : { 1, 2, 0 }) {
        QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, first);
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.takeFirst().at(0).toInt(), expected);
        view.setFilteredSegment(expected);
    }
    QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, QPoint(3, lineCentreAt(view, view.segmentRange(3)->first)));
    QCOMPARE(requested.takeFirst().at(0).toInt(), 3);
    // Below the text there is nothing to click.
    QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, QPoint(3, view.viewport()->height() - 2));
    QCOMPARE(requested.count(), 0);
}

void TstSourceView::coloursFollowPalette()
{
    SourceView view;
    view.setDocumentText(QStringLiteral("Tweety is a canary."));
    fanva::formalize::SegmentCoverage silent;
    silent.segment = 1;
    silent.state = State::Silent;
    view.setFormalization({ QStringLiteral("Tweety is a canary.") }, { silent });
    const auto underline = [&view] { return view.document()->firstBlock().layout()->formats().value(0).format.underlineColor(); };
    QCOMPARE(underline(), ReviewColours::forPalette(view.palette()).silent);

    QPalette dark = view.palette();
    dark.setColor(QPalette::Base, Qt::black);
    dark.setColor(QPalette::Text, Qt::white);
    view.setPalette(dark);
    const QColor onDark = ReviewColours::forPalette(view.palette()).silent;
    QVERIFY(onDark != ReviewColours::forPalette(QPalette()).silent);
    QCOMPARE(underline(), onDark);
}

void TstSourceView::coverageOfAFormalization()
{
    ScriptedDemo demo(demoScript());
    QVERIFY(demo.isValid());
    ReviewController review;
    QCOMPARE(demo.run(review), QString());
    const QString documentPath = demo.documentPath();

    SourceView view;
    view.resize(520, 420);
    view.setDocumentText(readText(documentPath));
    QVERIFY(!view.showsFormalization());
    QVERIFY(!view.coverage(4));
    view.setFormalization(review.proposal().segmentTexts, review.coverage());
    QVERIFY(view.showsFormalization());
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    // The engine's coverage, sentence by sentence; the heading is not counted.
    QCOMPARE(int(view.segments().size()), 14);
    QVERIFY(!view.coverage(1));
    QCOMPARE(view.coverage(6)->state, State::Covered);
    QCOMPARE(view.coverage(4)->state, State::RefusedOnly);
    QCOMPARE(view.coverage(14)->state, State::Untranslated);
    QCOMPARE(view.coverage(14)->reason, QStringLiteral("an opinion about the zoo; no claim"));
    for (int n : { 2, 3, 5, 7, 8, 9, 10, 11, 12, 13 })
        QCOMPARE(view.coverage(n)->state, State::Silent);
    QVERIFY(view.coverageText(1).contains(QStringLiteral("heading")));

    // The gutter's tooltip explains the mark and gives the model's reason.
    const struct {
        int segment;
        QString says;
    } tips[] = {
        { 14, QStringLiteral("an opinion about the zoo; no claim") },
        { 4, QStringLiteral("refused") },
        { 7, QStringLiteral("no candidate, no reason") },
        { 6, QStringLiteral("covered") },
    };
    for (const auto &tip : tips) {
        const QPoint pos(2, lineCentreAt(view, view.segmentRange(tip.segment)->first));
        QHelpEvent help(QEvent::ToolTip, pos, view.gutter()->mapToGlobal(pos));
        QApplication::sendEvent(view.gutter(), &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(tip.says), qPrintable(QToolTip::text()));
        QVERIFY(QToolTip::text().startsWith(QStringLiteral("[%1]").arg(tip.segment)));
        QToolTip::hideText();
    }

    if (const QString outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR"); !outputDir.isEmpty()) {
        QDir().mkpath(outputDir);
        view.setCurrentSegment(6);
        QVERIFY(view.grab().save(QDir(outputDir).filePath(QStringLiteral("sourceview.png"))));
    }

    // The marks: glyphs in the gutter's coverage colours, and the text's formats.
    const ReviewColours colours = ReviewColours::forPalette(view.palette());
    const QImage gutter = view.gutter()->grab().toImage();
    const auto glyphCell = [&](int segment) {
        const int y = lineCentreAt(view, view.segmentRange(segment)->first);
        const int lineHeight = view.fontMetrics().height();
        const qreal ratio = gutter.devicePixelRatio();
        const int right = int(view.gutter()->width() * ratio);
        return QRect(right - int(lineHeight * ratio), int((y - lineHeight / 2) * ratio), int(lineHeight * ratio), int(lineHeight * ratio));
    };
    QVERIFY(pixelsNear(gutter, glyphCell(4), colours.correctable) > 0);
    QVERIFY(pixelsNear(gutter, glyphCell(7), colours.silent) > 0);
    QCOMPARE(pixelsNear(gutter, glyphCell(6), colours.correctable) + pixelsNear(gutter, glyphCell(6), colours.silent), 0);
    const auto formatOf = [&view](int segment) {
        const QTextBlock block = view.document()->findBlock(view.segmentRange(segment)->first);
        const QList<QTextLayout::FormatRange> formats = block.layout()->formats();
        return formats.isEmpty() ? QTextCharFormat() : formats.constFirst().format;
    };
    QCOMPARE(formatOf(4).underlineStyle(), QTextCharFormat::WaveUnderline);
    QCOMPARE(formatOf(4).underlineColor(), colours.correctable);
    QCOMPARE(formatOf(7).underlineColor(), colours.silent);
    QVERIFY(formatOf(14).hasProperty(QTextFormat::ForegroundBrush));
    QVERIFY(!formatOf(6).hasProperty(QTextFormat::TextUnderlineStyle));

    // Editing a sentence hides the coverage (it no longer describes the text); undoing brings it back.
    QTextCursor cursor(view.document());
    cursor.setPosition(view.segmentRange(7)->first);
    view.setTextCursor(cursor);
    QTest::keyClicks(&view, QStringLiteral("Loud "));
    QTRY_VERIFY(!view.showsFormalization());
    QVERIFY(!view.coverage(14));
    QVERIFY(view.coverageText(14).contains(QStringLiteral("changed")));
    view.undo();
    QTRY_VERIFY(view.showsFormalization());
    QCOMPARE(view.coverage(14)->state, State::Untranslated);
    QCOMPARE(formatOf(4).underlineStyle(), QTextCharFormat::WaveUnderline);

    // Spaces between sentences leave them as they were: the marks stay, moved with their text.
    cursor.setPosition(view.segmentRange(4)->first);
    view.setTextCursor(cursor);
    QTest::keyClicks(&view, QStringLiteral("  "));
    QTRY_COMPARE(view.segmentRange(4)->first, int(cursor.position()));
    QVERIFY(view.showsFormalization());
    QCOMPARE(formatOf(4).underlineStyle(), QTextCharFormat::WaveUnderline);
    QCOMPARE(view.document()->findBlock(view.segmentRange(4)->first).layout()->formats().constFirst().start, 2);
}

void TstSourceView::windowHighlightsAndFilters()
{
    ScriptedDemo demo(demoScript());
    QVERIFY(demo.isValid());
    MainWindow window;
    QVERIFY(demo.open(window));
    window.resize(1400, 800);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto *source = window.findChild<SourceView *>(QStringLiteral("sourceView"));
    QVERIFY(source);
    QVERIFY(!source->accessibleName().isEmpty());
    QVERIFY(!source->gutter()->accessibleName().isEmpty());
    QCOMPARE(int(source->segments().size()), 14);
    QVERIFY(!source->isReadOnly());
    QVERIFY(!source->document()->isModified());

    // An edit made in the pane is what gets formalized: Formalize saves it first. The run
    // reads the file, so the pane is read-only until it finishes.
    QTextCursor end(source->document());
    end.movePosition(QTextCursor::End);
    source->setTextCursor(end);
    source->setFocus();
    QTest::keyClicks(source, QStringLiteral("Tweety is a canary."));
    QTest::keyClick(source, Qt::Key_Return);
    QTRY_COMPARE(int(source->segments().size()), 15);
    QSignalSpy finished(&window, &MainWindow::formalizeFinished);
    QTRY_VERIFY(window.knowledgeBase()); // the KB loads in the background
    QVERIFY(window.formalize());
    QVERIFY(source->isReadOnly());
    QVERIFY(!source->document()->isModified());
    QVERIFY(readText(demo.documentPath()).endsWith(QStringLiteral("zoo.\nTweety is a canary.\n")));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY(!source->isReadOnly());
    QVERIFY(source->showsFormalization());
    QCOMPARE(source->coverage(4)->state, State::RefusedOnly);

    // Selecting an entry highlights its sentence.
    ReviewPresenter *presenter = window.presenter();
    QString mango;
    QString biscuit;
    for (const fanva::proposal::Entry &e : window.review()->proposal().entries) {
        if (e.segment == 6)
            mango = e.id;
        if (e.segment == 4)
            biscuit = e.id;
    }
    QVERIFY(!mango.isEmpty() && !biscuit.isEmpty());
    presenter->setCurrentEntry(biscuit);
    presenter->setCurrentEntry(mango);
    QCOMPARE(source->currentSegment(), 6);
    QCOMPARE(source->extraSelections().size(), 1);
    QCOMPARE(source->extraSelections().constFirst().cursor.selectedText(), QStringLiteral("Mango is a parrot whose mother is Saffron."));
    presenter->setCurrentEntry(biscuit);
    QCOMPARE(source->extraSelections().constFirst().cursor.selectedText(),
        QStringLiteral("Biscuit is a seal, and he lives in the Atlantic Ocean."));

    // A click on [4] shows only Biscuit's entry; j/k stay within it; a second click shows all.
    auto *proposalView = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
    const auto clickLabel = [&](int segment) {
        QTest::mouseClick(source->gutter(), Qt::LeftButton, {}, QPoint(3, lineCentreAt(*source, source->segmentRange(segment)->first)));
    };
    QVERIFY(proposalView->toPlainText().contains(QStringLiteral("Mango")));
    clickLabel(4);
    QCOMPARE(presenter->segmentFilter(), 4);
    QCOMPARE(source->filteredSegment(), 4);
    QVERIFY(proposalView->toPlainText().contains(QStringLiteral("(penguin Biscuit)")));
    QVERIFY(!proposalView->toPlainText().contains(QStringLiteral("Mango")));
    QVERIFY(proposalView->document()->firstBlock().text().endsWith(QStringLiteral("sentence [4] only")));
    if (const QString outputDir = qEnvironmentVariable("FANVA_TEST_OUTPUT_DIR"); !outputDir.isEmpty())
        QVERIFY(window.grab().save(QDir(outputDir).filePath(QStringLiteral("sourceview-filtered.png"))));
    QCOMPARE(presenter->currentEntry(), biscuit);
    presenter->nextAction()->trigger();
    presenter->previousAction()->trigger();
    QCOMPARE(presenter->currentEntry(), biscuit);
    QCOMPARE(presenter->lineOfEntry(mango), -1);
    clickLabel(4);
    QCOMPARE(presenter->segmentFilter(), 0);
    QCOMPARE(source->filteredSegment(), 0);
    QVERIFY(proposalView->toPlainText().contains(QStringLiteral("Mango")));
    QVERIFY(!proposalView->document()->firstBlock().text().contains(QStringLiteral("only")));

    // A sentence without entries says so; another click moves the filter, Escape clears it.
    clickLabel(14);
    QCOMPARE(presenter->segmentFilter(), 14);
    QVERIFY(proposalView->toPlainText().contains(QStringLiteral("[14]")));
    QVERIFY(!proposalView->toPlainText().contains(QStringLiteral("Biscuit")));
    clickLabel(6);
    QCOMPARE(presenter->segmentFilter(), 6);
    QVERIFY(proposalView->toPlainText().contains(QStringLiteral("Mango")));
    QVERIFY(!proposalView->toPlainText().contains(QStringLiteral("Biscuit")));
    source->setFocus();
    QVERIFY(source->showAllAction()->isEnabled());
    QTest::keyClick(source, Qt::Key_Escape);
    QCOMPARE(presenter->segmentFilter(), 0);
    QVERIFY(!source->showAllAction()->isEnabled());

    // From the keyboard: the sentence at the cursor, then the same key again shows all.
    QTextCursor cursor(source->document());
    cursor.setPosition(source->segmentRange(4)->first + 3);
    source->setTextCursor(cursor);
    QVERIFY(source->filterAction()->isEnabled());
    QTest::keySequence(source, source->filterAction()->shortcut());
    QCOMPARE(presenter->segmentFilter(), 4);
    QTest::keySequence(source, source->filterAction()->shortcut());
    QCOMPARE(presenter->segmentFilter(), 0);

    // Ctrl+click on a sentence's text filters by it too.
    QTest::mouseClick(source->viewport(), Qt::LeftButton, Qt::ControlModifier,
        source->cursorRect(QTextCursor(source->document()->findBlock(source->segmentRange(6)->first))).center() + QPoint(20, 0));
    QCOMPARE(presenter->segmentFilter(), 6);
    // A new run starts unfiltered.
    presenter->clearSegmentFilter();
    QCOMPARE(source->filteredSegment(), 0);
}

QTEST_MAIN(TstSourceView)
#include "tst_sourceview.moc"
