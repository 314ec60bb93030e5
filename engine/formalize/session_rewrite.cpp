// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The rewrite session's part of Session (docs/spec/rewrite.md §3): candidates that replace
// selected sentences, and the selected sentences a reply retracts.
#include "formalize/session.h"

#include "formalize/events.h"

#include <algorithm>

namespace fanva::formalize {

void Session::markReplacing(Entry &e, const std::vector<int> &replaces)
{
    const int n = int(m_input.rewrite.size());
    e.replaces.clear();
    for (const int k : replaces) {
        if (k >= 1 && k <= n)
            e.replaces.push_back(m_input.rewrite[std::size_t(k - 1)]);
    }
    // A candidate replacing nothing is an addition.
    e.kind = e.replaces.empty() ? EntryKind::Add : EntryKind::Replace;
    if (e.replaces.empty())
        return;
    // A replacement of sentence k withdraws an earlier reply's retraction of k.
    for (Entry &other : m_entries) {
        if (other.kind != EntryKind::Retract || other.state == EntryState::Superseded)
            continue;
        if (std::find(replaces.begin(), replaces.end(), other.segment) != replaces.end())
            other.state = EntryState::Superseded;
    }
}

void Session::addRetractions(const ParsedReply &parsed, int attempt)
{
    const int n = int(m_input.rewrite.size());
    for (const int k : parsed.retract) {
        if (k < 1 || k > n)
            continue;
        const bool replaced = std::any_of(parsed.candidates.begin(), parsed.candidates.end(),
            [k](const ReplyCandidate &c) { return std::find(c.replaces.begin(), c.replaces.end(), k) != c.replaces.end(); });
        const bool already = std::any_of(m_entries.begin(), m_entries.end(),
            [k](const Entry &e) { return e.kind == EntryKind::Retract && e.segment == k && e.state != EntryState::Superseded; });
        if (replaced || already)
            continue;
        Entry e;
        e.id = QStringLiteral("c%1").arg(m_nextId++);
        e.segment = k;
        e.attempt = attempt;
        e.kind = EntryKind::Retract;
        e.replaces = { m_input.rewrite[std::size_t(k - 1)] };
        e.candidate = e.replaces.front().text;
        e.shapes = QStringList { e.candidate };
        e.state = EntryState::Admissible;
        addEntry(e);
        emitEvent(event::gateResult,
            { { "n", attempt }, { "candidate", utf8(e.id) }, { "segment", k }, { "gate", "retract" }, { "ok", true },
                { "state", utf8(entryStateName(e.state)) }, { "problems", nlohmann::json::array() } });
    }
}

} // namespace fanva::formalize
