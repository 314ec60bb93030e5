// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"

namespace fanva::proposal {

/// The BatchGate Apply and Re-diff use: formalize.md §5.1's gates (parse → critic →
/// round-trip) per sentence, each against the KB plus the earlier sentences that passed
/// (kb-language.md §5.5's overlay). A refused sentence gets its failing gate's problems, an
/// admissible one its notes.
[[nodiscard]] BatchGate criticGate();

} // namespace fanva::proposal
