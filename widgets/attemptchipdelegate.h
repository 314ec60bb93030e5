#pragma once

#include <QStyledItemDelegate>

struct AttemptChip;

/// Paints the attempt log's candidate and verdict rows (AttemptLogModel's child rows): the
/// candidate's id and segment, one small rounded chip per gate (`parse ✓ critic ✗ …`, in the
/// review colours) and the state with its first problem. A chip's tooltip is its gate's
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
    };
    [[nodiscard]] Layout layout(const QStyleOptionViewItem &option, const QModelIndex &index) const;
};
