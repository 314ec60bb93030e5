// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "enumnames.h"
#include "lang/problem.h"
#include "lang/statement.h"

#include <QLatin1StringView>
#include <QString>

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace fanva::lang {

/// The gates one candidate string passes (formalize.md §5.1), in order; the first failure
/// stops.
enum class Gate : std::uint8_t {
    Parse, ///< the string reads as exactly one statement, nothing after it
    Critic, ///< the language's checker for the target, against the KB plus the batch so far
    RoundTrip, ///< the statement reads back as itself once rendered (kb-language.md §7)
};

namespace detail {
inline constexpr std::array gateNames {
    EnumName { Gate::Parse, QLatin1StringView("parse") },
    EnumName { Gate::Critic, QLatin1StringView("critic") },
    EnumName { Gate::RoundTrip, QLatin1StringView("round-trip") },
};
} // namespace detail

/// "parse", "critic", "round-trip".
[[nodiscard]] inline QString gateId(Gate gate)
{
    return QString(enumName(detail::gateNames, gate));
}

/// The outcome of the gates for one candidate, in any language (lang::runGates through the
/// seam; check::runGates, fanva-kb's own, below it).
struct GateReport {
    /// The gate that refused the candidate; nullopt when it is admissible.
    std::optional<Gate> failedGate;
    /// The failing gate's problems (blocking ones only).
    std::vector<Problem> problems;
    /// Non-blocking notes of an admissible candidate (already-stored, duplicate-in-batch, …).
    std::vector<Problem> notes;
    /// The canonical render of the candidate once it reads: the text a KB file would get.
    QString canonical;
    /// The candidate as read (nullopt before the parse gate passes).
    std::optional<Statement> statement;

    [[nodiscard]] bool isAdmissible() const { return !failedGate.has_value(); }
    /// Admissible and already stored where the target sees it (state "known").
    [[nodiscard]] bool isKnown() const { return isAdmissible() && hasNote(problem::alreadyStored); }
    /// Admissible and equal to an earlier entry of the batch (state "dropped").
    [[nodiscard]] bool isDuplicate() const { return isAdmissible() && hasNote(problem::duplicateInBatch); }

private:
    [[nodiscard]] bool hasNote(QLatin1StringView type) const
    {
        return std::any_of(notes.begin(), notes.end(), [type](const Problem &p) { return p.type == type; });
    }
};

} // namespace fanva::lang
