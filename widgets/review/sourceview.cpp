// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/sourceview.h"
#include "review/sourceview_p.h"

#include <QAction>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTextBlock>
#include <QTextCursor>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <array>

using fanva::formalize::Segment;
using State = fanva::formalize::SegmentCoverage::State;

namespace {

// Typing re-segments once the reviewer pauses; the segmenter is linear, but a keystroke need not wait for it.
constexpr int resegmentDelayMs = 150;

int digitCount(qsizetype number)
{
    int digits = 1;
    for (qsizetype n = qMax<qsizetype>(1, number); n >= 10; n /= 10)
        ++digits;
    return digits;
}

QString label(int number)
{
    return QStringLiteral("[%1]").arg(number);
}

QString glyph(State state)
{
    switch (state) {
    case State::Covered:
        return {};
    case State::RefusedOnly:
        return QStringLiteral("\u2717");
    case State::Untranslated:
        return QStringLiteral("\u2205");
    case State::Silent:
        return QStringLiteral("\u26A0");
    }
    return {};
}

// Which mark a line shows when several sentences start on it: the one most in need of a look.
int severity(State state)
{
    switch (state) {
    case State::Covered:
        return 0;
    case State::Untranslated:
        return 1;
    case State::RefusedOnly:
        return 2;
    case State::Silent:
        return 3;
    }
    return 0;
}

QColor colourOf(State state, const ReviewColours &colours)
{
    switch (state) {
    case State::Covered:
        break;
    case State::RefusedOnly:
        return colours.correctable;
    case State::Untranslated:
        return colours.lineNumber;
    case State::Silent:
        return colours.silent;
    }
    return colours.lineNumber;
}

int coverageGlyphWidth(const QFontMetrics &metrics)
{
    int width = 0;
    for (const State state : { State::RefusedOnly, State::Untranslated, State::Silent })
        width = qMax(width, metrics.horizontalAdvance(glyph(state)));
    return width;
}

// The session kept the document's bytes; the editor shows them with \n line ends and
// non-breaking spaces as spaces (QTextDocument::toPlainText()).
QString asShown(QString text)
{
    text.replace(QLatin1StringView("\r\n"), QLatin1StringView("\n"));
    text.replace(QLatin1Char('\r'), QLatin1Char('\n'));
    text.replace(QChar::Nbsp, QLatin1Char(' '));
    return text;
}

} // namespace

// --- SourceGutter ------------------------------------------------------------------------

SourceGutter::SourceGutter(SourceView *view)
    : QWidget(view)
    , m_view(view)
{
    setObjectName(QStringLiteral("sourceGutter"));
    setAccessibleName(tr("Sentence numbers and coverage"));
    setAccessibleDescription(tr("Click a sentence number to show only its entries in the proposal"));
}

SourceGutter::~SourceGutter() = default;

QSize SourceGutter::sizeHint() const
{
    return { m_view->gutterWidth(), 0 };
}

