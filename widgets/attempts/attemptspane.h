// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class AttemptLogModel;
class AttemptLogView;
class AttemptReplyView;
class QLabel;
class QModelIndex;
class QPushButton;

/// The reviewer's attempts pane (formalize.md §5.4, §9): the outcome banner, the attempt log
/// with its gate chips, the reply of the call in flight streaming below it (thinking folded
/// away) and a Cancel button. While the reader stays on the newest row the reply follows the
/// stream; choosing an earlier row shows that call's reply and thinking instead.
class AttemptsPane final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptsPane)

public:
    explicit AttemptsPane(QWidget *parent = nullptr);
    ~AttemptsPane() override;

    void setModel(AttemptLogModel *model);
    [[nodiscard]] AttemptLogModel *model() const { return m_model; }

    [[nodiscard]] AttemptLogView *logView() const { return m_log; }
    [[nodiscard]] AttemptReplyView *replyView() const { return m_reply; }
    [[nodiscard]] QLabel *outcomeBanner() const { return m_outcome; }
    [[nodiscard]] QPushButton *cancelButton() const { return m_cancel; }

    /// Streamed reply text of the call in flight (ReviewController::textDelta).
    void appendReplyText(const QString &text);
    /// Streamed thinking of the call in flight (shown folded).
    void appendThinkingText(const QString &text);
    /// Whether the reply view follows the newest call (true unless an earlier row is chosen).
    [[nodiscard]] bool isFollowing() const { return m_following; }

private:
    /// The first delta of a call after the previous one ended starts a fresh text.
    void beginLiveText();
    void onRowsInserted(const QModelIndex &parent, int first, int last);
    void onModelEvent();
    void onModelReset();
    void onCurrentChanged(const QModelIndex &current);
    void showOutcome(const QString &text);
    void showStoredRow(int row);
    void updateCaption(int row);
    [[nodiscard]] int lastRow() const;

    AttemptLogModel *m_model = nullptr;
    QLabel *m_outcome = nullptr;
    AttemptLogView *m_log = nullptr;
    QLabel *m_caption = nullptr;
    AttemptReplyView *m_reply = nullptr;
    QPushButton *m_cancel = nullptr;

    QString m_live; ///< everything the call in flight streamed so far
    bool m_liveEnded = false; ///< the log moved on since the last delta: the next one starts a new call
    bool m_following = true;
};
