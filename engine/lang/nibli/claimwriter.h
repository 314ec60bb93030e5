// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/claimwriter.h"

namespace fanva::lang::nibli {

/// nibli KR's ClaimWriter (docs/spec/rules.md §3, nibli-kr.md §2.3): a predication
/// `livesIn(Mara, Millbrook).`, a negated one `~dog(Rex).`, a generalisation
/// `animal(every dog).`, a rule `all $x: sleeps($x, RedBarn) -> noisy($x).`, an existential
/// over a type as `some T` in its place. A default rule, an exception, a relation between
/// kinds, an existential without a type and a word that is no nibli word (a coined
/// camelCase relation) have no nibli form here: write() says so.
class ClaimWriter final : public lang::ClaimWriter
{
public:
    [[nodiscard]] WrittenClaim write(const lang::Claim &claim) const override;
};

/// The process-wide instance.
[[nodiscard]] const ClaimWriter &claimWriter();

} // namespace fanva::lang::nibli
