// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QWidget>

#include <cstddef>
#include <memory>

class QAction;

namespace fanva::lang {
class Kb;
}

/// A language's own pages of its KB in the KB browser (docs/spec/language-seam.md §7), the way
/// a Kate plugin brings its own view: the browser container (KbBrowser) speaks lang::Kb only and
/// shows the pages a factory of kbPagesFactories() made for the KB, else the language-neutral
/// StatementBrowser. fanva-kb's pages by context and term (kbbrowser/fanvakb/) are the one today.
/// The pages keep a location (a context, maybe none, and a term) with a Back/Forward history.
class KbPages : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbPages)

public:
    using QWidget::QWidget;
    ~KbPages() override = default;

    /// Shows @p kb, keeping the shown location where the new KB still has it (a reload), else
    /// @p context when the KB has it. False, showing nothing, when @p kb is null or of another
    /// language than the pages'.
    virtual bool setKb(std::shared_ptr<const fanva::lang::Kb> kb, const QString &context) = 0;
    [[nodiscard]] virtual std::shared_ptr<const fanva::lang::Kb> kb() const = 0;
    /// What the pages show while they have no KB (e.g. that it is loading).
    virtual void setPlaceholderText(const QString &text) = 0;

    [[nodiscard]] virtual QString currentContext() const = 0;
    [[nodiscard]] virtual QString currentTerm() const = 0;
    /// Shows the terms of @p context (recorded for Back). False when the KB has no such context.
    virtual bool setCurrentContext(const QString &context) = 0;
    /// Shows the page of @p term as seen from the current context (recorded for Back).
    virtual bool showTerm(const QString &term) = 0;
    /// Shows @p term as seen from @p context (the current one when the KB has no @p context)
    /// and moves the focus to its page.
    virtual bool lookUp(const QString &term, const QString &context) = 0;

    [[nodiscard]] virtual bool canGoBack() const = 0;
    [[nodiscard]] virtual bool canGoForward() const = 0;
    virtual void back() = 0;
    virtual void forward() = 0;
    [[nodiscard]] virtual QAction *backAction() const = 0;
    [[nodiscard]] virtual QAction *forwardAction() const = 0;
    /// "New Sentence about TERM" (docs/formalize.md §9.4): enabled while a term is shown.
    [[nodiscard]] virtual QAction *newSentenceAction() const = 0;

    /// True while the pages build a list in the background (indexingStarted() … indexingFinished()).
    [[nodiscard]] virtual bool isIndexing() const = 0;
    /// From how many statements of a context on the pages list it in the background.
    [[nodiscard]] virtual std::size_t backgroundThreshold() const = 0;
    virtual void setBackgroundThreshold(std::size_t statements) = 0;

Q_SIGNALS:
    /// The shown context or term changed (by the user, navigation or a reload).
    void locationChanged(const QString &context, const QString &term);
    /// "New Sentence about TERM" was chosen: open the editor on @p text, the cursor at @p cursor.
    void newSentenceRequested(const QString &text, int cursor);
    /// A list started to be built in the background (isIndexing()).
    void indexingStarted(const QString &context);
    /// The background build made progress (@p percent).
    void indexingProgressChanged(int percent);
    /// The list built in the background is shown, or its build was dropped.
    void indexingFinished();
};

/// Makes a language's KbPages for a KB: null when the KB is not that language's.
using KbPagesFactory = KbPages *(*)(const std::shared_ptr<const fanva::lang::Kb> &kb, QWidget *parent);
