// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/session.h"
#include "formalize/session_p.h"

#include "formalize/events.h"

#include "enumnames.h"
#include "jsonutil.h"

#include "formalize/replyparser.h"
#include "formalize/rewrite.h"
#include "formalize/sessionkb.h"
#include "formalize/turnframe.h"
#include "formalize/vocabulary.h"
#include "lang/gatereport.h"
#include "lang/language.h"
#include "lang/turnvocabulary.h"
#include "llm/budget.h"
#include "llm/call.h"
#include "llm/provider.h"

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace fanva::formalize {

namespace {

using nlohmann::json;

using detail::estimate;
using detail::s_budgetSlack;
using detail::s_minimumCard;
using detail::sha256;

constexpr int s_historyPairs = 3;
json problemsJson(const std::vector<lang::Problem> &problems)
{
    return problemsToJson(problems);
}

/// §5.5: the error kind a provider failure is reported as.
QString errorKind(const llm::Failure &failure)
{
    using K = llm::Failure::Kind;
    switch (failure.kind) {
    case K::Credential:
        return QStringLiteral("auth");
    case K::Http:
        return failure.httpStatus == 401 || failure.httpStatus == 403 ? QStringLiteral("auth") : QStringLiteral("http");
    case K::RateLimited:
    case K::Overloaded:
    case K::ModelMissing:
        return QStringLiteral("http");
    case K::Connect:
    case K::Tls:
    case K::StreamCut:
        return QStringLiteral("transport");
    case K::Timeout:
        return QStringLiteral("timeout");
    case K::Protocol:
    case K::MidStreamError:
    case K::Config:
    case K::TooLarge:
    case K::Cancelled:
        return QStringLiteral("protocol");
    }
    return QStringLiteral("protocol");
}

} // namespace

// --- settings ---------------------------------------------------------------------------

SessionSettings SessionSettings::clamped() const
{
    SessionSettings s = *this;
    s.maxAttempts = std::clamp(s.maxAttempts, 1, 10);
    s.judgeRetries = std::clamp(s.judgeRetries, 0, 3);
    s.judgeBatch = std::clamp(s.judgeBatch, 1, 50);
    s.maxCandidates = std::clamp(s.maxCandidates, 1, 200);
    s.cardTokens = std::clamp(s.cardTokens, 200, 8000);
    s.maxOutputTokens = std::clamp(s.maxOutputTokens, 256, 32768);
    s.contextWindow = std::max(s.contextWindow, 1);
    return s;
}

json SessionSettings::toJson() const
{
    return { { "maxAttempts", maxAttempts }, { "judge", judge }, { "judgeRetries", judgeRetries }, { "judgeBatch", judgeBatch },
        { "maxCandidates", maxCandidates }, { "cardTokens", cardTokens }, { "maxOutputTokens", maxOutputTokens },
        { "contextWindow", contextWindow }, { "model", utf8(model) }, { "judgeModel", utf8(judgeModel) } };
}

SessionSettings SessionSettings::fromJson(const json &j)
{
    SessionSettings s;
    if (!j.is_object())
        return s;
    auto integer = [&](const char *key, int &out) {
        // Out-of-range values are clamped below, so they saturate rather than wrap.
        if (const std::optional<std::int64_t> value = jsonutil::optInteger(j, key))
            out = int(std::clamp<std::int64_t>(*value, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
    };
    integer("maxAttempts", s.maxAttempts);
    integer("judgeRetries", s.judgeRetries);
    integer("judgeBatch", s.judgeBatch);
    integer("maxCandidates", s.maxCandidates);
    integer("cardTokens", s.cardTokens);
    integer("maxOutputTokens", s.maxOutputTokens);
    integer("contextWindow", s.contextWindow);
    s.judge = jsonutil::boolean(j, "judge", s.judge);
    s.model = jsonutil::string(j, "model", s.model);
    s.judgeModel = jsonutil::string(j, "judgeModel", s.judgeModel);
    return s.clamped();
}

// --- session ----------------------------------------------------------------------------

Session::Session(llm::Provider *provider, SessionInput input, Environment environment, QObject *parent)
    : QObject(parent)
    , m_provider(provider)
    , m_input(std::move(input))
    , m_env(std::move(environment))
{
    m_input.settings = m_input.settings.clamped();
    m_nextId = std::max(1, m_input.firstEntryId);
    m_kb = m_input.kb ? std::make_shared<const SessionKb>(m_input.kb) : nullptr;
}

Session::~Session()
{
    m_stopPreparing->store(true); // a preparation still running holds its own copy of the input
    if (m_call)
        m_call->cancel();
}

QString Session::segmentText(int number) const
{
    // Segments are numbered 1…n in order (segmenter.h).
    if (number >= 1 && std::size_t(number) <= m_segments.size() && m_segments[std::size_t(number) - 1].number == number)
        return formalize::segmentText(m_input.document, m_segments[std::size_t(number) - 1]);
    for (const Segment &s : m_segments) {
        if (s.number == number)
            return formalize::segmentText(m_input.document, s);
    }
    return {};
}

QString Session::outcomeName() const
{
    return jsonutil::string(m_outcome, "outcome");
}

qint64 Session::elapsedMs() const
{
    return m_startedAt.isValid() ? m_startedAt.msecsTo(m_env.now()) : 0;
}

void Session::emitEvent(QLatin1StringView type, json fields)
{
    fields["seq"] = m_events.size() + 1;
    fields["t"] = elapsedMs();
    fields["type"] = std::string(type.data(), std::size_t(type.size()));
    m_events.push_back(fields);
    Q_EMIT eventAdded(fields);
}

Entry *Session::entry(const QString &id)
{
    const auto it = m_entryIndex.constFind(id);
    return it == m_entryIndex.constEnd() ? nullptr : &m_entries[std::size_t(*it)];
}

void Session::addEntry(Entry entry)
{
    m_entryIndex.insert(entry.id, qsizetype(m_entries.size()));
    m_entries.push_back(std::move(entry));
}

void Session::cancel()
{
    if (m_finished || m_cancelled)
        return;
    m_cancelled = true;
    m_stopPreparing->store(true);
    if (m_call) {
        m_call->cancel();
        return;
    }
    finish(QStringLiteral("cancelled"), { { "phase", m_phase == Phase::Judge ? "judge" : "formalize" }, { "attempt", m_attempt } });
}

std::optional<std::vector<llm::Message>> Session::budgeted(const std::vector<llm::Message> &history, bool judge)
{
    // The document turn plus the last pairs; a pair that does not fit goes, oldest first.
    std::vector<llm::Message> messages;
    if (judge) {
        messages = history;
    } else {
        const std::size_t pairs = (history.size() - 1) / 2;
        const std::size_t keep = std::min<std::size_t>(pairs, s_historyPairs);
        messages.push_back(history.front());
        messages.insert(messages.end(), history.end() - qsizetype(keep * 2), history.end());
    }
    const QString &system = judge ? judgeSystem() : m_input.systemPrefix;
    auto tokens = [&] {
        qint64 sum = estimate(system) + s_budgetSlack;
        for (const llm::Message &m : messages)
            sum += llm::estimateTokens(m.text);
        return sum;
    };
    while (std::ceil(double(tokens()) * m_calibration) + m_input.settings.maxOutputTokens > m_input.settings.contextWindow) {
        if (judge || messages.size() < 5)
            return std::nullopt;
        messages.erase(messages.begin() + 1, messages.begin() + 3);
    }
    m_callEstimate = tokens();
    return messages;
}

void Session::nextAttempt()
{
    if (m_cancelled) {
        finish(QStringLiteral("cancelled"), { { "phase", "formalize" }, { "attempt", m_attempt } });
        return;
    }
    if (m_attempt - m_roundStart >= m_input.settings.maxAttempts) {
        finishFormalize(QStringLiteral("cap"));
        return;
    }
    const std::optional<std::vector<llm::Message>> messages = budgeted(m_history, false);
    if (!messages && m_callKind != CallKind::Draft) {
        skipRepair(); // the round ends; the others still run (formalize.md §5.6)
        return;
    }
    ++m_attempt;
    if (!messages) {
        finish(QStringLiteral("too-large"),
            { { "attempt", m_attempt },
                { "tokens", { { "window", m_input.settings.contextWindow }, { "reserved", m_input.settings.maxOutputTokens } } } });
        return;
    }
    static constexpr std::array kinds {
        EnumName { CallKind::Draft, QLatin1StringView("draft") },
        EnumName { CallKind::Repair, QLatin1StringView("repair") },
        EnumName { CallKind::UnreadableRepair, QLatin1StringView("unreadable-repair") },
        EnumName { CallKind::JudgeRepair, QLatin1StringView("judge-repair") },
        EnumName { CallKind::Judge, QLatin1StringView("judge") },
    };
    emitEvent(
        event::attemptStarted, { { "n", m_attempt }, { "kind", utf8(enumName(kinds, m_callKind)) }, { "messages", messages->size() } });
    startCall(
        m_callKind == CallKind::Draft ? QStringLiteral("formalize") : QStringLiteral("repair"), *messages, false, m_input.settings.model);
}

bool Session::noJudge() const
{
    // Without a model there is no reader to ask (docs/spec/rules.md §4).
    return m_provider && !m_provider->info().judges;
}

void Session::startCall(const QString &purpose, std::vector<llm::Message> messages, bool judge, const QString &model)
{
    llm::Request request;
    request.purpose = utf8(purpose);
    request.model = utf8(model);
    request.system = { { utf8(judge ? judgeSystem() : m_input.systemPrefix), !judge } };
    request.messages = std::move(messages);
    request.maxTokens = m_input.settings.maxOutputTokens;
    request.outputSchema = judge ? judgeSchema() : m_input.rewrite.empty() ? outputSchema() : rewriteSchema();
    request.numCtx = m_numCtx;
    const lang::TurnVocabulary *turnVocabulary = m_kb ? m_kb->kb().language().turnVocabulary() : nullptr;
    if (!judge && m_input.rewrite.empty() && turnVocabulary && m_provider->info().readsStructuredTurn) {
        // The rules provider reads no prose: it gets the turn as data (docs/spec/rules.md §2).
        // A repair turn names the sentences still pending (their refused candidates), not the round's.
        std::vector<int> segments = m_round < m_rounds.size() ? m_rounds[m_round] : m_focus;
        const bool repair = m_callKind == CallKind::Repair || m_callKind == CallKind::UnreadableRepair;
        if (repair) {
            segments.clear();
            for (const RepairGroup &group : pendingGroups()) {
                if (group.segment && std::find(segments.begin(), segments.end(), *group.segment) == segments.end())
                    segments.push_back(*group.segment);
            }
        }
        const lang::Kb &kb = m_kb->kb();
        request.structured = structuredTurn(
            kb.language().id(), m_input.context, m_input.document, m_segments, segments, turnVocabulary->vocabulary(kb, m_input.context));
        (*request.structured)["purpose"] = request.purpose;
        if (repair && segments.empty())
            (*request.structured)["segments"] = json::array();
    }
    m_callText.clear();
    m_callStarted = m_env.now();
    llm::Call *call = m_provider->start(request);
    m_call = call;
    const int attempt = m_attempt;
    connect(call, &llm::Call::textDelta, this, [this, attempt](const QString &text) {
        m_callText += text;
        Q_EMIT textDelta(attempt, text);
    });
    connect(call, &llm::Call::thinkingDelta, this, [this, attempt](const QString &text) { Q_EMIT thinkingDelta(attempt, text); });
    connect(call, &llm::Call::notice, this, [this, attempt](const QString &text) {
        emitEvent(event::notice, { { "n", attempt }, { "text", utf8(text) } });
    });
    connect(call, &llm::Call::done, this, &Session::onReply);
    connect(call, &llm::Call::error, this, &Session::onError);
}

void Session::emitNotes(const llm::Response &response)
{
    for (const std::string &note : response.diag.notes)
        emitEvent(event::notice, { { "n", m_attempt }, { "text", note } });
}

void Session::onError(const llm::Response &response)
{
    m_call.clear();
    emitNotes(response);
    const llm::Failure failure = response.failure.value_or(llm::makeFailure(llm::Failure::Kind::Protocol, "the call failed"));
    if (m_phase == Phase::Judge && failure.kind != llm::Failure::Kind::Cancelled) {
        // The judge fails open: the items keep no verdict and the outcome stands.
        if (m_callKind == CallKind::Judge) {
            failJudgeItems(QStringLiteral("transport"), QString::fromStdString(failure.message));
            judgeNextBatch();
        } else {
            m_judgeStopped = true;
            failJudgeItems(QStringLiteral("transport"), QString::fromStdString(failure.message));
            finishJudgeRound();
        }
        return;
    }
    finishFromFailure(failure);
}

void Session::finishFromFailure(const llm::Failure &failure)
{
    const QString outcome = QString::fromStdString(failure.outcome.empty() ? llm::outcomeFor(failure.kind) : failure.outcome);
    if (outcome == QLatin1StringView("cancelled") || m_cancelled) {
        finish(QStringLiteral("cancelled"), { { "phase", m_phase == Phase::Judge ? "judge" : "formalize" }, { "attempt", m_attempt } });
        return;
    }
    if (outcome == QLatin1StringView("too-large")) {
        finish(outcome, { { "attempt", m_attempt }, { "message", failure.message } });
        return;
    }
    finish(QStringLiteral("chat-failed"),
        { { "attempt", m_attempt },
            { "error", { { "kind", utf8(errorKind(failure)) }, { "httpStatus", failure.httpStatus }, { "message", failure.message } } } });
}

void Session::onReply(const llm::Response &response)
{
    m_call.clear();
    emitNotes(response);
    const llm::Usage &u = response.usage;
    m_totalUsage.add(u);
    json usage = llm::usageToJson(u);
    usage["n"] = m_attempt;
    usage["estimatedInput"] = m_callEstimate;
    emitEvent(event::usage, usage);
    if (u.input && m_callEstimate > 0)
        m_calibration = std::max(1.0, double(*u.input) / double(m_callEstimate));
    m_numCtx = std::max(m_numCtx, response.diag.numCtx);
    if (!m_callText.isEmpty())
        emitEvent(event::textDelta, { { "n", m_attempt }, { "text", utf8(m_callText) } });
    const std::string thinking = response.thinking();
    if (!thinking.empty())
        emitEvent(event::thinkingDelta, { { "n", m_attempt }, { "text", thinking } });

    switch (m_callKind) {
    case CallKind::Judge:
        handleJudgeReply(response);
        return;
    case CallKind::JudgeRepair:
        handleJudgeRepairReply(response);
        return;
    default:
        handleFormalizeReply(response);
        return;
    }
}

QString Session::cycleKey(const QString &reply, const ParsedReply &parsed) const
{
    if (!parsed.isReadable())
        return reply.simplified();
    json c = json::array();
    for (const ReplyCandidate &candidate : parsed.candidates) {
        const std::optional<std::string> key = m_kb->key(candidate.sentence);
        const json text = key ? json(*key) : json(utf8(candidate.sentence));
        c.push_back({ candidate.segment.value_or(0), text });
    }
    std::set<int> untranslated;
    for (const ReplyUntranslated &u : parsed.untranslated)
        untranslated.insert(u.segment);
    return QString::fromStdString(json { { "c", c }, { "u", untranslated } }.dump());
}

void Session::handleFormalizeReply(const llm::Response &response)
{
    const QString text = QString::fromStdString(response.text());
    const qint64 ms = m_callStarted.msecsTo(m_env.now());
    if (response.stopReason == llm::StopReason::Refusal) {
        emitEvent(event::attemptFinished,
            { { "n", m_attempt }, { "stopReason", "refusal" }, { "readable", false }, { "truncated", false }, { "candidates", 0 },
                { "malformedItems", 0 }, { "cleanedSha256", "" }, { "ms", ms } });
        json extra = { { "attempt", m_attempt }, { "stopReason", "refusal" } };
        if (response.refusal)
            extra["category"] = response.refusal->category;
        finish(QStringLiteral("refused"), extra);
        return;
    }
    const bool toolUse = response.stopReason == llm::StopReason::ToolUse;
    const ParsedReply parsed = toolUse ? ParsedReply {} : parseReply(text, int(m_segments.size()), detail::bareOf(m_kb));
    const QString key = cycleKey(text, parsed);
    const QString keyHash = sha256(key.toUtf8());
    emitEvent(event::attemptFinished,
        { { "n", m_attempt }, { "stopReason", std::string(llm::stopReasonName(response.stopReason)) }, { "readable", parsed.isReadable() },
            { "truncated", response.stopReason == llm::StopReason::MaxTokens }, { "candidates", parsed.candidates.size() },
            { "malformedItems", parsed.malformedItems }, { "cleanedSha256", utf8(keyHash) }, { "ms", ms } });
    if (const auto seen = m_seen.find(keyHash); seen != m_seen.end()) {
        emitEvent(event::cycleDetected, { { "n", m_attempt }, { "repeats", seen->second } });
        m_cycleOf = seen->second;
        finishFormalize(QStringLiteral("cycle"), seen->second);
        return;
    }
    m_seen[keyHash] = m_attempt;

    const QString assistantText = text.trimmed().isEmpty() ? QStringLiteral("(empty reply)") : text;
    if (!parsed.isReadable()) {
        const QString reason = toolUse ? QStringLiteral("it held no JSON object and no s-expression") : parsed.unreadableReason();
        const QString turn = unreadableTurn(reason, pendingGroups());
        m_history.push_back({ llm::Role::Assistant, utf8(assistantText) });
        m_history.push_back({ llm::Role::User, utf8(turn) });
        emitEvent(event::repairSent,
            { { "n", m_attempt }, { "kind", "unreadable-repair" }, { "candidates", json::array() }, { "text", utf8(turn) } });
        m_callKind = CallKind::UnreadableRepair;
        nextAttempt();
        return;
    }
    const bool firstReadable = !m_sawReadable;
    m_sawReadable = true;
    m_lastReadableReply = text;
    settle(parsed, m_attempt, pendingIds(), false);
    if (firstReadable && parsed.candidates.empty() && parsed.retract.empty()) {
        finishFormalize(QStringLiteral("nothing-proposed"));
        return;
    }
    const std::vector<QString> pending = pendingIds();
    if (pending.empty()) {
        finishFormalize(QStringLiteral("converged"));
        return;
    }
    if (m_attempt - m_roundStart >= m_input.settings.maxAttempts) {
        finishFormalize(QStringLiteral("cap"));
        return;
    }
    int kept = 0;
    for (const Entry &e : m_entries)
        kept += (e.state == EntryState::Admissible || e.state == EntryState::Known) && e.attempt > m_roundStart;
    const QString turn = repairTurn(kept, pendingGroups());
    m_history.push_back({ llm::Role::Assistant, utf8(assistantText) });
    m_history.push_back({ llm::Role::User, utf8(turn) });
    json ids = json::array();
    for (const QString &id : pending)
        ids.push_back(utf8(id));
    emitEvent(event::repairSent, { { "n", m_attempt }, { "kind", "repair" }, { "candidates", ids }, { "text", utf8(turn) } });
    m_callKind = CallKind::Repair;
    nextAttempt();
}

void Session::gateInto(Entry &e, lang::Batch &batch)
{
    const lang::GateReport report = m_kb->gate(e.candidate, m_input.context, &batch, -1);
    e.shapes = QStringList { e.candidate };
    e.selectedShape = 1;
    if (!report.isAdmissible()) {
        e.state = EntryState::Refused;
        e.problems = report.problems;
    } else if (report.isDuplicate()) {
        e.state = EntryState::Dropped;
        e.notes = report.notes;
    } else {
        e.state = report.isKnown() ? EntryState::Known : EntryState::Admissible;
        e.notes = report.notes;
    }
    if (e.segment == 0)
        e.notes.push_back({ QString(lang::problem::noSegment),
            QStringLiteral("The model named no sentence of the document for this candidate."), std::nullopt });
    if (report.statement)
        m_kb->annotate(m_input.context, e);
    if (e.selectedShape != 1 && e.state != EntryState::Dropped) {
        // Problems follow the selected shape (§7); the candidate's state stays as gated.
        const lang::GateReport shaped = m_kb->gate(e.sentence(), m_input.context, nullptr, -1);
        e.problems = shaped.isAdmissible() ? std::vector<lang::Problem>() : shaped.problems;
        if (shaped.isAdmissible())
            e.notes = shaped.notes;
    }
    if (e.state != EntryState::Refused)
        e.gloss = m_kb->gloss(e.sentence(), m_input.context);

    json problems = problemsJson(e.problems);
    const QString gate = report.failedGate ? lang::gateId(*report.failedGate) : lang::gateId(lang::Gate::RoundTrip);
    emitEvent(event::gateResult,
        { { "n", e.attempt }, { "candidate", utf8(e.id) }, { "segment", e.segment }, { "gate", utf8(gate) },
            { "ok", report.isAdmissible() }, { "state", utf8(entryStateName(e.state)) }, { "problems", problems } });
}

Session::Settled Session::settle(const ParsedReply &parsed, int attempt, const std::vector<QString> &pending, bool judgeRepair)
{
    Settled settled;
    const std::unique_ptr<lang::Batch> batch = m_kb->newBatch();
    int index = 0;
    const std::set<QString> pendingSet(pending.begin(), pending.end());
    for (const Entry &e : m_entries) {
        if (e.state != EntryState::Admissible && e.state != EntryState::Known)
            continue;
        if (pendingSet.contains(e.id))
            continue;
        if (m_kb->admit(*batch, e.sentence(), m_input.context, index + 1))
            ++index;
    }

    const int segmentCount = int(m_segments.size());
    auto pendingOf = [&](int segment) {
        std::vector<Entry *> out;
        for (const QString &id : pending) {
            Entry *e = entry(id);
            if (e && e->segment == segment)
                out.push_back(e);
        }
        return out;
    };

    for (const ReplyUntranslated &u : parsed.untranslated) {
        m_untranslated[u.segment] = u.reason;
        for (Entry *e : pendingOf(u.segment)) {
            if (judgeRepair) {
                e->notes.push_back({ QString(lang::problem::withdrawn),
                    QStringLiteral("The model withdrew this candidate: %1").arg(u.reason), std::nullopt });
            } else {
                e->state = EntryState::Dropped;
                e->notes.push_back({ QString(lang::problem::untranslated), u.reason, std::nullopt });
            }
        }
    }

    if (!m_input.rewrite.empty() && !judgeRepair)
        addRetractions(parsed, attempt);
    std::set<int> supersededSegments;
    for (const ReplyCandidate &c : parsed.candidates) {
        Entry e;
        e.id = QStringLiteral("c%1").arg(m_nextId++);
        const int segment = c.segment.value_or(0);
        e.segment = segment >= 1 && segment <= segmentCount ? segment : 0;
        e.attempt = attempt;
        e.candidate = c.sentence.trimmed();
        e.confidence = c.confidence;
        e.strength = QString(strengthName(c.strength));
        e.pattern = c.pattern;
        e.unused = c.unused;
        if (!m_input.rewrite.empty())
            markReplacing(e, c.replaces);
        ++settled.candidates;

        std::vector<Entry *> predecessors = pendingOf(e.segment);
        if (judgeRepair) {
            // An unchanged repeat keeps the original.
            const bool repeat = std::any_of(predecessors.begin(), predecessors.end(),
                [&](const Entry *p) { return p->sentence().simplified() == e.candidate.simplified(); });
            if (repeat)
                continue;
        }
        addEntry(e);
        Entry &added = m_entries.back();
        gateInto(added, *batch);
        // Pointers into m_entries may have moved: look the predecessors up again.
        predecessors = pendingOf(added.segment);
        if (judgeRepair && added.state == EntryState::Refused) {
            // A refused judge replacement joins the original's history; the original stays.
            for (Entry *p : predecessors)
                p->history.push_back({ added.id, attempt, added.candidate, QStringLiteral("refused-replacement"), added.problems });
            added.state = EntryState::Dropped;
            continue;
        }
        if (added.state == EntryState::Admissible || added.state == EntryState::Known)
            ++settled.admissible;
        for (Entry *p : predecessors) {
            if (p->state == EntryState::Superseded)
                continue;
            supersededSegments.insert(p->segment);
            Entry copy = *p;
            p->state = EntryState::Superseded;
            Entry *replacement = entry(added.id);
            replacement->history.insert(replacement->history.end(), copy.history.begin(), copy.history.end());
            replacement->history.push_back({ copy.id, copy.attempt, copy.candidate, QStringLiteral("superseded"), copy.problems });
        }
    }
    return settled;
}

std::vector<QString> Session::pendingIds() const
{
    std::vector<QString> out;
    for (const Entry &e : m_entries) {
        if (e.state == EntryState::Refused && e.attempt > m_roundStart)
            out.push_back(e.id);
    }
    return out;
}

std::vector<RepairGroup> Session::pendingGroups() const
{
    std::map<int, RepairGroup> bySegment; // 0 = no segment, ordered last below
    for (const Entry &e : m_entries) {
        if (e.state != EntryState::Refused || e.attempt <= m_roundStart)
            continue;
        RepairGroup &group = bySegment[e.segment];
        if (group.refused.empty()) {
            group.segment = e.segment > 0 ? std::optional<int>(e.segment) : std::nullopt;
            group.segmentText = e.segment > 0 ? segmentText(e.segment) : QString();
        }
        group.refused.push_back({ e.candidate, e.problems });
    }
    std::vector<RepairGroup> out;
    for (auto &[segment, group] : bySegment) {
        if (segment > 0)
            out.push_back(std::move(group));
    }
    if (auto it = bySegment.find(0); it != bySegment.end())
        out.push_back(std::move(it->second));
    return out;
}

void Session::finishFormalize(const QString &stopReason, std::optional<int> cycleOf)
{
    // Over rounds: converged if every round converged, else the last round's that did not.
    if (m_round == 0 || stopReason != QLatin1StringView("converged")) {
        m_formalizeStop = stopReason;
        m_cycleOf = cycleOf;
    }
    if (m_round + 1 < m_rounds.size() && !m_cancelled) {
        startRound(m_round + 1);
        return;
    }
    const bool admissible
        = std::any_of(m_entries.begin(), m_entries.end(), [](const Entry &e) { return e.state == EntryState::Admissible; });
    if (m_input.settings.judge && admissible && !m_cancelled && !noJudge()) {
        beginJudge();
        return;
    }
    finish(QString());
}

// --- finishing ---------------------------------------------------------------------------

json Session::counts() const
{
    json c = { { "admissible", 0 }, { "known", 0 }, { "refused", 0 }, { "superseded", 0 }, { "dropped", 0 } };
    for (const Entry &e : m_entries)
        c[utf8(entryStateName(e.state))] = c[utf8(entryStateName(e.state))].get<int>() + 1;
    return c;
}

void Session::finish(const QString &outcome, json extra)
{
    if (m_finished)
        return;
    m_finished = true;
    if (m_call)
        m_call->cancel();

    QString name = outcome;
    json payload = std::move(extra);
    json refused = json::array();
    bool kept = false;
    for (const Entry &e : m_entries) {
        kept = kept || e.state == EntryState::Admissible || e.state == EntryState::Known;
        if (e.state == EntryState::Refused)
            refused.push_back(utf8(e.id));
    }
    if (name.isEmpty()) {
        if (kept && refused.empty()) {
            name = QStringLiteral("success");
            payload["stopReason"] = "converged";
        } else if (kept) {
            name = QStringLiteral("partial");
            payload["stopReason"] = utf8(m_formalizeStop);
            payload["refused"] = refused;
        } else {
            name = QStringLiteral("exhausted");
            // Nothing pending yet nothing kept: every candidate was withdrawn or dropped.
            QString stop = m_formalizeStop;
            if (stop == QLatin1StringView("converged"))
                stop = QStringLiteral("nothing-proposed");
            payload["stopReason"] = utf8(stop.isEmpty() ? QStringLiteral("cap") : stop);
            if (m_cycleOf)
                payload["cycleOf"] = *m_cycleOf;
            json last = json::array();
            for (const Entry &e : m_entries) {
                if (e.state == EntryState::Refused)
                    last.push_back({ { "id", utf8(e.id) }, { "problems", problemsJson(e.problems) } });
            }
            payload["problems"] = last;
        }
    }
    if (!payload.contains("stopReason"))
        payload["stopReason"] = utf8(name);
    json judge = { { "agree", 0 }, { "disagree", 0 }, { "unsure", 0 }, { "skipped", 0 }, { "failed", 0 } };
    for (const Entry &e : m_entries) {
        if (e.state != EntryState::Admissible)
            continue;
        if (e.verdict == Verdict::Agree)
            judge["agree"] = judge["agree"].get<int>() + 1;
        else if (e.verdict == Verdict::Disagree)
            judge["disagree"] = judge["disagree"].get<int>() + 1;
        else if (e.verdict == Verdict::Unsure)
            judge["unsure"] = judge["unsure"].get<int>() + 1;
        else if (e.verdictNote.startsWith(QLatin1StringView("judge failed")))
            judge["failed"] = judge["failed"].get<int>() + 1;
        else if (m_input.settings.judge)
            judge["skipped"] = judge["skipped"].get<int>() + 1;
    }
    json entries = json::array();
    for (const Entry &e : m_entries) {
        if (e.isReviewable())
            entries.push_back(utf8(e.id));
    }
    payload["outcome"] = utf8(name);
    payload["attempts"] = m_attempt;
    if (m_rounds.size() > 1)
        payload["rounds"] = m_rounds.size();
    payload["entries"] = entries;
    payload["coverage"] = coverageJson();
    if (m_input.settings.judge && noJudge())
        judge["skippedReason"] = "drafted by rules — no model, so no judge";
    payload["judge"] = judge;
    payload["usage"] = m_totalUsage.toJson();
    payload["vocabulary"] = vocabularyJson(m_kb ? m_kb->vocabulary(m_input.context, m_entries) : CoinedReport {});
    m_outcome = payload;
    emitEvent(event::finished,
        { { "outcome", utf8(name) }, { "stopReason", payload["stopReason"] }, { "counts", counts() }, { "coverage", payload["coverage"] },
            { "judge", judge }, { "vocabulary", payload["vocabulary"] } });
    Q_EMIT finished();
}

} // namespace fanva::formalize
