// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kbbrowser/kbbrowsermodels.h"
#include "kbbrowser/statementbrowser.h"

#include <QFutureWatcher>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QSortFilterProxyModel;
class QStackedWidget;
class QSyntaxHighlighter;
class QTextBrowser;
class QTextCursor;
class QTreeView;

/// The KB browser (the content of the window's KB dock): the contexts as a genlCx tree, the
/// terms the selected context uses in a filterable list, and a page on the selected term —
/// comment, supertypes nearest first, subtypes, memberships, arity, argument types, disjoint
/// types, relation marks and the sentences that mention it — answered by the KB's vocabulary
/// queries (kb-language.md §8) as seen from the selected context. The terms a page names are
/// links; following one is recorded, so Back (Alt+Left) and Forward (Alt+Right) return.
class KbBrowser final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbBrowser)

public:
    explicit KbBrowser(QWidget *parent = nullptr);
    ~KbBrowser() override;

    /// Browses @p kb (nothing when null), keeping the shown context and term where the new KB
    /// still has them (a reload); else it shows @p context when the KB has it, else the first.
    void setKnowledgeBase(std::shared_ptr<const fanva::kb::KnowledgeBase> kb, const QString &context = {});
    [[nodiscard]] std::shared_ptr<const fanva::kb::KnowledgeBase> knowledgeBase() const { return m_kb; }
    /// What the browser shows while there is no KB (e.g. that it is loading).
    void setPlaceholderText(const QString &text);
    /// Shows a KB in a language other than fanva-kb by file (StatementBrowser) instead of the
    /// pages by context and term; null goes back to those. setKnowledgeBase() does as well.
    void setLanguageKb(std::shared_ptr<const fanva::lang::Kb> kb, std::vector<KbFileStatements> files, const QString &target = {});
    [[nodiscard]] StatementBrowser *statementBrowser() const { return m_statementBrowser; }

    /// True while the term list of the shown context is built in the background: a context
    /// of backgroundThreshold() sentences or more is listed off the GUI thread, its list empty
    /// and a progress bar above it meanwhile; its page and the term pages do not wait.
    [[nodiscard]] bool isIndexing() const { return m_indexing; }
    [[nodiscard]] std::size_t backgroundThreshold() const { return m_backgroundThreshold; }
    void setBackgroundThreshold(std::size_t sentences) { m_backgroundThreshold = sentences; }

    [[nodiscard]] QString currentContext() const { return m_current.context; }
    [[nodiscard]] QString currentTerm() const { return m_current.term; }
    /// Shows the terms of @p context (recorded for Back). False when the KB has no such context.
    bool setCurrentContext(const QString &context);
    /// Shows the page of @p term as seen from the current context (recorded for Back).
    /// False when there is no KB or @p term is not a symbol.
    bool showTerm(const QString &term);
    /// Shows @p term as seen from @p context (the current context when the KB has no
    /// @p context), and moves the focus to its page.
    bool lookUp(const QString &term, const QString &context);

    [[nodiscard]] bool canGoBack() const { return m_position > 0; }
    [[nodiscard]] bool canGoForward() const { return m_position + 1 < qsizetype(m_history.size()); }
    void back();
    void forward();
    [[nodiscard]] QAction *backAction() const { return m_backAction; }
    [[nodiscard]] QAction *forwardAction() const { return m_forwardAction; }

    /// "New Sentence about TERM" (docs/formalize.md §9.4): enabled while a term is shown.
    [[nodiscard]] QAction *newSentenceAction() const { return m_newSentenceAction; }
    /// The text a new sentence about @p term starts with, by its naming role @p role: `(term `
    /// for a functor, else `( term)`; @p cursor gets where the cursor goes.
    [[nodiscard]] static QString newSentenceText(const QString &term, fanva::kb::Role role, int *cursor);

    /// The symbol under @p cursor in KB text ("" on a comment, string, number, variable or
    /// between tokens).
    [[nodiscard]] static QString termAt(const QTextCursor &cursor);
    /// The same in text of @p language (its highlighting tokens decide).
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

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Location {
        QString context;
        QString term;
        friend bool operator==(const Location &, const Location &) = default;
    };
    [[nodiscard]] QHBoxLayout *createNavigation();
    [[nodiscard]] QLabel *createContextView();
    [[nodiscard]] QLabel *createTermList();
    void createPageViews();
    void navigate(const Location &location);
    void record(const Location &location);
    void display(const Location &location);
    void showPage();
    [[nodiscard]] QString contextPageHtml(fanva::kb::SymbolId context) const;
    void selectContextRow(const QString &context);
    void selectTermRow(const QString &term);
    void onContextActivated();
    void onTermActivated();
    void updateNavigation();
    void listTerms(const QString &context);
    void onTermsListed();
    void finishIndexing();

    std::shared_ptr<const fanva::kb::KnowledgeBase> m_kb;
    Location m_current;
    std::vector<Location> m_history;
    qsizetype m_position = -1;
    bool m_syncing = false;

    KbContextModel *m_contexts = nullptr;
    KbTermModel *m_terms = nullptr;
    QSortFilterProxyModel *m_filter = nullptr;
    QTreeView *m_contextView = nullptr;
    QLineEdit *m_filterEdit = nullptr;
    QTreeView *m_termView = nullptr;
    QLabel *m_locationLabel = nullptr;
    QTextBrowser *m_page = nullptr;
    QPlainTextEdit *m_mentions = nullptr;
    QSyntaxHighlighter *m_highlighter = nullptr;
    QAction *m_backAction = nullptr;
    QAction *m_forwardAction = nullptr;
    QAction *m_newSentenceAction = nullptr;
    QStackedWidget *m_stack = nullptr;
    StatementBrowser *m_statementBrowser = nullptr;
    fanva::kb::Role m_termRole = fanva::kb::Role::None; ///< the shown term's, for New Sentence

    /// A term list built in the background, for the request numbered `generation`.
    struct TermListing {
        quint64 generation = 0;
        std::optional<std::vector<KbTermModel::Row>> rows;
    };
    std::optional<QString> m_termsContext; ///< the context whose terms are listed or being listed; none after a new KB
    QString m_rowsContext; ///< the context whose terms the list holds
    quint64 m_termGeneration = 0;
    QFutureWatcher<TermListing> *m_termWatcher = nullptr;
    QProgressBar *m_termProgress = nullptr;
    bool m_indexing = false;
    std::size_t m_backgroundThreshold = 5000;
};
