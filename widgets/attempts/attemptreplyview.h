// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QTimer>
#include <QWidget>

class QPlainTextEdit;
class QToolButton;

/// The model's reply as it streams in, with its thinking apart: collapsed under a toggle by
/// default and never mixed into the reply. Streamed text is coalesced: appendReply() only
/// queues, and the queue goes into the document at most every flushInterval() ms in one
/// edit at the end, so a fast stream costs one layout per interval instead of one per
/// delta. Endless lines are broken for display (replyText() joins them again), so that no
/// flush lays out more than the text it adds. The document keeps at most setMaximumCharacters();
/// older text is trimmed from the top.
class AttemptReplyView final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptReplyView)

public:
    explicit AttemptReplyView(QWidget *parent = nullptr);
    ~AttemptReplyView() override;

    /// Queues @p text for the end of the reply.
    void appendReply(const QString &text);
    /// Replaces the reply (a finished call's), dropping anything queued.
    void setReply(const QString &text);
    /// The reply as shown plus what is still queued.
    [[nodiscard]] QString replyText() const;
    /// Writes the queued text now.
    void flush();
    [[nodiscard]] bool hasPendingText() const { return !m_pending.isEmpty() || !m_pendingThinking.isEmpty(); }

    void setThinking(const QString &text);
    /// Queues streamed thinking for the end of the thinking text (written with the reply's
    /// batches, folded or not).
    void appendThinking(const QString &text);
    /// The thinking as shown plus what is still queued.
    [[nodiscard]] QString thinkingText() const;
    /// Whether the thinking is unfolded; false by default and after clear().
    [[nodiscard]] bool isThinkingExpanded() const;
    void setThinkingExpanded(bool expanded);

    /// Empties reply and thinking and folds the thinking.
    void clear();

    [[nodiscard]] int flushInterval() const { return m_flushTimer.interval(); }
    /// 0 writes every delta at once (no coalescing).
    void setFlushInterval(int ms) { m_flushTimer.setInterval(ms); }
    void setMaximumCharacters(int characters) { m_maximumCharacters = characters; }

    [[nodiscard]] QPlainTextEdit *replyEdit() const { return m_reply; }
    [[nodiscard]] QPlainTextEdit *thinkingEdit() const { return m_thinking; }
    [[nodiscard]] QToolButton *thinkingToggle() const { return m_thinkingToggle; }

Q_SIGNALS:
    /// Queued text went into the document (once per flush).
    void flushed();

private:
    void updateThinkingToggle();
    void trim();

    QToolButton *m_thinkingToggle = nullptr;
    QPlainTextEdit *m_thinking = nullptr;
    QPlainTextEdit *m_reply = nullptr;
    QTimer m_flushTimer;
    QString m_pending;
    QString m_pendingThinking;
    qsizetype m_lineLength = 0; ///< characters of the document's last line
    int m_maximumCharacters = 2'000'000;
};
