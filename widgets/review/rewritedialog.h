// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QDialog>

class QLabel;
class QPlainTextEdit;

/// Review ▸ Rewrite…'s question (docs/spec/rewrite.md §2): what the model should change in
/// the selected sentences. Enter accepts, Shift+Enter starts a new line, Esc cancels.
class RewriteDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RewriteDialog)

public:
    /// @p sentences: the selected sentences, shown above the instruction.
    explicit RewriteDialog(const QStringList &sentences, QWidget *parent = nullptr);
    ~RewriteDialog() override;

    /// The instruction as typed, trimmed.
    [[nodiscard]] QString instruction() const;
    void setInstruction(const QString &text);
    [[nodiscard]] QPlainTextEdit *editor() const { return m_editor; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QLabel *m_sentences = nullptr;
    QPlainTextEdit *m_editor = nullptr;
};
