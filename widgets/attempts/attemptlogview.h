// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QTreeView>

class AttemptChipDelegate;

/// The live attempt log of a formalization (formalize.md §5.4): one row per call, whose
/// candidates (or the judge's verdicts) unfold beneath it as rows of gate chips spanning the
/// view. Until a session feeds it a model it shows a placeholder line saying why it is empty.
class AttemptLogView final : public QTreeView
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AttemptLogView)

public:
    explicit AttemptLogView(QWidget *parent = nullptr);
    ~AttemptLogView() override;

    void setModel(QAbstractItemModel *model) override;

    [[nodiscard]] QString placeholderText() const { return m_placeholderText; }
    void setPlaceholderText(const QString &text);

    /// Whether the view has no rows to show (the placeholder is painted then).
    [[nodiscard]] bool isEmpty() const;

    [[nodiscard]] AttemptChipDelegate *chipDelegate() const { return m_delegate; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void rowsInserted(const QModelIndex &parent, int start, int end) override;

private:
    void spanChildren(const QModelIndex &parent, int start, int end);

    AttemptChipDelegate *m_delegate = nullptr;
    QString m_placeholderText;
};
