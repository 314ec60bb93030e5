// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"

#include <QStringList>

#include <memory>
#include <vector>

namespace fanva::lang {
class Kb;
}

namespace fanva::proposal {

/// The BatchGate Apply and Re-diff use: formalize.md §5.1's gates (parse → critic →
/// round-trip) per sentence, each against the KB plus the earlier sentences that passed
/// (kb-language.md §5.5's overlay). A refused sentence gets its failing gate's problems, an
/// admissible one its notes.
[[nodiscard]] BatchGate criticGate();

/// criticGate() with one critic kept for `kb`, built on the first call (thread-safe), so the
/// critic's rule graph is built once per loaded KB rather than on every keystroke's re-gate. A
/// call with another KB is gated as criticGate() does.
[[nodiscard]] BatchGate criticGateFor(std::shared_ptr<const kb::KnowledgeBase> kb);

/// criticGate()'s answer through the language seam, for a KB in any language: `sentences`
/// gated one after another as one batch (lang::runGates) for `target`; per sentence its
/// failing gate's problems, or an admissible one's notes.
[[nodiscard]] std::vector<std::vector<lang::Problem>> gateThroughLanguage(
    const lang::Kb &kb, const QString &target, const QStringList &sentences);

} // namespace fanva::proposal
