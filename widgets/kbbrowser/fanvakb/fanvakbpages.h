// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kbbrowser/fanvakb/kbbrowsermodels.h"
#include "kbbrowser/kbpages.h"

#include <QFutureWatcher>

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
class QSyntaxHighlighter;
class QTextBrowser;
class QTreeView;

/// fanva-kb's own pages in the KB browser (KbPages): the contexts as a genlCx tree, the terms
/// the selected context uses in a filterable list, and a page on the selected term — comment,
/// supertypes nearest first, subtypes, memberships, arity, argument types, disjoint types,
/// relation marks and the sentences that mention it — answered by the KB's vocabulary queries
/// (kb-language.md §8) as seen from the selected context. The terms a page names are links;
/// following one is recorded, so Back (Alt+Left) and Forward (Alt+Right) return. The one class
/// of the widgets layer that reads the KnowledgeBase behind a fanva-kb lang::Kb.
class FanvaKbPages final : public KbPages
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(FanvaKbPages)

public:
    explicit FanvaKbPages(QWidget *parent = nullptr);
    ~FanvaKbPages() override;

    /// The KbPagesFactory: pages for a fanva-kb @p kb, null for another language's.
    [[nodiscard]] static KbPages *create(const std::shared_ptr<const fanva::lang::Kb> &kb, QWidget *parent);

    bool setKb(std::shared_ptr<const fanva::lang::Kb> kb, const QString &context) override;
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> kb() const override { return m_seamKb; }
    void setPlaceholderText(const QString &text) override;

    /// A term list of a context of backgroundThreshold() sentences or more is built off the
    /// GUI thread, its list empty and a progress bar above it meanwhile; its page and the
    /// term pages do not wait.
    [[nodiscard]] bool isIndexing() const override { return m_indexing; }
    [[nodiscard]] std::size_t backgroundThreshold() const override { return m_backgroundThreshold; }
    void setBackgroundThreshold(std::size_t sentences) override { m_backgroundThreshold = sentences; }

    [[nodiscard]] QString currentContext() const override { return m_current.context; }
    [[nodiscard]] QString currentTerm() const override { return m_current.term; }
    bool setCurrentContext(const QString &context) override;
    bool showTerm(const QString &term) override;
    bool lookUp(const QString &term, const QString &context) override;

    [[nodiscard]] bool canGoBack() const override { return m_position > 0; }
    [[nodiscard]] bool canGoForward() const override { return m_position + 1 < qsizetype(m_history.size()); }
    void back() override;
    void forward() override;
    [[nodiscard]] QAction *backAction() const override { return m_backAction; }
    [[nodiscard]] QAction *forwardAction() const override { return m_forwardAction; }
    [[nodiscard]] QAction *newSentenceAction() const override { return m_newSentenceAction; }

    /// The text a new sentence about @p term starts with, by its naming role @p role: `(term `
    /// for a functor, else `( term)`; @p cursor gets where the cursor goes.
    [[nodiscard]] static QString newSentenceText(const QString &term, fanva::kb::Role role, int *cursor);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Location {
        QString context;
        QString term;
        friend bool operator==(const Location &, const Location &) = default;
    };
    void setKnowledgeBase(std::shared_ptr<const fanva::kb::KnowledgeBase> kb, const QString &context);
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

    std::shared_ptr<const fanva::lang::Kb> m_seamKb;
    std::shared_ptr<const fanva::kb::KnowledgeBase> m_kb; ///< m_seamKb's, sharing its ownership
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
