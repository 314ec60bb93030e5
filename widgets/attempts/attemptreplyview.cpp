// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "attempts/attemptreplyview.h"

#include <QFontDatabase>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextCursor>
#include <QToolButton>
#include <QVBoxLayout>

namespace {

// The user state of a block whose line goes on in the next block (a display break).
constexpr int s_softBreak = 1;
constexpr int s_softLineLength = 1000;

} // namespace

AttemptReplyView::AttemptReplyView(QWidget *parent)
    : QWidget(parent)
    , m_thinkingToggle(new QToolButton(this))
    , m_thinking(new QPlainTextEdit(this))
    , m_reply(new QPlainTextEdit(this))
{
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    m_thinkingToggle->setObjectName(QStringLiteral("thinkingToggle"));
    m_thinkingToggle->setCheckable(true);
    m_thinkingToggle->setAutoRaise(true);
    m_thinkingToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_thinkingToggle->setFocusPolicy(Qt::StrongFocus);
    m_thinkingToggle->setToolTip(tr("Show or hide what the model thought before it answered"));
    connect(m_thinkingToggle, &QToolButton::toggled, this, &AttemptReplyView::setThinkingExpanded);

    m_thinking->setObjectName(QStringLiteral("thinkingView"));
    m_thinking->setAccessibleName(tr("Thinking of the model"));
    m_thinking->setReadOnly(true);
    m_thinking->setFont(fixed);
    m_thinking->setBackgroundRole(QPalette::AlternateBase);
    m_thinking->setVisible(false);

    m_reply->setObjectName(QStringLiteral("replyView"));
    m_reply->setAccessibleName(tr("Reply of the model"));
    m_reply->setReadOnly(true);
    m_reply->setFont(fixed);
    m_reply->setPlaceholderText(tr("The model's reply streams here."));
    // Undo history of a read-only stream is only memory.
    m_reply->setUndoRedoEnabled(false);
    m_thinking->setUndoRedoEnabled(false);

    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(40);
    connect(&m_flushTimer, &QTimer::timeout, this, &AttemptReplyView::flush);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_thinkingToggle, 0, Qt::AlignLeft);
    layout->addWidget(m_thinking, 1);
    layout->addWidget(m_reply, 2);
    setFocusProxy(m_reply);
    updateThinkingToggle();
}

AttemptReplyView::~AttemptReplyView() = default;

void AttemptReplyView::appendReply(const QString &text)
{
    if (text.isEmpty())
        return;
    m_pending += text;
    if (m_flushTimer.interval() == 0)
        flush();
    else if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void AttemptReplyView::appendThinking(const QString &text)
{
    if (text.isEmpty())
        return;
    m_pendingThinking += text;
    if (m_flushTimer.interval() == 0)
        flush();
    else if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void AttemptReplyView::flush()
{
    m_flushTimer.stop();
    if (!m_pendingThinking.isEmpty()) {
        QTextCursor cursor(m_thinking->document());
        cursor.movePosition(QTextCursor::End);
        cursor.insertText(m_pendingThinking);
        m_pendingThinking.clear();
        updateThinkingToggle();
    }
    if (m_pending.isEmpty())
        return;
    QScrollBar *bar = m_reply->verticalScrollBar();
    const bool following = bar->value() == bar->maximum();
    // One edit at the end through a cursor of our own: the reader's selection stays put.
    QTextCursor cursor(m_reply->document());
    cursor.movePosition(QTextCursor::End);
    cursor.beginEditBlock();
    // A block is laid out whole on every change, so a reply on one endless line would cost
    // more with each flush: lines are broken for display after a space or comma past
    // s_softLineLength characters (anywhere past twice that), the block marked so that
    // replyText() joins it again.
    qsizetype start = 0;
    for (qsizetype i = 0; i < m_pending.size(); ++i) {
        const QChar c = m_pending.at(i);
        if (c == QLatin1Char('\n')) {
            m_lineLength = 0;
            continue;
        }
        ++m_lineLength;
        const bool breakable = c.isSpace() || c == QLatin1Char(',');
        if ((breakable && m_lineLength >= s_softLineLength) || m_lineLength >= 2 * s_softLineLength) {
            cursor.insertText(m_pending.mid(start, i + 1 - start));
            cursor.block().setUserState(s_softBreak);
            cursor.insertBlock();
            start = i + 1;
            m_lineLength = 0;
        }
    }
    cursor.insertText(m_pending.mid(start));
    cursor.endEditBlock();
    m_pending.clear();
    trim();
    if (following)
        bar->setValue(bar->maximum());
    Q_EMIT flushed();
}

void AttemptReplyView::trim()
{
    QTextDocument *document = m_reply->document();
    const int excess = document->characterCount() - 1 - m_maximumCharacters;
    if (excess <= 0)
        return;
    QTextCursor cursor(document);
    cursor.setPosition(excess, QTextCursor::KeepAnchor);
    cursor.removeSelectedText();
}

void AttemptReplyView::setReply(const QString &text)
{
    m_flushTimer.stop();
    m_reply->clear();
    m_lineLength = 0;
    m_pending = text;
    flush();
}

QString AttemptReplyView::replyText() const
{
    QString text;
    for (QTextBlock block = m_reply->document()->begin(); block.isValid(); block = block.next()) {
        text += block.text();
        if (block.next().isValid() && block.userState() != s_softBreak)
            text += QLatin1Char('\n');
    }
    return text + m_pending;
}

void AttemptReplyView::setThinking(const QString &text)
{
    m_pendingThinking.clear();
    if (text == m_thinking->toPlainText())
        return;
    m_thinking->setPlainText(text);
    updateThinkingToggle();
}

QString AttemptReplyView::thinkingText() const
{
    return m_thinking->toPlainText() + m_pendingThinking;
}

bool AttemptReplyView::isThinkingExpanded() const
{
    return m_thinkingToggle->isChecked();
}

void AttemptReplyView::setThinkingExpanded(bool expanded)
{
    m_thinkingToggle->setChecked(expanded);
    updateThinkingToggle();
}

void AttemptReplyView::clear()
{
    setReply(QString());
    m_thinking->clear();
    setThinkingExpanded(false);
}

void AttemptReplyView::updateThinkingToggle()
{
    const bool expanded = m_thinkingToggle->isChecked();
    const int characters = m_thinking->document()->characterCount() - 1;
    m_thinkingToggle->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
    m_thinkingToggle->setText(tr("Thinking (%1 characters)").arg(QLocale().toString(characters)));
    m_thinkingToggle->setAccessibleName(expanded ? tr("Hide thinking") : tr("Show thinking"));
    m_thinkingToggle->setVisible(characters > 0);
    m_thinking->setVisible(expanded && characters > 0);
}
