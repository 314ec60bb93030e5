// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/critic.h"
#include "check/problem.h"
#include "kb/reader.h"
#include "kb/term.h"

#include <QJsonObject>
#include <QString>

#include <optional>
#include <vector>

namespace fanva::check {

/// The gates one candidate string passes (formalize.md §5.1), in order; the first failure
/// stops.
enum class Gate : std::uint8_t {
    Parse, ///< the string reads as exactly one form, nothing after it
    Critic, ///< the critic in the target context, against the KB plus the batch so far
    RoundTrip, ///< kb-language.md §7's round-trip contract
};

/// "parse", "critic", "round-trip".
[[nodiscard]] QString gateId(Gate gate);

/// The outcome of the gates for one candidate.
struct GateReport {
    /// The gate that refused the candidate; nullopt when it is admissible.
    std::optional<Gate> failedGate;
    /// The failing gate's problems (blocking ones only).
    std::vector<Problem> problems;
    /// Non-blocking notes of an admissible candidate (already-stored, duplicate-in-batch, …).
    std::vector<Problem> notes;
    /// render() of the candidate once it reads: the spelling the KB file would get.
    QString canonical;
    /// The candidate as read (null before the parse gate passes).
    kb::OwnedTerm sentence;

    [[nodiscard]] bool isAdmissible() const { return !failedGate.has_value(); }
    /// Admissible and already stored in the target's cone (formalize.md state "known").
    [[nodiscard]] bool isKnown() const;
    /// Admissible and equal to an earlier entry of the batch (state "dropped").
    [[nodiscard]] bool isDuplicate() const;
};

/// Runs parse → critic → round-trip on `candidate` for `context`. With an overlay, the
/// critic also judges against the batch's earlier admitted entries (kb-language.md §5.5),
/// and an admissible candidate joins it as entry `entryIndex` (how later messages name it;
/// -1: its position in the overlay).
[[nodiscard]] GateReport runGates(const Critic &critic, const QString &candidate, const QString &context, const QJsonObject &options = {},
    BatchOverlay *overlay = nullptr, int entryIndex = -1);

/// The parse gate alone on what kb::parseSentence() read from `candidate`: nullopt when it
/// read one sentence, else the gate's problem (empty-sentence, several-sentences, unreadable).
[[nodiscard]] std::optional<Problem> parseProblem(const kb::SentenceParse &parsed, const QString &candidate);

/// The round-trip gate alone: its problem if `sentence` fails kb-language.md §7's contract.
[[nodiscard]] std::optional<Problem> roundTripProblem(const kb::KnowledgeBase &kb, kb::Term sentence);

} // namespace fanva::check
