// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/proposalview.h"
#include "review/proposalview_p.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTextBlock>
#include <QToolTip>

#include <algorithm>
#include <array>

namespace {

int digitCount(int number)
{
    int digits = 1;
    for (int n = qMax(1, number); n >= 10; n /= 10)
        ++digits;
    return digits;
}

// The widest rank or decision glyph, so the glyph columns do not move as marks change.
int glyphCellWidth(const QFontMetrics &metrics)
{
    static constexpr std::array ranks = { GutterMark::Rank::Refused, GutterMark::Rank::Correctable, GutterMark::Rank::Doubted,
        GutterMark::Rank::Coined, GutterMark::Rank::Clean, GutterMark::Rank::Known };
    static constexpr std::array decisions = { GutterMark::Decision::Undecided, GutterMark::Decision::Accepted, GutterMark::Decision::Edited,
        GutterMark::Decision::Forced, GutterMark::Decision::Rejected, GutterMark::Decision::Applied };
    int width = 0;
    for (const auto rank : ranks)
        width = qMax(width, metrics.horizontalAdvance(GutterMark::glyph(rank)));
    for (const auto decision : decisions)
        width = qMax(width, metrics.horizontalAdvance(GutterMark::glyph(decision)));
    return width;
}

} // namespace

ProposalGutter::ProposalGutter(ProposalView *view)
    : QWidget(view)
    , m_view(view)
{
    setObjectName(QStringLiteral("proposalGutter"));
    setAccessibleName(tr("Proposal line numbers and review marks"));
}

ProposalGutter::~ProposalGutter() = default;

QSize ProposalGutter::sizeHint() const
{
    return { m_view->gutterWidth(), 0 };
}

bool ProposalGutter::event(QEvent *event)
{
    // The tooltip of an entry's first line lists every axis of the entry.
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int line = m_view->lineAtGutterPosition(help->pos());
        const QString tip = line >= 0 ? m_view->mark(line).toolTip : QString();
        if (tip.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}

void ProposalGutter::paintEvent(QPaintEvent *event)
{
    m_view->paintGutter(event);
}

void ProposalGutter::mousePressEvent(QMouseEvent *event)
{
    const int line = m_view->lineAtGutterPosition(event->position().toPoint());
    if (event->button() == Qt::LeftButton && line >= 0) {
        Q_EMIT m_view->gutterClicked(line, m_view->gutterAreaAt(event->position().toPoint()));
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

ProposalView::ProposalView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_gutter(new ProposalGutter(this))
    , m_colours(ReviewColours::forPalette(palette()))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    connect(this, &QPlainTextEdit::blockCountChanged, this, &ProposalView::onBlockCountChanged);
    connect(this, &QPlainTextEdit::updateRequest, this, &ProposalView::updateGutterArea);
    onBlockCountChanged(blockCount());
}

ProposalView::~ProposalView() = default;

int ProposalView::gutterWidth() const
{
    const QFontMetrics metrics(font());
    const int largest = m_lineNumbers.empty() ? blockCount() : *std::max_element(m_lineNumbers.begin(), m_lineNumbers.end());
    const int numbers = metrics.horizontalAdvance(QLatin1Char('9')) * digitCount(largest);
    return gutterPadding + numbers + gutterPadding + 2 * glyphCellWidth(metrics) + gutterPadding;
}

QWidget *ProposalView::gutter() const
{
    return m_gutter;
}

int ProposalView::lineAtGutterPosition(const QPoint &pos) const
{
    // The gutter shares the viewport's vertical coordinates.
    const QTextCursor cursor = cursorForPosition(QPoint(0, pos.y()));
    const QTextBlock block = cursor.block();
    if (!block.isValid())
        return -1;
    const QRectF geometry = blockBoundingGeometry(block).translated(contentOffset());
    if (pos.y() < geometry.top() || pos.y() >= geometry.bottom())
        return -1;
    return block.blockNumber();
}

ProposalView::GutterLayout ProposalView::gutterLayout() const
{
    GutterLayout layout;
    layout.glyphWidth = glyphCellWidth(QFontMetrics(font()));
    layout.numbersRight = m_gutter->width() - gutterPadding - 2 * layout.glyphWidth - gutterPadding;
    layout.rankLeft = layout.numbersRight + gutterPadding;
    layout.decisionLeft = layout.rankLeft + layout.glyphWidth;
    return layout;
}

ProposalView::GutterArea ProposalView::gutterAreaAt(const QPoint &pos) const
{
    if (pos.x() < 0 || pos.x() >= m_gutter->width() || pos.y() < 0 || pos.y() >= m_gutter->height())
        return GutterArea::None;
    const GutterLayout layout = gutterLayout();
    if (pos.x() >= layout.decisionLeft)
        return GutterArea::Decision;
    if (pos.x() >= layout.rankLeft)
        return GutterArea::Rank;
    return GutterArea::LineNumber;
}

GutterMark ProposalView::mark(int line) const
{
    if (line < 0 || std::size_t(line) >= m_marks.size())
        return {};
    return m_marks[std::size_t(line)];
}

void ProposalView::setMark(int line, const GutterMark &mark)
{
    if (line < 0 || line >= blockCount())
        return;
    m_marks.resize(std::size_t(blockCount()));
    m_marks[std::size_t(line)] = mark;
    m_gutter->update();
    viewport()->update();
}

void ProposalView::clearMarks()
{
    m_marks.assign(std::size_t(blockCount()), GutterMark {});
    m_gutter->update();
    viewport()->update();
}

void ProposalView::setLineNumbers(std::vector<int> numbers)
{
    m_lineNumbers = std::move(numbers);
    updateGutterGeometry();
    m_gutter->update();
}

int ProposalView::lineNumber(int row) const
{
    if (m_lineNumbers.empty())
        return row >= 0 && row < blockCount() ? row + 1 : 0;
    return row >= 0 && std::size_t(row) < m_lineNumbers.size() ? m_lineNumbers[std::size_t(row)] : 0;
}

void ProposalView::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    updateGutterGeometry();
}

void ProposalView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    switch (event->type()) {
    case QEvent::PaletteChange:
        m_colours = ReviewColours::forPalette(palette());
        m_gutter->update();
        viewport()->update();
        break;
    case QEvent::FontChange:
        updateGutterGeometry();
        break;
    default:
        break;
    }
}

