// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/proposalview.h"

#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QTextBlock>

namespace {

QString numberedLines(int count)
{
    QStringList lines;
    lines.reserve(count);
    for (int i = 0; i < count; ++i)
        lines.append(QStringLiteral("(bird Bird%1)").arg(i));
    return lines.join(QLatin1Char('\n'));
}

// The vertical centre of @p line in viewport (and so gutter) coordinates.
int lineCentre(const ProposalView &view, int line)
{
    QTextCursor cursor(view.document()->findBlockByNumber(line));
    return view.cursorRect(cursor).center().y();
}

// How many pixels of @p image lie within a small distance of @p colour.
int pixelsNear(const QImage &image, const QRect &area, const QColor &colour)
{
    int count = 0;
    for (int y = qMax(area.top(), 0); y <= qMin(area.bottom(), image.height() - 1); ++y) {
        for (int x = qMax(area.left(), 0); x <= qMin(area.right(), image.width() - 1); ++x) {
            const QColor pixel = image.pixelColor(x, y);
            const int distance
                = qAbs(pixel.red() - colour.red()) + qAbs(pixel.green() - colour.green()) + qAbs(pixel.blue() - colour.blue());
            if (distance < 60)
                ++count;
        }
    }
    return count;
}

} // namespace

class TstProposalView final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gutterWidthFollowsLineCount();
    void viewportLeavesRoomForGutter();
    void lineAtGutterPosition();
    void gutterClickReportsLine();
    void marksAreKeptPerLine();
    void paintsRankGlyphInRankColour();
    void coloursFollowPalette();
};

void TstProposalView::gutterWidthFollowsLineCount()
{
    ProposalView view;
    view.setPlainText(numberedLines(9));
    QCOMPARE(view.blockCount(), 9);
    const int nineLines = view.gutterWidth();

    view.setPlainText(numberedLines(10));
    const int tenLines = view.gutterWidth();
    QVERIFY(tenLines > nineLines);

    view.setPlainText(numberedLines(10000));
    QCOMPARE(view.blockCount(), 10000);
    const int manyLines = view.gutterWidth();
    const int digitWidth = QFontMetrics(view.font()).horizontalAdvance(QLatin1Char('9'));
    QCOMPARE(manyLines - nineLines, 4 * digitWidth);

    view.setPlainText(numberedLines(9));
    QCOMPARE(view.gutterWidth(), nineLines);
}

void TstProposalView::viewportLeavesRoomForGutter()
{
    ProposalView view;
    view.resize(400, 300);
    view.setPlainText(numberedLines(120));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QCOMPARE(view.gutter()->width(), view.gutterWidth());
    QVERIFY(view.viewport()->geometry().left() >= view.gutter()->geometry().right());

    view.setPlainText(numberedLines(1200));
    QTRY_COMPARE(view.gutter()->width(), view.gutterWidth());
    QVERIFY(view.viewport()->geometry().left() >= view.gutter()->geometry().right());
}

void TstProposalView::lineAtGutterPosition()
{
    ProposalView view;
    view.resize(400, 300);
    view.setPlainText(numberedLines(200));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    for (int line : { 0, 1, 5 })
        QCOMPARE(view.lineAtGutterPosition(QPoint(2, lineCentre(view, line))), line);

    view.verticalScrollBar()->setValue(50);
    QTRY_COMPARE(view.cursorForPosition(QPoint(1, 1)).blockNumber(), 50);
    QCOMPARE(view.lineAtGutterPosition(QPoint(2, lineCentre(view, 50))), 50);
    QCOMPARE(view.lineAtGutterPosition(QPoint(2, lineCentre(view, 53))), 53);

    ProposalView shortView;
    shortView.resize(400, 300);
    shortView.setPlainText(numberedLines(2));
    shortView.show();
    QVERIFY(QTest::qWaitForWindowExposed(&shortView));
    QCOMPARE(shortView.lineAtGutterPosition(QPoint(2, lineCentre(shortView, 1))), 1);
    QCOMPARE(shortView.lineAtGutterPosition(QPoint(2, shortView.viewport()->height() - 2)), -1);
}

