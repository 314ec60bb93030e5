// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Formalize again at the level of the session file (docs/formalize.md §9.5).
#include "proposal/sessionmerge.h"

#include "formalize/session.h"
#include "jsonutil.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QDir>
#include <QFileInfo>

#include <map>

namespace fanva::proposal {

namespace {

using nlohmann::json;

/// segment → reason of the coverage in an outcome, for untranslated segments.
std::map<int, QString> reasonsOf(const json &outcome)
{
    std::map<int, QString> out;
    const json *coverage = jsonutil::object(outcome, "coverage");
    const json *segments = coverage ? jsonutil::array(*coverage, "segments") : nullptr;
    if (!segments)
        return out;
    for (const json &s : *segments) {
        const QString reason = jsonutil::string(s, "reason");
        if (!reason.isEmpty())
            out[int(jsonutil::integer(s, "segment"))] = reason;
    }
    return out;
}

json coverageOf(const json &segments, const std::vector<formalize::Entry> &entries, const std::map<int, QString> &reasons)
{
    using State = formalize::SegmentCoverage::State;
    json rows = json::array();
    int covered = 0, untranslated = 0, silent = 0, refusedOnly = 0, total = 0;
    if (segments.is_array()) {
        for (const json &s : segments) {
            if (jsonutil::string(s, "kind") == QLatin1StringView("heading"))
                continue;
            const int number = int(jsonutil::integer(s, "number"));
            bool any = false;
            bool admissible = false;
            for (const formalize::Entry &e : entries) {
                if (e.segment != number || !e.isReviewable())
                    continue;
                any = true;
                admissible = admissible || e.state == formalize::EntryState::Admissible || e.state == formalize::EntryState::Known;
            }
            const auto reason = reasons.find(number);
            State state = State::Silent;
            if (admissible)
                state = State::Covered;
            else if (any)
                state = State::RefusedOnly;
            else if (reason != reasons.end())
                state = State::Untranslated;
            ++total;
            covered += state == State::Covered;
            untranslated += state == State::Untranslated;
            silent += state == State::Silent;
            refusedOnly += state == State::RefusedOnly;
            rows.push_back({ { "segment", number }, { "state", formalize::utf8(formalize::coverageStateName(state)) },
                { "reason", formalize::utf8(reason != reasons.end() ? reason->second : QString()) } });
        }
    }
    return { { "covered", covered }, { "total", total }, { "untranslated", untranslated }, { "silent", silent },
        { "refusedOnly", refusedOnly }, { "segments", rows } };
}

} // namespace

std::function<QString(const QString &)> canonicalKeyIn(std::shared_ptr<const kb::KnowledgeBase> kb)
{
    return [kb = std::move(kb)](const QString &sentence) {
        if (!kb)
            return QString();
        const kb::SentenceParse read = kb::parseSentence(sentence);
        return read.sentence ? QString::fromStdString(kb->canonicalKey(read.sentence->term)) : QString();
    };
}

namespace {

/// A folder's canonical path, or its absolute one when it does not exist.
QString canonicalFolder(const QString &path)
{
    const QFileInfo info(path);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : canonical;
}

} // namespace

bool isSameTarget(const SessionFile &previous, const SessionFile &fresh)
{
    return previous.proposal.context == fresh.proposal.context
        && canonicalFolder(previous.proposal.kbDir) == canonicalFolder(fresh.proposal.kbDir)
        && QFileInfo(previous.documentPath).absoluteFilePath() == QFileInfo(fresh.documentPath).absoluteFilePath();
}

SessionMerge mergeSessionFiles(const SessionFile &previous, const SessionFile &fresh, const std::set<int> &scope,
    const std::function<QString(const QString &)> &key, bool keepLost)
{
    formalize::MergeInput input;
    input.previous = previous.proposal.entries;
    input.previousSegments = previous.proposal.segmentTexts;
    input.fresh = fresh.proposal.entries;
    input.freshSegments = fresh.proposal.segmentTexts;
    input.scope = scope;
    input.key = key;
    input.keepLost = keepLost;

    SessionMerge out { fresh, formalize::mergeEntries(input) };
    SessionFile &s = out.session;
    s.id = previous.id;
    s.created = previous.created;
    s.proposal.applies = previous.proposal.applies;
    s.proposal.entries = out.merge.entries;
    // An entry whose sentence left the document is written only after a fresh decision
    // (formalize.md §9.5); one the run did not propose again keeps it (the reviewer kept it).
    for (Entry &e : s.proposal.entries) {
        const bool decided = e.decision == Decision::Accepted || e.decision == Decision::Edited || e.decision == Decision::Forced;
        if (decided && out.merge.gone.contains(e.id)) {
            e.decision = Decision::Undecided;
            e.forced.clear();
        }
    }
    s.events = previous.events;
    if (!s.events.is_array())
        s.events = json::array();
    if (fresh.events.is_array())
        s.events.insert(s.events.end(), fresh.events.begin(), fresh.events.end());
    // The run's log names its own ids: say which previous entry stands for each matched one.
    json matched = json::array();
    for (const formalize::MergeLine &line : formalize::mergeLines(out.merge)) {
        if (line.kind == formalize::MergeLine::Kind::Matched)
            matched.push_back({ { "candidate", formalize::utf8(line.id) }, { "keptAs", formalize::utf8(line.keptAs) },
                { "decision", formalize::utf8(formalize::decisionName(line.decision)) } });
    }
    auto ids = [](const QStringList &list) {
        json a = json::array();
        for (const QString &id : list)
            a.push_back(formalize::utf8(id));
        return a;
    };
    s.events.push_back({ { "seq", s.events.size() + 1 }, { "type", "merged" }, { "matched", matched }, { "added", ids(out.merge.added) },
        { "withdrawn", ids(out.merge.withdrawn) }, { "gone", ids(out.merge.gone) }, { "lost", ids(out.merge.lost) },
        { "replaced", ids(out.merge.replaced) } });

    // Untranslated reasons: the run's within its scope, else the review's for the mapped segment.
    std::map<int, QString> reasons;
    const std::vector<int> map = formalize::mapSegments(previous.proposal.segmentTexts, fresh.proposal.segmentTexts);
    for (const auto &[segment, reason] : reasonsOf(previous.outcome)) {
        const int now = segment >= 1 && segment <= int(map.size()) ? map[std::size_t(segment - 1)] : 0;
        if (now > 0 && !(scope.empty() || scope.contains(now)))
            reasons[now] = reason;
    }
    for (const auto &[segment, reason] : reasonsOf(fresh.outcome)) {
        if (scope.empty() || scope.contains(segment))
            reasons[segment] = reason;
    }
    if (!s.outcome.is_object())
        s.outcome = json::object();
    json reviewable = json::array();
    for (const formalize::Entry &e : s.proposal.entries) {
        if (e.isReviewable())
            reviewable.push_back(formalize::utf8(e.id));
    }
    s.outcome["entries"] = reviewable;
    s.outcome["coverage"] = coverageOf(s.segments, s.proposal.entries, reasons);
    return out;
}

} // namespace fanva::proposal
