// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Stage 4 of the check chain: the sentence's shape as KB language (kb-language.md §4, §5.3
// not-well-formed), and the decomposition of a rule that the later stages read.
#include "check/chain_p.h"
#include "enumnames.h"
#include "kb/writer.h"

#include <array>

namespace fanva::check::detail {

using kb::Term;
namespace sym = kb::sym;

namespace {

struct BuiltinArity {
    int count;
    bool atLeast;
};

// §4: every built-in's argument count is checked.
std::optional<BuiltinArity> builtinArity(kb::SymbolId id)
{
    switch (id) {
    case sym::genl:
    case sym::genlCx:
    case sym::disjoint:
    case sym::siblingDisjointException:
    case sym::arity:
    case sym::inverse:
    case sym::implies:
    case sym::exceptWhen:
    case sym::exists:
    case sym::thereExists:
    case sym::evaluate:
    case sym::ist:
    case sym::comment:
    case sym::isa:
        return BuiltinArity { 2, false };
    case sym::disjointMetatype:
    case sym::siblingDisjoint:
    case sym::unaryPredicate:
    case sym::binaryPredicate:
    case sym::ternaryPredicate:
    case sym::variableArity:
    case sym::symmetric:
    case sym::asymmetric:
    case sym::irreflexive:
    case sym::functional:
    case sym::transitive:
    case sym::reflexive:
    case sym::antiSymmetric:
    case sym::antiTransitive:
    case sym::equivalenceRelation:
    case sym::not_:
    case sym::unknown:
        return BuiltinArity { 1, false };
    case sym::arg:
    case sym::genlArg:
    case sym::quotedArg:
    case sym::transitiveInArg:
    case sym::transitiveInArgInverse:
    case sym::aggCount:
    case sym::aggSum:
    case sym::aggMin:
    case sym::aggMax:
    case sym::aggAvg:
        return BuiltinArity { 3, false };
    case sym::interArg:
        return BuiltinArity { 5, false };
    case sym::and_:
        return BuiltinArity { 1, true };
    case sym::lessThan:
    case sym::greaterThan:
    case sym::different:
        return BuiltinArity { 2, true };
    default:
        if (kb::isRuleWrapper(id))
            return BuiltinArity { 1, false };
        return std::nullopt;
    }
}

QString argumentsWord(int n)
{
    return n == 1 ? QStringLiteral("1 argument") : QStringLiteral("%1 arguments").arg(n);
}

Problem notWellFormed(const QString &message, Term at)
{
    return makeProblem(problem::notWellFormed, QStringLiteral("not well-formed: ") + message, at);
}

bool isQuantifierVariables(Term term)
{
    if (term.isVariable())
        return true;
    if (!term.isVector() || term.size() == 0)
        return false;
    for (std::uint32_t i = 0; i < term.size(); ++i) {
        if (!term.at(i).isVariable())
            return false;
    }
    return true;
}

bool hasDot(Term literal)
{
    for (std::uint32_t i = 0; i < literal.size(); ++i) {
        if (literal.at(i).isDot())
            return true;
    }
    return false;
}

// Checks the arguments of a literal: no vector, no () anywhere inside (vectors belong only to
// exceptWhen queries and quantifier variables).
std::optional<Problem> argumentsProblem(Term literal, Term term, int depth)
{
    if (depth > kb::maxDepth)
        return std::nullopt;
    if (term.isVector())
        return notWellFormed(QStringLiteral("the vector %1 in %2 is misplaced — a vector only lists an exceptWhen query or a quantifier's "
                                            "variables; write its elements as separate arguments or a list")
                                 .arg(flat(term), flat(literal)),
            term);
    if (!term.isList())
        return std::nullopt;
    if (term.size() == 0)
        return notWellFormed(QStringLiteral("() in %1 is an empty list — remove it or name what it stands for").arg(flat(literal)), term);
    for (std::uint32_t i = 0; i < term.size(); ++i) {
        if (auto problem = argumentsProblem(literal, term.at(i), depth + 1))
            return problem;
    }
    return std::nullopt;
}

// The frames the literal walk passes through: their parts are sentences, not arguments.
bool isFrame(kb::SymbolId id)
{
    return id == sym::not_ || id == sym::and_ || id == sym::ist || id == sym::unknown || id == sym::thereExists || id == sym::exists
        || kb::isAggregate(id);
}

enum class Place { Fact, Antecedent, Consequent, Exception, Body };

constexpr std::array s_placeNames {
    EnumName { Place::Fact, QLatin1StringView("a fact") },
    EnumName { Place::Antecedent, QLatin1StringView("a rule antecedent") },
    EnumName { Place::Consequent, QLatin1StringView("a rule consequent") },
    EnumName { Place::Exception, QLatin1StringView("an exceptWhen query") },
    EnumName { Place::Body, QLatin1StringView("a query body") },
};

QString placeName(Place place)
{
    return QString(enumName(s_placeNames, place));
}

std::optional<Problem> literalProblem(Term literal, Place place, int depth);

// A plain literal: a list with a symbol, variable or '.' functor and at least one argument,
// built-ins with their argument counts, no do/ form, no misplaced vector.
std::optional<Problem> plainLiteralProblem(Term literal, Place place)
{
    if (literal.isVector())
        return notWellFormed(QStringLiteral("the vector %1 is misplaced in %2 — a vector only lists an exceptWhen query or a quantifier's "
                                            "variables; write a literal as (predicate argument …)")
                                 .arg(flat(literal), placeName(place)),
            literal);
    if (!literal.isList())
        return notWellFormed(
            QStringLiteral("%1 in %2 is not a literal — write (predicate argument …)").arg(flat(literal), placeName(place)), literal);
    if (literal.size() == 0)
        return notWellFormed(QStringLiteral("() is an empty literal in %1 — write (predicate argument …)").arg(placeName(place)), literal);
    const Term functor = literal.functor();
    if (!functor.isSymbol() && !functor.isVariable() && !functor.isDot())
        return notWellFormed(QStringLiteral("the functor %1 of %2 is not a symbol or a variable — write the predicate first, as in "
                                            "(predicate argument …)")
                                 .arg(flat(functor), flat(literal)),
            functor);
    if (functor.isSymbol() && functor.name().starts_with("do/"))
        return notWellFormed(QStringLiteral("%1 is an imperative (do/) form, which is outside Fanva's language — state what holds instead")
                                 .arg(flat(literal)),
            functor);
    if (literal.size() == 1)
        return notWellFormed(
            QStringLiteral("%1 has no arguments — a literal relates something: write (%2 argument …)").arg(flat(literal), flat(functor)),
            literal);
    if (functor.isSymbol() && !hasDot(literal)) {
        if (const auto builtin = builtinArity(functor.symbol())) {
            const int n = int(literal.size()) - 1;
            if (builtin->atLeast ? n < builtin->count : n != builtin->count)
                return notWellFormed(
                    QStringLiteral("%1 takes %2%3, but %4 has %5 — give it %6")
                        .arg(flat(functor), builtin->atLeast ? QStringLiteral("at least ") : QString(), argumentsWord(builtin->count),
                            flat(literal), QString::number(n),
                            builtin->atLeast ? QStringLiteral("at least %1").arg(builtin->count) : QString::number(builtin->count)),
                    literal);
        }
    }
    if (isFrame(functor.symbol()))
        return std::nullopt; // the caller walks a frame's parts
    for (std::uint32_t i = 1; i < literal.size(); ++i) {
        if (auto problem = argumentsProblem(literal, literal.at(i), 1))
            return problem;
    }
    return std::nullopt;
}

std::optional<Problem> ruleBelowTopProblem(Term term, Place place)
{
    if (place == Place::Consequent)
        return notWellFormed(QStringLiteral("the consequent %1 is a rule, and a rule that concludes a rule is outside Fanva's language — "
                                            "state the inner rule as its own sentence")
                                 .arg(flat(term)),
            term);
    return notWellFormed(QStringLiteral("%1 is a rule inside %2, but implies belongs only at the top of a sentence — state it as its own "
                                        "sentence")
                             .arg(flat(term), placeName(place)),
        term);
}

// A conjunction body: one literal or (and …) of literals (or deeper frames), for unknown,
// aggregates and exists.
std::optional<Problem> bodyProblem(Term body, Place place, int depth)
{
    if (body.isForm(sym::and_)) {
        if (body.size() < 2)
            return notWellFormed(QStringLiteral("(and) holds no conjunct — write at least one literal in it"), body);
        for (std::uint32_t i = 1; i < body.size(); ++i) {
            if (auto problem = literalProblem(body.at(i), place, depth + 1))
                return problem;
        }
        return std::nullopt;
    }
    return literalProblem(body, place, depth + 1);
}

// One literal position of a rule or fact, with the frames that may stand there.
std::optional<Problem> literalProblem(Term literal, Place place, int depth)
{
    if (depth > kb::maxDepth)
        return notWellFormed(QStringLiteral("the sentence nests deeper than %1 frames").arg(kb::maxDepth), literal);
    if (!literal.isList() || literal.size() == 0 || !literal.functor().isSymbol())
        return plainLiteralProblem(literal, place);

    const kb::SymbolId f = literal.functorSymbol();
    if (f == sym::implies || f == sym::exceptWhen || kb::isRuleWrapper(f))
        return ruleBelowTopProblem(literal, place);
    if (auto problem = plainLiteralProblem(literal, place))
        return problem; // argument counts of the frames themselves

    switch (f) {
    case sym::not_: {
        const Term inner = literal.at(1);
        if (isRuleForm(peelNot(inner)))
            return notWellFormed(
                QStringLiteral("%1 negates a rule, and a rule cannot be negated; say what it excepts with exceptWhen").arg(flat(literal)),
                literal);
        return literalProblem(inner, place, depth + 1);
    }
    case sym::and_:
        if (place == Place::Fact)
            return notWellFormed(
                QStringLiteral("%1 is a conjunction inside a fact — state each conjunct as its own sentence").arg(flat(literal)), literal);
        for (std::uint32_t i = 1; i < literal.size(); ++i) {
            if (auto problem = literalProblem(literal.at(i), place, depth + 1))
                return problem;
        }
        return std::nullopt;
    case sym::ist:
        if (place != Place::Consequent)
            return notWellFormed(QStringLiteral("%1 uses ist in %2, but ist belongs only in a rule consequent, where it files the "
                                                "conclusion in a context — drop it")
                                     .arg(flat(literal), placeName(place)),
                literal);
        return literalProblem(literal.at(2), Place::Consequent, depth + 1);
    case sym::exists:
        return notWellFormed(
            QStringLiteral("%1 is misplaced in %2 — exists stands only as a rule's whole consequent, as in (implies … (exists "
                           "?y …))")
                .arg(flat(literal), placeName(place)),
            literal);
    default:
        break;
    }

    const bool queryOnly = f == sym::unknown || f == sym::thereExists || kb::isAggregate(f) || kb::isEvaluated(f);
    if (queryOnly && (place == Place::Fact || place == Place::Consequent)) {
        const QString what = kb::isEvaluated(f) ? QStringLiteral("is evaluated when a rule runs")
                                                : QStringLiteral("is a query form answered when a rule runs");
        return notWellFormed(QStringLiteral("%1 %2 and is never stated — use it as a rule antecedent, or state the fact it tests")
                                 .arg(flat(literal.functor()), what),
            literal);
    }
    if (f == sym::unknown)
        return bodyProblem(literal.at(1), Place::Body, depth);
    if (f == sym::thereExists) {
        if (!isQuantifierVariables(literal.at(1)))
            return notWellFormed(QStringLiteral("thereExists binds variables, but %1 gives it %2 — write (thereExists ?y …) or "
                                                "(thereExists [?y ?z] …)")
                                     .arg(flat(literal), flat(literal.at(1))),
                literal.at(1));
        if (literal.at(2).isForm(sym::and_))
            return notWellFormed(QStringLiteral("%1 quantifies over a conjunction — write one (thereExists ?y …) around a single literal")
                                     .arg(flat(literal)),
                literal.at(2));
        return literalProblem(literal.at(2), Place::Body, depth + 1);
    }
    if (kb::isAggregate(f)) {
        if (!literal.at(2).isVariable() || literal.at(2).kind() == kb::TermKind::Anonymous)
            return notWellFormed(QStringLiteral("the second slot of %1 must be the variable it aggregates, not %2 — write (%3 ?n ?v body)")
                                     .arg(flat(literal), flat(literal.at(2)), flat(literal.functor())),
                literal.at(2));
        return bodyProblem(literal.at(3), Place::Body, depth);
    }
    return std::nullopt;
}

// An exceptWhen query: a literal, a [vector] of literals or (and …).
std::optional<Problem> queryProblem(Term query)
{
    if (query.isVector()) {
        if (query.size() == 0)
            return notWellFormed(QStringLiteral("the exceptWhen query [] is empty — name the case the rule excepts"), query);
        for (std::uint32_t i = 0; i < query.size(); ++i) {
            if (auto problem = literalProblem(query.at(i), Place::Exception, 2))
                return problem;
        }
        return std::nullopt;
    }
    return literalProblem(query, Place::Exception, 1);
}

std::optional<Problem> consequentProblem(Term consequent)
{
    if (consequent.isForm(sym::exists)) {
        if (consequent.size() != 3)
            return plainLiteralProblem(consequent, Place::Consequent);
        if (!isQuantifierVariables(consequent.at(1)))
            return notWellFormed(QStringLiteral("exists binds variables, but %1 gives it %2 — write (exists ?y …) or (exists [?y ?z] …)")
                                     .arg(flat(consequent), flat(consequent.at(1))),
                consequent.at(1));
        return bodyProblem(consequent.at(2), Place::Consequent, 1);
    }
    return literalProblem(consequent, Place::Consequent, 1);
}

std::optional<Problem> ruleProblem(Term rule, int depth)
{
    if (depth > kb::maxDepth)
        return notWellFormed(QStringLiteral("the rule nests deeper than %1 frames").arg(kb::maxDepth), rule);
    const kb::SymbolId f = rule.functorSymbol();
    if (kb::isRuleWrapper(f) || f == sym::exceptWhen) {
        const std::uint32_t expected = f == sym::exceptWhen ? 3 : 2;
        const Term inner = rule.size() == expected ? rule.at(expected - 1) : Term();
        if (inner.isNull() || !isRuleForm(inner))
            return notWellFormed(QStringLiteral("%1 must wrap exactly one rule (implies …), but %2 %3 — write (%1 (implies A C))")
                                     .arg(flat(rule.functor()), flat(rule),
                                         inner.isNull() ? QStringLiteral("has %1").arg(argumentsWord(int(rule.size()) - 1))
                                                        : QStringLiteral("wraps %1").arg(flat(inner))),
                rule);
        if (f == sym::exceptWhen) {
            if (auto problem = queryProblem(rule.at(1)))
                return problem;
        }
        return ruleProblem(inner, depth + 1);
    }
    // implies
    if (rule.size() != 3)
        return notWellFormed(QStringLiteral("implies takes an antecedent and a consequent, but %1 has %2")
                                 .arg(flat(rule), argumentsWord(int(rule.size()) - 1)),
            rule);
    const Term antecedent = rule.at(1);
    if (antecedent.isForm(sym::and_)) {
        if (antecedent.size() < 2)
            return notWellFormed(QStringLiteral("the antecedent (and) holds no literal — write at least one condition"), antecedent);
        for (std::uint32_t i = 1; i < antecedent.size(); ++i) {
            if (auto problem = literalProblem(antecedent.at(i), Place::Antecedent, 2))
                return problem;
        }
    } else if (auto problem = literalProblem(antecedent, Place::Antecedent, 1)) {
        return problem;
    }
    return consequentProblem(rule.at(2));
}

} // namespace

bool isRuleForm(Term term)
{
    const kb::SymbolId f = term.functorSymbol();
    return f == sym::implies || f == sym::exceptWhen || kb::isRuleWrapper(f);
}

Term peelNot(Term term, int *negations)
{
    int count = 0;
    while (term.isForm(sym::not_) && term.size() == 2 && count < kb::maxDepth) {
        term = term.at(1);
        ++count;
    }
    if (negations)
        *negations = count;
    return term;
}

int argumentCount(Term literal)
{
    return hasDot(literal) ? -1 : int(literal.size()) - 1;
}

std::optional<Problem> structureProblem(Term sentence)
{
    if (isRuleForm(sentence))
        return ruleProblem(sentence, 1);
    if (sentence.isForm(sym::and_))
        return notWellFormed(QStringLiteral("a top-level %1 states several sentences at once — write each conjunct as its own sentence")
                                 .arg(flat(sentence.functor())),
            sentence);
    if (sentence.isForm(sym::not_) && sentence.size() == 2) {
        int negations = 0;
        const Term inner = peelNot(sentence, &negations);
        if (isRuleForm(inner))
            return notWellFormed(
                QStringLiteral("%1 negates a rule, and a rule cannot be negated; say what it excepts with exceptWhen").arg(flat(sentence)),
                sentence);
        if (inner.isForm(sym::and_))
            return notWellFormed(QStringLiteral("%1 negates a conjunction — state each negated fact as its own sentence, or write a rule")
                                     .arg(flat(sentence)),
                inner);
        return literalProblem(inner, Place::Fact, negations + 1);
    }
    return literalProblem(sentence, Place::Fact, 1);
}

std::optional<RuleParts> ruleParts(Term sentence)
{
    if (!isRuleForm(sentence))
        return std::nullopt;
    RuleParts parts;
    Term rule = sentence;
    int depth = 0;
    while (depth++ < kb::maxDepth) {
        const kb::SymbolId f = rule.functorSymbol();
        if (kb::isRuleWrapper(f) && rule.size() == 2) {
            parts.wrappers.push_back(f);
            parts.inert = parts.inert || f == sym::setInertRule;
            rule = rule.at(1);
        } else if (f == sym::exceptWhen && rule.size() == 3) {
            const Term query = rule.at(1);
            if (query.isVector()) {
                for (std::uint32_t i = 0; i < query.size(); ++i)
                    parts.exceptions.push_back(query.at(i));
            } else if (query.isForm(sym::and_)) {
                for (std::uint32_t i = 1; i < query.size(); ++i)
                    parts.exceptions.push_back(query.at(i));
            } else {
                parts.exceptions.push_back(query);
            }
            rule = rule.at(2);
        } else {
            break;
        }
    }
    if (!rule.isForm(sym::implies) || rule.size() != 3)
        return std::nullopt;
    parts.implies = rule;
    const Term antecedent = rule.at(1);
    if (antecedent.isForm(sym::and_)) {
        for (std::uint32_t i = 1; i < antecedent.size(); ++i)
            parts.antecedents.push_back(antecedent.at(i));
    } else {
        parts.antecedents.push_back(antecedent);
    }
    parts.consequent = rule.at(2);
    return parts;
}

Problem makeProblem(QLatin1StringView type, const QString &message, Term at)
{
    Problem problem { type, message, std::nullopt };
    if (!at.isNull() && at.span().line != 0)
        problem.span = at.span();
    return problem;
}

QString flat(Term term)
{
    return kb::renderFlat(term);
}

QString symbolSpelling(Term term)
{
    return kb::symbolString(term.symbol());
}

void collectVariables(Term term, std::vector<Term> &out, int depth)
{
    if (depth > kb::maxDepth)
        return;
    if (term.isVariable()) {
        out.push_back(term);
        return;
    }
    for (std::uint32_t i = 0; i < term.size(); ++i)
        collectVariables(term.at(i), out, depth + 1);
}

} // namespace fanva::check::detail
