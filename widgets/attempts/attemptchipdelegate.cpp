// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "attempts/attemptchipdelegate.h"

#include "attempts/attemptlogmodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

namespace {

QList<AttemptChip> chipsOf(const QModelIndex &index)
{
    return index.data(AttemptLogModel::ChipsRole).value<QList<AttemptChip>>();
}

bool hasChips(const QModelIndex &index)
{
    return index.data(AttemptLogModel::ChipsRole).isValid();
}

// Compact chips name their gate by its initials: "p ✓", "rt ·".
QString chipText(const AttemptChip &chip, bool compact)
{
    if (!compact)
        return chip.name + QLatin1Char(' ') + AttemptChip::glyph(chip.state);
    QString initials;
    for (const QString &part : chip.name.split(QLatin1Char('-'), Qt::SkipEmptyParts))
        initials += part.front();
    return initials + QLatin1Char(' ') + AttemptChip::glyph(chip.state);
}

} // namespace

AttemptChipDelegate::AttemptChipDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{ }

AttemptChipDelegate::~AttemptChipDelegate() = default;

AttemptChipDelegate::Layout AttemptChipDelegate::layout(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QFontMetrics &fm = option.fontMetrics;
    const int pad = qMax(2, fm.height() / 4);
    const QRect area = option.rect.adjusted(pad, 1, -pad, -1);
    Layout l;
    const QString label = index.siblingAtColumn(AttemptLogModel::AttemptColumn).data().toString();
    // Labels share one width so the chips line up from row to row.
    const int labelWidth = qMax(fm.horizontalAdvance(label), fm.horizontalAdvance(QStringLiteral("c00 [00]")));
    l.label = QRect(area.left(), area.top(), labelWidth, area.height());
    const int chipsLeft = l.label.right() + 1 + 2 * pad;
    const int chipHeight = qMin(area.height(), fm.height() + 2);
    const int top = area.top() + (area.height() - chipHeight) / 2;
    // The visible end of the row: a spanned row may reach past a narrow pane's viewport.
    int right = area.right();
    if (const auto *view = qobject_cast<const QAbstractItemView *>(option.widget))
        right = qMin(right, view->viewport()->width() - pad);
    const QList<AttemptChip> chips = chipsOf(index);
    int full = 0;
    for (const AttemptChip &chip : chips)
        full += fm.horizontalAdvance(chipText(chip, false)) + 3 * pad;
    l.compact = chipsLeft + full > right;
    int x = chipsLeft;
    for (const AttemptChip &chip : chips) {
        const int width = fm.horizontalAdvance(chipText(chip, l.compact)) + 2 * pad;
        l.chips.append(QRect(x, top, width, chipHeight));
        x += width + pad;
    }
    l.detail = QRect(x + pad, area.top(), qMax(0, right - x - pad), area.height());
    return l;
}

const ReviewColours &AttemptChipDelegate::colours(const QPalette &palette) const
{
    if (!m_colours || m_colours->first != palette.cacheKey())
        m_colours.emplace(palette.cacheKey(), ReviewColours::forPalette(palette));
    return m_colours->second;
}

QList<QRect> AttemptChipDelegate::chipRects(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    return hasChips(index) ? layout(option, index).chips : QList<QRect>();
}

void AttemptChipDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (!hasChips(index)) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);

    const ReviewColours &colours = this->colours(option.palette);
    const bool selected = option.state.testFlag(QStyle::State_Selected);
    const QColor text = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    const Layout l = layout(option, index);
    const QList<AttemptChip> chips = chipsOf(index);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(text);
    painter->drawText(l.label, Qt::AlignLeft | Qt::AlignVCenter, index.siblingAtColumn(AttemptLogModel::AttemptColumn).data().toString());
    const qreal radius = option.fontMetrics.height() / 3.0;
    for (qsizetype i = 0; i < chips.size() && i < l.chips.size(); ++i) {
        const AttemptChip &chip = chips[i];
        QColor ink = option.palette.color(QPalette::Text);
        QColor border = option.palette.color(QPalette::Mid);
        QColor fill = option.palette.color(QPalette::AlternateBase);
        switch (chip.state) {
        case AttemptChip::State::Passed:
            break;
        case AttemptChip::State::Failed:
            ink = border = colours.refused;
            fill = colours.refused;
            fill.setAlphaF(0.15f);
            break;
        case AttemptChip::State::Doubted:
            ink = border = colours.doubted;
            fill = colours.doubted;
            fill.setAlphaF(0.15f);
            break;
        case AttemptChip::State::NotRun:
            ink = option.palette.color(QPalette::PlaceholderText);
            border = colours.muted;
            fill = Qt::transparent;
            break;
        }
        const QRectF rect = QRectF(l.chips[i]).adjusted(0.5, 0.5, -0.5, -0.5);
        painter->setPen(border);
        painter->setBrush(fill);
        painter->drawRoundedRect(rect, radius, radius);
        painter->setPen(ink);
        painter->drawText(l.chips[i], Qt::AlignCenter, chipText(chip, l.compact));
    }
    painter->setPen(text);
    const QString detail = index.data(AttemptLogModel::DetailRole).toString();
    painter->drawText(l.detail, Qt::AlignLeft | Qt::AlignVCenter, option.fontMetrics.elidedText(detail, Qt::ElideRight, l.detail.width()));
    painter->restore();
}

QSize AttemptChipDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (!hasChips(index))
        return size;
    QStyleOptionViewItem opt = option;
    opt.rect = QRect(0, 0, 0, size.height());
    const Layout l = layout(opt, index);
    const int detail = option.fontMetrics.horizontalAdvance(index.data(AttemptLogModel::DetailRole).toString());
    size.setWidth(l.detail.left() + detail);
    return size;
}

bool AttemptChipDelegate::helpEvent(
    QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() != QEvent::ToolTip || !hasChips(index))
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    const QList<QRect> rects = chipRects(option, index);
    const QList<AttemptChip> chips = chipsOf(index);
    for (qsizetype i = 0; i < rects.size() && i < chips.size(); ++i) {
        if (rects[i].contains(event->pos())) {
            QToolTip::showText(event->globalPos(), tr("%1: %2").arg(chips[i].name, chips[i].message), view, rects[i]);
            return true;
        }
    }
    return QStyledItemDelegate::helpEvent(event, view, option, index);
}
