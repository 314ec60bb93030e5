// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/apply.h"

#include <QFrame>

class QLabel;
class QPushButton;

/// The outcome of Apply, Undo Apply or Re-diff above the proposal (formalize.md §11), in the
/// window rather than in a message box: a conflict offers Re-diff, a failed verification
/// offers Undo Apply; Close hides it. It stays until the next outcome or Close.
class ApplyResultBar final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyResultBar)

public:
    enum class Kind : quint8 { Information, Warning, Error };
    Q_ENUM(Kind)

    explicit ApplyResultBar(QWidget *parent = nullptr);
    ~ApplyResultBar() override;

    void showApplyResult(const fanva::proposal::ApplyResult &result);
    void showUndoResult(const fanva::proposal::UndoResult &result);
    /// Shows @p text with no action but Close.
    void showMessage(const QString &text, Kind kind);

    [[nodiscard]] QString text() const;
    [[nodiscard]] Kind kind() const { return m_kind; }
    [[nodiscard]] QPushButton *rediffButton() const { return m_rediff; }
    [[nodiscard]] QPushButton *undoApplyButton() const { return m_undoApply; }

Q_SIGNALS:
    void rediffRequested();
    void undoApplyRequested();

private:
    void display(const QString &text, Kind kind, QPushButton *action);

    QLabel *m_icon = nullptr;
    QLabel *m_text = nullptr;
    QPushButton *m_rediff = nullptr;
    QPushButton *m_undoApply = nullptr;
    QPushButton *m_close = nullptr;
    Kind m_kind = Kind::Information;
};
