// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Rounds (docs/formalize.md §5.6): a document too large for the session's budget is cut
// into rounds of whole sentences, each a conversation of its own; entries accumulate.
#include "formalize/session.h"
#include "formalize/session_p.h"

#include "formalize/events.h"

#include "llm/budget.h"

#include <algorithm>
#include <set>

namespace fanva::formalize {

using detail::estimate;
using detail::s_budgetSlack;

namespace {

/// Bytes a round's heading may need beyond the one measured with no segment: the count.
constexpr qint64 s_headingSlack = 8;
/// The part number the cut measures a heading with: as long as any.
constexpr int s_maxParts = 99999;

qint64 utf8Size(const QString &text)
{
    return text.toUtf8().size();
}

} // namespace

namespace detail {

QString roundTurn(const SessionInput &input, const std::vector<Segment> &segments, const std::vector<int> &listed,
    const std::vector<int> &focus, int part, int parts)
{
    // Segments are numbered 1…n in order (segmenter.h): the listed ones are looked up by number,
    // so a round's turn costs its own segments, not the document's.
    std::vector<int> numbers = listed;
    std::sort(numbers.begin(), numbers.end());
    numbers.erase(std::unique(numbers.begin(), numbers.end()), numbers.end());
    DocumentTurnInput turn;
    for (const int n : numbers) {
        if (n < 1 || std::size_t(n) > segments.size())
            continue;
        const Segment &s = segments[std::size_t(n) - 1];
        turn.segments.push_back({ s.number, formalize::segmentText(input.document, s), s.kind == Segment::Kind::Heading });
    }
    turn.context = input.context;
    turn.card = input.card;
    turn.resolutions = input.resolutions;
    turn.maxCandidates = input.settings.maxCandidates;
    turn.instruction = input.instruction;
    turn.focus = focus;
    turn.part = part;
    turn.parts = parts;
    return documentTurn(turn);
}

RoundCut cutRounds(const SessionInput &input, const std::vector<Segment> &segments, const std::vector<int> &focus,
    const std::function<bool(std::size_t, std::size_t)> &stop)
{
    RoundCut cut;
    const SessionSettings &settings = input.settings;
    // What a round may hold: the window less the answer's reserve, the system prompt and slack.
    const qint64 budget = settings.contextWindow - settings.maxOutputTokens - estimate(input.systemPrefix) - s_budgetSlack;
    // The turn is additive in its segments' lines: measure the turn without one ("part 99999 of
    // 99999" is as long as any part number), and each line as what it adds to a turn of its own.
    const qint64 base = utf8Size(roundTurn(input, segments, {}, {}, s_maxParts, s_maxParts)) + s_headingSlack;
    DocumentTurnInput lean;
    lean.part = s_maxParts;
    lean.parts = s_maxParts;
    const qint64 leanBase = utf8Size(documentTurn(lean));
    auto lineBytes = [&](int n) {
        // Segments are numbered 1…n in order (segmenter.h).
        const Segment &s = segments[std::size_t(n) - 1];
        lean.segments = { { s.number, formalize::segmentText(input.document, s), s.kind == Segment::Kind::Heading } };
        return utf8Size(documentTurn(lean)) - leanBase;
    };
    auto draftFits = [&](qint64 lines) { return llm::estimateTokensOfBytes(base + lines) <= budget; };
    // Room for the first repair too: the round's lines once more stand for the model's answer and
    // the repair turn that quotes it (formalize.md §5.6).
    auto repairFits = [&](qint64 lines) { return llm::estimateTokensOfBytes(base + 2 * lines) <= budget; };

    std::vector<int> round;
    qint64 lines = 0;
    for (std::size_t i = 0; i < focus.size(); ++i) {
        if (stop && stop(i, focus.size())) {
            cut.stopped = true;
            return cut;
        }
        const int n = focus[i];
        const qint64 line = lineBytes(n);
        if (!round.empty() && repairFits(lines + line)) {
            round.push_back(n);
            lines += line;
            continue;
        }
        if (!round.empty())
            cut.rounds.push_back(std::move(round));
        // A segment that only fits without its repair's room makes a round of its own.
        if (!draftFits(line)) {
            cut.misfit = n;
            return cut;
        }
        round = { n };
        lines = line;
    }
    if (!round.empty())
        cut.rounds.push_back(std::move(round));
    return cut;
}

} // namespace detail

QString Session::roundTurn(const std::vector<int> &listed, const std::vector<int> &focus, int part, int parts) const
{
    return detail::roundTurn(m_input, m_segments, listed, focus, part, parts);
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
        emitEvent(event::roundStarted, { { "round", round + 1 }, { "rounds", m_rounds.size() }, { "segments", nlohmann::json(segments) } });
    }
    m_history.push_back({ llm::Role::User, utf8(turn) });
    nextAttempt();
}

void Session::skipRepair()
{
    // The repair turn does not fit the window: this round ends here, its refused candidates stay
    // refused, and the sentences it did not cover say why (formalize.md §5.6).
    const std::vector<int> &segments = m_round < m_rounds.size() ? m_rounds[m_round] : m_focus;
    std::set<int> covered;
    for (const Entry &e : m_entries) {
        if (e.state == EntryState::Admissible || e.state == EntryState::Known)
            covered.insert(e.segment);
    }
    const QString reason = m_rounds.size() > 1
        ? QStringLiteral("The repair turn of round %1 of %2 did not fit the context window of %3 tokens; split the document or "
                         "raise the window to formalize this sentence.")
              .arg(m_round + 1)
              .arg(m_rounds.size())
              .arg(m_input.settings.contextWindow)
        : QStringLiteral("The repair turn did not fit the context window of %1 tokens; split the document or raise the window to "
                         "formalize this sentence.")
              .arg(m_input.settings.contextWindow);
    nlohmann::json uncovered = nlohmann::json::array();
    for (const int n : segments) {
        if (covered.contains(n))
            continue;
        m_untranslated.emplace(n, reason); // a reason the model gave stays
        uncovered.push_back(n);
    }
    emitEvent(event::repairSkipped,
        { { "n", m_attempt }, { "round", m_round + 1 }, { "segments", uncovered },
            { "tokens", { { "window", m_input.settings.contextWindow }, { "reserved", m_input.settings.maxOutputTokens } } } });
    finishFormalize(QStringLiteral("repair-too-large"));
}

} // namespace fanva::formalize
