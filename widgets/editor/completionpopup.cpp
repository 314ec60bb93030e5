// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "editor/completionpopup.h"

#include <QGuiApplication>
#include <QScreen>
#include <QScrollBar>

namespace {
constexpr int s_visibleRows = 10;
constexpr int s_insertionRole = Qt::UserRole + 1;
} // namespace

CompletionPopup::CompletionPopup(QWidget *parent)
    : QListWidget(parent)
{
    setObjectName(QStringLiteral("completionPopup"));
    // A tool tip window is never activated: the keys stay with the editor.
    setWindowFlags(Qt::ToolTip | Qt::FramelessWindowHint);
    setAttribute(Qt::WA_ShowWithoutActivating);
    setFocusPolicy(Qt::NoFocus);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setUniformItemSizes(true);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setAccessibleName(tr("Completions"));
    connect(
        this, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) { Q_EMIT picked(item->data(s_insertionRole).toString()); });
}

CompletionPopup::~CompletionPopup() = default;

void CompletionPopup::setItems(const std::vector<fanva::lang::EditorCompletion> &items)
{
    clear();
    for (const fanva::lang::EditorCompletion &item : items) {
        auto *row = new QListWidgetItem(item.detail.isEmpty() ? item.name : tr("%1    %2").arg(item.name, item.detail), this);
        row->setData(Qt::UserRole, item.name);
        row->setData(s_insertionRole, item.insertion);
        row->setToolTip(item.detail);
        if (!item.visible)
            row->setForeground(palette().brush(QPalette::PlaceholderText));
    }
    if (items.empty()) {
        hide();
        return;
    }
    setCurrentRow(0);
}

void CompletionPopup::showAt(const QPoint &globalTopLeft)
{
    const int rows = qMin(count(), s_visibleRows);
    const int rowHeight = qMax(sizeHintForRow(0), fontMetrics().height());
    int width = 0;
    for (int i = 0; i < count(); ++i)
        width = qMax(width, fontMetrics().horizontalAdvance(item(i)->text()));
    QSize size(qMin(width + 24 + verticalScrollBar()->sizeHint().width(), 720), rows * rowHeight + 2 * frameWidth());
    QPoint at = globalTopLeft;
    if (const QScreen *screen = QGuiApplication::screenAt(globalTopLeft)) {
        const QRect room = screen->availableGeometry();
        size.setWidth(qMin(size.width(), room.width()));
        at.setX(qBound(room.left(), at.x(), room.right() - size.width()));
    }
    setGeometry(QRect(at, size));
    if (!isVisible())
        show();
}

void CompletionPopup::moveSelection(int step)
{
    if (count() == 0)
        return;
    setCurrentRow(qBound(0, currentRow() + step, count() - 1));
}

QString CompletionPopup::currentName() const
{
    const QListWidgetItem *row = currentItem();
    return row ? row->data(Qt::UserRole).toString() : QString();
}

QString CompletionPopup::currentInsertion() const
{
    const QListWidgetItem *row = currentItem();
    return row ? row->data(s_insertionRole).toString() : QString();
}

QStringList CompletionPopup::names() const
{
    QStringList out;
    for (int i = 0; i < count(); ++i)
        out.append(item(i)->data(Qt::UserRole).toString());
    return out;
}
