// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "review/recoverydialog.h"
#include "review/reviewcontroller.h"
#include "settings/providersettings.h"
#include "window/applyflow.h"
#include "window/kbpane.h"
#include "window/modelaccess.h"
#include "window/targets.h"
#include "window/workspace.h"

#include <QMainWindow>

#include <functional>

class ApplyResultBar;
class AttemptLogView;
struct ReviewSetup;
class AttemptsPane;
class ContextChooser;
class EntryDetailsView;
class KbBrowser;
class ReviewController;
class ReviewPresenter;
class QDockWidget;
class QPushButton;
class ProposalView;
class QAction;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QToolBar;
class QSplitter;
class QSyntaxHighlighter;
class SourceView;

/// The reviewer's main window: the English source, the attempt log and the proposal side
/// by side in one splitter, with the workspace's provider, KB folder and target context in
/// the status bar.
class MainWindow final : public QMainWindow
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(MainWindow)

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    /// Whether problems are also shown in message boxes; off for --screenshot and in tests,
    /// where they go to the status bar and problemReported() only.
    void setInteractive(bool interactive);

    /// The workspace as the window shows it, including command-line overrides.
    [[nodiscard]] const Workspace &workspace() const { return m_workspace; }

    /// Loads the workspace in @p folder: its default document, KB and target context.
    /// Returns false, keeping the current one, when @p folder is not a workspace.
    bool openWorkspace(const QString &folder);
    /// Shows @p path in the source pane. Returns false when it cannot be read.
    bool openDocument(const QString &path);
    /// File ▸ New Document: an empty source without a file; the first Formalize asks for its
    /// name (through the namer when one is set) and saves it there.
    bool newDocument();
    /// Tests answer the name question: given the suggested path, the path to save at ("" cancels).
    void setDocumentNamer(std::function<QString(const QString &)> namer) { m_targets.setDocumentNamer(std::move(namer)); }
    /// Uses the KB in @p folder. Returns false when it is not a folder.
    bool openKbFolder(const QString &folder);
    /// Makes @p context the target context and shows its file in the proposal pane.
    /// Returns false when the KB has no file for it.
    bool setTargetContext(const QString &context);
    /// File ▸ New Context… and the chooser's last item (docs/formalize.md §11.3): asks for a
    /// name and the contexts it sees (NewContextDialog), then createContext().
    bool newContext();
    /// Makes @p context, new, the target: it sees @p sees (genlCx) and has no file until Apply
    /// creates it. False, saying why, when a review holds the target, the name is taken or not
    /// a context name, or @p sees is empty or names a context the KB lacks.
    bool createContext(const QString &context, const QStringList &sees);
    void setProvider(const QString &provider);
    /// The provider the next formalization uses: the one named last by the command line,
    /// Settings ▸ Provider or the workspace's fanva.json; without one, FANVA_PROVIDER, the
    /// saved default, or the offline demo.
    [[nodiscard]] QString provider() const;
    /// The saved provider settings the next formalization uses.
    [[nodiscard]] const ProviderSettings &providerSettings() const { return m_model->settings(); }
    /// Opens Settings ▸ Provider; saved values apply to the next formalization.
    void showProviderSettings();

    /// The review behind the window: the formalization, the proposal and its decisions.
    [[nodiscard]] ReviewController *review() const { return m_review; }
    /// The proposal pane's diff and review keys.
    [[nodiscard]] ReviewPresenter *presenter() const { return m_presenter; }
    /// Formalizes the document into the target context with the workspace's provider; the
    /// run is asynchronous (formalizeFinished()). Returns false, reporting why, when it
    /// cannot start.
    bool formalize();
    /// Formalizes only the sentences the source pane's selection touches (the sentence at the
    /// cursor without one), the whole document still the model's context (formalize.md §3.2.1).
    bool formalizeSelection();
    /// The one-line note to the model beside Formalize, kept per workspace (formalize.md §3.2).
    [[nodiscard]] QLineEdit *noteField() const { return m_noteField; }
    /// Answers for the window when formalizing again would lose decided entries; unset: a
    /// question when interactive, else keep them.
    using LossChooser = std::function<LossAnswer(const QStringList &ids)>;
    void setLossChooser(LossChooser chooser) { m_lossChooser = std::move(chooser); }
    /// Opens a review session (.fanva). Returns false, reporting why, when it cannot.
    bool openSession(const QString &path);
    /// Applies the accepted entries after a confirmation (none when not interactive), off the
    /// GUI thread: the status bar and, after a moment, a small dialog say what it waits for
    /// (Cancel or Esc stops the wait); applyFinished() reports the result. Returns true when
    /// the Apply started.
    bool applyProposal();
    /// Undoes the last Apply of the proposal, like applyProposal(); undoApplyFinished()
    /// reports the result. Returns true when the Undo Apply started.
    bool undoApply();
    /// Answers for the window whether git may commit in the work tree at @p workTreeRoot
    /// (rewrite.md §5): the answer to remember, or nullopt to cancel the Apply. Unset: a
    /// question when interactive; else nobody is asked and git stays off there.
    using GitConsentChooser = ApplyFlow::GitConsentChooser;
    void setGitConsentChooser(GitConsentChooser chooser) { m_apply->setGitConsentChooser(std::move(chooser)); }
    /// Settles the Applies a crash interrupted (formalize.md §11) off the GUI thread, as
    /// fanva-cli apply does at its start; Apply and Undo Apply wait for it. journalRecovered()
    /// says what it settled.
    void recoverJournal();
    /// Offers the autosaves of reviews that did not close cleanly (formalize.md §13) through
    /// the recovery chooser, the RecoveryDialog by default (never when not interactive unless
    /// a chooser is set). Returns true when a review was recovered into the window.
    bool offerRecovery();
    void setRecoveryChooser(RecoveryDialog::Chooser chooser) { m_recoveryChooser = std::move(chooser); }

    /// Review ▸ New Sentence (docs/formalize.md §9.2): opens the editor for a new author
    /// entry with @p text, the cursor at @p cursor (the end when -1); without a proposal it
    /// first makes an empty one for the target context. False, saying why, when it cannot.
    bool newSentence(const QString &text = {}, int cursor = -1);
    /// Review ▸ Re-judge: sends the selected edited or author entry to the judge alone with the
    /// window's provider. False, saying why, when it cannot start.
    bool rejudge();

    /// Review ▸ Rewrite… (`r`, docs/spec/rewrite.md §2): asks for an instruction, then has the
    /// window's provider rewrite the target file's sentences on the proposal pane's selected
    /// lines (the cursor's without a selection); the entries join the proposal. False, saying
    /// why, when it cannot ask.
    bool rewrite();

    /// After a conflict: takes the target file as it is now as the proposal's base and
    /// re-checks the entries against it. Returns false, reporting why, when it cannot.
    bool rediff();

    /// The workspace's KB, loaded in the background after openWorkspace() or openKbFolder()
    /// and again when its files change (kbLoaded()), in the workspace's language behind the
    /// seam; null while the first load runs or when it failed.
    [[nodiscard]] std::shared_ptr<const fanva::lang::Kb> knowledgeBase() const { return m_kb->loader()->seamKb(); }
    [[nodiscard]] bool isKbLoading() const { return m_kb->loader()->isLoading(); }
    /// True after kbLoaded() while the KB's indexes are still being built in the background;
    /// kbIndexed() tells when they are done.
    [[nodiscard]] bool isKbIndexing() const { return m_kb->isIndexing(); }
    [[nodiscard]] KbLoader *kbLoader() const { return m_kb->loader(); }
    [[nodiscard]] KbBrowser *kbBrowser() const { return m_kb->browser(); }
    /// Shows the term under the proposal view's cursor (else the next one on its line, the
    /// entry's functor) in the KB browser. Returns false, saying why, when there is none.
    bool lookUpTerm();

    /// Restores the geometry and splitter state saved by an earlier window; a window whose
    /// settings were restored saves them again when it closes.
    void restoreSettings();
    void saveSettings() const;

