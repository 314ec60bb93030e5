// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/merge.h"
#include "formalize/session.h"
#include "llm/options.h"
#include "proposal/apply.h"
#include "proposal/journal.h"
#include "proposal/sessionfile.h"
#include "review/reviewkb.h"
#include "status.h"

#include <QMetaType>
#include <QObject>

#include <functional>
#include <map>
#include <memory>
#include <optional>

class ApplyRunner;
class AttemptLogModel;
class EntryModel;
class QUndoStack;
class Rejudger;
class ReviewAutosave;

namespace fanva::kb {
class KnowledgeBase;
}
namespace fanva::lang {
class Kb;
class Language;
} // namespace fanva::lang

/// What a formalization in the reviewer starts from.
struct ReviewSetup {
    QString kbFolder;
    /// The KB's language id (the workspace's fanva.json "language"); the session file keeps it.
    QString language = fanva::lang::defaultLanguageId.toString();
    /// The KB of kbFolder, in any language, when it is already loaded (the window loads it in
    /// the background); null: start() loads kbFolder itself.
    std::shared_ptr<const fanva::lang::Kb> kb;
    /// The fingerprint of `kb`'s folder as it was loaded (the window hashes it off the GUI
    /// thread with the load); none: start() hashes kbFolder.
    std::optional<fanva::proposal::KbFingerprint> fingerprint;
    QString documentPath;
    QString context;
    fanva::llm::ProviderOptions provider;
    fanva::formalize::SessionSettings settings;
    /// The author's note to the model (formalize.md §3.2 instruction); may be empty.
    QString instruction;
    /// The sentences to formalize (docs/formalize.md §3.2.1); empty: the whole document.
    std::vector<int> focus;
    /// A new context's `genlCx` parents while it has no file (formalize.md §11.3): the run sees
    /// the KB as if the file held its header, and Apply creates it. Empty: an existing context.
    QStringList sees;
};

/// The window's KB offered to a review it reopens (ReviewController::openSession()): taken
/// instead of loading the KB again when it is of the session's folder and language and its
/// fingerprint is the one the session records.
struct OfferedKb {
    QString folder;
    std::shared_ptr<const fanva::lang::Kb> kb;
    std::optional<fanva::proposal::KbFingerprint> fingerprint;
};

/// What the reviewer answers when formalizing again would lose decided entries (formalize.md §9.5).
enum class LossAnswer {
    Keep, ///< keep them, marked withdrawn
    Drop, ///< let them go
    Cancel, ///< discard the new run; the review stays as it was
};

/// The review behind the reviewer window (formalize.md §9–§13): runs a formalize session on
/// the event loop (the GUI thread never waits for the model), feeds the attempt log, turns
/// the finished session into a proposal, records every decision on an undo stack, and goes
/// through the engine's Apply / Undo Apply and session file for everything it writes.
/// With an autosave folder set, unsaved work is autosaved there (§13): 2 s after a decision,
/// every 30 s while running and when the run finishes; closeSession() removes the autosave,
/// while destroying the controller without it leaves it behind for recovery, as a crash would.
class ReviewController final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ReviewController)

