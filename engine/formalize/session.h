// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"
#include "formalize/environment.h"
#include "formalize/prompts.h"
#include "formalize/segmenter.h"
#include "llm/accounting.h"
#include "llm/types.h"

#include <QByteArray>
#include <QHash>
#include <QObject>
#include <QPointer>
#include <QString>

#include <nlohmann/json.hpp>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::llm {
class Call;
class Provider;
} // namespace fanva::llm

namespace fanva::formalize {

namespace detail {
struct Preparation;
}

class SessionBatch;
class SessionLanguage;

/// The session's saved settings (formalize.md §5), clamped to their ranges by clamped().
struct SessionSettings {
    int maxAttempts = 4;
    bool judge = true;
    int judgeRetries = 1;
    int judgeBatch = 20;
    int maxCandidates = 40;
    int cardTokens = 1600;
    int maxOutputTokens = 4096;
    int contextWindow = 8192;
    QString model;
    QString judgeModel; ///< empty: the formalize model

    [[nodiscard]] SessionSettings clamped() const;
    [[nodiscard]] nlohmann::json toJson() const;
    [[nodiscard]] static SessionSettings fromJson(const nlohmann::json &json);
    friend bool operator==(const SessionSettings &, const SessionSettings &) = default;
};

/// What a session formalizes: the document, the KB and target context, and the prompt
/// pieces built from the KB (system prefix, vocabulary card, resolved words).
struct SessionInput {
    /// The fanva-kb KB (null for another language); the session gates through it when
    /// `language` is null.
    std::shared_ptr<const kb::KnowledgeBase> kb;
    /// The KB's language as the loop uses it (lang::makeSessionInput sets it for a language
    /// other than fanva-kb); null: knowledgeBaseSessionLanguage(kb, the session's hooks).
    std::shared_ptr<const SessionLanguage> language;
    /// Set for a KB whose language has the TurnVocabulary role (lang::makeSessionInput): the
    /// structured turn's language id and vocabulary (docs/spec/rules.md §2), used before `kb`.
    QString turnLanguage;
    std::function<nlohmann::json()> turnVocabulary;
    QString context;
    QByteArray document;
    QString documentName;
    QString instruction;
    SessionSettings settings;
    QString systemPrefix;
    QString card;
    std::vector<PromptResolution> resolutions;
    nlohmann::json inventoryCut = nlohmann::json::object();
    /// The card's token budget as computed (§2); below 200 the session is too large. -1: not computed.
    int cardBudget = -1;
    QString providerId;
    QString kbSha256; ///< the KB's fingerprint, for the log
    /// The segments to formalize (docs/spec/iteration.md §2); empty: the whole document.
    std::vector<int> focus;
    /// The number of the first entry id (c1 by default); a run merged into a review
    /// numbers after the review's highest (iteration.md §1).
    int firstEntryId = 1;
    /// Non-empty: a rewrite session (docs/spec/rewrite.md §2) of these sentences of the target
    /// file, numbered from 1; the document holds them one per line (rewrite.h).
    std::vector<ExistingSentence> rewrite;
    /// Set: start() calls it for the KB's prompt pieces (kb, language, systemPrefix, card,
    /// resolutions, inventoryCut, cardBudget: makeSessionInput's), on a pool thread for a large
    /// document since that work grows with the document; the other fields stay as set here.
    std::function<SessionInput()> build;
};

/// Per-entry annotations the session does not compute itself: gloss (§6), and the
/// correction with its shapes and the coined report (§7, §8). Either may be empty. They
/// serve a session on SessionInput::kb; a SessionInput::language brings its own.
struct SessionHooks {
    std::function<EntryGloss(const kb::KnowledgeBase &kb, const QString &sentence, const QString &context)> gloss;
    /// Fills shapes, selectedShape, correction and coined of an entry whose candidate reads.
    std::function<void(const kb::KnowledgeBase &kb, const QString &context, Entry &entry)> annotate;
};

/// Per-segment coverage (§10), headings not counted.
struct SegmentCoverage {
    enum class State { Covered, RefusedOnly, Untranslated, Silent };
    int segment = 0;
    State state = State::Silent;
    QString reason;
    friend bool operator==(const SegmentCoverage &, const SegmentCoverage &) = default;
};
[[nodiscard]] QString coverageStateName(SegmentCoverage::State state);

/// One formalization (formalize.md §5): the draft, gate repair turns, the cycle guard,
/// history trimming, the token budget, cancellation and the fresh-context judge with its
/// repair rounds. Asynchronous on the event loop: start() returns at once, eventAdded()
/// reports the log as it grows and finished() fires once with the outcome set. Entries
/// and the log survive every way of finishing.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    Session(llm::Provider *provider, SessionInput input, SessionHooks hooks = {}, Environment environment = Environment::system(),
        QObject *parent = nullptr);
    ~Session() override;

    /// Segments the document and runs the loop; a document that does not segment finishes
    /// at once (no call is made). A document of preparedOffThreadBytes or more is segmented and
    /// cut into rounds on a pool thread: start() returns at once, preparing() reports progress,
    /// and cancel() or the destructor stops the preparation.
    void start();
    /// The document size from which start() prepares off the caller's thread.
    static constexpr qsizetype preparedOffThreadBytes = 64 * 1024;
    /// Aborts the call in flight, makes no further call and finishes `cancelled`.
    void cancel();

    [[nodiscard]] bool isFinished() const { return m_finished; }
    [[nodiscard]] const std::vector<Segment> &segments() const { return m_segments; }
    [[nodiscard]] QString segmentText(int number) const;
    [[nodiscard]] const std::vector<Entry> &entries() const { return m_entries; }
    [[nodiscard]] const nlohmann::json &events() const { return m_events; }
    /// The outcome payload of §5.5 (empty until finished).
    [[nodiscard]] const nlohmann::json &outcome() const { return m_outcome; }
    [[nodiscard]] QString outcomeName() const;
    [[nodiscard]] std::vector<SegmentCoverage> coverage() const;
    [[nodiscard]] QString systemPrompt() const { return m_input.systemPrefix; }
    [[nodiscard]] QString documentTurnText() const { return m_documentTurn; }
    [[nodiscard]] const SessionInput &input() const { return m_input; }
    [[nodiscard]] QDateTime startedAt() const { return m_startedAt; }
    /// The error of a document that did not segment.
    [[nodiscard]] std::optional<SegmentationError> segmentationError() const { return m_segmentationError; }
    /// The segments this run formalizes (the focus; all without one), known once started.
    [[nodiscard]] const std::vector<int> &focus() const { return m_focus; }
    /// The rounds the document was cut into (iteration.md §3); 1 when it fit whole.
    [[nodiscard]] int rounds() const { return int(m_rounds.size()); }