bool SourceGutter::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = m_view->gutterToolTip(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void SourceGutter::paintEvent(QPaintEvent *event)
{
    m_view->paintGutter(event);
}

void SourceGutter::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && !m_view->segmentsAtGutterPosition(event->position().toPoint()).empty()) {
        m_view->onGutterClicked(event->position().toPoint());
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

// --- SourceCoverageHighlighter -----------------------------------------------------------

SourceCoverageHighlighter::SourceCoverageHighlighter(SourceView *view)
    : QSyntaxHighlighter(view->document())
    , m_view(view)
{ }

SourceCoverageHighlighter::~SourceCoverageHighlighter() = default;

void SourceCoverageHighlighter::highlightBlock(const QString &text)
{
    const int blockStart = currentBlock().position();
    // Between an edit and the re-segmentation that follows it the spans are stale: mark nothing.
    if (!m_view->showsFormalization() || QStringView(m_view->m_segmentedText).mid(blockStart, text.size()) != text)
        return;
    const int blockEnd = blockStart + int(text.size());
    const auto &ranges = m_view->m_ranges;
    // Ranges are sorted and disjoint: start at the first one ending inside or after the block.
    auto it = std::partition_point(ranges.begin(), ranges.end(), [blockStart](const auto &range) { return range.second <= blockStart; });
    for (; it != ranges.end() && it->first < blockEnd; ++it) {
        const int number = int(it - ranges.begin()) + 1;
        const std::optional<SourceView::Coverage> coverage = m_view->coverage(number);
        if (!coverage || coverage->state == State::Covered)
            continue;
        QTextCharFormat format;
        const QColor colour = colourOf(coverage->state, m_view->m_colours);
        switch (coverage->state) {
        case State::RefusedOnly:
            format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            format.setUnderlineColor(colour);
            break;
        case State::Untranslated:
            format.setForeground(colour);
            break;
        case State::Silent:
            format.setUnderlineStyle(QTextCharFormat::DotLine);
            format.setUnderlineColor(colour);
            break;
        case State::Covered:
            break;
        }
        const int from = qMax(it->first, blockStart);
        const int to = qMin(it->second, blockEnd);
        setFormat(from - blockStart, to - from, format);
    }
}

// --- SourceView --------------------------------------------------------------------------

SourceView::SourceView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_gutter(new SourceGutter(this))
    , m_resegmentTimer(new QTimer(this))
    , m_colours(ReviewColours::forPalette(palette()))
{
    setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_highlighter = new SourceCoverageHighlighter(this);

    m_resegmentTimer->setSingleShot(true);
    m_resegmentTimer->setInterval(resegmentDelayMs);
    connect(m_resegmentTimer, &QTimer::timeout, this, [this] { resegment(false); });
    connect(document(), &QTextDocument::contentsChanged, m_resegmentTimer, qOverload<>(&QTimer::start));
    connect(this, &QPlainTextEdit::updateRequest, this, &SourceView::updateGutterArea);
    connect(this, &QPlainTextEdit::cursorPositionChanged, this, &SourceView::updateActions);

    m_filterAction = new QAction(tr("Show Only This Sentence's &Entries"), this);
    m_filterAction->setObjectName(QStringLiteral("actionFilterBySentence"));
    m_filterAction->setShortcut(QKeySequence(tr("Ctrl+Shift+L")));
    m_filterAction->setShortcutContext(Qt::WidgetShortcut);
    m_filterAction->setStatusTip(tr("Show only the entries of the sentence at the cursor in the proposal"));
    connect(m_filterAction, &QAction::triggered, this, [this] {
        if (const int number = segmentAt(textCursor().position()))
            toggleFilter(number);
    });
    addAction(m_filterAction);

    m_showAllAction = new QAction(tr("Show &All Entries"), this);
    m_showAllAction->setObjectName(QStringLiteral("actionShowAllEntries"));
    m_showAllAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_showAllAction->setShortcutContext(Qt::WidgetShortcut);
    m_showAllAction->setStatusTip(tr("Show the entries of every sentence in the proposal"));
    connect(m_showAllAction, &QAction::triggered, this, [this] { Q_EMIT segmentFilterRequested(0); });
    addAction(m_showAllAction);

    resegment(true);
}

SourceView::~SourceView() = default;

void SourceView::setDocumentText(const QString &text)
{
    m_formalizedTexts.clear();
    m_coverage.clear();
    m_currentSegment = 0;
    setPlainText(text);
    m_resegmentTimer->stop();
    resegment(true);
}

std::optional<std::pair<int, int>> SourceView::segmentRange(int number) const
{
    if (number <= 0 || std::size_t(number) > m_ranges.size())
        return std::nullopt;
    return m_ranges[std::size_t(number) - 1];
}

int SourceView::segmentAt(int position) const
{
    const auto it
        = std::partition_point(m_ranges.begin(), m_ranges.end(), [position](const auto &range) { return range.second < position; });
    if (it == m_ranges.end() || position < it->first)
        return 0;
    return int(it - m_ranges.begin()) + 1;
}

std::vector<int> SourceView::selectedSegments()
{
    resegment(false);
    const QTextCursor cursor = textCursor();
    if (!cursor.hasSelection()) {
        const int at = segmentAt(cursor.position());
        return at > 0 ? std::vector<int> { at } : std::vector<int> {};
    }
    std::vector<int> out;
    for (std::size_t i = 0; i < m_ranges.size(); ++i) {
        if (m_ranges[i].first < cursor.selectionEnd() && m_ranges[i].second > cursor.selectionStart())
            out.push_back(int(i) + 1);
    }
    return out;
}

std::vector<int> SourceView::segmentsInBlock(int block) const
{
    std::vector<int> numbers;
    if (block < 0 || std::size_t(block) >= m_blockSegments.size())
        return numbers;
    const BlockSegments &data = m_blockSegments[std::size_t(block)];
    for (int i = 0; i < data.count; ++i)
        numbers.push_back(data.first + i + 1);
    return numbers;
}

void SourceView::setFormalization(const QStringList &segmentTexts, const std::vector<Coverage> &coverage)
{
    m_formalizedTexts.clear();
    for (const QString &text : segmentTexts)
        m_formalizedTexts.append(asShown(text));
    m_coverage.clear();
    for (const Coverage &c : coverage)
        m_coverage[c.segment] = c;
    updateFormalizationMatch(true);
}

std::optional<SourceView::Coverage> SourceView::coverage(int number) const
{
    if (!m_showsFormalization)
        return std::nullopt;
    const auto it = m_coverage.find(number);
    if (it == m_coverage.end())
        return std::nullopt;
    return it->second;
}

QString SourceView::coverageText(int number) const
{
    if (number <= 0 || std::size_t(number) > m_segments.size())
        return {};
    if (m_segments[std::size_t(number) - 1].kind == Segment::Kind::Heading)
        return tr("[%1] heading (not counted in coverage)").arg(number);
    const std::optional<Coverage> c = coverage(number);
    if (!c) {
        if (!m_formalizedTexts.isEmpty() && !m_showsFormalization)
            return tr("[%1] (the text changed since the formalization)").arg(number);
        return label(number);
    }
    switch (c->state) {
    case State::Covered:
        return tr("[%1] covered: at least one admissible or known entry").arg(number);
    case State::RefusedOnly:
        return tr("[%1] refused only: the model proposed candidates, but the gates refused every one").arg(number);
    case State::Untranslated:
        return tr("[%1] untranslated — the model's reason: %2").arg(number).arg(c->reason);
    case State::Silent:
        return tr("[%1] silent: no candidate, no reason").arg(number);
    }
    return label(number);
}

void SourceView::setCurrentSegment(int number)
{
    m_currentSegment = number;
    updateSelections();
    m_gutter->update();
    const std::optional<std::pair<int, int>> range = m_showsFormalization ? segmentRange(number) : std::nullopt;
    if (!range)
        return;
    QTextCursor cursor(document());
    cursor.setPosition(range->first);
    setTextCursor(cursor);
    ensureCursorVisible();
}

void SourceView::setFilteredSegment(int number)
{
    if (m_filteredSegment == number)
        return;
    m_filteredSegment = number;
    updateActions();
    m_gutter->update();
}

QWidget *SourceView::gutter() const
{
    return m_gutter;
}

int SourceView::gutterWidth() const
{
    const QFontMetrics metrics(font());
    const QString widest = QLatin1Char('[') + QString(digitCount(qsizetype(m_segments.size())), QLatin1Char('9')) + QLatin1Char(']');
    const int numbers = metrics.horizontalAdvance(widest);
    return gutterPadding + numbers + gutterPadding + coverageGlyphWidth(metrics) + gutterPadding;
}

std::vector<SourceView::GutterLabel> SourceView::gutterLabels(const QRect &area) const
{
    std::vector<GutterLabel> labels;
    const QPointF offset = contentOffset();
    const int lineHeight = QFontMetrics(font()).height();
    for (QTextBlock block = firstVisibleBlock(); block.isValid(); block = block.next()) {
        const QRectF geometry = blockBoundingGeometry(block).translated(offset);
        if (geometry.top() > area.bottom())
            break;
        if (!block.isVisible() || geometry.bottom() < area.top())
            continue;
        const std::size_t blockNumber = std::size_t(block.blockNumber());
        if (blockNumber >= m_blockSegments.size())
            break;
        const BlockSegments &data = m_blockSegments[blockNumber];
        const QTextLayout *layout = block.layout();
        int lastLine = -1;
        for (int i = data.first; i < data.first + data.count; ++i) {
            // A wrapped paragraph holds several sentences: each label sits on the visual line where its sentence starts.
            const QTextLine line = layout->lineForTextPosition(m_ranges[std::size_t(i)].first - block.position());
            const int lineNumber = line.isValid() ? line.lineNumber() : 0;
            if (lineNumber == lastLine && !labels.empty()) {
                labels.back().segments.push_back(i + 1);
                continue;
            }
            lastLine = lineNumber;
            const int top = qRound(geometry.top() + (line.isValid() ? line.y() : 0));
            const int height = line.isValid() ? qRound(line.height()) : lineHeight;
            labels.push_back({ QRect(0, top, m_gutter->width(), height), { i + 1 } });
        }
    }
    return labels;
}

std::vector<int> SourceView::segmentsAtGutterPosition(const QPoint &pos) const
{
    if (pos.x() < 0 || pos.x() >= m_gutter->width())
        return {};
    const std::vector<GutterLabel> labels = gutterLabels(QRect(0, pos.y(), 1, 1));
    for (const GutterLabel &l : labels) {
        if (l.rect.contains(pos))
            return l.segments;
    }
    return {};
}

QString SourceView::gutterToolTip(const QPoint &pos) const
{
    const std::vector<int> numbers = segmentsAtGutterPosition(pos);
    if (numbers.empty())
        return {};
    QStringList lines;
    for (const int number : numbers)
        lines.append(coverageText(number));
    if (numbers.size() > 1)
        lines.append(tr("Click to show only the first sentence's entries; click again for the next."));
    else if (m_filteredSegment == numbers.front())
        lines.append(tr("Click to show the entries of every sentence again."));
    else
        lines.append(tr("Click to show only this sentence's entries in the proposal."));
    return lines.join(QLatin1Char('\n'));
}

void SourceView::onGutterClicked(const QPoint &pos)
{
    const std::vector<int> numbers = segmentsAtGutterPosition(pos);
    if (numbers.empty())
        return;
    // Several sentences on one line: each click filters to the next of them, then to none.
    const auto filtered = std::find(numbers.begin(), numbers.end(), m_filteredSegment);
    if (filtered == numbers.end())
        Q_EMIT segmentFilterRequested(numbers.front());
    else
        Q_EMIT segmentFilterRequested(std::next(filtered) == numbers.end() ? 0 : *std::next(filtered));
}

void SourceView::toggleFilter(int number)
{
    Q_EMIT segmentFilterRequested(number == m_filteredSegment ? 0 : number);
}

void SourceView::paintGutter(QPaintEvent *event)
{
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), m_colours.gutterBackground);
    painter.setPen(m_colours.separator);
    painter.drawLine(m_gutter->width() - 1, event->rect().top(), m_gutter->width() - 1, event->rect().bottom());

    const QFontMetrics metrics(font());
    const int glyphWidth = coverageGlyphWidth(metrics);
    const int glyphLeft = m_gutter->width() - gutterPadding - glyphWidth;
    const int numbersRight = glyphLeft - gutterPadding;
    const QFont normal = font();
    QFont bold = normal;
    bold.setBold(true);

    const std::vector<GutterLabel> labels = gutterLabels(event->rect());
    for (const GutterLabel &l : labels) {
        const int number = l.segments.front();
        const bool filtered = std::find(l.segments.begin(), l.segments.end(), m_filteredSegment) != l.segments.end();
        const bool current = std::find(l.segments.begin(), l.segments.end(), m_currentSegment) != l.segments.end();
        const QRect numberRect(gutterPadding, l.rect.top(), numbersRight - gutterPadding, l.rect.height());
        const int shown = filtered ? m_filteredSegment : number;
        painter.setFont(current ? bold : normal);
        if (filtered) {
            const int textWidth = painter.fontMetrics().horizontalAdvance(label(shown));
            const QRect box(numbersRight - textWidth - 2, l.rect.top(), textWidth + 4, l.rect.height());
            painter.fillRect(box, palette().brush(QPalette::Highlight));
            painter.setPen(palette().color(QPalette::HighlightedText));
        } else {
            painter.setPen(m_colours.lineNumber);
        }
        painter.drawText(numberRect, Qt::AlignRight | Qt::AlignVCenter, label(shown));

        std::optional<State> worst;
        for (const int n : l.segments) {
            if (const std::optional<Coverage> c = coverage(n); c && (!worst || severity(c->state) > severity(*worst)))
                worst = c->state;
        }
        if (!worst || *worst == State::Covered)
            continue;
        painter.setFont(normal);
        painter.setPen(colourOf(*worst, m_colours));
        painter.drawText(QRect(glyphLeft, l.rect.top(), glyphWidth, l.rect.height()), Qt::AlignCenter, glyph(*worst));
    }
}

