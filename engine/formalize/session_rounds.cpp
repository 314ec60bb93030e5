// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Rounds (docs/spec/iteration.md §3): a document too large for the session's budget is cut
// into rounds of whole sentences, each a conversation of its own; entries accumulate.
#include "formalize/session.h"
#include "formalize/session_p.h"

#include "llm/budget.h"

#include <algorithm>

namespace fanva::formalize {

using detail::estimate;
using detail::s_budgetSlack;

QString Session::roundTurn(const std::vector<int> &listed, const std::vector<int> &focus, int part, int parts) const
{
    DocumentTurnInput turn;
    for (const Segment &s : m_segments) {
        if (std::find(listed.begin(), listed.end(), s.number) != listed.end())
            turn.segments.push_back({ s.number, formalize::segmentText(m_input.document, s), s.kind == Segment::Kind::Heading });
    }
    turn.context = m_input.context;
    turn.card = m_input.card;
    turn.resolutions = m_input.resolutions;
    turn.maxCandidates = m_input.settings.maxCandidates;
    turn.instruction = m_input.instruction;
    turn.focus = focus;
    turn.part = part;
    turn.parts = parts;
    return documentTurn(turn);
}

bool Session::turnFits(const QString &turn) const
{
    const qint64 prompt = estimate(m_input.systemPrefix) + estimate(turn) + s_budgetSlack;
    return prompt + m_input.settings.maxOutputTokens <= m_input.settings.contextWindow;
}

std::optional<int> Session::cutRounds()
{
    m_rounds.clear();
    std::vector<int> round;
    // The part numbers are not known while cutting: "part 99 of 99" is as long as any.
    auto fits = [this](const std::vector<int> &r) { return turnFits(roundTurn(r, r, 99, 99)); };
    for (const int n : m_focus) {
        std::vector<int> grown = round;
        grown.push_back(n);
        if (fits(grown)) {
            round = std::move(grown);
            continue;
        }
        if (!fits({ n }))
            return n;
        m_rounds.push_back(std::move(round));
        round = { n };
    }
    if (!round.empty())
        m_rounds.push_back(std::move(round));
    return std::nullopt;
}

void Session::startRound(std::size_t round)
{
    m_round = round;
    m_roundStart = m_attempt;
    m_history.clear();
    m_seen.clear();
    m_sawReadable = false;
    m_callKind = CallKind::Draft;
    QString turn = m_documentTurn;
    if (m_cut) {
        const std::vector<int> &segments = m_rounds[round];
        turn = roundTurn(segments, segments, int(round) + 1, int(m_rounds.size()));
        emitEvent(QStringLiteral("round-started"),
            { { "round", round + 1 }, { "rounds", m_rounds.size() }, { "segments", nlohmann::json(segments) } });
    }
    m_history.push_back({ llm::Role::User, utf8(turn) });
    nextAttempt();
}

} // namespace fanva::formalize
