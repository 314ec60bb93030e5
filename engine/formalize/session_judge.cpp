// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The fresh-context judge of formalize.md §5.3: its batches, its verdicts, and the judge repair
// turn in the formalize conversation for the items it disagreed with.
#include "formalize/judgealone.h"
#include "formalize/session.h"
#include "formalize/session_p.h"

#include "formalize/events.h"

#include "jsonutil.h"
#include "status.h"

#include "formalize/replyparser.h"
#include "llm/call.h"
#include "llm/provider.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <utility>

namespace fanva::formalize {

namespace {

using nlohmann::json;

/// Reads the judge's {"verdicts": [...]}: the whole reply, a fenced block or the first
/// object amid prose.
std::optional<json> parseVerdicts(const QString &text)
{
    const QByteArray bytes = text.trimmed().toUtf8();
    auto attempt = [](const QByteArray &b) -> std::optional<json> {
        Result<json> j = jsonutil::parse(b);
        if (j && jsonutil::array(*j, "verdicts"))
            return std::move(j).value();
        return std::nullopt;
    };
    if (auto j = attempt(bytes))
        return j;
    const qsizetype open = bytes.indexOf('{');
    const qsizetype close = bytes.lastIndexOf('}');
    if (open >= 0 && close > open)
        return attempt(bytes.mid(open, close - open + 1));
    return std::nullopt;
}

/// The verdicts of a judge reply for `items`, in item order; items the reply does not answer
/// (or answers with an unknown verdict) get a failure note.
std::vector<JudgeAloneVerdict> verdictsFor(const std::vector<JudgeAloneItem> &items, const llm::Response &response)
{
    std::vector<JudgeAloneVerdict> out;
    for (const JudgeAloneItem &item : items)
        out.push_back({ item.id, Verdict::None, QString() });
    const auto failAll = [&out](const QString &kind, const QString &detail) {
        for (JudgeAloneVerdict &v : out)
            v.note = QStringLiteral("judge failed (%1): %2").arg(kind, detail);
        return out;
    };
    if (response.stopReason == llm::StopReason::Refusal)
        return failAll(QStringLiteral("refusal"), QStringLiteral("the judge declined"));
    if (response.stopReason == llm::StopReason::MaxTokens)
        return failAll(QStringLiteral("truncated"), QStringLiteral("the judge's answer was cut off"));
    const std::optional<json> verdicts = parseVerdicts(QString::fromStdString(response.text()));
    if (!verdicts)
        return failAll(QStringLiteral("unreadable"), QStringLiteral("the judge's answer held no verdicts"));
    std::vector<bool> answered(out.size(), false);
    for (const json &v : *jsonutil::array(*verdicts, "verdicts")) {
        const std::optional<std::int64_t> number = jsonutil::optInteger(v, "item");
        if (!number || *number < 1 || *number > std::int64_t(out.size()) || answered[std::size_t(*number - 1)])
            continue;
        JudgeAloneVerdict &verdict = out[std::size_t(*number - 1)];
        answered[std::size_t(*number - 1)] = true;
        const QString name = jsonutil::string(v, "verdict");
        const std::optional<Verdict> known = verdictFromName(name);
        if (!known || *known == Verdict::None) {
            verdict.note = QStringLiteral("judge failed (unknown-verdict): %1").arg(name);
            continue;
        }
        verdict.verdict = *known;
        verdict.note = jsonutil::string(v, "note");
    }
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!answered[i])
            out[i].note = QStringLiteral("judge failed (missing-item): the judge gave no verdict for this item");
    }
    return out;
}

} // namespace

