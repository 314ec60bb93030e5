// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The rule stages that read only the rule (kb-language.md §5.2, §5.3): range restriction,
// closed exceptions, indexable antecedents; and the fact stage not-ground.
#include "check/chain_p.h"

#include <algorithm>

namespace fanva::check::detail {

using kb::Term;
namespace sym = kb::sym;

namespace {

using SymbolList = std::vector<kb::SymbolId>;

bool contains(const SymbolList &list, kb::SymbolId id)
{
    return std::find(list.begin(), list.end(), id) != list.end();
}

bool isAnonymous(Term term)
{
    return term.kind() == kb::TermKind::Anonymous;
}

// The variables a quantifier slot binds: ?y or [?y ?z].
SymbolList quantified(Term slot)
{
    SymbolList result;
    if (slot.kind() == kb::TermKind::Variable)
        result.push_back(slot.symbol());
    for (std::uint32_t i = 0; slot.isVector() && i < slot.size(); ++i) {
        if (slot.at(i).kind() == kb::TermKind::Variable)
            result.push_back(slot.at(i).symbol());
    }
    return result;
}

// The variables a term reads, leaving out those bound by a quantifier inside it
// (thereExists, exists, an aggregate's value variable).
void freeVariables(Term term, const SymbolList &local, std::vector<Term> &out, int depth)
{
    if (depth > kb::maxDepth)
        return;
    if (term.isVariable()) {
        if (isAnonymous(term) || !contains(local, term.symbol()))
            out.push_back(term);
        return;
    }
    if (!term.isCompound())
        return;
    const kb::SymbolId f = term.functorSymbol();
    if ((f == sym::thereExists || f == sym::exists) && term.size() == 3) {
        SymbolList inner = local;
        for (const kb::SymbolId v : quantified(term.at(1)))
            inner.push_back(v);
        freeVariables(term.at(2), inner, out, depth + 1);
        return;
    }
    if (kb::isAggregate(f) && term.size() == 4) {
        SymbolList inner = local;
        for (const kb::SymbolId v : quantified(term.at(2)))
            inner.push_back(v);
        freeVariables(term.at(3), inner, out, depth + 1);
        return;
    }
    for (std::uint32_t i = 0; i < term.size(); ++i)
        freeVariables(term.at(i), local, out, depth + 1);
}

std::vector<Term> freeVariables(Term term)
{
    std::vector<Term> out;
    freeVariables(term, {}, out, 0);
    return out;
}

// An antecedent whose truth is computed rather than matched: evaluated, unknown, aggregate.
bool isHeld(Term antecedent)
{
    const kb::SymbolId f = antecedent.functorSymbol();
    return kb::isEvaluated(f) || f == sym::unknown || kb::isAggregate(f);
}

// The variables an antecedent outputs when it runs: evaluate's result, an aggregate's count.
SymbolList outputs(Term antecedent)
{
    const kb::SymbolId f = antecedent.functorSymbol();
    if ((f == sym::evaluate || kb::isAggregate(f)) && antecedent.size() >= 2 && antecedent.at(1).kind() == kb::TermKind::Variable)
        return { antecedent.at(1).symbol() };
    return {};
}

// What an evaluated, unknown or aggregate antecedent reads: all its free variables but its
// output.
std::vector<Term> reads(Term antecedent)
{
    std::vector<Term> result;
    const SymbolList out = outputs(antecedent);
    const kb::SymbolId f = antecedent.functorSymbol();
    const std::uint32_t first = (f == sym::evaluate || kb::isAggregate(f)) ? 2 : 1;
    for (std::uint32_t i = first; i < antecedent.size(); ++i) {
        std::vector<Term> inner;
        if (kb::isAggregate(f) && i == 2)
            continue; // the aggregated variable, bound by the body
        freeVariables(antecedent.at(i), {}, inner, 1);
        for (const Term v : inner) {
            if (isAnonymous(v) || !contains(out, v.symbol()))
                result.push_back(v);
        }
    }
    if (kb::isAggregate(f) && antecedent.size() == 4) {
        // The body's variables other than the aggregated one are read from outside.
        const SymbolList value = quantified(antecedent.at(2));
        std::erase_if(result, [&](Term v) { return !isAnonymous(v) && contains(value, v.symbol()); });
    }
    return result;
}

// The variables the generators bind: every named variable of a matched antecedent.
SymbolList generatorBindings(const RuleParts &rule)
{
    SymbolList bound;
    for (const Term antecedent : rule.antecedents) {
        if (isHeld(antecedent))
            continue;
        for (const Term v : freeVariables(antecedent)) {
            if (!isAnonymous(v) && !contains(bound, v.symbol()))
                bound.push_back(v.symbol());
        }
    }
    return bound;
}

int occurrences(Term term, kb::SymbolId variable, int depth = 0)
{
    if (depth > kb::maxDepth)
        return 0;
    if (term.kind() == kb::TermKind::Variable)
        return term.symbol() == variable ? 1 : 0;
    int count = 0;
    for (std::uint32_t i = 0; i < term.size(); ++i)
        count += occurrences(term.at(i), variable, depth + 1);
    return count;
}

// The quantifier forms of a rule: (thereExists V S), (exists V C), (agg/… ?n ?v S).
void collectQuantifiers(Term term, std::vector<Term> &out, int depth = 0)
{
    if (depth > kb::maxDepth || !term.isCompound())
        return;
    const kb::SymbolId f = term.functorSymbol();
    if (((f == sym::thereExists || f == sym::exists) && term.size() == 3) || (kb::isAggregate(f) && term.size() == 4))
        out.push_back(term);
    for (std::uint32_t i = 0; i < term.size(); ++i)
        collectQuantifiers(term.at(i), out, depth + 1);
}

Problem rangeRestriction(const QString &message, Term at)
{
    return makeProblem(problem::notRangeRestricted, QStringLiteral("not range-restricted: ") + message, at);
}

// Where a literal's functor is a variable, through not, unknown, ist and quantifiers.
Term variableFunctor(Term literal, int depth = 0)
{
    if (depth > kb::maxDepth || !literal.isList() || literal.size() == 0)
        return {};
    const Term functor = literal.functor();
    if (functor.isVariable())
        return literal;
    const kb::SymbolId f = literal.functorSymbol();
    if ((f == sym::not_ || f == sym::unknown) && literal.size() == 2)
        return variableFunctor(literal.at(1), depth + 1);
    if ((f == sym::thereExists || f == sym::exists || f == sym::ist) && literal.size() == 3)
        return variableFunctor(literal.at(2), depth + 1);
    if (kb::isAggregate(f) && literal.size() == 4)
        return variableFunctor(literal.at(3), depth + 1);
    if (f == sym::and_) {
        for (std::uint32_t i = 1; i < literal.size(); ++i) {
            if (const Term found = variableFunctor(literal.at(i), depth + 1); !found.isNull())
                return found;
        }
    }
    return {};
}

} // namespace

std::optional<Problem> rangeProblem(const RuleParts &rule)
{
    const SymbolList generated = generatorBindings(rule);

    // Held antecedents read only what generators or earlier outputs bind.
    SymbolList bound = generated;
    for (const Term antecedent : rule.antecedents) {
        if (!isHeld(antecedent))
            continue;
        for (const Term v : reads(antecedent)) {
            if (isAnonymous(v) || !contains(bound, v.symbol()))
                return rangeRestriction(QStringLiteral("antecedent %1 reads %2, which no positive antecedent (or earlier evaluate or "
                                                       "aggregate) binds — bind %2 in a positive antecedent first")
                                            .arg(flat(antecedent), flat(v)),
                    v);
        }
        for (const kb::SymbolId v : outputs(antecedent))
            bound.push_back(v);
    }

    // The consequent: no _, and every variable bound (or an exists binder).
    std::vector<Term> consequentVariables;
    collectVariables(rule.consequent, consequentVariables);
    for (const Term v : consequentVariables) {
        if (isAnonymous(v))
            return rangeRestriction(QStringLiteral("_ in the consequent %1 stands for nothing the antecedents bind — use a variable an "
                                                   "antecedent binds, or write (exists ?y …) for a new individual")
                                        .arg(flat(rule.consequent)),
                v);
    }
    for (const Term v : freeVariables(rule.consequent)) {
        if (!contains(bound, v.symbol()))
            return rangeRestriction(QStringLiteral("%1 in the consequent is bound by no antecedent — bind it in an antecedent, or write "
                                                   "(exists %1 …) for a new individual")
                                        .arg(flat(v)),
                v);
    }

    // A quantified variable stays inside its quantifier.
    std::vector<Term> quantifiers;
    collectQuantifiers(rule.implies, quantifiers);
    for (const Term exception : rule.exceptions)
        collectQuantifiers(exception, quantifiers);
    for (const Term q : quantifiers) {
        const bool aggregate = kb::isAggregate(q.functorSymbol());
        for (const kb::SymbolId v : quantified(q.at(aggregate ? 2 : 1))) {
            int total = occurrences(rule.implies, v);
            for (const Term exception : rule.exceptions)
                total += occurrences(exception, v);
            if (total > occurrences(q, v))
                return rangeRestriction(QStringLiteral("%1 is quantified in %2 and used outside it — rename the variable outside, or move "
                                                       "its use inside the quantifier")
                                            .arg(kb::symbolString(v), flat(q)),
                    q);
        }
    }
    return std::nullopt;
}

std::optional<Problem> exceptionProblem(const RuleParts &rule)
{
    SymbolList bound = generatorBindings(rule);
    for (const Term antecedent : rule.antecedents) {
        for (const kb::SymbolId v : outputs(antecedent))
            bound.push_back(v);
    }
    for (const Term exception : rule.exceptions) {
        for (const Term v : freeVariables(exception)) {
            if (isAnonymous(v)) {
                const QString example = bound.empty() ? QStringLiteral("?x") : kb::symbolString(bound.front());
                return makeProblem(problem::exceptionNotClosed,
                    QStringLiteral("open exception: _ in %1 stands for anything, not for what the rule matched — an exception tests "
                                   "what the rule matched; use a variable an antecedent binds, such as %2")
                        .arg(flat(exception), example),
                    v);
            }
            if (!contains(bound, v.symbol()))
                return makeProblem(problem::exceptionNotClosed,
                    QStringLiteral("open exception: %1 in %2 is bound by no antecedent — an exception tests what the rule matched; bind "
                                   "%1 there or drop it")
                        .arg(flat(v), flat(exception)),
                    v);
        }
    }
    return std::nullopt;
}

std::optional<Problem> indexProblem(const RuleParts &rule)
{
    if (rule.inert)
        return std::nullopt;
    for (const Term antecedent : rule.antecedents) {
        if (const Term literal = variableFunctor(antecedent); !literal.isNull())
            return makeProblem(problem::notIndexable,
                QStringLiteral("antecedent %1 has a variable predicate, so no fact can trigger the rule — write one rule per predicate, or "
                               "mark it set/inertRule if it only documents")
                    .arg(flat(literal)),
                literal.functor());
    }
    for (const Term exception : rule.exceptions) {
        if (const Term literal = variableFunctor(exception); !literal.isNull())
            return makeProblem(problem::notIndexable,
                QStringLiteral("exception %1 has a variable predicate, so it cannot be looked up — name the predicate, or mark the rule "
                               "set/inertRule if it only documents")
                    .arg(flat(literal)),
                literal.functor());
    }
    return std::nullopt;
}

std::optional<Problem> groundProblem(Term fact, Term sentence)
{
    std::vector<Term> variables;
    collectVariables(fact, variables);
    if (variables.empty())
        return std::nullopt;
    const Term v = variables.front();
    const QString what = isAnonymous(v) ? QStringLiteral("the anonymous variable _") : QStringLiteral("the variable %1").arg(flat(v));
    return makeProblem(problem::notGround,
        QStringLiteral("not ground: %1 has %2, and a fact names things — state a general claim as a rule (implies …)")
            .arg(flat(sentence), what),
        v);
}

} // namespace fanva::check::detail
