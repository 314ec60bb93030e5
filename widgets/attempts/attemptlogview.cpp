// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "attempts/attemptlogview.h"

#include "attempts/attemptchipdelegate.h"

#include <QHeaderView>
#include <QPainter>

AttemptLogView::AttemptLogView(QWidget *parent)
    : QTreeView(parent)
    , m_delegate(new AttemptChipDelegate(this))
{
    setItemDelegate(m_delegate);
    setRootIsDecorated(true);
    setAllColumnsShowFocus(true);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
}

AttemptLogView::~AttemptLogView() = default;

void AttemptLogView::setModel(QAbstractItemModel *model)
{
    QTreeView::setModel(model);
    if (model == nullptr)
        return;
    // Rows already there (a session opened before the view met the model) get spans too.
    for (int row = 0; row < model->rowCount(); ++row) {
        const QModelIndex parent = model->index(row, 0);
        if (const int children = model->rowCount(parent); children > 0)
            spanChildren(parent, 0, children - 1);
    }
}

void AttemptLogView::setPlaceholderText(const QString &text)
{
    if (m_placeholderText == text)
        return;
    m_placeholderText = text;
    viewport()->update();
}

bool AttemptLogView::isEmpty() const
{
    return model() == nullptr || model()->rowCount(rootIndex()) == 0;
}

void AttemptLogView::rowsInserted(const QModelIndex &parent, int start, int end)
{
    QTreeView::rowsInserted(parent, start, end);
    if (parent.isValid())
        spanChildren(parent, start, end);
}

void AttemptLogView::spanChildren(const QModelIndex &parent, int start, int end)
{
    // A candidate's chips need more room than one column: its row spans the view.
    for (int row = start; row <= end; ++row)
        setFirstColumnSpanned(row, parent, true);
    if (start == 0)
        expand(parent);
}

void AttemptLogView::paintEvent(QPaintEvent *event)
{
    QTreeView::paintEvent(event);
    if (!isEmpty() || m_placeholderText.isEmpty())
        return;
    QPainter painter(viewport());
    painter.setPen(palette().color(QPalette::PlaceholderText));
    const int margin = fontMetrics().height() / 2;
    painter.drawText(viewport()->rect().adjusted(margin, margin, -margin, -margin), Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
        m_placeholderText);
}
