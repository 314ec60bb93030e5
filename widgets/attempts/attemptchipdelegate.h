// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/reviewcolours.h"

#include <QStyledItemDelegate>

#include <optional>
#include <utility>

struct AttemptChip;

/// Paints the attempt log's candidate and verdict rows (AttemptLogModel's child rows): the
/// candidate's id and segment, one small rounded chip per gate (`parse ✓ critic ✗ …`, in the
/// review colours) and the state with its first problem; where the view is too narrow the
/// chips name their gates by initials (`p ✓ c ✗ rt · j ·`). A chip's tooltip is its gate's
/// message. Other rows are painted as usual.
class AttemptChipDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptChipDelegate)

public:
    explicit AttemptChipDelegate(QObject *parent = nullptr);
    ~AttemptChipDelegate() override;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option, const QModelIndex &index) override;

    /// Where each chip of @p index is painted within @p option's rectangle.
    [[nodiscard]] QList<QRect> chipRects(const QStyleOptionViewItem &option, const QModelIndex &index) const;

private:
    struct Layout {
        QRect label;
        QList<QRect> chips;
        QRect detail;
        bool compact = false; ///< gates named by their initials, for a narrow view
    };
    [[nodiscard]] Layout layout(const QStyleOptionViewItem &option, const QModelIndex &index) const;
    [[nodiscard]] const ReviewColours &colours(const QPalette &palette) const;

    // Deriving the colours looks up a theme: once per palette, not per row.
    mutable std::optional<std::pair<qint64, ReviewColours>> m_colours;
};
