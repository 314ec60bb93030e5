// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "review/proposalview.h"

#include "proposal/proposal.h"

#include <QObject>

#include <functional>

class InlineEditor;
class QAction;
class ReviewController;

/// Shows a ReviewController's proposal in a ProposalView as the diff of formalize.md §11
/// (grey context, provenance comments, rendered sentences, rejected entries struck, the
/// rank and decision glyphs in the gutter) and owns the review keys of §9: j/k move, a
/// accepts, x rejects, u makes undecided, e edits the entry in place (InlineEditor over its
/// sentence), 1–9 select a shape, Shift+F forces after a confirmation. The keys act on the
/// view (and its children) only.
class ReviewPresenter final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReviewPresenter)

public:
    ReviewPresenter(ReviewController *review, ProposalView *view, QObject *parent = nullptr);
    ~ReviewPresenter() override;

    /// The selected entry's id ("" when none).
    [[nodiscard]] QString currentEntry() const { return m_current; }
    void setCurrentEntry(const QString &id);

    /// The line (block number) whose gutter carries @p id's glyphs, or -1.
    [[nodiscard]] int lineOfEntry(const QString &id) const;
    /// The entry a line belongs to ("" for header and context lines).
    [[nodiscard]] QString entryAtLine(int line) const;

    /// Whether the view shows exactly what Apply writes (accepted entries only).
    void setShowOnlyWritten(bool onlyWritten);

    /// Shows only the entries of sentence @p segment, in the diff and for j/k (formalize.md
    /// §10: clicking a segment filters the list); 0 shows every entry again.
    void setSegmentFilter(int segment);
    void clearSegmentFilter() { setSegmentFilter(0); }
    /// The sentence the entries are filtered to (0: none).
    [[nodiscard]] int segmentFilter() const { return m_segmentFilter; }

    /// Asks before forcing; returns true to go ahead. Defaults to a message box.
    using Confirm = std::function<bool(const QString &title, const QString &text)>;
    void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }

    [[nodiscard]] QAction *nextAction() const { return m_next; }
    [[nodiscard]] QAction *previousAction() const { return m_previous; }
    [[nodiscard]] QAction *acceptAction() const { return m_accept; }
    [[nodiscard]] QAction *editAction() const { return m_edit; }
    /// Every review action, in menu order (shape actions last).
    [[nodiscard]] QList<QAction *> actions() const;

    /// Re-renders the diff from the controller.
    void refresh();

    /// Opens the inline editor on the selected entry (the `e` key); false when it cannot be edited.
    bool editCurrentEntry();
    /// Opens the inline editor for a new author entry after the selected entry (at the end
    /// when none) with @p text, the cursor at @p cursor (the end when -1). Needs a proposal;
    /// false while an edit is open or a formalization runs (docs/formalize.md §9.2).
    bool newSentence(const QString &text = {}, int cursor = -1);
    /// The `n` key: asks for a new sentence (newSentenceRequested()).
    [[nodiscard]] QAction *newSentenceAction() const { return m_newSentence; }
    /// Re-judge (`Shift+J`): asks to send the selected entry to the judge alone (rejudgeRequested()).
    [[nodiscard]] QAction *rejudgeAction() const { return m_rejudge; }
    /// `d` on a sentence of the target file: retracts it (an entry by the author).
    [[nodiscard]] QAction *retractAction() const { return m_retract; }
    /// `r`: Review ▸ Rewrite… of the selected lines (rewriteRequested()).
    [[nodiscard]] QAction *rewriteAction() const { return m_rewrite; }
    /// The target file's lines (1-based) the selection's rows show (the cursor's row without
    /// one): rows of the file, not `-`/`+` rows; before a proposal, the pane shows the file alone.
    [[nodiscard]] std::vector<int> selectedFileLines() const;
    /// The target file's line (1-based) of the sentence that starts on the cursor's row, or 0.
    [[nodiscard]] int fileSentenceAtCursor() const;
    /// Opens the inline editor over the target file's sentence on the cursor's row (the `e`
    /// key there); committing adds a replace entry by the author. False when there is none.
    bool replaceAtCursor();
    /// The inline editor (a child of the view's viewport; hidden unless an edit is open).
    [[nodiscard]] InlineEditor *editor() const { return m_editor; }
    [[nodiscard]] bool isEditing() const;

Q_SIGNALS:
    void currentEntryChanged(const QString &id);
    void segmentFilterChanged(int segment);
    /// The `n` key was pressed in the proposal pane.
    void newSentenceRequested();
    /// Re-judge was asked for the entries @p ids.
    void rejudgeRequested(const QStringList &ids);
    /// The `r` key was pressed in the proposal pane.
    void rewriteRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void createActions();
    void move(int step);
    void force();
    void updateActions();
    void updateSelections();
    void placeEditor();
    void finishEdit();
    void createAuthoringActions();
    [[nodiscard]] int newEntryTop(int editorHeight) const;
    void commitNewEntry(const QString &text);

    ReviewController *m_review;
    ProposalView *m_view;
    QWidget *m_viewport = nullptr; ///< m_view's, whose resizes place the inline editor
    std::vector<fanva::proposal::DiffLine> m_lines; ///< per block: what it shows
    QString m_current;
    bool m_onlyWritten = false;
    int m_segmentFilter = 0;
    Confirm m_confirm;

    QAction *m_next = nullptr;
    QAction *m_previous = nullptr;
    QAction *m_accept = nullptr;
    QAction *m_reject = nullptr;
    QAction *m_undecide = nullptr;
    QAction *m_force = nullptr;
    QAction *m_edit = nullptr;
    InlineEditor *m_editor = nullptr;
    QAction *m_showWritten = nullptr;
    QAction *m_newSentence = nullptr;
    QAction *m_rejudge = nullptr;
    QString m_newEntry; ///< the id the open editor's new author entry gets ("" for an edit)
    QString m_newAfter; ///< the entry the new one goes after
    QAction *m_retract = nullptr;
    QAction *m_rewrite = nullptr;
    int m_replaceLine = 0; ///< the file line the open editor replaces (0: none)
    int m_replaceRow = -1; ///< the row the replace editor sits on
    QList<QAction *> m_shapes;
};
