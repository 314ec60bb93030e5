#pragma once

#include "guttermark.h"
#include "reviewcolours.h"

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
    explicit ProposalView(QWidget *parent = nullptr);
    ~ProposalView() override;

    /// The gutter's width in pixels: room for the largest line number and two glyphs.
    [[nodiscard]] int gutterWidth() const;
    /// The gutter widget (a child of this view).
    [[nodiscard]] QWidget *gutter() const;

    /// The 0-based line (block number) at @p pos in gutter coordinates, or -1 below the text.
    [[nodiscard]] int lineAtGutterPosition(const QPoint &pos) const;

    /// The mark of @p line (an empty mark for lines without one or out of range).
    [[nodiscard]] GutterMark mark(int line) const;
    void setMark(int line, const GutterMark &mark);
    void clearMarks();

    [[nodiscard]] const ReviewColours &colours() const { return m_colours; }

Q_SIGNALS:
    /// The gutter was clicked on @p line (0-based).
    void gutterClicked(int line);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    friend class ProposalGutter;
    void paintGutter(QPaintEvent *event);
    void updateGutterGeometry();
    void updateGutterArea(const QRect &rect, int dy);
    void onBlockCountChanged(int count);

    ProposalGutter *m_gutter = nullptr;
    std::vector<GutterMark> m_marks;
    ReviewColours m_colours;
};