void TstProposalView::gutterClickReportsLine()
{
    ProposalView view;
    view.resize(400, 300);
    view.setPlainText(numberedLines(30));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    QSignalSpy clicked(&view, &ProposalView::gutterClicked);
    QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, QPoint(3, lineCentre(view, 4)));
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.constFirst().at(0).toInt(), 4);
    QCOMPARE(clicked.constFirst().at(1).value<ProposalView::GutterArea>(), ProposalView::GutterArea::LineNumber);

    // The two glyph columns sit at the gutter's right edge, decision last.
    const int right = view.gutter()->width() - 6; // inside the last column
    QCOMPARE(view.gutterAreaAt(QPoint(right, 5)), ProposalView::GutterArea::Decision);
    QCOMPARE(view.gutterAreaAt(QPoint(view.gutter()->width(), 5)), ProposalView::GutterArea::None);
    int rankX = right;
    while (rankX > 0 && view.gutterAreaAt(QPoint(rankX, 5)) == ProposalView::GutterArea::Decision)
        --rankX;
    QCOMPARE(view.gutterAreaAt(QPoint(rankX, 5)), ProposalView::GutterArea::Rank);
    QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, QPoint(rankX, lineCentre(view, 2)));
    QCOMPARE(clicked.count(), 2);
    QCOMPARE(clicked.constLast().at(0).toInt(), 2);
    QCOMPARE(clicked.constLast().at(1).value<ProposalView::GutterArea>(), ProposalView::GutterArea::Rank);

    // Below the last line there is nothing to click on.
    view.setPlainText(numberedLines(2));
    QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, QPoint(3, view.gutter()->height() - 3));
    QCOMPARE(clicked.count(), 2);
    QTRY_COMPARE(view.gutter()->width(), view.gutterWidth()); // one digit fewer
    QTest::mouseClick(view.gutter(), Qt::LeftButton, {}, QPoint(view.gutter()->width() - 6, lineCentre(view, 1)));
    QCOMPARE(clicked.count(), 3);
    QCOMPARE(clicked.constLast().at(0).toInt(), 1);
    QCOMPARE(clicked.constLast().at(1).value<ProposalView::GutterArea>(), ProposalView::GutterArea::Decision);
}

void TstProposalView::marksAreKeptPerLine()
{
    ProposalView view;
    view.setPlainText(numberedLines(5));
    const GutterMark refused { GutterMark::Rank::Refused, GutterMark::Decision::Undecided };
    const GutterMark applied { GutterMark::Rank::Clean, GutterMark::Decision::Applied };
    view.setMark(1, refused);
    view.setMark(4, applied);
    view.setMark(5, refused); // past the end: ignored
    view.setMark(-1, refused);

    QCOMPARE(view.mark(1), refused);
    QCOMPARE(view.mark(4), applied);
    QVERIFY(view.mark(0).isEmpty());
    QVERIFY(view.mark(5).isEmpty());

    view.appendPlainText(QStringLiteral("(bird Late)"));
    QCOMPARE(view.blockCount(), 6);
    QCOMPARE(view.mark(1), refused);
    view.setMark(5, refused);
    QCOMPARE(view.mark(5), refused);

    view.clearMarks();
    for (int line = 0; line < view.blockCount(); ++line)
        QVERIFY(view.mark(line).isEmpty());

    QCOMPARE(GutterMark::glyph(GutterMark::Rank::Refused), QStringLiteral("\u2717"));
    QCOMPARE(GutterMark::glyph(GutterMark::Decision::Accepted), QStringLiteral("\u2713"));
    QVERIFY(GutterMark::glyph(GutterMark::Rank::None).isEmpty());
}

void TstProposalView::paintsRankGlyphInRankColour()
{
    ProposalView view;
    QFont font = view.font();
    font.setPointSize(16);
    view.setFont(font);
    view.resize(400, 300);
    view.setPlainText(numberedLines(10));
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));

    view.setMark(2, { GutterMark::Rank::Refused, GutterMark::Decision::Undecided });
    const QColor refused = view.colours().refused;
    const QImage image = view.gutter()->grab().toImage();
    const int lineHeight = QFontMetrics(view.font()).height();
    const auto rowArea = [&](int line) {
        const int centre = lineCentre(view, line);
        return QRect(0, centre - lineHeight / 2, image.width(), lineHeight);
    };
    QVERIFY(pixelsNear(image, rowArea(2), refused) > 0);
    QCOMPARE(pixelsNear(image, rowArea(3), refused), 0);
}

void TstProposalView::coloursFollowPalette()
{
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xf0, 0xf0, 0xf0));

    const ReviewColours onLight = ReviewColours::forPalette(light);
    const ReviewColours onDark = ReviewColours::forPalette(dark);
    QVERIFY(onDark.refused.lightnessF() > onLight.refused.lightnessF());
    QCOMPARE(onLight.rankColour(GutterMark::Rank::Refused), onLight.refused);
    QCOMPARE(onLight.rankColour(GutterMark::Rank::Coined), onLight.coined);
    QCOMPARE(onLight.rankColour(GutterMark::Rank::Known), onLight.muted);

    ProposalView view;
    view.setPalette(light);
    QCOMPARE(view.colours(), onLight);
    view.setPalette(dark);
    QCOMPARE(view.colours(), onDark);
}

QTEST_MAIN(TstProposalView)

#include "tst_proposalview.moc"