Q_SIGNALS:
    void eventAdded(const nlohmann::json &event);
    /// A large document's preparation (start()): `done` of `total` focus segments cut.
    void preparing(qint64 done, qint64 total);
    void textDelta(int attempt, const QString &text);
    /// Streamed thinking of the call in flight (providers that stream it separately).
    void thinkingDelta(int attempt, const QString &text);
    void finished();

private:
    enum class Phase { Formalize, Judge };
    enum class CallKind { Draft, Repair, UnreadableRepair, JudgeRepair, Judge };

    struct Settled {
        int admissible = 0;
        int candidates = 0;
    };

    void emitEvent(const QString &type, nlohmann::json fields);
    /// Adopts what start() prepared and makes the first call (session_prepare.cpp).
    void prepared(detail::Preparation preparation);
    /// Runs with `built` (SessionInput::build's result) from now on.
    void adoptInput(SessionInput built);
    // Rounds (session_rounds.cpp, iteration.md §3).
    [[nodiscard]] QString roundTurn(const std::vector<int> &listed, const std::vector<int> &focus, int part, int parts) const;
    void startRound(std::size_t round);
    /// Ends the round whose repair turn does not fit the window; the next round runs.
    void skipRepair();
    void nextAttempt();
    void startCall(const QString &purpose, std::vector<llm::Message> messages, bool judge, const QString &model);
    void onReply(const llm::Response &response);
    void onError(const llm::Response &response);
    /// One `notice{n, text}` event per note of the provider's diagnostics.
    void emitNotes(const llm::Response &response);
    void handleFormalizeReply(const llm::Response &response);
    void handleJudgeReply(const llm::Response &response);
    void handleJudgeRepairReply(const llm::Response &response);
    [[nodiscard]] std::optional<std::vector<llm::Message>> budgeted(const std::vector<llm::Message> &history, bool judge);
    [[nodiscard]] QString cycleKey(const QString &reply, const ParsedReply &parsed) const;
    Settled settle(const ParsedReply &parsed, int attempt, const std::vector<QString> &pendingIds, bool judgeRepair);
    void gateInto(Entry &entry, SessionBatch &batch);
    // Rewrite sessions (session_rewrite.cpp, docs/spec/rewrite.md §3).
    void markReplacing(Entry &entry, const std::vector<int> &replaces);
    void addRetractions(const ParsedReply &parsed, int attempt);
    [[nodiscard]] std::vector<RepairGroup> pendingGroups() const;
    [[nodiscard]] std::vector<QString> pendingIds() const;
    void beginJudge();
    void judgeNextBatch();
    void finishJudgeRound();
    void failJudgeItems(const QString &kind, const QString &detail);
    void finishFormalize(const QString &stopReason, std::optional<int> cycleOf = std::nullopt);
    void finish(const QString &outcome, nlohmann::json extra = nlohmann::json::object());
    void finishFromFailure(const llm::Failure &failure);
    [[nodiscard]] Entry *entry(const QString &id);
    void addEntry(Entry entry);
    [[nodiscard]] nlohmann::json counts() const;
    [[nodiscard]] nlohmann::json coverageJson() const;
    [[nodiscard]] qint64 elapsedMs() const;
    /// True when the provider has no model to judge with (the rules provider).
    [[nodiscard]] bool noJudge() const;

    QPointer<llm::Provider> m_provider;
    SessionInput m_input;
    SessionHooks m_hooks;
    Environment m_env;
    std::shared_ptr<const SessionLanguage> m_language;

    std::vector<Segment> m_segments;
    std::vector<int> m_focus;
    std::vector<std::vector<int>> m_rounds;
    std::size_t m_round = 0;
    int m_roundStart = 0; ///< the attempt count when the round started
    bool m_cut = false; ///< the document was cut into rounds
    std::optional<SegmentationError> m_segmentationError;
    QString m_documentTurn;
    std::vector<llm::Message> m_history;
    std::vector<Entry> m_entries;
    QHash<QString, qsizetype> m_entryIndex; ///< id → index in m_entries
    /// Set by cancel() and the destructor; a preparation on a pool thread polls it.
    std::shared_ptr<std::atomic<bool>> m_stopPreparing = std::make_shared<std::atomic<bool>>(false);
    std::map<QString, int> m_seen; ///< cycle key → attempt
    std::map<int, QString> m_untranslated; ///< segment → reason
    nlohmann::json m_events = nlohmann::json::array();
    nlohmann::json m_outcome;
    QDateTime m_startedAt;
    QPointer<llm::Call> m_call;
    QString m_callText;
    CallKind m_callKind = CallKind::Draft;
    QDateTime m_callStarted;
    qint64 m_callEstimate = 0;
    Phase m_phase = Phase::Formalize;
    int m_attempt = 0;
    int m_nextId = 1;
    bool m_sawReadable = false;
    bool m_cancelled = false;
    bool m_finished = false;
    double m_calibration = 1.0;
    int m_numCtx = 0;
    QString m_lastReadableReply;
    QString m_formalizeStop;
    std::optional<int> m_cycleOf;
    llm::UsageTotal m_totalUsage;

    // Judge state.
    int m_judgeRound = 0;
    std::vector<QString> m_judgeQueue; ///< entries to judge this round
    std::vector<QString> m_judgeBatchItems; ///< entries of the call in flight
    std::vector<QString> m_disagreed;
    int m_judgeBatchNumber = 0;
    bool m_judgeStopped = false;
};

} // namespace fanva::formalize
