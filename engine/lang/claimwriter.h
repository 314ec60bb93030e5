// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace fanva::lang {

struct Claim;

/// A claim written as one statement of a KB language, or why it cannot be.
struct WrittenClaim {
    QString text; ///< the statement; empty when `problem` is set
    QString problem; ///< why the language cannot state the claim ("nibli KR states no default rule")
    [[nodiscard]] bool ok() const { return problem.isEmpty(); }
    friend bool operator==(const WrittenClaim &, const WrittenClaim &) = default;
};

/// Optional role of a Language: writes a language-neutral Claim (lang/claim.h) as one
/// statement of the language (docs/spec/rules.md §3). The rules provider drafts claims and
/// asks the turn's language for this role.
class ClaimWriter
{
public:
    ClaimWriter() = default;
    virtual ~ClaimWriter() = default;
    ClaimWriter(const ClaimWriter &) = delete;
    ClaimWriter &operator=(const ClaimWriter &) = delete;

    [[nodiscard]] virtual WrittenClaim write(const Claim &claim) const = 0;
};

} // namespace fanva::lang
