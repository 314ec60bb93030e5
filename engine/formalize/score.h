// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/symbol.h"
#include "kb/term.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <functional>
#include <span>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fanva::formalize {

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

/// What the knowledge base contributes to a score (all optional: without a KB nothing is
/// known and every candidate individual counts as introduced).
struct ScoreOptions {
    /// Predicates marked symmetric anywhere in the KB (canonical keys depend on them).
    kb::SymbolSet symmetric;
    /// True if a canonical key is stored in the target context's cone.
    std::function<bool(std::string_view key)> isStored;
    /// True if the KB knows the symbol (then it is not an introduced individual).
    std::function<bool(kb::SymbolId symbol)> isKnownSymbol;
};

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

/// Scores candidate sentences against gold sentences, strict and aligned (§12).
/// `term` copied into `arena` with the symbols `rho` maps replaced, at any depth (the aligned
/// score's renaming); returns the copy's node.
std::uint32_t renamedSymbols(kb::TermArena &arena, kb::Term term, const std::unordered_map<kb::SymbolId, kb::SymbolId> &rho, int depth = 0);

[[nodiscard]] ScoreResult score(std::span<const kb::Term> gold, std::span<const kb::Term> candidates, const ScoreOptions &options = {});

/// Sums several documents' results (renaming, missing and spurious are concatenated).
void accumulate(ScoreResult &total, const ScoreResult &document);

/// {strict{hits, candidates, known, gold, precision, recall, f1}, aligned{…}, renaming,
/// missing, spurious}.
[[nodiscard]] nlohmann::json scoreToJson(const ScoreResult &result);

} // namespace fanva::formalize
