// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"

#include <QFrame>

#include <functional>
#include <vector>

class QLabel;
class QPlainTextEdit;
class QTimer;

/// The reviewer's in-place edit of one entry (formalize.md §9 `e`): a text editor laid over
/// the entry's sentence in the proposal pane, whose text the local gates check 300 ms after
/// the last keystroke, with the problems listed under it. Enter (or Ctrl+Enter) commits,
/// Shift+Enter starts a new line, Escape cancels.
class InlineEditor final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InlineEditor)

public:
    using Gate = std::function<std::vector<fanva::check::Problem>(const QString &sentence)>;

    explicit InlineEditor(QWidget *parent = nullptr);
    ~InlineEditor() override;

    /// How long the gates wait after the last keystroke.
    static constexpr int gateDelayMs = 300;

    /// Shows @p sentence of entry @p entryId for editing, gates it at once and takes the focus.
    void open(const QString &entryId, const QString &sentence, Gate gate);
    /// Hides the editor without committing.
    void cancel();
    /// Commits the current text (committed() or, when unchanged, cancelled()).
    void commit();

    [[nodiscard]] bool isOpen() const { return !m_entryId.isEmpty(); }
    [[nodiscard]] QString entryId() const { return m_entryId; }
    /// The edited sentence, without surrounding white space.
    [[nodiscard]] QString sentence() const;
    /// The problems of the text as last gated.
    [[nodiscard]] const std::vector<fanva::check::Problem> &problems() const { return m_problems; }
    /// The text shown under the editor.
    [[nodiscard]] QString problemsText() const;
    /// Whether a keystroke is waiting for the gates.
    [[nodiscard]] bool isGatePending() const;
    [[nodiscard]] QPlainTextEdit *editor() const { return m_editor; }

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override;
    [[nodiscard]] int heightForWidth(int width) const override;

Q_SIGNALS:
    /// The gates ran on the current text.
    void gated();
    /// The reviewer committed a changed @p sentence for @p entryId; the editor is closed.
    void committed(const QString &entryId, const QString &sentence);
    /// The edit was cancelled (or committed unchanged); the editor is closed.
    void cancelled();
    /// The editor's preferred height changed (more lines, other problems).
    void sizeHintChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void runGates();
    void fitEditorToText();
    void close(bool committing);

    Gate m_gate;
    QString m_entryId;
    QString m_original;
    QPlainTextEdit *m_editor = nullptr;
    QLabel *m_problemsLabel = nullptr;
    QLabel *m_hintLabel = nullptr;
    QTimer *m_timer = nullptr;
    std::vector<fanva::check::Problem> m_problems;
};
