// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/gitconsent.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class ApplyProgress;
class ApplyResultBar;
class QStatusBar;
class QWidget;
class ReviewController;

namespace fanva::proposal {
struct ApplyResult;
struct UndoResult;
} // namespace fanva::proposal

/// Apply, Undo Apply and the start-up journal recovery as the window runs them (formalize.md
/// §11): each on the review's ApplyRunner, off the GUI thread, shown by ApplyProgress while it
/// runs and, once over, in the status bar and the result bar above the proposal. The first one
/// that would commit in a git work tree asks whether git may (rewrite.md §5); a window closed
/// while an Apply runs closes once it is over.
class ApplyFlow final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyFlow)

public:
    /// @p window asks the questions and parents the progress dialog; @p statusBar and
    /// @p resultBar show what runs and how it ended.
    ApplyFlow(ReviewController *review, ApplyResultBar *resultBar, QStatusBar *statusBar, QWidget *window);
    ~ApplyFlow() override;

    /// Whether the reviewer is asked (the Apply's confirmation, git's question); off for
    /// --screenshot and in tests.
    void setInteractive(bool interactive) { m_interactive = interactive; }
    /// Answers whether git may commit in the work tree at @p workTreeRoot: the answer to
    /// remember, or nullopt to cancel. Unset: a question when interactive; else nobody is asked
    /// and git stays off there.
    using GitConsentChooser = std::function<std::optional<fanva::proposal::GitConsent>(const QString &workTreeRoot)>;
    void setGitConsentChooser(GitConsentChooser chooser) { m_gitConsentChooser = std::move(chooser); }

    /// Applies the accepted entries after a confirmation (when interactive) and git's question;
    /// applyFinished() reports the result. True when the Apply started.
    bool apply();
    /// Undoes the last Apply of the proposal, after git's question; undoApplyFinished() reports
    /// the result. True when the Undo Apply started.
    bool undo();
    /// Settles the Applies a crash interrupted; journalRecovered() says what it settled.
    void recoverJournal();
    /// The window is closing: true when an Apply runs, so that it waits, saying so;
    /// closeRequested() follows once the Apply is over.
    [[nodiscard]] bool deferClose();

Q_SIGNALS:
    /// An Apply, Undo Apply or recovery started or ended: what would conflict with it changes.
    void runningChanged();
    void applyFinished(bool written);
    void undoApplyFinished(bool undone);
    void journalRecovered(const QStringList &messages);
    /// A problem to report to the reviewer, in a message box when interactive.
    void errorReported(const QString &message);
    /// An Apply or Undo Apply did not do what it was asked; the status bar says why.
    void problemReported(const QString &message, bool isError);
    /// The Apply the window's close waited for is over: close it now.
    void closeRequested();

private:
    void onApplyFinished(const fanva::proposal::ApplyResult &result);
    void onUndoApplyFinished(const fanva::proposal::UndoResult &result);
    /// Asks, once per work tree, whether git may commit there when the setting is on and
    /// nobody answered yet. False when the reviewer cancelled.
    bool settleGitConsent();
    [[nodiscard]] std::optional<fanva::proposal::GitConsent> askGitConsent(const QString &workTreeRoot);

    ReviewController *m_review;
    ApplyResultBar *m_resultBar;
    QStatusBar *m_statusBar;
    QWidget *m_window;
    ApplyProgress *m_progress = nullptr;
    GitConsentChooser m_gitConsentChooser;
    bool m_interactive = true;
    bool m_closeAfterApply = false; ///< the window was closed while an Apply ran: it closes after it
};