public:
    explicit ReviewController(QObject *parent = nullptr);
    ~ReviewController() override;

    [[nodiscard]] EntryModel *entries() const { return m_entries; }
    [[nodiscard]] AttemptLogModel *attempts() const { return m_attempts; }
    [[nodiscard]] QUndoStack *undoStack() const { return m_undoStack; }

    /// How an operation that loads the KB off the GUI thread ended (the signal says it too).
    using Done = std::function<void(const fanva::Status &)>;
    /// Starts a formalization; fails, saying why, when it cannot start (the KB does not load,
    /// the document cannot be read, the provider cannot be made). Asynchronous. For a new
    /// context (ReviewSetup::sees) the KB with its header loads off the GUI thread first: the
    /// run starts then (started()), and @p done says how the start ended (at once otherwise).
    [[nodiscard]] fanva::Status start(const ReviewSetup &setup, const Done &done = {});
    /// Asked, when a run on the review's document and context finishes, with the ids of the
    /// decided entries the merge would lose (formalize.md §9.5); unset: they are kept.
    void setLossQuestion(std::function<LossAnswer(const QStringList &ids)> question) { m_lossQuestion = std::move(question); }
    /// Whether a run started now would merge into the review (same document and context).
    [[nodiscard]] bool wouldMerge(const ReviewSetup &setup) const;
    /// What the last merge did (empty lists when the last run replaced the review).
    [[nodiscard]] const fanva::formalize::MergeResult &lastMerge() const { return m_lastMerge; }
    /// Cancels the running formalization; finished() still follows.
    void cancel();
    [[nodiscard]] bool isRunning() const;
    /// Whether there is a proposal to review (after a run or an opened session).
    [[nodiscard]] bool hasProposal() const { return m_session.has_value(); }
    /// The document the session formalized, as it read it: its path and text (empty when
    /// there is no session).
    [[nodiscard]] QString documentPath() const { return m_session ? m_session->documentPath : QString(); }
    [[nodiscard]] QString documentText() const { return m_session ? m_session->documentText : QString(); }
    [[nodiscard]] const fanva::proposal::Proposal &proposal() const;

    // --- decisions (§9), each an undoable command; false when the engine refuses ----------
    bool accept(const QString &id);
    bool reject(const QString &id);
    bool setUndecided(const QString &id);
    bool force(const QString &id);
    bool selectShape(const QString &id, int shape);
    /// Commits an edit after gating @p sentence (see gateEdit()).
    bool edit(const QString &id, const QString &sentence);
    /// The live gates' problems (blocking and notes alike) of @p sentence as the edit of entry
    /// @p id: against the KB plus the other entries Apply would write, in document order.
    [[nodiscard]] std::vector<fanva::lang::Problem> gateEdit(const QString &id, const QString &sentence) const;

    /// The diff view (§11) against the target file as it is on disk now.
    [[nodiscard]] std::vector<fanva::proposal::DiffLine> diff(bool acceptedOnly, bool wholeFile = false) const;
    /// Where sentence @p segment lies in the document's text: the first character and the
    /// one past the last (QString positions); nullopt when unknown.
    [[nodiscard]] std::optional<std::pair<int, int>> segmentRange(int segment) const;
    /// The coverage of each sentence (§10) as the engine computed it when the session
    /// finished; empty without a proposal.
    [[nodiscard]] std::vector<fanva::formalize::SegmentCoverage> coverage() const;
    /// The target context file's absolute path ("" without a proposal).
    [[nodiscard]] QString targetPath() const;

    /// The journal Apply and Undo Apply use; empty: the shared default.
    void setJournalPath(const QString &path) { m_journalPath = path; }
    /// Whether Apply commits the target file to git and Undo Apply reverts the commit
    /// (docs/spec/rewrite.md §5; the window sets it from ApplySettings). Off by default.
    void setGitCommits(bool on) { m_gitCommits = on; }
    [[nodiscard]] bool gitCommits() const { return m_gitCommits; }
    /// The Apply journal this review writes: the one set, else the default.
    [[nodiscard]] QString journalPath() const { return m_journalPath.isEmpty() ? fanva::proposal::Journal::defaultPath() : m_journalPath; }
    // --- Apply, Undo Apply and journal recovery, off the GUI thread (applying.cpp) ----------
    /// Applies the accepted entries through the engine on the applyRunner()'s thread, so the
    /// file's lock, the KB loads and git never block the GUI thread; applyFinished() follows.
    /// The entries being written take no decision meanwhile; the others do, and the Apply's
    /// outcome is merged into the proposal as it is then. Success clears the decision undo
    /// stack, since applied entries are locked. False when there is no proposal or a
    /// formalization, an Apply, an Undo Apply or the journal's recovery runs.
    bool startApply();
    /// Undoes the last Apply of this proposal through the engine, like startApply();
    /// undoApplyFinished() follows.
    bool startUndoApply();
    /// Settles the Applies a crash interrupted (formalize.md §11) on the applyRunner()'s
    /// thread: Apply and Undo Apply wait until journalRecovered() says what it did.
    bool startJournalRecovery();
    /// Whether an Apply, an Undo Apply or the journal's recovery runs.
    [[nodiscard]] bool isApplying() const;
    /// What runs Apply, Undo Apply and recovery: its progress text and cancel().
    [[nodiscard]] ApplyRunner *applyRunner() const { return m_applyRunner; }
    /// Takes the file as it is now as the base after a conflict: loads the KB off the GUI thread,
    /// then re-gates; rediffFinished() (and @p done) say how it ended and the ids whose problems
    /// changed. Fails at once while a run or another KB load goes.
    [[nodiscard]] fanva::Status rediff(std::function<void(const fanva::Status &, const QStringList &changed)> done = {});

    /// Saves a `.fanva` session file (§13), which makes the review unmodified and removes its autosave.
    [[nodiscard]] fanva::Status saveSession(const QString &path);
    /// Opens a `.fanva` session file: reads it now (failing at once when it cannot be read, or
    /// a run or another KB load goes), then loads its KB off the GUI thread, or takes
    /// @p offered when it is the session's; sessionOpened() (and @p done) say how it ended.
    [[nodiscard]] fanva::Status openSession(const QString &path, const OfferedKb &offered = {}, const Done &done = {});
    /// Whether a KB load of openSession(), recoverSession() or rediff() runs.
    [[nodiscard]] bool isLoadingKb() const { return m_loadingKb; }

    // --- autosave and crash recovery (§13) ----------------------------------------------
    /// The folder unsaved sessions are autosaved to; empty (the default) turns autosave off.
    void setAutosaveDirectory(const QString &directory);
    [[nodiscard]] QString autosaveDirectory() const;
    /// The decision debounce and the interval while running, in milliseconds.
    void setAutosaveIntervals(int decisionDebounceMs, int runningIntervalMs);
    /// The current session's autosave file ("" when autosave is off or nothing runs).
    [[nodiscard]] QString autosavePath() const;
    /// Whether the run or the decisions have changed since the session was last saved or opened.
    [[nodiscard]] bool isModified() const { return m_modified; }
    /// A clean close: the review is done with; its autosave is removed.
    void closeSession();
    /// Reopens an autosave a crashed process left behind: a session caught running reopens
    /// cancelled (interrupted). The review stays modified and goes on autosaving there. Loads
    /// like openSession(); sessionOpened() (and @p done) follow.
    [[nodiscard]] fanva::Status recoverSession(const QString &autosavePath, const OfferedKb &offered = {}, const Done &done = {});

    /// What the gates say of accepted entry @p id when it is written after the other
    /// accepted entries (formalize.md §9: every change to the accepted set re-gates them
    /// all, so two that clash show it before Apply); empty when it passes.
    [[nodiscard]] std::vector<fanva::lang::Problem> clashes(const QString &id) const;
    /// The accepted entries that clash with the others, in the order Apply writes them.
    [[nodiscard]] QStringList clashingEntries() const;

    // --- authoring (docs/formalize.md §9.1–§9.4; authoring.cpp) ----------------------------
    /// Makes an empty proposal for @p context of the KB in @p kbFolder (@p kb, already loaded):
    /// no document, the target file hashed now as the base; the author writes into it.
    /// @p sees: a new context's genlCx parents while it has no file (ReviewSetup::sees).
    /// @p kb is in any language (@p target: a context, or a nibli target name). @p fingerprint:
    /// @p kb's folder's as it was loaded (the window hashes it off the GUI thread); none: hashed now.
    [[nodiscard]] fanva::Status beginAuthoring(const QString &kbFolder, std::shared_ptr<const fanva::lang::Kb> kb, const QString &target,
        const QStringList &sees = {}, const std::optional<fanva::proposal::KbFingerprint> &fingerprint = std::nullopt);
    /// The id the next author entry gets (c1 in an empty proposal).
    [[nodiscard]] QString nextEntryId() const;
    /// The author's @p text as sentences of @p language: one per sentence when it reads as
    /// several, else the whole text (trimmed); empty for blank text.
    [[nodiscard]] static QStringList authoredSentences(const QString &text, const fanva::lang::Language &language);
    /// authoredSentences() in the review's KB language.
    [[nodiscard]] QStringList authoredSentences(const QString &text) const;
    /// Adds @p text as author entries (one per sentence) after entry @p afterId (at the end
    /// when none), each gated after the entries Apply would write: accepted, or refused when a
    /// gate refuses it. One undoable step. Returns the new ids (none when it cannot add).
    QStringList addAuthorEntries(const QString &afterId, const QString &text);
    /// The live gates' problems of @p text as new author entries (every sentence's).
    [[nodiscard]] std::vector<fanva::lang::Problem> gateNewEntry(const QString &text) const;
    // --- KB edits (docs/spec/rewrite.md §1; kbedits.cpp) --------------------------------------
    /// The target file's sentence that starts on @p line (1-based), as the proposal keeps it.
    [[nodiscard]] std::optional<fanva::formalize::ExistingSentence> existingSentence(int line) const;
    /// Whether an entry not rejected already replaces or retracts the sentence on @p line.
    [[nodiscard]] bool isRemoved(int line) const;
    /// Adds an accepted retract entry by the author for the sentence on @p line; one undoable
    /// step. Returns its id (none when there is no sentence there or it is already removed).
    QString retractSentence(int line);
    /// The gates' problems of @p sentence replacing the sentence on @p line: gated against
    /// the KB without it and without the sentences the accepted entries remove.
    [[nodiscard]] std::vector<fanva::lang::Problem> gateReplacement(int line, const QString &sentence) const;
    /// Adds a replace entry by the author (accepted unless a gate refuses it); one undoable step.
    QString replaceSentence(int line, const QString &sentence);
    /// The target file's sentences that start on @p lines and that no entry replaces or
    /// retracts yet, in file order: what Review ▸ Rewrite… would send.
    [[nodiscard]] std::vector<fanva::formalize::ExistingSentence> rewritableSentences(const std::vector<int> &lines) const;
    /// Review ▸ Rewrite… (docs/spec/rewrite.md §2): asks the model through @p provider to
    /// rewrite rewritableSentences(@p lines) as @p instruction says, in the engine's rewrite
    /// session. Runs like a formalization (started(), the attempt log, cancel(), finished());
    /// then its entries join the proposal, undecided, as one undoable step (rewriteFinished()).
    /// Fails, saying why, when it cannot start.
    [[nodiscard]] fanva::Status startRewrite(const std::vector<int> &lines, const QString &instruction,
        const fanva::llm::ProviderOptions &provider, const fanva::formalize::SessionSettings &settings);
    /// Whether the running run is a rewrite.
    [[nodiscard]] bool isRewriting() const { return m_rewriting && isRunning(); }
    /// Whether entry @p id can go to the judge alone: an edited or author entry not applied.
    [[nodiscard]] bool canRejudge(const QString &id) const;
    /// Sends the entries @p ids (those canRejudge()) to the judge alone with @p provider;
    /// asynchronous (rejudgeFinished()). Fails, saying why, when it cannot start.
    [[nodiscard]] fanva::Status rejudge(const QStringList &ids, const fanva::llm::ProviderOptions &provider);
    [[nodiscard]] bool isRejudging() const;

