// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kbbrowser/kbpages.h"
#include "kbbrowser/statementbrowser.h"

#include <QWidget>

#include <cstddef>
#include <memory>
#include <vector>

class QAction;
class QStackedWidget;
class QTextBrowser;
class QTextCursor;

namespace fanva::lang {
class Kb;
class Language;
} // namespace fanva::lang

/// The KB browser (the content of the window's KB dock), over a KB in any language behind the
/// seam (docs/spec/language-seam.md §7): the pages the KB's language brings (KbPages, found
/// through KbPagesRegistry; fanva-kb's pages by context and term), else the language-neutral
/// StatementBrowser (the KB by file, a statement editor, term pages from describeTerm). What
/// only the language's pages answer (contexts, history, background indexing) the browser
/// forwards to them, and answers as the statement browser does while that shows.
class KbBrowser final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbBrowser)

public:
    explicit KbBrowser(QWidget *parent = nullptr);
    ~KbBrowser() override;

    /// Browses @p kb (nothing when null) in the face its language has: its own pages, which
    /// keep the shown context and term where the new KB still has them (a reload), else open
    /// on the context @p target; or the statement browser on @p files, @p target chosen.
    void setKb(std::shared_ptr<const fanva::lang::Kb> kb, std::vector<KbFileStatements> files = {}, const QString &target = {});
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> kb() const { return m_kb; }
    /// What the browser shows while there is no KB (e.g. that it is loading).
    void setPlaceholderText(const QString &text);
    [[nodiscard]] StatementBrowser *statementBrowser() const { return m_statementBrowser; }
    /// The language's own pages shown, null while the statement browser (or nothing) shows.
    [[nodiscard]] KbPages *pages() const;
    /// True while the KB is shown by file in the statement browser, where it is read and edited.
    [[nodiscard]] bool showsStatements() const;

    /// True while the pages build a term list in the background (KbPages::isIndexing()).
    [[nodiscard]] bool isIndexing() const;
    [[nodiscard]] std::size_t backgroundThreshold() const { return m_backgroundThreshold; }
    void setBackgroundThreshold(std::size_t sentences);

    [[nodiscard]] QString currentContext() const;
    /// The term shown, on the pages or the statement browser.
    [[nodiscard]] QString currentTerm() const;
    /// Shows the terms of @p context (recorded for Back). False when the KB has no such context.
    bool setCurrentContext(const QString &context);
    /// Shows the page of @p term as seen from the current context (recorded for Back).
    /// False when there is no KB or @p term is not a term.
    bool showTerm(const QString &term);
    /// Shows @p term as seen from @p context (the current context when the KB has no
    /// @p context), and moves the focus to its page.
    bool lookUp(const QString &term, const QString &context);

    [[nodiscard]] bool canGoBack() const;
    [[nodiscard]] bool canGoForward() const;
    void back();
    void forward();
    /// The pages' Back and Forward; null while they do not show.
    [[nodiscard]] QAction *backAction() const;
    [[nodiscard]] QAction *forwardAction() const;
    /// "New Sentence about TERM" (docs/formalize.md §9.4) of the face shown: enabled while a
    /// term is shown.
    [[nodiscard]] QAction *newSentenceAction() const;

    /// The term under @p cursor in text of @p language, as its highlighting tokens decide (""
    /// on a comment, string, number, variable or between tokens).
    [[nodiscard]] static QString termAt(const QTextCursor &cursor, const fanva::lang::Language &language);

Q_SIGNALS:
    /// The shown context or term changed (by the user, navigation or a reload).
    void locationChanged(const QString &context, const QString &term);
    /// "New Sentence about TERM" was chosen: open the editor on @p text, the cursor at @p cursor.
    void newSentenceRequested(const QString &text, int cursor);
    /// A term list started to be built in the background (isIndexing()).
    void indexingStarted(const QString &context);
    /// The background build made progress: @p percent of the context's symbols are looked up.
    void indexingProgressChanged(int percent);
    /// The term list built in the background is shown, or its build was dropped (no KB).
    void indexingFinished();

private:
    [[nodiscard]] bool showPages(const std::shared_ptr<const fanva::lang::Kb> &kb, const QString &target);
    void adopt(KbPages *pages);

    std::shared_ptr<const fanva::lang::Kb> m_kb;
    QStackedWidget *m_stack = nullptr;
    QTextBrowser *m_placeholder = nullptr;
    StatementBrowser *m_statementBrowser = nullptr;
    KbPages *m_pages = nullptr; ///< the last language pages made (kept for a reload), maybe hidden
    std::size_t m_backgroundThreshold = 5000;
};
