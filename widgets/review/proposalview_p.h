// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QWidget>

class ProposalView;

/// The gutter of a ProposalView: paints through the view, which owns the per-line data.
class ProposalGutter final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProposalGutter)

public:
    explicit ProposalGutter(ProposalView *view);
    ~ProposalGutter() override;

    [[nodiscard]] QSize sizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    ProposalView *m_view;
};
