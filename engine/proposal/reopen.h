// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/sessionfile.h"

namespace fanva::proposal {

/// What changed while a session file was closed (formalize.md §13 "Reopen").
struct ReopenReport {
    bool kbChanged = false; ///< the KB's fingerprint differs: the caller shows a banner
    bool documentChanged = false; ///< the document on disk differs from the stored text, which rules the spans
    QStringList problemsChanged; ///< entries whose blocking problems changed under the re-gate
    QStringList staleVerdicts; ///< entries whose gloss changed, so their verdict no longer applies
};

/// Reopens a review: applied entries are left alone; every other reviewable entry is
/// re-gated against `kb`, in any language (accepted ones as a batch, in document order; `gate`
/// empty: criticGate()) and gets its gloss recomputed through the language; a verdict whose
/// gloss changed turns stale (none). Decisions are kept.
[[nodiscard]] ReopenReport reopen(SessionFile &session, const lang::Kb &kb, const BatchGate &gate = {});

} // namespace fanva::proposal
