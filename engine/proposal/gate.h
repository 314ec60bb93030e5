// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"

#include <QStringList>

#include <vector>

namespace fanva::lang {
class Kb;
}

namespace fanva::proposal {

/// The BatchGate Apply and Re-diff use: formalize.md §5.1's gates (parse → critic →
/// round-trip) per sentence through the KB's language (lang::runGates), each against the KB
/// plus the earlier sentences that passed (kb-language.md §5.5's overlay). A refused sentence
/// gets its failing gate's problems, an admissible one its notes. A KB keeps what its gates
/// build once (fanva-kb: the critic), so a KB gated again is not prepared again.
[[nodiscard]] BatchGate criticGate();

/// criticGate()'s answer: `sentences` gated one after another as one batch for `target`.
[[nodiscard]] std::vector<std::vector<lang::Problem>> gateThroughLanguage(
    const lang::Kb &kb, const QString &target, const QStringList &sentences);

} // namespace fanva::proposal
