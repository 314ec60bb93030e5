// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/gates.h"
#include "check/problem.h"
#include "lang/language.h"

#include <QString>

#include <optional>
#include <vector>

namespace fanva::lang {

/// The outcome of the gates for one candidate, in any language (check::GateReport's fields
/// with the statement behind the seam).
struct GateReport {
    /// The gate that refused the candidate; nullopt when it is admissible.
    std::optional<check::Gate> failedGate;
    /// The failing gate's problems (blocking ones only).
    std::vector<check::Problem> problems;
    /// Non-blocking notes of an admissible candidate.
    std::vector<check::Problem> notes;
    /// render() of the candidate once it reads.
    QString canonical;
    /// The candidate as read (nullopt before the parse gate passes).
    std::optional<Statement> statement;

    [[nodiscard]] bool isAdmissible() const { return !failedGate.has_value(); }
    /// Admissible and already stored where the target sees it (state "known").
    [[nodiscard]] bool isKnown() const;
    /// Admissible and equal to an earlier entry of the batch (state "dropped").
    [[nodiscard]] bool isDuplicate() const;
};

/// Runs parse → critic → round-trip on `candidate` for `target` through `kb`'s language.
/// With a batch, the critic also judges against its earlier admitted entries, and an
/// admissible candidate joins it as entry `entryIndex` (-1: its position in the batch).
[[nodiscard]] GateReport runGates(
    const Kb &kb, const QString &candidate, const QString &target, Batch *batch = nullptr, int entryIndex = -1);

} // namespace fanva::lang
