// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/language.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <span>
#include <utility>
#include <vector>

namespace fanva::lang {

/// Counts of one score (formalize.md §12). Several documents add their counts; the rates
/// are computed from the sums, never averaged.
struct ScoreCounts {
    int hits = 0;
    int candidates = 0;
    int known = 0;
    int gold = 0;

    /// hits / (candidates − known), 0 for a zero denominator.
    [[nodiscard]] double precision() const;
    /// hits / gold, 0 for a zero denominator.
    [[nodiscard]] double recall() const;
    [[nodiscard]] double f1() const;

    ScoreCounts &operator+=(const ScoreCounts &other);
    friend bool operator==(const ScoreCounts &, const ScoreCounts &) = default;
};

/// One score (formalize.md §12): strict and aligned counts, and how the alignment went.
struct ScoreResult {
    ScoreCounts strict;
    ScoreCounts aligned;
    /// ρ: introduced candidate individual → gold individual, sorted by candidate name.
    std::vector<std::pair<QString, QString>> renaming;
    /// Gold keys no aligned candidate matched, sorted.
    QStringList missing;
    /// Aligned candidate keys neither gold nor known, sorted.
    QStringList spurious;
};

/// formalize.md §12 for every language, through the seam: `candidates` scored against `gold`,
/// strictly and with introduced individuals aligned onto the gold's, every statement of
/// `language`. The language gives only what is its own: identity is Language::key(kb, s);
/// the statements counted are those isScored() keeps; profiles come from oneArgumentFact();
/// the alignment renames with renamed(). With a `kb` (may be null), a candidate key stored
/// where `target` sees it (Kb::isStored) is known, and an individual findTerm() knows is not
/// introduced.
[[nodiscard]] ScoreResult score(
    const Language &language, const Kb *kb, const QString &target, std::span<const Statement> gold, std::span<const Statement> candidates);

/// Sums several documents' results (renaming, missing and spurious are concatenated).
void accumulate(ScoreResult &total, const ScoreResult &document);

/// {strict{hits, candidates, known, gold, precision, recall, f1}, aligned{…}, renaming,
/// missing, spurious}.
[[nodiscard]] nlohmann::json scoreToJson(const ScoreResult &result);

} // namespace fanva::lang
