// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The check chain of kb-language.md §5.2: the stages in order, the first that reports ends
// the check; the notes come only when none did.
#include "check/critic.h"

#include "check/chain_p.h"
#include "check/spelling_p.h"
#include "check/stratification_p.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include <QJsonValue>

#include <array>
#include <mutex>
#include <utility>

namespace fanva::check {

using detail::flat;
using detail::makeProblem;
using detail::symbolSpelling;
using kb::Term;
namespace sym = kb::sym;

namespace {

QString symbolText(kb::SymbolId id)
{
    return kb::symbolString(id);
}

QString joinSymbols(const std::vector<kb::SymbolId> &ids)
{
    QStringList names;
    for (const kb::SymbolId id : ids)
        names.append(symbolText(id));
    return names.join(QStringLiteral(", "));
}

QString argumentsWord(int n)
{
    return n == 1 ? QStringLiteral("1 argument") : QStringLiteral("%1 arguments").arg(n);
}

bool isPositiveInteger(Term term)
{
    return term.kind() == kb::TermKind::Integer && term.integer() > 0;
}

// The direction a written set/* wrapper gives a rule, if it gives one.
QString wrapperDirection(kb::SymbolId wrapper)
{
    switch (wrapper) {
    case sym::setForwardRule:
        return QStringLiteral("forward");
    case sym::setBackwardRule:
        return QStringLiteral("backward");
    case sym::setInertRule:
        return QStringLiteral("inert");
    default:
        return {};
    }
}

} // namespace

// ---------------------------------------------------------------------------------------
// BatchOverlay

struct detail::Overlay {
    struct Item {
        std::shared_ptr<kb::TermArena> arena;
        Term term;
        kb::SymbolId context = kb::noSymbol;
        std::string key;
        int index = 0;
    };
    std::vector<Item> items;
};

BatchOverlay::BatchOverlay()
    : d(std::make_unique<detail::Overlay>())
{ }

BatchOverlay::~BatchOverlay() = default;
BatchOverlay::BatchOverlay(BatchOverlay &&) noexcept = default;
BatchOverlay &BatchOverlay::operator=(BatchOverlay &&) noexcept = default;

void BatchOverlay::add(const Critic &critic, Term sentence, const QString &context, int index)
{
    auto arena = std::make_shared<kb::TermArena>();
    const Term copy = arena->term(arena->copy(sentence));
    d->items.push_back({ arena, copy, kb::intern(context.toStdString()), critic.knowledgeBase().canonicalKey(copy), index });
}

int BatchOverlay::size() const
{
    return int(d->items.size());
}

// ---------------------------------------------------------------------------------------
// Critic

struct Critic::Private {
    explicit Private(const kb::KnowledgeBase &knowledgeBase)
        : kb(knowledgeBase)
    { }

    const kb::KnowledgeBase &kb;
    mutable std::once_flag graphBuilt;
    mutable std::unique_ptr<detail::RuleGraph> graph;

    const detail::RuleGraph &ruleGraph() const
    {
        std::call_once(graphBuilt, [this] { graph = std::make_unique<detail::RuleGraph>(kb); });
        return *graph;
    }

    std::vector<Problem> run(
        Term sentence, const QString &context, const QJsonObject &options, Origin origin, const detail::Overlay *overlay) const;
};

namespace {

// One check in progress: the sentence, its context and scope, and what the stages share.
struct Check {
    const kb::KnowledgeBase &kb;
    Term sentence;
    QString contextText;
    kb::SymbolId context = kb::noSymbol;
    std::string key;
    kb::Scope scope; ///< visible from the context, the sentence itself left out
    const detail::Overlay *overlay = nullptr;
    std::vector<Problem> notes;

