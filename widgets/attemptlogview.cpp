#include "attemptlogview.h"

#include <QHeaderView>
#include <QPainter>

AttemptLogView::AttemptLogView(QWidget *parent)
    : QTreeView(parent)
{
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    header()->setVisible(false);
}

AttemptLogView::~AttemptLogView() = default;

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