void SourceView::resizeEvent(QResizeEvent *event)
{
    QPlainTextEdit::resizeEvent(event);
    updateGutterGeometry();
}

void SourceView::changeEvent(QEvent *event)
{
    QPlainTextEdit::changeEvent(event);
    switch (event->type()) {
    case QEvent::PaletteChange:
        m_colours = ReviewColours::forPalette(palette());
        m_highlighter->rehighlight();
        updateSelections();
        m_gutter->update();
        break;
    case QEvent::FontChange:
        updateGutterGeometry();
        break;
    default:
        break;
    }
}

void SourceView::mousePressEvent(QMouseEvent *event)
{
    // Ctrl+click on a sentence filters by it, like a click on its number.
    if (event->button() == Qt::LeftButton && event->modifiers() == Qt::ControlModifier) {
        if (const int number = segmentAt(cursorForPosition(event->position().toPoint()).position())) {
            toggleFilter(number);
            event->accept();
            return;
        }
    }
    QPlainTextEdit::mousePressEvent(event);
}

void SourceView::resegment(bool force)
{
    QString text = toPlainText();
    if (!force && text == m_segmentedText)
        return;
    m_segmentedText = std::move(text);
    const QByteArray utf8 = m_segmentedText.toUtf8();
    fanva::formalize::Segmentation segmentation = fanva::formalize::segment(utf8);
    m_segments = segmentation.ok() ? std::move(segmentation.segments) : std::vector<Segment> {};

    // Byte offsets to QString positions in one pass: spans are sorted and disjoint.
    m_ranges.clear();
    m_ranges.reserve(m_segments.size());
    qsizetype byte = 0;
    int position = 0;
    for (const Segment &s : m_segments) {
        position += int(QString::fromUtf8(utf8.mid(byte, s.start - byte)).size());
        const int start = position;
        position += int(QString::fromUtf8(utf8.mid(s.start, s.length())).size());
        byte = s.end;
        m_ranges.emplace_back(start, position);
    }

    m_blockSegments.assign(std::size_t(blockCount()), BlockSegments {});
    for (std::size_t i = 0; i < m_ranges.size(); ++i) {
        const QTextBlock block = document()->findBlock(m_ranges[i].first);
        if (!block.isValid())
            continue;
        BlockSegments &data = m_blockSegments[std::size_t(block.blockNumber())];
        if (data.count == 0)
            data.first = int(i);
        ++data.count;
    }

    // Spans moved: marks shown before must be laid anew even when the sentences still match.
    updateFormalizationMatch(m_showsFormalization);
    updateGutterGeometry();
    updateActions();
    m_gutter->update();
    Q_EMIT segmentsChanged();
}

