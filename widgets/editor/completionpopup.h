// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/editorservices.h"

#include <QListWidget>

#include <vector>

/// The completion list of the author's editor: a frameless list shown under the cursor that
/// never takes the focus, so typing goes on in the editor, which drives it (Up/Down move,
/// Return/Tab accept, Escape closes). A click accepts too.
class CompletionPopup final : public QListWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(CompletionPopup)

public:
    explicit CompletionPopup(QWidget *parent = nullptr);
    ~CompletionPopup() override;

    /// Fills the list (the first row selected); hides it when @p items is empty.
    void setItems(const std::vector<fanva::lang::EditorCompletion> &items);
    /// Shows the list with its top left at @p globalTopLeft.
    void showAt(const QPoint &globalTopLeft);
    /// Moves the selection by @p step rows, stopping at either end.
    void moveSelection(int step);
    /// The selected row's name ("" when none).
    [[nodiscard]] QString currentName() const;
    /// What the selected row puts in place of the word ("resident(" for a nibli predicate).
    [[nodiscard]] QString currentInsertion() const;
    /// The names listed, in order.
    [[nodiscard]] QStringList names() const;

Q_SIGNALS:
    /// A row was clicked: @p insertion is what it puts in place of the word.
    void picked(const QString &insertion);
};