llm::Call *judgeAlone(llm::Provider &provider, const JudgeAloneInput &input, QObject *receiver, JudgeAloneDone done)
{
    std::vector<JudgeItem> items;
    for (const JudgeAloneItem &item : input.items)
        items.push_back({ item.segment, item.gloss });
    llm::Request request;
    request.purpose = "judge";
    request.model = utf8(input.model);
    request.system = { { utf8(judgeSystem()), false } };
    request.messages = { { llm::Role::User, utf8(judgeTurn(input.segments, items)) } };
    request.maxTokens = input.maxOutputTokens;
    request.outputSchema = judgeSchema();
    llm::Call *call = provider.start(request);
    // Exactly one of done() and error() arrives; `finish` runs once either way.
    auto finish = std::make_shared<JudgeAloneDone>(std::move(done));
    QObject::connect(call, &llm::Call::done, receiver, [finish, items = input.items](const llm::Response &response) {
        if (*finish)
            std::exchange(*finish, nullptr)(verdictsFor(items, response));
    });
    QObject::connect(call, &llm::Call::error, receiver, [finish, items = input.items](const llm::Response &response) {
        if (!*finish)
            return;
        const llm::Failure failure = response.failure.value_or(llm::makeFailure(llm::Failure::Kind::Protocol, "the call failed"));
        std::vector<JudgeAloneVerdict> out;
        for (const JudgeAloneItem &item : items)
            out.push_back(
                { item.id, Verdict::None, QStringLiteral("judge failed (transport): %1").arg(QString::fromStdString(failure.message)) });
        std::exchange(*finish, nullptr)(out);
    });
    return call;
}

void Session::beginJudge()
{
    m_phase = Phase::Judge;
    ++m_judgeRound;
    m_judgeQueue.clear();
    m_disagreed.clear();
    m_judgeBatchNumber = 0;
    for (Entry &e : m_entries) {
        if (e.state != EntryState::Admissible)
            continue;
        if (m_judgeRound > 1 && e.verdict != Verdict::None)
            continue;
        if (m_judgeRound > 1 && e.attempt <= 0)
            continue;
        if (e.gloss.source == QLatin1StringView("composed") || e.gloss.source == QLatin1StringView("partial")) {
            if (m_judgeRound == 1 || e.verdictNote.isEmpty())
                m_judgeQueue.push_back(e.id);
        } else if (m_judgeRound == 1) {
            e.verdict = Verdict::None;
            e.verdictNote = QStringLiteral("no gloss");
        }
    }
    emitEvent(event::judgeStarted, { { "round", m_judgeRound }, { "items", m_judgeQueue.size() } });
    judgeNextBatch();
}

void Session::judgeNextBatch()
{
    if (m_cancelled) {
        finish(QStringLiteral("cancelled"), { { "phase", "judge" }, { "attempt", m_attempt } });
        return;
    }
    if (m_judgeQueue.empty()) {
        finishJudgeRound();
        return;
    }
    const int batchSize = m_input.settings.judgeBatch;
    m_judgeBatchItems.assign(m_judgeQueue.begin(), m_judgeQueue.begin() + std::min<qsizetype>(batchSize, qsizetype(m_judgeQueue.size())));
    m_judgeQueue.erase(m_judgeQueue.begin(), m_judgeQueue.begin() + qsizetype(m_judgeBatchItems.size()));
    ++m_judgeBatchNumber;

    std::vector<JudgeItem> items;
    for (const QString &id : m_judgeBatchItems) {
        const Entry *e = entry(id);
        items.push_back({ e->segment, e->gloss.text });
    }
    auto segmentsFor = [&](bool all) {
        std::vector<PromptSegment> out;
        for (const Segment &s : m_segments) {
            bool wanted = all;
            for (const JudgeItem &item : items)
                wanted = wanted || item.segment == s.number || item.segment == s.number + 1;
            if (wanted)
                out.push_back({ s.number, formalize::segmentText(m_input.document, s), s.kind == Segment::Kind::Heading });
        }
        return out;
    };
    QString turn = judgeTurn(segmentsFor(true), items);
    std::vector<llm::Message> messages { { llm::Role::User, utf8(turn) } };
    if (!budgeted(messages, true)) {
        turn = judgeTurn(segmentsFor(false), items);
        messages = { { llm::Role::User, utf8(turn) } };
        if (!budgeted(messages, true)) {
            failJudgeItems(QStringLiteral("budget"), QStringLiteral("the judge's prompt does not fit the context window"));
            judgeNextBatch();
            return;
        }
    }
    m_callKind = CallKind::Judge;
    const QString model = m_input.settings.judgeModel.isEmpty() ? m_input.settings.model : m_input.settings.judgeModel;
    startCall(QStringLiteral("judge"), messages, true, model);
}