Q_SIGNALS:
    /// A problem was reported to the user; @p isError is false for warnings.
    void problemReported(const QString &message, bool isError);
    /// A formalization finished with the §5.5 outcome @p outcome.
    void formalizeFinished(const QString &outcome);
    /// The KB finished loading (or reloading) and knowledgeBase() holds it.
    void kbLoaded();
    /// The KB did not load; @p message lists its errors.
    void kbLoadFailed(const QString &message);
    /// After kbLoaded(): the indexes the window builds over the KB in the background are done.
    void kbIndexed();
    /// applyProposal()'s Apply ended: @p written when the entries were written.
    void applyFinished(bool written);
    /// undoApply()'s Undo Apply ended: @p undone when the file was restored.
    void undoApplyFinished(bool undone);
    /// recoverJournal() ended; @p messages say what it settled (empty: nothing).
    void journalRecovered(const QStringList &messages);

protected:
    void closeEvent(QCloseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void createMenus();
    void createPanes();
    void createRulesBanner();
    void createDocks();
    void createStatusBar();
    void createFormalizeBar();
    bool formalizeFocus(const std::vector<int> &focus);
    LossAnswer askLoss(const QStringList &ids);
    void loadNote();
    void saveNote() const;
    void connectReview();
    void connectKbPane();
    void createAuthoringActions();
    void connectAuthoring();
    bool beginAuthoring();
    /// The KB browser's statement editor committed @p text (a KB in another language): it
    /// joins the review as an author entry (starting one when there is none); Apply writes it.
    bool addBrowserStatement(const QString &text);
    bool rejudgeWith(fanva::llm::ProviderOptions options);
    /// The provider the window uses, resolved, handed to @p next with its API key (ModelAccess::withKey()).
    bool withProviderKey(const std::function<bool(fanva::llm::ProviderOptions)> &next);
    void connectRewrite();
    bool rewriteWith(const std::vector<int> &lines, const QString &instruction, fanva::llm::ProviderOptions options);
    bool launchRewrite(const std::vector<int> &lines, const QString &instruction, const fanva::llm::ProviderOptions &options,
        const fanva::formalize::SessionSettings &settings);

    void chooseWorkspace();
    void chooseDocument();
    void chooseKbFolder();
    void showAbout();
    void chooseSession();
    void saveSession();
    /// Asks whether to save the modified review before closing; false keeps the window open.
    bool confirmCloseReview();
    QWidget *createAttemptsPane();
    void onFormalizeFinished(const QString &outcome);
    /// Sizes the session's window to the model (asking Ollama first), then launchReview().
    bool startReview(const ReviewSetup &setup);
    bool launchReview(const ReviewSetup &setup);
    void showEntryDetails(const QString &id);
    void updateReviewActions();
    void connectApply();
    void applyLanguage();
    /// Whether the workspace's targets are contexts rather than files (Targets::hasContexts()).
    [[nodiscard]] bool hasContexts() const { return Targets::hasContexts(m_workspace.language); }
    void onKbLoaded(bool fresh);
    /// True while the first KB of a folder loads: what needs it waits and says so.
    [[nodiscard]] bool waitsForKb() const { return m_kb->waitsForKb(); }
    void updateKbActions();
    void showCoverage();
    void showSessionDocument();
    bool saveDocument();

    void report(const QList<WorkspaceIssue> &issues);
    void reportError(const QString &message);
    void showTargetContext();
    void updateStatusBar();
    void updateTitle();
    void createContextChooser();
    QAction *createNewDocumentAction();
    QAction *createNewContextAction();
    bool saveNewDocument();
    void updateContextChooser();

    Workspace m_workspace;
    ModelAccess *m_model = nullptr; ///< the provider's settings, keys and context length
    Targets m_targets; ///< the new contexts and the new document
    bool m_interactive = true;
    bool m_settingsRestored = false;
    RecoveryDialog::Chooser m_recoveryChooser;
    LossChooser m_lossChooser;
    QToolBar *m_formalizeBar = nullptr;
    QLineEdit *m_noteField = nullptr;
    QAction *m_formalizeSelectionAction = nullptr;

    QSplitter *m_splitter = nullptr;
    QLabel *m_rulesBanner = nullptr; ///< "drafted by rules — no model", while the provider is `rules`
    SourceView *m_sourceView = nullptr;
    QLabel *m_sourceFileLabel = nullptr;
    AttemptLogView *m_attemptLog = nullptr;
    ProposalView *m_proposalView = nullptr;
    QLabel *m_proposalFileLabel = nullptr;
    QSyntaxHighlighter *m_highlighter = nullptr;
    ReviewController *m_review = nullptr;
    ReviewPresenter *m_presenter = nullptr;
    AttemptsPane *m_attemptsPane = nullptr;
    QLabel *m_outcomeLabel = nullptr;
    QPushButton *m_cancelButton = nullptr;
    EntryDetailsView *m_details = nullptr;
    ApplyResultBar *m_applyResult = nullptr;
    ApplyFlow *m_apply = nullptr; ///< Apply, Undo Apply, journal recovery and git's question
    QDockWidget *m_detailsDock = nullptr;
    KbPane *m_kb = nullptr; ///< the KB: its load, browser dock and progress

    QLabel *m_providerLabel = nullptr;
    QLabel *m_kbLabel = nullptr;
    QLabel *m_contextLabel = nullptr;
    ContextChooser *m_contextChooser = nullptr;
    QAction *m_newDocumentAction = nullptr;
    QAction *m_newContextAction = nullptr;

    QAction *m_openWorkspaceAction = nullptr;
    QAction *m_openDocumentAction = nullptr;
    QAction *m_openKbAction = nullptr;
    QAction *m_saveSessionAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_formalizeAction = nullptr;
    QAction *m_applyAction = nullptr;
    QAction *m_openSessionAction = nullptr;
    QAction *m_cancelAction = nullptr;
    QAction *m_undoAction = nullptr;
    QAction *m_redoAction = nullptr;
    QAction *m_undoApplyAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_providerSettingsAction = nullptr;
    QAction *m_aboutQtAction = nullptr;
    QAction *m_lookUpAction = nullptr;
    QAction *m_newSentenceAction = nullptr;
};
