// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/reviewcolours.h"

#include "formalize/segmenter.h"
#include "formalize/session.h"

#include <QPlainTextEdit>

#include <map>
#include <optional>
#include <utility>
#include <vector>

class QAction;
class QTimer;
class SourceCoverageHighlighter;
class SourceGutter;

/// The English source pane (formalize.md §10): the document, editable while no formalization
/// runs, with its sentences numbered `[i]` in a gutter as the engine's segmenter cuts them.
/// After a run the gutter carries each sentence's coverage (a glyph with a tooltip giving the
/// model's reason for an untranslated one) and the text its colour; the selected entry's
/// sentence is highlighted. A click on a number asks to filter the proposal to that sentence.
///
/// Per-block data (the segments starting in each block) lives in a side vector indexed by
/// block number; the coverage formats come from a syntax highlighter, which owns
/// QTextBlockUserData. Coverage shows only while the pane's sentences are those that were
/// formalized: an edit hides it, undoing the edit brings it back.
class SourceView final : public QPlainTextEdit
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SourceView)

public:
    using Coverage = fanva::formalize::SegmentCoverage;

    explicit SourceView(QWidget *parent = nullptr);
    ~SourceView() override;

    /// Shows @p text (unmodified), segments it at once and forgets the formalization.
    void setDocumentText(const QString &text);

    /// The document's segments (numbers 1…n; start/end are UTF-8 offsets into toPlainText()).
    [[nodiscard]] const std::vector<fanva::formalize::Segment> &segments() const { return m_segments; }
    /// Where segment @p number lies in the text (first character, one past the last), or nullopt.
    [[nodiscard]] std::optional<std::pair<int, int>> segmentRange(int number) const;
    /// The segment whose span holds text position @p position (0 when none).
    [[nodiscard]] int segmentAt(int position) const;
    /// The segments the selection touches, in document order (formalize.md §3.2.1); without a
    /// selection, the segment at the cursor. Segments the text as it is now.
    [[nodiscard]] std::vector<int> selectedSegments();
    /// The segments starting in block @p block (the gutter's per-block data).
    [[nodiscard]] std::vector<int> segmentsInBlock(int block) const;

    /// Takes the result of a formalization: its sentences as it read them and the engine's
    /// coverage of each. Coverage and the current sentence show while the text has the same sentences.
    void setFormalization(const QStringList &segmentTexts, const std::vector<Coverage> &coverage);
    /// Whether the pane shows the sentences that were formalized (false before any run).
    [[nodiscard]] bool showsFormalization() const { return m_showsFormalization; }
    /// The coverage of segment @p number, or nullopt (headings, no formalization, edited text).
    [[nodiscard]] std::optional<Coverage> coverage(int number) const;
    /// What the gutter says about segment @p number: its coverage and the model's reason.
    [[nodiscard]] QString coverageText(int number) const;

    /// Highlights segment @p number (the selected entry's sentence) and scrolls to it; 0 clears.
    void setCurrentSegment(int number);
    [[nodiscard]] int currentSegment() const { return m_currentSegment; }
    /// The segment the proposal is filtered to, marked in the gutter (0: none).
    void setFilteredSegment(int number);
    [[nodiscard]] int filteredSegment() const { return m_filteredSegment; }

    /// The gutter widget (a child of this view) and its width: the widest label and a glyph.
    [[nodiscard]] QWidget *gutter() const;
    [[nodiscard]] int gutterWidth() const;
    /// The segments whose `[i]` sits on the visual line at @p pos (gutter coordinates).
    [[nodiscard]] std::vector<int> segmentsAtGutterPosition(const QPoint &pos) const;

    /// Filters the proposal to the sentence at the cursor (or clears the filter when it is the one shown).
    [[nodiscard]] QAction *filterAction() const { return m_filterAction; }
    /// Clears the filter (Escape).
    [[nodiscard]] QAction *showAllAction() const { return m_showAllAction; }

Q_SIGNALS:
    /// The reviewer asked to see only segment @p number's entries; 0 asks for all of them.
    void segmentFilterRequested(int number);
    /// The text was segmented anew.
    void segmentsChanged();

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;

private:
    friend class SourceGutter;
    friend class SourceCoverageHighlighter;

    // One label of the gutter: the segments starting on one visual line, in gutter coordinates.
    struct GutterLabel {
        QRect rect;
        std::vector<int> segments;
    };
    [[nodiscard]] std::vector<GutterLabel> gutterLabels(const QRect &area) const;
    [[nodiscard]] QString gutterToolTip(const QPoint &pos) const;
    void onGutterClicked(const QPoint &pos);
    void paintGutter(QPaintEvent *event);
    void toggleFilter(int number);

    void resegment(bool force);
    void updateFormalizationMatch(bool force);
    void updateSelections();
    void updateActions();
    void updateGutterGeometry();
    void updateGutterArea(const QRect &rect, int dy);

    SourceGutter *m_gutter = nullptr;
    SourceCoverageHighlighter *m_highlighter = nullptr;
    QTimer *m_resegmentTimer = nullptr;
    QAction *m_filterAction = nullptr;
    QAction *m_showAllAction = nullptr;
    ReviewColours m_colours;

    QString m_segmentedText;
    std::vector<fanva::formalize::Segment> m_segments;
    std::vector<std::pair<int, int>> m_ranges; ///< per segment (index number − 1): QString positions
    /// Per block: the first segment (index) starting in it and how many do.
    struct BlockSegments {
        int first = 0;
        int count = 0;
    };
    std::vector<BlockSegments> m_blockSegments;

    QStringList m_formalizedTexts;
    std::map<int, Coverage> m_coverage;
    bool m_showsFormalization = false;
    int m_currentSegment = 0;
    int m_filteredSegment = 0;
};