Q_SIGNALS:
    void started();
    /// The formalization finished (any outcome); @p outcome is its §5.5 name.
    void finished(const QString &outcome);
    /// Streamed reply text of the call in flight.
    void textDelta(int attempt, const QString &text);
    /// Streamed thinking of the call in flight.
    void thinkingDelta(int attempt, const QString &text);
    /// The proposal was replaced or an Apply / Undo Apply changed it.
    void proposalChanged();
    /// The session was autosaved to @p path.
    void autosaved(const QString &path);
    /// The accepted entries were re-gated together; clashes() may have changed.
    void clashesChanged();
    /// A rewrite ended (after finished()): @p ids are the entries it added to the proposal.
    void rewriteFinished(const QString &outcome, const QStringList &ids);
    /// A re-judge ended: the verdicts of @p ids landed on their entries (or its failure did).
    void rejudgeFinished(const QStringList &ids);
    /// startApply()'s Apply ended; the proposal holds its outcome.
    void applyFinished(const fanva::proposal::ApplyResult &result);
    /// startUndoApply()'s Undo Apply ended; the proposal holds its outcome.
    void undoApplyFinished(const fanva::proposal::UndoResult &result);
    /// startJournalRecovery() ended: @p messages say what it settled (empty: nothing to settle).
    void journalRecovered(const QStringList &messages);
    /// openSession() or recoverSession() ended: the review is the session's, or @p status says why not.
    void sessionOpened(const fanva::Status &status);
    /// rediff() ended: @p changed are the ids whose problems changed, or @p status says why not.
    void rediffFinished(const fanva::Status &status, const QStringList &changed);

