// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>
#include <QPointer>

class ApplyRunner;
class QProgressDialog;
class QStatusBar;
class QTimer;
class QWidget;

/// What the window shows while its ApplyRunner works (an Apply, an Undo Apply, the journal's
/// recovery): the work's text in the status bar at once and, if the work takes longer than
/// s_dialogDelayMs, a small non-modal dialog with the text, a busy bar and Cancel (Esc too),
/// so that a held lock or a slow git hook can be seen and stopped while the window stays usable.
class ApplyProgress final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyProgress)

public:
    static constexpr int s_dialogDelayMs = 300;

    /// Shows @p runner's work in @p statusBar and in a dialog over @p window.
    ApplyProgress(ApplyRunner *runner, QStatusBar *statusBar, QWidget *window);
    ~ApplyProgress() override;

    /// The dialog, once it was shown (object name "applyProgress").
    [[nodiscard]] QProgressDialog *dialog() const;

private:
    void onStarted(const QString &text);
    void onProgress(const QString &text);
    void onCancelRequested();
    void onFinished();
    void showDialog();

    ApplyRunner *m_runner = nullptr;
    QStatusBar *m_statusBar = nullptr;
    QWidget *m_window = nullptr;
    QTimer *m_delay = nullptr;
    QPointer<QProgressDialog> m_dialog;
};
