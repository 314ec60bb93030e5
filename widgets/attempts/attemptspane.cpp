// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "attempts/attemptspane.h"

#include "attempts/attemptlogmodel.h"
#include "attempts/attemptlogview.h"
#include "attempts/attemptreplyview.h"
#include "common/reviewcolours.h"

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

AttemptsPane::AttemptsPane(QWidget *parent)
    : QWidget(parent)
    , m_outcome(new QLabel(this))
    , m_log(new AttemptLogView(this))
    , m_caption(new QLabel(this))
    , m_reply(new AttemptReplyView(this))
    , m_cancel(new QPushButton(tr("&Cancel"), this))
{
    m_outcome->setObjectName(QStringLiteral("outcomeBanner"));
    m_outcome->setAccessibleName(tr("Outcome"));
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_outcome->setFrameShape(QFrame::StyledPanel);
    m_outcome->setBackgroundRole(QPalette::AlternateBase);
    m_outcome->setAutoFillBackground(true);
    m_outcome->setMargin(4);
    m_outcome->setVisible(false);

    m_log->setObjectName(QStringLiteral("attemptLog"));
    m_log->setAccessibleName(tr("Attempt log"));
    m_log->setAccessibleDescription(tr("The model's attempts and the gates' answers while a formalization runs"));
    m_log->setPlaceholderText(tr("No formalization has run yet."));
    m_log->setUniformRowHeights(true);

    m_caption->setObjectName(QStringLiteral("replyCaption"));
    m_caption->setAccessibleName(tr("Reply shown"));
    m_caption->setBuddy(m_reply);

    m_cancel->setObjectName(QStringLiteral("cancelButton"));
    m_cancel->setToolTip(tr("Stop the running formalization or rewrite (Esc); what it found so far is kept"));
    m_cancel->setEnabled(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_outcome);
    layout->addWidget(m_log, 2);
    layout->addWidget(m_caption);
    layout->addWidget(m_reply, 1);
    layout->addWidget(m_cancel, 0, Qt::AlignRight);
    setFocusProxy(m_log);
    updateCaption(-1);
}

AttemptsPane::~AttemptsPane() = default;

void AttemptsPane::setModel(AttemptLogModel *model)
{
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    m_log->setModel(model);
    m_log->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_log->header()->setStretchLastSection(true);
    if (!model)
        return;
    connect(model, &QAbstractItemModel::rowsInserted, this, &AttemptsPane::onRowsInserted);
    connect(model, &QAbstractItemModel::dataChanged, this, &AttemptsPane::onModelEvent);
    connect(model, &QAbstractItemModel::modelReset, this, &AttemptsPane::onModelReset);
    connect(model, &AttemptLogModel::outcomeChanged, this, &AttemptsPane::showOutcome);
    connect(m_log->selectionModel(), &QItemSelectionModel::currentChanged, this, &AttemptsPane::onCurrentChanged);
    showOutcome(model->outcomeText());
}

int AttemptsPane::lastRow() const
{
    return m_model ? m_model->rowCount() - 1 : -1;
}

void AttemptsPane::beginLiveText()
{
    if (!m_liveEnded)
        return;
    m_live.clear();
    m_liveEnded = false;
    if (m_following) {
        m_reply->clear();
        updateCaption(lastRow());
    }
}

void AttemptsPane::appendReplyText(const QString &text)
{
    beginLiveText();
    m_live += text;
    if (m_following)
        m_reply->appendReply(text);
}

void AttemptsPane::appendThinkingText(const QString &text)
{
    beginLiveText();
    if (m_following)
        m_reply->appendThinking(text);
}

void AttemptsPane::onModelEvent()
{
    // Every event of a call comes after its last delta: the stream of that call is over,
    // and what is still queued is shown at once.
    m_liveEnded = true;
    m_reply->flush();
    if (m_following && lastRow() >= 0) {
        const QModelIndex last = m_model->index(lastRow(), 0);
        m_reply->setThinking(last.data(AttemptLogModel::ThinkingTextRole).toString());
        if (m_live.isEmpty() && m_reply->replyText().isEmpty())
            m_reply->setReply(last.data(AttemptLogModel::ReplyTextRole).toString());
        updateCaption(lastRow());
    }
}

void AttemptsPane::onRowsInserted(const QModelIndex &parent, int first, int last)
{
    Q_UNUSED(first)
    onModelEvent();
    if (parent.isValid() || !m_following)
        return;
    const QModelIndex row = m_model->index(last, 0);
    // A new formalize call starts empty; a judge row appears once its call has streamed.
    if (row.data(AttemptLogModel::RowTypeRole).value<AttemptLogModel::RowType>() == AttemptLogModel::RowType::Attempt) {
        m_live.clear();
        m_liveEnded = false;
        m_reply->clear();
    }
    m_log->setCurrentIndex(row);
    m_log->scrollTo(row);
}

void AttemptsPane::onModelReset()
{
    m_live.clear();
    m_liveEnded = false;
    m_following = true;
    m_reply->clear();
    updateCaption(-1);
}

void AttemptsPane::onCurrentChanged(const QModelIndex &current)
{
    const QModelIndex top = current.parent().isValid() ? current.parent() : current;
    if (!top.isValid())
        return;
    const bool newest = top.row() == lastRow();
    if (newest && m_following)
        return;
    m_following = newest;
    if (newest && !m_live.isEmpty()) {
        m_reply->setReply(m_live);
        m_reply->setThinking(top.data(AttemptLogModel::ThinkingTextRole).toString());
        updateCaption(top.row());
        return;
    }
    showStoredRow(top.row());
}

void AttemptsPane::showStoredRow(int row)
{
    const QModelIndex index = m_model->index(row, 0);
    m_reply->setReply(index.data(AttemptLogModel::ReplyTextRole).toString());
    m_reply->setThinking(index.data(AttemptLogModel::ThinkingTextRole).toString());
    updateCaption(row);
}

void AttemptsPane::updateCaption(int row)
{
    if (!m_model || row < 0) {
        m_caption->setText(tr("Rep&ly"));
        return;
    }
    const QString attempt = m_model->index(row, AttemptLogModel::AttemptColumn).data().toString();
    const QString kind = m_model->index(row, AttemptLogModel::KindColumn).data().toString();
    m_caption->setText(attempt.isEmpty() ? tr("Rep&ly of %1").arg(kind) : tr("Rep&ly of #%1 %2").arg(attempt, kind));
}

void AttemptsPane::showOutcome(const QString &text)
{
    m_outcome->setText(text);
    m_outcome->setVisible(!text.isEmpty());
    const QString outcome = m_model ? m_model->outcome() : QString();
    const ReviewColours colours = ReviewColours::forPalette(palette());
    QPalette banner = palette();
    if (outcome == QLatin1StringView("partial"))
        banner.setColor(QPalette::WindowText, colours.correctable);
    else if (!outcome.isEmpty() && outcome != QLatin1StringView("success") && outcome != QLatin1StringView("cancelled"))
        banner.setColor(QPalette::WindowText, colours.refused);
    m_outcome->setPalette(banner);
}
