// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/drafter_p.h"

namespace fanva::rules {

/// The term the drafter spells `text`: "?x" a variable, "%S"/"%K" a placeholder (a variable
/// until substituted), a number, else an individual.
ClaimTerm termOf(const QString &text)
{
    if (text.startsWith(QLatin1Char('?')))
        return ClaimTerm::variable(text.mid(1));
    if (text.startsWith(QLatin1Char('%')))
        return ClaimTerm::variable(text);
    if (!text.isEmpty() && (text.front().isDigit() || text.front() == QLatin1Char('-')))
        return ClaimTerm::number(text);
    return ClaimTerm::individual(text);
}

/// `claim` with every variable `name` replaced by `value`.
Claim substituted(Claim claim, const QString &name, const ClaimTerm &value)
{
    for (ClaimTerm &term : claim.arguments) {
        if (term.kind == ClaimTerm::Kind::Variable && term.text == name)
            term = value;
    }
    for (Claim &part : claim.parts)
        part = substituted(std::move(part), name, value);
    return claim;
}

/// `claim` about `subject` (the placeholder %S filled).
Claim about(const Claim &claim, const QString &subject)
{
    return substituted(claim, QStringLiteral("%S"), termOf(subject));
}

/// (T x): membership of `x` in the type `type`.
Claim member(const QString &type, const QString &x)
{
    return Claim::predication(type, { termOf(x) });
}

Claim negatedIf(bool negated, Claim claim)
{
    return negated ? Claim::negation(std::move(claim)) : claim;
}

} // namespace fanva::rules