void SourceView::updateFormalizationMatch(bool force)
{
    bool matches = !m_formalizedTexts.isEmpty() && m_formalizedTexts.size() == qsizetype(m_segments.size());
    for (qsizetype i = 0; matches && i < m_formalizedTexts.size(); ++i) {
        const auto &[start, end] = m_ranges[std::size_t(i)];
        matches = QStringView(m_segmentedText).mid(start, end - start) == m_formalizedTexts.at(i);
    }
    if (!force && matches == m_showsFormalization)
        return;
    m_showsFormalization = matches;
    m_highlighter->rehighlight();
    updateSelections();
    m_gutter->update();
}

void SourceView::updateSelections()
{
    QList<QTextEdit::ExtraSelection> selections;
    if (const auto range = m_showsFormalization ? segmentRange(m_currentSegment) : std::nullopt) {
        QTextEdit::ExtraSelection selection;
        selection.cursor = QTextCursor(document());
        selection.cursor.setPosition(range->first);
        selection.cursor.setPosition(range->second, QTextCursor::KeepAnchor);
        selection.format.setBackground(palette().brush(QPalette::Highlight));
        selection.format.setForeground(palette().brush(QPalette::HighlightedText));
        selections.append(selection);
    }
    setExtraSelections(selections);
}

void SourceView::updateActions()
{
    m_filterAction->setEnabled(segmentAt(textCursor().position()) > 0);
    m_showAllAction->setEnabled(m_filteredSegment > 0);
}

void SourceView::updateGutterGeometry()
{
    const int width = gutterWidth();
    setViewportMargins(width, 0, 0, 0);
    const QRect contents = contentsRect();
    m_gutter->setGeometry(QRect(contents.left(), contents.top(), width, contents.height()));
}

void SourceView::updateGutterArea(const QRect &rect, int dy)
{
    if (dy != 0)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
    if (rect.contains(viewport()->rect()))
        updateGutterGeometry();
}