void Session::failJudgeItems(const QString &kind, const QString &detail)
{
    json items = json::array();
    for (const QString &id : m_judgeBatchItems) {
        if (Entry *e = entry(id)) {
            e->verdict = Verdict::None;
            e->verdictNote = QStringLiteral("judge failed (%1): %2").arg(kind, detail);
            items.push_back(utf8(id));
        }
    }
    emitEvent(event::judgeFailed,
        { { "round", m_judgeRound }, { "batch", m_judgeBatchNumber }, { "items", items }, { "kind", utf8(kind) },
            { "detail", utf8(detail) } });
    m_judgeBatchItems.clear();
}

void Session::handleJudgeReply(const llm::Response &response)
{
    if (response.stopReason == llm::StopReason::Refusal) {
        failJudgeItems(QStringLiteral("refusal"), QStringLiteral("the judge declined"));
        judgeNextBatch();
        return;
    }
    if (response.stopReason == llm::StopReason::MaxTokens) {
        failJudgeItems(QStringLiteral("truncated"), QStringLiteral("the judge's answer was cut off"));
        judgeNextBatch();
        return;
    }
    const std::optional<json> verdicts = parseVerdicts(QString::fromStdString(response.text()));
    if (!verdicts) {
        failJudgeItems(QStringLiteral("unreadable"), QStringLiteral("the judge's answer held no verdicts"));
        judgeNextBatch();
        return;
    }
    std::vector<bool> answered(m_judgeBatchItems.size(), false);
    json recorded = json::array();
    QStringList problems;
    for (const json &v : *jsonutil::array(*verdicts, "verdicts")) {
        const std::optional<std::int64_t> number = jsonutil::optInteger(v, "item");
        if (!number || *number < 1 || *number > std::int64_t(m_judgeBatchItems.size()))
            continue;
        const int item = int(*number);
        if (answered[item - 1])
            continue;
        const QString name = jsonutil::string(v, "verdict");
        const std::optional<Verdict> verdict = verdictFromName(name);
        Entry *e = entry(m_judgeBatchItems[item - 1]);
        answered[item - 1] = true;
        if (!verdict || *verdict == Verdict::None) {
            e->verdict = Verdict::None;
            e->verdictNote = QStringLiteral("judge failed (unknown-verdict): %1").arg(name);
            problems.append(e->id);
            continue;
        }
        e->verdict = *verdict;
        e->verdictNote = jsonutil::string(v, "note");
        recorded.push_back({ { "item", item }, { "candidate", utf8(e->id) }, { "verdict", utf8(name) }, { "note", utf8(e->verdictNote) } });
        if (*verdict == Verdict::Disagree)
            m_disagreed.push_back(e->id);
    }
    emitEvent(event::judgeVerdicts, { { "round", m_judgeRound }, { "batch", m_judgeBatchNumber }, { "verdicts", recorded } });
    std::vector<QString> missing;
    for (std::size_t i = 0; i < answered.size(); ++i) {
        if (!answered[i])
            missing.push_back(m_judgeBatchItems[i]);
    }
    if (!missing.empty() || !problems.isEmpty()) {
        m_judgeBatchItems = missing;
        for (const QString &id : problems)
            m_judgeBatchItems.push_back(id);
        if (!missing.empty())
            failJudgeItems(QStringLiteral("missing-item"), QStringLiteral("the judge gave no verdict for these items"));
        else
            emitEvent(event::judgeFailed,
                { { "round", m_judgeRound }, { "batch", m_judgeBatchNumber }, { "kind", "unknown-verdict" }, { "detail", "" } });
    }
    m_judgeBatchItems.clear();
    judgeNextBatch();
}

