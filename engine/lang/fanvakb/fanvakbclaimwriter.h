// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/claimwriter.h"

namespace fanva::lang {

/// fanva-kb's ClaimWriter: a claim as one s-expression (kb-language.md), every shape of
/// lang::Claim has one: `(livesIn Mango Zoo)`, `(genl penguin bird)`,
/// `(exceptWhen (penguin ?x) (set/defaultRule (implies (bird ?x) (flies ?x))))`.
class FanvaKbClaimWriter final : public ClaimWriter
{
public:
    [[nodiscard]] WrittenClaim write(const Claim &claim) const override;
    /// The s-expression of `claim`.
    [[nodiscard]] static QString text(const Claim &claim);
};

/// The process-wide instance.
[[nodiscard]] const FanvaKbClaimWriter &fanvaKbClaimWriter();

} // namespace fanva::lang