    [[nodiscard]] QString contextOf(kb::SentenceId id) const { return symbolText(kb.sentence(id).context); }
};

std::optional<Problem> shapeProblem(Term sentence)
{
    if (sentence.isList())
        return std::nullopt;
    if (sentence.isVector()) {
        QStringList elements;
        for (std::uint32_t i = 0; i < sentence.size(); ++i)
            elements.append(flat(sentence.at(i)));
        return makeProblem(problem::shape,
            QStringLiteral("the sentence must be a list, not a vector: %1 — a vector means a conjunction; write (%2)")
                .arg(flat(sentence), elements.join(u' ')),
            sentence);
    }
    QString kind;
    switch (sentence.kind()) {
    case kb::TermKind::Integer:
    case kb::TermKind::Decimal:
        kind = QStringLiteral("a number");
        break;
    case kb::TermKind::String:
        kind = QStringLiteral("a string");
        break;
    case kb::TermKind::Variable:
    case kb::TermKind::Anonymous:
        kind = QStringLiteral("a variable");
        break;
    default:
        kind = QStringLiteral("a symbol");
        break;
    }
    return makeProblem(problem::shape,
        QStringLiteral("the sentence must be a list, not %1: %2 — state a claim as (predicate argument …), e.g. (bird %2)")
            .arg(kind, flat(sentence)),
        sentence);
}

std::optional<Problem> optionProblem(Term sentence, const QJsonObject &options)
{
    for (auto it = options.begin(); it != options.end(); ++it) {
        if (it.key() != QLatin1String("direction"))
            return makeProblem(problem::unknownOption,
                QStringLiteral("unknown option \"%1\" — an entry takes only \"direction\" (forward, backward, inert, both); write a "
                               "default rule as (set/defaultRule …)")
                    .arg(it.key()));
    }
    if (!options.contains(QLatin1String("direction")))
        return std::nullopt;
    const QJsonValue value = options.value(QLatin1String("direction"));
    const QString direction = value.toString();
    static const QStringList directions { QStringLiteral("forward"), QStringLiteral("backward"), QStringLiteral("inert"),
        QStringLiteral("both") };
    if (!value.isString() || !directions.contains(direction))
        return makeProblem(problem::unknownOption,
            QStringLiteral("option \"direction\" must be forward, backward, inert or both, not %1")
                .arg(value.isString() ? QStringLiteral("\"%1\"").arg(direction) : QStringLiteral("a non-string value")));
    if (!detail::isRuleForm(sentence))
        return makeProblem(problem::unknownOption,
            QStringLiteral("option \"direction\" applies only to a rule, and %1 is not one — drop the option").arg(flat(sentence)),
            sentence);
    Term rule = sentence;
    for (int depth = 0; depth < kb::maxDepth && detail::isRuleForm(rule) && !rule.isForm(sym::implies); ++depth) {
        const kb::SymbolId f = rule.functorSymbol();
        const QString written = wrapperDirection(f);
        if (!written.isEmpty() && written != direction)
            return makeProblem(problem::unknownOption,
                QStringLiteral("option \"direction\": \"%1\" contradicts the written %2 — drop the option or the wrapper")
                    .arg(direction, symbolText(f)),
                rule.functor());
        rule = rule.at(rule.size() - 1);
    }
    return std::nullopt;
}

// --- fact stages ----------------------------------------------------------------------

Problem notWellFormed(const QString &message, Term at)
{
    return makeProblem(problem::notWellFormed, QStringLiteral("not well-formed: ") + message, at);
}

// Whether `t`, in `fact`, names a type or predicate (`what`), as §4's vocabulary requires.
std::optional<Problem> notIndividual(Term fact, Term t, const QString &what)
{
    if (!t.isSymbol())
        return notWellFormed(QStringLiteral("%1 in %2 must name %3, not %4").arg(flat(t), flat(fact), what, flat(t)), t);
    if (kb::symbolRole(t.symbol()) == kb::Role::Individual)
        return notWellFormed(QStringLiteral("%1 in %2 is an individual, but %3 relates %4 — name a type there, or state a membership "
                                            "such as (type %1)")
                                 .arg(flat(t), flat(fact), flat(fact.functor()), what),
            t);
    return std::nullopt;
}

// The scope of the vocabulary checks: every context, the checked batch's ignored key aside.
kb::Scope everywhere(const Check &c)
{
    return kb::Scope { kb::noSymbol, c.scope.ignoredKey };
}

std::optional<Problem> genlProblem(const Check &c, Term fact)
{
    const Term a = fact.at(1);
    const Term b = fact.at(2);
    if (a.isSymbol() && b.isSymbol() && kb::symbolRole(a.symbol()) == kb::Role::Individual
        && kb::symbolRole(b.symbol()) != kb::Role::Individual)
        return notWellFormed(QStringLiteral("%1 is an individual, and genl relates types or predicates — write (%2 %1) to say %1 is "
                                            "%3")
                                 .arg(flat(a), flat(b), spelling::withArticle(flat(b))),
            a);
    for (const Term t : { a, b }) {
        if (auto problem = notIndividual(fact, t, QStringLiteral("types or predicates")))
            return problem;
    }
    if (a.symbol() == b.symbol())
        return notWellFormed(QStringLiteral("%1 relates %2 to itself, which says nothing — drop it").arg(flat(fact), flat(a)), fact);
    if (c.kb.isGenl(b.symbol(), a.symbol(), everywhere(c)))
        return notWellFormed(QStringLiteral("%1 would make a cycle, since %2 is already below %3").arg(flat(fact), flat(b), flat(a)), fact);
    return std::nullopt;
}

std::optional<Problem> genlCxProblem(const Check & /*c*/, Term fact)
{
    for (const Term t : { fact.at(1), fact.at(2) }) {
        if (!t.isSymbol() || !kb::isContextName(t.name()))
            return notWellFormed(QStringLiteral("genlCx relates contexts, and %1 is not one — write a context name such as %2")
                                     .arg(flat(t), spelling::contextName(flat(t))),
                t);
    }
    if (fact.at(1).symbol() == fact.at(2).symbol())
        return notWellFormed(
            QStringLiteral("%1 makes %2 see itself, which it always does — drop it").arg(flat(fact), flat(fact.at(1))), fact);
    return std::nullopt;
}

std::optional<Problem> disjointnessProblem(const Check &c, Term fact)
{
    const Term a = fact.at(1);
    const Term b = fact.at(2);
    for (const Term t : { a, b }) {
        if (auto problem = notIndividual(fact, t, QStringLiteral("types")))
            return problem;
    }
    if (a.symbol() == b.symbol())
        return notWellFormed(
            QStringLiteral("%1 makes %2 disjoint from itself, so it could have no instance — drop it").arg(flat(fact), flat(a)), fact);
    const bool aBelow = c.kb.isGenl(a.symbol(), b.symbol(), everywhere(c));
    if (aBelow || c.kb.isGenl(b.symbol(), a.symbol(), everywhere(c))) {
        return notWellFormed(QStringLiteral("%1 cannot hold, since %2 is below %3 and shares all its instances — drop it")
                                 .arg(flat(fact), flat(aBelow ? a : b), flat(aBelow ? b : a)),
            fact);
    }
    return std::nullopt;
}

std::optional<Problem> arityProblem(const Check & /*c*/, Term fact)
{
    if (!isPositiveInteger(fact.at(2)))
        return notWellFormed(
            QStringLiteral("the arity in %1 must be a positive integer, not %2").arg(flat(fact), flat(fact.at(2))), fact.at(2));
    return std::nullopt;
}

std::optional<Problem> argumentPositionProblem(Term fact)
{
    if (!isPositiveInteger(fact.at(2)))
        return notWellFormed(
            QStringLiteral("the argument position in %1 must be a positive integer, not %2").arg(flat(fact), flat(fact.at(2))), fact.at(2));
    return std::nullopt;
}

// (arg P n T) and (genlArg P n T).
std::optional<Problem> argProblem(const Check & /*c*/, Term fact)
{
    if (auto problem = argumentPositionProblem(fact))
        return problem;
    return notIndividual(fact, fact.at(3), QStringLiteral("a type"));
}

// (transitiveInArg P n R) and (transitiveInArgInverse P n R).
std::optional<Problem> transitiveInArgProblem(const Check &c, Term fact)
{
    if (auto problem = argumentPositionProblem(fact))
        return problem;
    const Term relation = fact.at(3);
    const bool ok = relation.isSymbol(sym::genl) || relation.isSymbol(sym::genlCx)
        || (relation.isSymbol() && !c.kb.factsWith(sym::transitive, relation.symbol(), everywhere(c)).empty());
    if (!ok)
        return notWellFormed(QStringLiteral("%1 preserves argument %2 along %3, which is neither genl, genlCx nor marked transitive — "
                                            "use one of those, or state (transitive %3)")
                                 .arg(flat(fact), flat(fact.at(2)), flat(relation)),
            relation);
    return std::nullopt;
}

std::optional<Problem> commentProblem(const Check & /*c*/, Term fact)
{
    const Term term = fact.at(1);
    if (!term.isSymbol() && !term.isList())
        return notWellFormed(
            QStringLiteral("comment documents a term (a symbol or a compound), not %1 — write (comment term \"…\")").arg(flat(term)), term);
    if (!fact.at(2).isString())
        return notWellFormed(
            QStringLiteral("comment documents %1 with a string, not %2 — write (comment %1 \"…\")").arg(flat(term), flat(fact.at(2))),
            fact.at(2));
    return std::nullopt;
}

// The §4 vocabulary rules, one check per vocabulary predicate.
using VocabularyCheck = std::optional<Problem> (*)(const Check &, Term);
constexpr std::array<std::pair<kb::SymbolId, VocabularyCheck>, 9> s_vocabularyChecks { {
    { sym::genl, genlProblem },
    { sym::genlCx, genlCxProblem },
    { sym::disjoint, disjointnessProblem },
    { sym::arity, arityProblem },
    { sym::arg, argProblem },
    { sym::genlArg, argProblem },
    { sym::transitiveInArg, transitiveInArgProblem },
    { sym::transitiveInArgInverse, transitiveInArgProblem },
    { sym::comment, commentProblem },
} };

// The §4 vocabulary rules for a positive fact.
std::optional<Problem> vocabularyProblem(const Check &c, Term fact)
{
    const kb::SymbolId f = fact.functorSymbol();
    for (const auto &[predicate, check] : s_vocabularyChecks) {
        if (predicate == f)
            return check(c, fact);
    }
    return std::nullopt;
}

// The arity n a declaration fact gives its predicate: (arity P n), (unaryPredicate P), or a
// membership (T P) with T below unary/binary/ternaryPredicate.
std::optional<int> declaredArity(const Check &c, Term fact)
{
    const kb::SymbolId f = fact.functorSymbol();
    if (f == sym::arity)
        return isPositiveInteger(fact.at(2)) ? std::optional<int>(int(fact.at(2).integer())) : std::nullopt;
    if (fact.size() != 2 || !fact.at(1).isSymbol())
        return std::nullopt;
    for (const auto &[declaring, n] : { std::pair { sym::unaryPredicate, 1 }, { sym::binaryPredicate, 2 }, { sym::ternaryPredicate, 3 } }) {
        if (f == declaring || (f != kb::noSymbol && c.kb.isGenl(f, declaring, c.scope)))
            return n;
    }
    return std::nullopt;
}

QString aritySentence(const kb::Arity &arity)
{
    return (arity.variableArity ? QStringLiteral("at least ") : QString()) + argumentsWord(arity.count);
}

// arity (a) for one literal; `where` says where it stands ("in rule consequent (livesIn ?x)").
std::optional<Problem> literalArityProblem(const Check &c, Term literal, const QString &where)
{
    const Term functor = literal.functor();
    if (!functor.isSymbol() || functor.symbol() < sym::endOfBuiltins)
        return std::nullopt;
    const int n = detail::argumentCount(literal);
    if (n < 0)
        return std::nullopt;
    const std::optional<kb::Arity> arity = c.kb.arityOf(functor.symbol(), c.scope);
    if (!arity || (arity->variableArity ? n >= arity->count : n == arity->count))
        return std::nullopt;
    const QString p = flat(functor);
    if (!where.isEmpty())
        return makeProblem(problem::arity,
            arity->via == kb::noSymbol
                ? QStringLiteral("%1 is declared with %2 but has %3 %4").arg(p, aritySentence(*arity)).arg(n).arg(where)
                : QStringLiteral("%1 is declared with %2 through %3 but has %4 %5")
                      .arg(p, aritySentence(*arity), symbolText(arity->via))
                      .arg(n)
                      .arg(where),
            literal);
    return makeProblem(problem::arity,
        arity->via == kb::noSymbol
            ? QStringLiteral("%1 takes %2 but has %3").arg(p, aritySentence(*arity)).arg(n)
            : QStringLiteral("%1 takes %2 through %3 but has %4").arg(p, aritySentence(*arity), symbolText(arity->via)).arg(n),
        literal);
}

std::optional<Problem> factArityProblem(const Check &c, Term fact)
{
    if (auto problem = literalArityProblem(c, fact, {}))
        return problem;
    const kb::SymbolId f = fact.functorSymbol();

    // (b) a declaration against the predicate's own.
    if (const std::optional<int> declared = declaredArity(c, fact); declared && fact.at(1).isSymbol()) {
        const Term p = fact.at(1);
        const std::optional<kb::Arity> own = c.kb.arityOf(p.symbol(), c.scope);
        if (own && own->via == kb::noSymbol && own->count != *declared)
            return makeProblem(problem::arity,
                QStringLiteral("%1 gives %2 %3, but it is declared with %4 — keep one arity per predicate")
                    .arg(flat(fact), flat(p), argumentsWord(*declared), QString::number(own->count)),
                fact);
    }

    // (c) an arg/genlArg position above the arity.
    if ((f == sym::arg || f == sym::genlArg) && fact.at(1).isSymbol() && isPositiveInteger(fact.at(2))) {
        const std::optional<kb::Arity> arity = c.kb.arityOf(fact.at(1).symbol(), c.scope);
        const auto position = fact.at(2).integer();
        if (arity && !arity->variableArity && position > arity->count)
            return makeProblem(problem::arity,
                QStringLiteral("%1 constrains argument %2 of %3, which is declared with %4 — constrain an argument from 1 to %5")
                    .arg(flat(fact.functor()))
                    .arg(position)
                    .arg(flat(fact.at(1)), argumentsWord(arity->count))
                    .arg(arity->count),
                fact.at(2));
    }

    // (d) genl between predicates of different own arities.
    if (f == sym::genl && fact.at(1).isSymbol() && fact.at(2).isSymbol()) {
        const std::optional<kb::Arity> a = c.kb.arityOf(fact.at(1).symbol(), c.scope);
        const std::optional<kb::Arity> b = c.kb.arityOf(fact.at(2).symbol(), c.scope);
        if (a && b && a->via == kb::noSymbol && b->via == kb::noSymbol && a->count != b->count)
            return makeProblem(problem::arity,
                QStringLiteral("arity does not descend: %1 has %2 arguments and %3 %4, so %5 cannot hold — relate predicates of one arity")
                    .arg(flat(fact.at(1)))
                    .arg(a->count)
                    .arg(flat(fact.at(2)))
                    .arg(b->count)
                    .arg(flat(fact)),
                fact);
    }
    return std::nullopt;
}

// §5.4 open-world argument types.
std::optional<Problem> argTypeProblem(const Check &c, Term fact)
{
    const kb::SymbolId p = fact.functorSymbol();
    if (p == kb::noSymbol)
        return std::nullopt;
    const int n = detail::argumentCount(fact);
    for (const kb::ArgConstraint &constraint : c.kb.argConstraints(p, c.scope)) {
        if (constraint.position < 1 || constraint.position > n)
            continue;
        const Term x = fact.at(std::uint32_t(constraint.position));
        if (!x.isSymbol())
            continue;
        const QString declaredOf = constraint.of == p ? QString() : QStringLiteral(" (declared of %1)").arg(symbolText(constraint.of));
        const QString head = QStringLiteral("argument %1 of %2 must be ").arg(constraint.position).arg(flat(fact.functor()));
        if (constraint.kind == kb::ArgConstraint::Kind::Arg) {
            const std::vector<kb::SymbolId> memberships = c.kb.memberships(x.symbol(), c.scope);
            bool placed = false;
            bool fits = false;
            for (const kb::SymbolId t : memberships) {
                placed = placed || c.kb.isGenl(t, sym::thing, c.scope);
                fits = fits || c.kb.isGenl(t, constraint.type, c.scope);
            }
            if (placed && !fits)
                return makeProblem(problem::argType,
                    head
                        + QStringLiteral("%1%2, but %3 is known only as %4")
                              .arg(spelling::withArticle(symbolText(constraint.type)), declaredOf, flat(x), joinSymbols(memberships)),
                    x);
        } else {
            if (kb::symbolRole(x.symbol()) == kb::Role::Individual)
                return makeProblem(problem::argType,
                    head
                        + QStringLiteral("a subtype of %1%2, but %3 is an individual")
                              .arg(symbolText(constraint.type), declaredOf, flat(x)),
                    x);
            if (c.kb.isGenl(x.symbol(), sym::thing, c.scope) && !c.kb.isGenl(x.symbol(), constraint.type, c.scope))
                return makeProblem(problem::argType,
                    head
                        + QStringLiteral("a subtype of %1%2, but %3 is not one (its supertypes: %4)")
                              .arg(symbolText(constraint.type), declaredOf, flat(x), joinSymbols(c.kb.genls(x.symbol(), c.scope))),
                    x);
        }
    }
    return std::nullopt;
}

std::optional<Problem> disjointProblem(const Check &c, Term fact)
{
    if (fact.size() != 2 || !fact.functor().isSymbol() || !fact.at(1).isSymbol())
        return std::nullopt;
    const kb::SymbolId t = fact.functorSymbol();
    const Term x = fact.at(1);
    for (const kb::SymbolId other : c.kb.memberships(x.symbol(), c.scope)) {
        if (other == t)
            continue;
        const std::optional<kb::DisjointWitness> witness = c.kb.disjoint(t, other, c.scope);
        if (!witness)
            continue;
        QString reason;
        switch (witness->reason) {
        case kb::DisjointWitness::Reason::Explicit:
            reason = QStringLiteral("%1 in %2").arg(flat(c.kb.sentence(witness->sentence).term), c.contextOf(witness->sentence));
            break;
        case kb::DisjointWitness::Reason::Metatype:
            reason = QStringLiteral("both are %1, a disjointMetatype").arg(symbolText(witness->via));
            break;
        case kb::DisjointWitness::Reason::Sibling:
            reason = QStringLiteral("siblings under %1, a siblingDisjoint").arg(symbolText(witness->via));
            break;
        }
        return makeProblem(problem::disjoint,
            QStringLiteral("disjoint types: %1 is %2, and %3 and %4 share no instance (%5)")
                .arg(flat(x), spelling::withArticle(symbolText(other)), symbolText(witness->b), symbolText(witness->a), reason),
            fact.functor());
    }
    return std::nullopt;
}

// A value a pairwise clash can compare: a symbol, a literal, or a compound term with no
// variable or dot at any depth (walked without recursion).
bool isGroundValue(Term value)
{
    std::vector<Term> stack { value };
    while (!stack.empty()) {
        const Term t = stack.back();
        stack.pop_back();
        if (t.isDot() || t.isVariable())
            return false;
        if (t.isCompound()) {
            for (std::uint32_t i = 0; i < t.size(); ++i)
                stack.push_back(t.at(i));
        }
    }
    return true;
}

// (P a b) with ground values a and b (§5.3: a compound value clashes like any other).
bool isGroundBinary(Term fact)
{
    return fact.size() == 3 && fact.functor().isSymbol() && isGroundValue(fact.at(1)) && isGroundValue(fact.at(2));
}

std::optional<Problem> asymmetricProblem(const Check &c, Term fact)
{
    if (!isGroundBinary(fact) || kb::sameTerm(fact.at(1), fact.at(2)) || !fact.at(2).isSymbol())
        return std::nullopt;
    const Term a = fact.at(1);
    const Term b = fact.at(2);
    for (const kb::SymbolId q : c.kb.marksOver(fact.functorSymbol(), sym::asymmetric, c.scope)) {
        for (const kb::SentenceId id : c.kb.factsWith(q, b.symbol(), c.scope)) {
            const Term stored = c.kb.sentence(id).term;
            if (stored.size() == 3 && kb::sameTerm(stored.at(2), a))
                return makeProblem(problem::asymmetric,
                    QStringLiteral("asymmetric: %1 holds one way only, and %2 is stated in %3")
                        .arg(symbolText(q), flat(stored), c.contextOf(id)),
                    fact);
        }
    }
    return std::nullopt;
}

// functional, or the functional-coreference note (kept in c.notes) for two symbols.
std::optional<Problem> functionalProblem(Check &c, Term fact)
{
    if (!isGroundBinary(fact) || !fact.at(1).isSymbol())
        return std::nullopt;
    const Term a = fact.at(1);
    const Term b = fact.at(2);
    const auto clash = [&](kb::SymbolId q, Term stored, const QString &where) -> std::optional<Problem> {
        const Term v = stored.at(2);
        if (kb::sameTerm(v, b))
            return std::nullopt;
        if (!v.isSymbol() || !b.isSymbol())
            return makeProblem(problem::functional,
                QStringLiteral("functional: %1 already has %2 %3 (%4), so it cannot also have %5")
                    .arg(flat(a), flat(stored.functor()), flat(v), where, flat(b)),
                b);
        if (std::none_of(c.notes.begin(), c.notes.end(), [](const Problem &p) { return p.type == problem::functionalCoreference; }))
            c.notes.push_back(makeProblem(problem::functionalCoreference,
                QStringLiteral("%1 is functional and %2 already has %3 (%4): this entry says %5 and %3 are the same thing — if they are "
                               "not, it is wrong")
                    .arg(symbolText(q), flat(a), flat(v), where, flat(b)),
                b));
        return std::nullopt;
    };
    for (const kb::SymbolId q : c.kb.marksOver(fact.functorSymbol(), sym::functional, c.scope)) {
        for (const kb::SentenceId id : c.kb.factsWith(q, a.symbol(), c.scope)) {
            const Term stored = c.kb.sentence(id).term;
            if (stored.size() == 3) {
                if (auto problem = clash(q, stored, c.contextOf(id)))
                    return problem;
            }
        }
        if (!c.overlay)
            continue;
        for (const auto &item : c.overlay->items) {
            const Term stored = item.term;
            if (!c.kb.sees(c.context, item.context) || !isGroundBinary(stored) || !kb::sameTerm(stored.at(1), a)
                || !c.kb.isGenl(stored.functorSymbol(), q, c.scope))
                continue;
            if (auto problem = clash(q, stored, QStringLiteral("entry %1 in this batch").arg(item.index)))
                return problem;
        }
    }
    return std::nullopt;
}

std::optional<Problem> irreflexiveProblem(const Check &c, Term fact)
{
    if (!isGroundBinary(fact) || !kb::sameTerm(fact.at(1), fact.at(2)))
        return std::nullopt;
    const std::vector<kb::SymbolId> marks = c.kb.marksOver(fact.functorSymbol(), sym::irreflexive, c.scope);
    if (marks.empty())
        return std::nullopt;
    return makeProblem(problem::irreflexive,
        QStringLiteral("irreflexive: %1 never relates a thing to itself, yet %2 does").arg(symbolText(marks.front()), flat(fact)), fact);
}

void addNotes(Check &c, Term fact, Origin origin)
{
    std::vector<Problem> notes;
    if (!fact.isNull() && fact.isForm(sym::isa) && fact.size() == 3) {
        const Term x = fact.at(1);
        const Term y = fact.at(2);
        const QString type = y.isSymbol() ? spelling::snake(symbolSpelling(y)) : flat(y);
        notes.push_back(makeProblem(problem::isaMembership,
            QStringLiteral("%1 is a two-place isa fact nothing reads; types are unary predicates here — write (%2 %3)")
                .arg(flat(fact), type, flat(x)),
            fact));
    }
    for (Problem &note : c.notes)
        notes.push_back(std::move(note));

    // A sentence read from its own context's file is not already stored by itself.
    const kb::Scope storedScope { c.context, origin == Origin::StoredHere ? c.scope.ignoredKey : kb::noKey };
    if (const std::vector<kb::SentenceId> stored = c.kb.lookup(c.key, storedScope); !stored.empty())
        notes.push_back(makeProblem(problem::alreadyStored,
            QStringLiteral("already stored in %1 as %2").arg(c.contextOf(stored.front()), flat(c.kb.sentence(stored.front()).term)),
            c.sentence));
    if (c.overlay) {
        for (const auto &item : c.overlay->items) {
            if (item.context == c.context && item.key == c.key) {
                notes.push_back(makeProblem(
                    problem::duplicateInBatch, QStringLiteral("duplicate of entry %1 in this batch").arg(item.index), c.sentence));
                break;
            }
        }
    }
    c.notes = std::move(notes);
}

} // namespace

std::vector<Problem> Critic::Private::run(
    Term sentence, const QString &context, const QJsonObject &options, Origin origin, const detail::Overlay *overlay) const
{
    // 1. shape: the context is one symbol, the sentence a list.
    const kb::SentenceParse contextParse = kb::parseSentence(context);
    if (!contextParse.sentence || !contextParse.sentence->term.isSymbol())
        return { makeProblem(problem::shape,
            QStringLiteral("the context must be one symbol naming a context, got \"%1\" — write a context name such as CxBirds")
                .arg(context)) };
    if (auto problem = shapeProblem(sentence))
        return { *problem };
    // 2. options, 3. context escape, 4. structure.
    if (auto problem = optionProblem(sentence, options))
        return { *problem };
    if (sentence.isForm(sym::ist))
        return { makeProblem(problem::contextEscape,
            QStringLiteral("entries go to the target context (%1): write the sentence without ist").arg(context), sentence.functor()) };
    if (auto problem = detail::structureProblem(sentence))
        return { *problem };

    Check c { kb, sentence, context, contextParse.sentence->term.symbol(), kb.canonicalKey(sentence), {}, overlay, {} };
    c.scope = kb::Scope { c.context, kb.keyId(c.key) };

    // 5. a rule …
    if (const std::optional<detail::RuleParts> rule = detail::ruleParts(sentence)) {
        if (auto problem = detail::rangeProblem(*rule))
            return { *problem };
        if (auto problem = detail::exceptionProblem(*rule))
            return { *problem };
        if (auto problem = detail::indexProblem(*rule))
            return { *problem };
        if (std::vector<Problem> naming = detail::namingProblems(sentence, context, true); !naming.empty())
            return naming;
        for (const kb::Literal &literal : kb::literals(sentence)) {
            const QString where = QStringLiteral("in %1 %2").arg(kb::literalRoleName(literal.role), flat(literal.term));
            if (auto problem = literalArityProblem(c, literal.term, where))
                return { *problem };
        }
        if (!rule->inert) {
            if (auto loop = ruleGraph().loopThroughRule(detail::ruleNode(*rule), c.scope.ignoredKey))
                return { makeProblem(problem::notStratified, *loop, sentence) };
        }
        addNotes(c, {}, origin);
        return c.notes;
    }

    // … or a fact, possibly negated.
    int negations = 0;
    const Term fact = detail::peelNot(sentence, &negations);
    const bool negated = negations % 2 == 1;
    if (std::vector<Problem> naming = detail::namingProblems(sentence, context, false); !naming.empty())
        return naming;
    if (auto problem = detail::groundProblem(fact, sentence))
        return { *problem };
    if (negated) {
        if (auto problem = literalArityProblem(c, fact, {}))
            return { *problem };
        addNotes(c, {}, origin);
        return c.notes;
    }
    if (auto problem = vocabularyProblem(c, fact))
        return { *problem };
    if (fact.isForm(sym::genl) && fact.at(1).isSymbol() && fact.at(2).isSymbol()) {
        if (auto loop = ruleGraph().loopThroughGenl(fact.at(1).symbol(), fact.at(2).symbol(), c.scope.ignoredKey))
            return { makeProblem(problem::notStratified, *loop, sentence) };
    }
    if (auto problem = factArityProblem(c, fact))
        return { *problem };
    if (auto problem = argTypeProblem(c, fact))
        return { *problem };
    if (auto problem = disjointProblem(c, fact))
        return { *problem };
    if (auto problem = asymmetricProblem(c, fact))
        return { *problem };
    if (auto problem = functionalProblem(c, fact))
        return { *problem };
    if (auto problem = irreflexiveProblem(c, fact))
        return { *problem };
    addNotes(c, fact, origin);
    return c.notes;
}

Critic::Critic(const kb::KnowledgeBase &kb)
    : d(std::make_unique<Private>(kb))
{ }

Critic::~Critic() = default;

const kb::KnowledgeBase &Critic::knowledgeBase() const
{
    return d->kb;
}

std::vector<Problem> Critic::check(const QString &sentence, const QString &context, const QJsonObject &options) const
{
    const kb::SentenceParse parsed = kb::parseSentence(sentence);
    if (!parsed.sentence) {
        QString message;
        if (parsed.formCount == 0 && !kb::parseDocument(sentence.toUtf8()).hasErrors())
            message = QStringLiteral("the entry holds no sentence — write one form such as (bird Tweety)");
        else if (parsed.formCount > 1)
            message = QStringLiteral("the entry holds %1 forms, but an entry is exactly one sentence — give each its own entry")
                          .arg(parsed.formCount);
        else
            message = QStringLiteral("the entry does not read: %1 — fix the text so it is one well-formed sentence")
                          .arg(parsed.diagnostics.empty() ? QStringLiteral("no form") : parsed.diagnostics.front().message);
        return { makeProblem(problem::shape, message) };
    }
    return d->run(parsed.sentence->term, context, options, Origin::Candidate, nullptr);
}

std::vector<Problem> Critic::check(kb::Term sentence, const QString &context, const QJsonObject &options, Origin origin) const
{
    return d->run(sentence, context, options, origin, nullptr);
}

std::vector<Problem> Critic::check(kb::Term sentence, const QString &context, const QJsonObject &options, const BatchOverlay &overlay) const
{
    return d->run(sentence, context, options, Origin::Candidate, overlay.d.get());
}

std::vector<std::vector<Problem>> Critic::checkBatch(const std::vector<Entry> &entries) const
{
    std::vector<std::vector<Problem>> results;
    results.reserve(entries.size());
    BatchOverlay overlay;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Entry &entry = entries[i];
        const kb::SentenceParse parsed = kb::parseSentence(entry.sentence);
        if (!parsed.sentence) {
            results.push_back(check(entry.sentence, entry.context, entry.options));
            continue;
        }
        std::vector<Problem> problems = check(parsed.sentence->term, entry.context, entry.options, overlay);
        if (!hasBlocking(problems))
            overlay.add(*this, parsed.sentence->term, entry.context, int(i));
        results.push_back(std::move(problems));
    }
    return results;
}

std::vector<Problem> check(const kb::KnowledgeBase &kb, const QString &sentence, const QString &context, const QJsonObject &options)
{
    return Critic(kb).check(sentence, context, options);
}

std::vector<std::vector<Problem>> checkBatch(const kb::KnowledgeBase &kb, const std::vector<Entry> &entries)
{
    return Critic(kb).checkBatch(entries);
}

} // namespace fanva::check
