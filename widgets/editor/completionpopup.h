// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "editor/editorvocabulary.h"

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
    void setItems(const std::vector<CompletionItem> &items);
    /// Shows the list with its top left at @p globalTopLeft.
    void showAt(const QPoint &globalTopLeft);
    /// Moves the selection by @p step rows, stopping at either end.
    void moveSelection(int step);
    /// The selected row's name ("" when none).
    [[nodiscard]] QString currentName() const;
    /// The names listed, in order.
    [[nodiscard]] QStringList names() const;

Q_SIGNALS:
    /// A row was clicked.
    void picked(const QString &name);
};
