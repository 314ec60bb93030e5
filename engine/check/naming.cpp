// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The naming stage (kb-language.md §3 "Naming problems"): every problem, in category order —
// the check context, each literal's functor, each literal's symbol arguments, each ist slot,
// dot markers.
#include "check/chain_p.h"
#include "check/spelling_p.h"

#include "kb/roles.h"

namespace fanva::check::detail {

using kb::Term;
namespace sym = kb::sym;

namespace {

QString literalWhere(const kb::Literal &literal)
{
    return QStringLiteral("%1 %2").arg(kb::literalRoleName(literal.role), flat(literal.term));
}

// The part of a spelling after its namespace (lex/flies → flies).
QString localName(const QString &spelling)
{
    const qsizetype slash = spelling.indexOf(u'/');
    return slash > 0 ? spelling.mid(slash + 1) : spelling;
}

std::optional<Problem> functorProblem(const kb::Literal &literal)
{
    const Term functor = literal.term.functor();
    if (!functor.isSymbol())
        return std::nullopt; // a variable functor is a pattern; its naming is not checked
    const std::string_view name = functor.name();
    const QString f = symbolSpelling(functor);
    if (kb::isLexemeName(name))
        return makeProblem(problem::lexemeFunctor,
            QStringLiteral("functor %1 in %2 is a lexeme, a word as written, and cannot be a relation — use a sense such as %3-<meaning> "
                           "instead, and keep %1 for arguments, as in (sense %1 <meaning>)")
                .arg(f, literalWhere(literal), localName(f)),
            functor);
    const bool predicate = kb::isPredicateName(name);
    const bool type = kb::isTypeName(name);
    const int n = argumentCount(literal.term);
    if (!predicate && !type)
        return makeProblem(problem::functor,
            QStringLiteral("functor %1 in %2 matches no naming convention (predicate: livesIn; one-argument type: physical_object, "
                           "abrasive-grit) — write it %3")
                .arg(f, literalWhere(literal), spelling::suggest(localName(f), n)),
            functor);
    if (!predicate && n >= 0 && n != 1) {
        if (kb::isSenseName(name))
            return makeProblem(problem::functorArity,
                QStringLiteral("functor %1 in %2 has %3 arguments, but a sense names a type, which takes one — write the relation as a "
                               "camelCase predicate, or give %1 one argument")
                    .arg(f, literalWhere(literal))
                    .arg(n),
                functor);
        return makeProblem(problem::functorArity,
            QStringLiteral("functor %1 in %2 has %3 arguments, but snake_case names a type, which takes one — write the relation camelCase "
                           "as %4, or give %1 one argument")
                .arg(f, literalWhere(literal))
                .arg(n)
                .arg(spelling::camel(localName(f))),
            functor);
    }
    return std::nullopt;
}

void argumentProblems(const kb::Literal &literal, std::vector<Problem> &out)
{
    for (std::uint32_t i = 1; i < literal.term.size(); ++i) {
        const Term argument = literal.term.at(i);
        if (!argument.isSymbol() || kb::symbolRole(argument.symbol()) != kb::Role::None)
            continue;
        const QString a = symbolSpelling(argument);
        out.push_back(makeProblem(problem::argument,
            QStringLiteral("argument %1 in %2 matches no naming convention (individual: Tweety; type: physical_object, abrasive-grit; "
                           "predicate: livesIn) — write %3 for an individual, or %4 for a type")
                .arg(a, literalWhere(literal), spelling::pascal(a), spelling::lower(a)),
            argument));
    }
}

// Every (ist X S) the literal walk passes through, in walk order.
void collectIst(Term term, std::vector<Term> &out, int depth)
{
    if (depth > kb::maxDepth || !term.isCompound())
        return;
    if (term.isVector()) {
        for (std::uint32_t i = 0; i < term.size(); ++i)
            collectIst(term.at(i), out, depth + 1);
        return;
    }
    const kb::SymbolId f = term.functorSymbol();
    if (f == sym::ist && term.size() == 3)
        out.push_back(term);
    if (f == sym::not_ || f == sym::and_ || f == sym::implies || kb::isRuleWrapper(f)) {
        for (std::uint32_t i = 1; i < term.size(); ++i)
            collectIst(term.at(i), out, depth + 1);
    } else if (f == sym::exceptWhen || f == sym::ist || f == sym::thereExists || f == sym::exists) {
        for (std::uint32_t i = 1; i < term.size(); ++i)
            collectIst(term.at(i), out, depth + 1);
    } else if (f == sym::unknown && term.size() == 2) {
        collectIst(term.at(1), out, depth + 1);
    } else if (kb::isAggregate(f) && term.size() == 4) {
        collectIst(term.at(3), out, depth + 1);
    }
}

// The first misplaced '.' of a literal: in a rule a dotted rest is next-to-last and followed
// by a variable; in a fact there is none.
Term misplacedDot(Term term, bool inRule, int depth)
{
    if (depth > kb::maxDepth || !term.isCompound())
        return {};
    for (std::uint32_t i = 0; i < term.size(); ++i) {
        const Term element = term.at(i);
        if (element.isDot()) {
            const bool rest = inRule && term.isList() && i + 2 == term.size() && term.at(i + 1).kind() == kb::TermKind::Variable;
            if (!rest)
                return element;
        } else if (const Term inner = misplacedDot(element, inRule, depth + 1); !inner.isNull()) {
            return inner;
        }
    }
    return {};
}

} // namespace

std::vector<Problem> namingProblems(Term sentence, const QString &context, bool inRule)
{
    std::vector<Problem> problems;
    const QByteArray contextUtf8 = context.toUtf8();
    if (!kb::isContextName(std::string_view(contextUtf8.constData(), size_t(contextUtf8.size()))))
        problems.push_back(makeProblem(problem::contextName,
            QStringLiteral("context %1 is not a context name: write Cx followed by CapitalCamelCase, e.g. %2")
                .arg(context, spelling::contextName(context))));

    const std::vector<kb::Literal> literals = kb::literals(sentence);
    for (const kb::Literal &literal : literals) {
        if (auto problem = functorProblem(literal))
            problems.push_back(std::move(*problem));
    }
    for (const kb::Literal &literal : literals)
        argumentProblems(literal, problems);

    std::vector<Term> istForms;
    collectIst(sentence, istForms, 1);
    for (const Term ist : istForms) {
        const Term slot = ist.at(1);
        if (slot.kind() == kb::TermKind::Variable || (slot.isSymbol() && kb::isContextName(slot.name())))
            continue;
        problems.push_back(makeProblem(problem::istContext,
            QStringLiteral("ist files %1 in %2, which is not a context: name a context (CxName) or use a variable an antecedent binds")
                .arg(flat(ist.at(2)), flat(slot)),
            slot));
    }

    for (const kb::Literal &literal : literals) {
        if (const Term dot = misplacedDot(literal.term, inRule, 1); !dot.isNull())
            problems.push_back(makeProblem(problem::dotMarker,
                QStringLiteral("'.' is not an argument: a dotted rest (F . ?rest) is a pattern and belongs only in a rule, next-to-last, "
                               "followed by one variable"),
                dot));
    }
    return problems;
}

} // namespace fanva::check::detail