private:
    /// Gates the sentences the entries Apply would write (but @p skipId's; a retract writes
    /// none), then @p extra, as one batch against the KB without the sentences those entries
    /// and @p alsoRemoved remove (docs/spec/rewrite.md §1). Returns the problems per batch
    /// item; @p gated (if set) receives the entries gated, in batch order.
    [[nodiscard]] std::vector<std::vector<fanva::lang::Problem>> gateAfterWritten(const QString &skipId, const QStringList &extra,
        const std::vector<fanva::formalize::ExistingSentence> &alsoRemoved = {},
        std::vector<const fanva::proposal::Entry *> *gated = nullptr) const;
    bool decide(const QString &id, const QString &text, const std::function<bool(fanva::proposal::Proposal &)> &change);
    void onSessionFinished();
    void finishRewrite();
    /// Loads the KB in @p folder in the language @p language (ReviewKb::load()) as the review's.
    [[nodiscard]] fanva::Status loadKb(const QString &folder, const QString &language, const fanva::proposal::Proposal *proposal = nullptr);
    [[nodiscard]] bool hasKb() const { return m_kb.isLoaded(); }
    /// Loads the KB in @p folder (with @p proposal's new-context header) off the GUI thread, or
    /// takes @p offered; @p then runs on the GUI thread once it is the review's (or why not).
    using KbLoaded = std::function<void(const fanva::Status &, const std::optional<fanva::proposal::KbFingerprint> &)>;
    /// (@p hash: the folder is hashed in the worker too, before the load, and passed to @p then.)
    [[nodiscard]] fanva::Status loadKbInBackground(const QString &folder, const QString &language,
        const fanva::proposal::Proposal *proposal, const OfferedKb &offered, const QString &sha256, bool hash, KbLoaded then);
    /// start()'s run once its KB is the review's: @p setup with the fingerprint of the KB.
    void beginRun(const ReviewSetup &setup, const QByteArray &document, std::unique_ptr<fanva::llm::Provider> provider);
    /// Checks @p session's language, then loads its KB (loadKbInBackground()) and makes it the
    /// review; @p then runs with how that ended.
    [[nodiscard]] fanva::Status adoptSession(
        fanva::proposal::SessionFile session, const OfferedKb &offered, std::function<void(fanva::Status)> then);
    /// The finished run merged into the review (formalize.md §9.5); false: the review stays.
    bool mergeRun(fanva::proposal::SessionFile fresh);
    [[nodiscard]] fanva::proposal::SessionOrigin origin() const;
    void markChanged();
    /// What the autosave writes now: the running run or the review, when modified.
    [[nodiscard]] std::optional<fanva::proposal::SessionFile> autosaveSnapshot() const;
    void regateAccepted();
    /// Takes a finished Apply's outcome (@p applied: the proposal it wrote from, now updated)
    /// into the proposal as it is now, when it is still the review's (@p sessionId).
    void mergeApplied(const fanva::proposal::Proposal &applied, const fanva::proposal::ApplyResult &result, const QString &sessionId);

    std::map<QString, std::vector<fanva::lang::Problem>> m_clashes; ///< by entry id
    EntryModel *m_entries = nullptr;
    AttemptLogModel *m_attempts = nullptr;
    QUndoStack *m_undoStack = nullptr;

    ReviewSetup m_setup;
    /// The review's KB, in any language, through the seam (the gates keep what they build
    /// once per KB, e.g. fanva-kb's critic), and its session view.
    ReviewKb m_kb;
    std::unique_ptr<fanva::llm::Provider> m_provider;
    std::unique_ptr<fanva::formalize::Session> m_run;
    std::optional<fanva::proposal::SessionFile> m_session;
    QDateTime m_created;
    QString m_sessionId;
    QString m_journalPath;
    ReviewAutosave *m_autosave = nullptr;
    bool m_modified = false;
    bool m_loadingKb = false; ///< loadKbInBackground() runs
    bool m_gitCommits = false;
    bool m_merging = false; ///< the running run merges into the review when it finishes
    bool m_rewriting = false; ///< the running run is a rewrite (startRewrite())
    std::function<LossAnswer(const QStringList &)> m_lossQuestion;
    fanva::formalize::MergeResult m_lastMerge;
    ApplyRunner *m_applyRunner = nullptr;
    QStringList m_applying; ///< the ids the running Apply writes: they take no decision meanwhile
    Rejudger *m_rejudger = nullptr;
};

Q_DECLARE_METATYPE(fanva::Status)