void ProposalView::paintEvent(QPaintEvent *event)
{
    // Row backgrounds go under the text, so they are painted before the base class.
    {
        QPainter painter(viewport());
        const QPointF offset = contentOffset();
        for (QTextBlock block = firstVisibleBlock(); block.isValid(); block = block.next()) {
            const QRectF geometry = blockBoundingGeometry(block).translated(offset);
            if (geometry.top() > event->rect().bottom())
                break;
            if (block.isVisible() && mark(block.blockNumber()).rank == GutterMark::Rank::Known)
                painter.fillRect(QRectF(0, geometry.top(), viewport()->width(), geometry.height()), m_colours.dimmedRow);
        }
    }
    QPlainTextEdit::paintEvent(event);
}

void ProposalView::paintGutter(QPaintEvent *event)
{
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), m_colours.gutterBackground);
    painter.setPen(m_colours.separator);
    painter.drawLine(m_gutter->width() - 1, event->rect().top(), m_gutter->width() - 1, event->rect().bottom());

    const QFontMetrics metrics(font());
    const GutterLayout layout = gutterLayout();
    const QPointF offset = contentOffset();

    for (QTextBlock block = firstVisibleBlock(); block.isValid(); block = block.next()) {
        const QRectF geometry = blockBoundingGeometry(block).translated(offset);
        if (geometry.top() > event->rect().bottom())
            break;
        if (!block.isVisible() || geometry.bottom() < event->rect().top())
            continue;
        const int top = qRound(geometry.top());
        const int lineHeight = metrics.height();
        const int line = block.blockNumber();

        if (const int number = lineNumber(line); number > 0) {
            painter.setPen(m_colours.lineNumber);
            painter.drawText(QRect(0, top, layout.numbersRight, lineHeight), Qt::AlignRight | Qt::AlignVCenter, QString::number(number));
        }

        const GutterMark lineMark = mark(line);
        if (lineMark.isEmpty())
            continue;
        painter.setPen(m_colours.rankColour(lineMark.rank));
        painter.drawText(QRect(layout.rankLeft, top, layout.glyphWidth, lineHeight), Qt::AlignCenter, GutterMark::glyph(lineMark.rank));
        painter.setPen(m_colours.decision);
        painter.drawText(
            QRect(layout.decisionLeft, top, layout.glyphWidth, lineHeight), Qt::AlignCenter, GutterMark::glyph(lineMark.decision));
    }
}

void ProposalView::updateGutterGeometry()
{
    const int width = gutterWidth();
    setViewportMargins(width, 0, 0, 0);
    const QRect contents = contentsRect();
    m_gutter->setGeometry(QRect(contents.left(), contents.top(), width, contents.height()));
}

void ProposalView::updateGutterArea(const QRect &rect, int dy)
{
    if (dy != 0)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateGutterGeometry();
}

void ProposalView::onBlockCountChanged(int count)
{
    m_marks.resize(std::size_t(qMax(count, 0)));
    updateGutterGeometry();
}
