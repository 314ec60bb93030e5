// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/guttermark.h"
#include "common/reviewcolours.h"

#include <QPlainTextEdit>

#include <vector>

class ProposalGutter;

/// The read-only proposal diff view (formalize.md §11): KB text with a gutter of line
/// numbers and, per line, the entry's rank and decision glyphs. Per-line data lives in a side
/// vector indexed by block number, since the syntax highlighter owns QTextBlockUserData.
class ProposalView final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ProposalView)

public:
    /// The columns of the gutter, left to right.
    enum class GutterArea : quint8 { None, LineNumber, Rank, Decision };
    Q_ENUM(GutterArea)

    explicit ProposalView(QWidget *parent = nullptr);
    ~ProposalView() override;

    /// The gutter's width in pixels: room for the largest line number and two glyphs.
    [[nodiscard]] int gutterWidth() const;
    /// The gutter widget (a child of this view).
    [[nodiscard]] QWidget *gutter() const;

    /// The 0-based line (block number) at @p pos in gutter coordinates, or -1 below the text.
    [[nodiscard]] int lineAtGutterPosition(const QPoint &pos) const;
    /// The gutter column at @p pos in gutter coordinates (None outside the gutter).
    [[nodiscard]] GutterArea gutterAreaAt(const QPoint &pos) const;

    /// The mark of @p line (an empty mark for lines without one or out of range).
    [[nodiscard]] GutterMark mark(int line) const;
    void setMark(int line, const GutterMark &mark);
    void clearMarks();
    /// The number the gutter shows on each row (0: none), e.g. the target file's line a diff
    /// row shows; empty (the default): row n shows n + 1.
    void setLineNumbers(std::vector<int> numbers);
    /// The number the gutter shows on @p row (0: none).
    [[nodiscard]] int lineNumber(int row) const;

    [[nodiscard]] const ReviewColours &colours() const { return m_colours; }

Q_SIGNALS:
    /// The gutter was clicked on @p line (0-based), in the column @p area.
    void gutterClicked(int line, ProposalView::GutterArea area);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    friend class ProposalGutter;

    // Where the gutter's columns lie, in gutter coordinates; shared by painting and hit-tests.
    struct GutterLayout {
        int numbersRight = 0;
        int rankLeft = 0;
        int decisionLeft = 0;
        int glyphWidth = 0;
    };
    [[nodiscard]] GutterLayout gutterLayout() const;
    void paintGutter(QPaintEvent *event);
    void updateGutterGeometry();
    void updateGutterArea(const QRect &rect, int dy);
    void onBlockCountChanged(int count);

    ProposalGutter *m_gutter = nullptr;
    std::vector<GutterMark> m_marks;
    std::vector<int> m_lineNumbers;
    ReviewColours m_colours;
};
