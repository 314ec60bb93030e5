// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"
#include "editor/squiggles.h"

#include <QFrame>

#include <functional>
#include <memory>
#include <vector>

class CompletionPopup;
class EditorVocabulary;
class QKeyEvent;
class QLabel;
class QPlainTextEdit;
class QSyntaxHighlighter;
class QTimer;

namespace fanva::lang {
class Kb;
class Language;
} // namespace fanva::lang

/// The author's and reviewer's editor of one KB sentence (formalize.md §9 `e`, issue 15): a
/// text editor laid over the entry's sentence in the proposal pane, with KB highlighting.
/// The local gates check its text 300 ms after the last keystroke; their problems are
/// underlined at their spans (the message as a tool tip) and listed under it. With a KB
/// (setKnowledgeBase() or setKnowledgeSource()) it completes symbols (after two characters,
/// or Ctrl+Space; Return/Tab accept, Escape closes the list, `)` or a space close it), shows
/// a signature hint after `(functor `, a live "Reads as" gloss, a summary of the term under
/// the mouse, and Ctrl+L asks for the term's page (lookUpRequested()). Enter commits when
/// no list or string is left open (else it starts a new line), Ctrl+Enter always commits,
/// Shift+Enter starts a new line, Escape cancels.
class InlineEditor final : public QFrame
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(InlineEditor)

public:
    using Gate = std::function<std::vector<fanva::check::Problem>(const QString &sentence)>;
    /// The KB the text is written into and its target.
    struct KnowledgeSource {
        std::shared_ptr<const fanva::lang::Kb> kb;
        QString context;
    };

    explicit InlineEditor(QWidget *parent = nullptr);
    ~InlineEditor() override;

    /// How long the gates wait after the last keystroke.
    static constexpr int gateDelayMs = 300;

    /// Shows @p sentence of entry @p entryId for editing, gates it at once and takes the focus.
    void open(const QString &entryId, const QString &sentence, Gate gate);
    /// Hides the editor without committing.
    void cancel();
    /// Commits the current text (committed() or, when unchanged, cancelled()).
    void commit();

    [[nodiscard]] bool isOpen() const { return !m_entryId.isEmpty(); }
    [[nodiscard]] QString entryId() const { return m_entryId; }
    /// The edited sentence, without surrounding white space.
    [[nodiscard]] QString sentence() const;
    /// The problems of the text as last gated.
    [[nodiscard]] const std::vector<fanva::check::Problem> &problems() const { return m_problems; }
    /// The text shown under the editor.
    [[nodiscard]] QString problemsText() const;
    /// Whether a keystroke is waiting for the gates.
    [[nodiscard]] bool isGatePending() const;
    [[nodiscard]] QPlainTextEdit *editor() const { return m_editor; }

    /// Completes, hints and glosses against @p kb, writing into @p context (null: none), with
    /// the editor services of its language (lang::EditorServices). Their index is built off
    /// the GUI thread once per KB.
    void setKnowledgeBase(std::shared_ptr<const fanva::lang::Kb> kb, const QString &context);
    /// Highlights and reads the edited text in @p language (fanva-kb until told otherwise).
    void setLanguage(const fanva::lang::Language &language);
    /// Asked for the KB and context each time the editor opens (the window's current ones).
    void setKnowledgeSource(std::function<KnowledgeSource()> source) { m_source = std::move(source); }
    /// The KB's vocabulary as the editor uses it.
    [[nodiscard]] EditorVocabulary *vocabulary() const { return m_vocabulary; }

    /// Opens the completion list at the cursor (Ctrl+Space); false when nothing fits.
    bool showCompletions();
    /// The completion list (hidden unless completing).
    [[nodiscard]] CompletionPopup *completionPopup() const { return m_popup; }
    [[nodiscard]] bool isCompleting() const;
    /// The signature hint shown (plain text; "" when none) and its marked argument (0: none).
    [[nodiscard]] QString signatureHint() const { return m_signature; }
    [[nodiscard]] int signatureArgument() const { return m_signatureArgument; }
    /// The "Reads as" line's gloss ("" when the text does not read as one sentence).
    [[nodiscard]] QString readsAs() const { return m_readsAs; }
    /// The problems as placed in the text (their underlines).
    [[nodiscard]] const std::vector<PlacedProblem> &placedProblems() const { return m_placed; }
    /// The tool tip (HTML) for text position @p position: the problems there, then the
    /// summary of the term there.
    [[nodiscard]] QString toolTipAt(int position) const;
    /// The symbol at text position @p position ("" when none).
    [[nodiscard]] QString termAt(int position) const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] bool hasHeightForWidth() const override;
    [[nodiscard]] int heightForWidth(int width) const override;

Q_SIGNALS:
    /// The gates ran on the current text.
    void gated();
    /// The reviewer committed a changed @p sentence for @p entryId; the editor is closed.
    void committed(const QString &entryId, const QString &sentence);
    /// The edit was cancelled (or committed unchanged); the editor is closed.
    void cancelled();
    /// The editor's preferred height changed (more lines, other problems).
    void sizeHintChanged();
    /// Ctrl+L on @p term: show its page as seen from @p context.
    void lookUpRequested(const QString &term, const QString &context);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void setUpLabels();
    void connectEditor();
    void runGates();
    void fitEditorToText();
    void close(bool committing);
    bool handleKey(QKeyEvent *key);
    bool handleCompletionKey(QKeyEvent *key);
    void acceptCompletion(const QString &insertion);
    void closeCompletions();
    void updateCompletions();
    void updateSignature();
    void updateReadsAs();
    void updateSquiggles();
    void changeEvent(QEvent *event) override;
    void hideEvent(QHideEvent *event) override;

    Gate m_gate;
    std::function<KnowledgeSource()> m_source;
    QString m_entryId;
    QString m_original;
    QPlainTextEdit *m_editor = nullptr;
    QLabel *m_problemsLabel = nullptr;
    QLabel *m_hintLabel = nullptr;
    QLabel *m_signatureLabel = nullptr;
    QLabel *m_readsAsLabel = nullptr;
    QTimer *m_timer = nullptr;
    QSyntaxHighlighter *m_highlighter = nullptr;
    EditorVocabulary *m_vocabulary = nullptr;
    CompletionPopup *m_popup = nullptr;
    std::vector<fanva::check::Problem> m_problems;
    std::vector<PlacedProblem> m_placed;
    QString m_signature;
    int m_signatureArgument = 0;
    QString m_readsAs;
    bool m_typing = false; ///< the key being handled types a character of a symbol
    bool m_explicitCompletion = false; ///< the list was asked for (Ctrl+Space)
};