void Session::finishJudgeRound()
{
    if (m_judgeStopped || m_disagreed.empty() || m_judgeRound > m_input.settings.judgeRetries || m_cancelled) {
        finish(QString());
        return;
    }
    // One judge repair turn in the formalize conversation for this round's disagreed items.
    std::map<int, JudgeRepairGroup> groups;
    for (const QString &id : m_disagreed) {
        const Entry *e = entry(id);
        JudgeRepairGroup &g = groups[e->segment];
        g.segment = e->segment > 0 ? std::optional<int>(e->segment) : std::nullopt;
        g.segmentText = e->segment > 0 ? segmentText(e->segment) : QString();
        g.items.push_back({ e->sentence(), e->gloss.text, e->verdictNote });
    }
    std::vector<JudgeRepairGroup> ordered;
    for (auto &[segment, g] : groups)
        ordered.push_back(std::move(g));
    const QString turn = judgeRepairTurn(ordered);
    if (m_history.back().role == llm::Role::User)
        m_history.push_back({ llm::Role::Assistant, utf8(m_lastReadableReply) });
    m_history.push_back({ llm::Role::User, utf8(turn) });
    json ids = json::array();
    for (const QString &id : m_disagreed)
        ids.push_back(utf8(id));
    ++m_attempt;
    const std::optional<std::vector<llm::Message>> messages = budgeted(m_history, false);
    if (!messages) {
        m_judgeStopped = true;
        m_judgeBatchItems = m_disagreed;
        emitEvent(event::judgeFailed,
            { { "round", m_judgeRound }, { "batch", 0 }, { "kind", "budget" }, { "detail", "the judge repair turn does not fit" } });
        finish(QString());
        return;
    }
    emitEvent(event::repairSent, { { "n", m_attempt }, { "kind", "judge-repair" }, { "candidates", ids }, { "text", utf8(turn) } });
    emitEvent(event::attemptStarted, { { "n", m_attempt }, { "kind", "judge-repair" }, { "messages", messages->size() } });
    m_callKind = CallKind::JudgeRepair;
    startCall(QStringLiteral("repair"), *messages, false, m_input.settings.model);
}

void Session::handleJudgeRepairReply(const llm::Response &response)
{
    const QString text = QString::fromStdString(response.text());
    const ParsedReply parsed
        = response.stopReason == llm::StopReason::Refusal ? ParsedReply {} : parseReply(text, int(m_segments.size()), detail::bareOf(m_kb));
    const QString keyHash = detail::sha256(cycleKey(text, parsed).toUtf8());
    emitEvent(event::attemptFinished,
        { { "n", m_attempt }, { "stopReason", std::string(llm::stopReasonName(response.stopReason)) }, { "readable", parsed.isReadable() },
            { "truncated", response.stopReason == llm::StopReason::MaxTokens }, { "candidates", parsed.candidates.size() },
            { "malformedItems", parsed.malformedItems }, { "cleanedSha256", utf8(keyHash) },
            { "ms", m_callStarted.msecsTo(m_env.now()) } });
    m_history.push_back({ llm::Role::Assistant, utf8(text.trimmed().isEmpty() ? QStringLiteral("(empty reply)") : text) });
    QString failure;
    if (response.stopReason == llm::StopReason::Refusal)
        failure = QStringLiteral("refusal");
    else if (m_seen.count(keyHash))
        failure = QStringLiteral("cycle");
    else if (!parsed.isReadable())
        failure = QStringLiteral("unreadable");
    if (!failure.isEmpty()) {
        m_judgeStopped = true;
        json items = json::array();
        for (const QString &id : m_disagreed)
            items.push_back(utf8(id));
        emitEvent(event::judgeFailed,
            { { "round", m_judgeRound }, { "batch", 0 }, { "items", items }, { "kind", utf8(failure) },
                { "detail", "on the judge repair turn" } });
        finish(QString());
        return;
    }
    m_seen[keyHash] = m_attempt;
    m_lastReadableReply = text;

    // The disagreed entries are the pending set: mark them refused-like for settle().
    std::vector<QString> pending = m_disagreed;
    const std::size_t before = m_entries.size();
    settle(parsed, m_attempt, pending, true);
    // Replacements are judged in the next round.
    bool replaced = false;
    for (std::size_t i = before; i < m_entries.size(); ++i)
        replaced = replaced || m_entries[i].state == EntryState::Admissible;
    if (!replaced) {
        finish(QString());
        return;
    }
    beginJudge();
}

} // namespace fanva::formalize
