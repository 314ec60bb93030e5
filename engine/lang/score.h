// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/score.h"
#include "lang/language.h"

#include <QString>

#include <span>

namespace fanva::lang {

/// formalize.md §12 through the seam: `candidates` scored against `gold`, strictly and with
/// introduced individuals aligned onto the gold's, every statement of `language`. Identity
/// is Language::key(kb, s); the statements counted are those isScored() keeps; profiles
/// come from oneArgumentFact(); the alignment renames with renamed(). With a `kb` (may be
/// null), a candidate key stored where `target` sees it (Kb::isStored) is known, and an
/// individual findTerm() knows is not introduced.
[[nodiscard]] formalize::ScoreResult score(
    const Language &language, const Kb *kb, const QString &target, std::span<const Statement> gold, std::span<const Statement> candidates);

} // namespace fanva::lang
