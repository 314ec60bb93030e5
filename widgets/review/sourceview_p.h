// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QSyntaxHighlighter>
#include <QWidget>

class SourceView;

/// The gutter of a SourceView: paints and hit-tests through the view, which owns the data.
class SourceGutter final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SourceGutter)

public:
    explicit SourceGutter(SourceView *view);
    ~SourceGutter() override;

    [[nodiscard]] QSize sizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    SourceView *m_view;
};

/// Colours each sentence's text by its coverage (formalize.md §10) while the view shows the
/// sentences that were formalized.
class SourceCoverageHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SourceCoverageHighlighter)

public:
    explicit SourceCoverageHighlighter(SourceView *view);
    ~SourceCoverageHighlighter() override;

protected:
    void highlightBlock(const QString &text) override;

private:
    SourceView *m_view;
};
