// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/corrections.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include <algorithm>

namespace fanva::lang::fanvakb {

namespace {

Confidence weakest(Confidence a, Confidence b)
{
    return std::max(a, b); // High < Medium < Low
}

class Corrector
{
public:
    Corrector(const kb::KnowledgeBase &kb, kb::SymbolId context)
        : m_kb(kb)
        , m_scope { context, kb::noKey }
    { }

    [[nodiscard]] bool isKbType(kb::Term term) const
    {
        if (!term.isSymbol() || term.symbol() < kb::sym::endOfBuiltins || !kb::isTypeName(term.name()))
            return false;
        return m_kb.findTerm(term.symbol(), m_scope).used && !m_kb.arityOf(term.symbol(), m_scope).has_value();
    }

    // 1. More arguments than declared: drop repeated arguments.
    void aritySurplus(kb::Term literal, bool negated, Correction &out) const
    {
        const kb::SymbolId p = literal.functorSymbol();
        if (p == kb::noSymbol || p < kb::sym::endOfBuiltins)
            return;
        const std::optional<kb::Arity> arity = m_kb.arityOf(p, m_scope);
        const int given = int(literal.size()) - 1;
        if (!arity || arity->variableArity || given <= arity->count)
            return;
        out.rules << QStringLiteral("arity-surplus");
        QStringList args;
        for (std::uint32_t i = 1; i < literal.size(); ++i) {
            bool repeated = false;
            for (std::uint32_t j = 1; j < i; ++j)
                repeated = repeated || kb::sameTerm(literal[i], literal[j]);
            if (!repeated)
                args << kb::renderFlat(literal[i]);
        }
        const QString name = kb::symbolString(p);
        if (args.size() == arity->count) {
            QString to = QStringLiteral("(%1 %2)").arg(name, args.join(QLatin1Char(' ')));
            if (negated)
                to = QStringLiteral("(not %1)").arg(to);
            out.to = to;
            out.why = QStringLiteral("%1 takes %2 arguments but was given %3; dropping the repeated ones leaves %2.")
                          .arg(name)
                          .arg(arity->count)
                          .arg(given);
        } else {
            out.why = QStringLiteral("%1 takes %2 arguments but was given %3; no repeated argument explains the surplus.")
                          .arg(name)
                          .arg(arity->count)
                          .arg(given);
            out.confidence = weakest(out.confidence, Confidence::Low);
        }
    }

    // 2. (P T): a property said of a type's name, not of its members.
    bool unaryOnType(kb::Term literal, bool negated, Correction &out) const
    {
        const kb::SymbolId p = literal.functorSymbol();
        if (p == kb::noSymbol || p < kb::sym::endOfBuiltins || literal.size() != 2 || !isKbType(literal[1]))
            return false;
        const std::optional<kb::Arity> arity = m_kb.arityOf(p, m_scope);
        if (arity && arity->count != 1)
            return false;
        const QString pn = kb::symbolString(p);
        const QString tn = kb::symbolString(literal[1].symbol());
        const QString head = negated ? QStringLiteral("(not (%1 ?x))").arg(pn) : QStringLiteral("(%1 ?x)").arg(pn);
        out.rules << QStringLiteral("unary-on-type");
        out.to = QStringLiteral("(set/defaultRule (implies (%1 ?x) %2))").arg(tn, head);
        if (!negated) {
            if (kb::isTypeName(literal.functor().name()))
                out.alternatives << QStringLiteral("(genl %1 %2)").arg(tn, pn);
            out.alternatives << QStringLiteral("(implies (%1 ?x) (%2 ?x))").arg(tn, pn);
        }
        out.why = QStringLiteral(
            "(%1 %2) says %1 of the symbol %2, not of %2s. A default that should have been a genl costs a little inference; a genl "
            "that should have been a default admits no exception and must be retracted — so the default leads.")
                      .arg(pn, tn);
        return true;
    }

    // 3. (R a1 a2) with a type where R wants a member.
    void relationOnTypes(kb::Term literal, Correction &out) const
    {
        const kb::SymbolId r = literal.functorSymbol();
        if (r == kb::noSymbol || r < kb::sym::endOfBuiltins || literal.size() < 3)
            return;
        const std::vector<kb::ArgConstraint> constraints = m_kb.argConstraints(r, m_scope);
        const auto argType = [&](int position) -> kb::SymbolId {
            for (const kb::ArgConstraint &c : constraints) {
                if (c.kind == kb::ArgConstraint::Kind::Arg && c.position == position && c.type != kb::sym::thing)
                    return c.type;
            }
            return kb::noSymbol;
        };
        bool fires = false;
        for (std::uint32_t i = 1; i < literal.size(); ++i)
            fires = fires || (isKbType(literal[i]) && argType(int(i)) != kb::noSymbol);
        if (!fires)
            return;
        out.rules << QStringLiteral("relation-on-types");
        const QString rn = kb::symbolString(r);
        QStringList args;
        for (std::uint32_t i = 1; i < literal.size(); ++i)
            args << kb::renderFlat(literal[i]);
        const QString lifted = rn + QStringLiteral("Type");
        const QString lift = QStringLiteral("(%1 %2)").arg(lifted, args.join(QLatin1Char(' ')));
        const std::optional<kb::SymbolId> liftedSymbol = kb::findSymbol(lifted.toStdString());
        if (liftedSymbol && m_kb.findTerm(*liftedSymbol, m_scope).used) {
            out.to = lift;
            out.why = QStringLiteral("%1 relates members, and %2 is declared to relate the kinds themselves.").arg(rn, lifted);
            out.confidence = weakest(out.confidence, Confidence::Medium);
            return;
        }
        if (literal.size() != 3 || !isKbType(literal[1])) {
            out.alternatives << lift;
            out.why = QStringLiteral("%1 relates members, not kinds; say which members, or coin %2 for the kinds.").arg(rn, lifted);
            out.confidence = weakest(out.confidence, Confidence::Low);
            return;
        }
        const QString t1 = args[0];
        const QString t2 = args[1];
        const bool secondIsType = isKbType(literal[2]);
        const auto someEvery = [&](const QString &first, const QString &relation, const QString &second, bool typed) {
            if (typed)
                return QStringLiteral("(set/defaultRule (implies (%1 ?x) (exists ?y (and (%2 ?y) (%3 ?x ?y)))))")
                    .arg(first, second, relation);
            return QStringLiteral("(set/defaultRule (implies (%1 ?x) (%2 ?x %3)))").arg(first, relation, second);
        };
        out.to = someEvery(t1, rn, t2, secondIsType);
        out.alternatives << lift;
        const bool shared = argType(1) != kb::noSymbol && argType(1) == argType(2);
        if (shared && secondIsType)
            out.alternatives << someEvery(t2, rn, t1, true);
        for (kb::SentenceId id : m_kb.mentioning(r, m_scope)) {
            const kb::Term t = m_kb.sentence(id).term;
            if (!t.isForm(kb::sym::inverse) || t.size() != 3 || !t[1].isSymbol() || !t[2].isSymbol())
                continue;
            const kb::SymbolId inverse = t[1].symbol() == r ? t[2].symbol() : t[1].symbol();
            if (inverse != r && secondIsType)
                out.alternatives << someEvery(t2, kb::symbolString(inverse), t1, true);
        }
        out.confidence = weakest(out.confidence, shared ? Confidence::Low : Confidence::Medium);
        out.why = secondIsType
            ? QStringLiteral("(%1 %2 %3) says %1 of the types %2 and %3, not of their members. Read as: every %2 usually %1 some %3 — "
                             "\"some\", since no %2 relates to every %3; %4 would relate the kinds themselves.")
                  .arg(rn, t1, t2, lifted)
            : QStringLiteral("(%1 %2 %3) says %1 of the type %2, not of its members. Read as: every %2 usually has %1 %3; %4 "
                             "would relate the kind itself.")
                  .arg(rn, t1, t2, lifted);
    }

private:
    const kb::KnowledgeBase &m_kb;
    kb::Scope m_scope;
};

// The literal a pass looks at: the sentence itself or the one under a top-level not.
std::pair<kb::Term, bool> peeled(kb::Term sentence)
{
    if (sentence.isForm(kb::sym::not_) && sentence.size() == 2 && sentence[1].isList())
        return { sentence[1], true };
    return { sentence, false };
}

} // namespace

Correction correct(const kb::KnowledgeBase &kb, kb::Term sentence, kb::SymbolId context)
{
    Correction out;
    out.from = kb::renderFlat(sentence);
    const Corrector corrector(kb, context);

    kb::OwnedTerm current { nullptr, sentence };
    auto [literal, negated] = peeled(sentence);
    if (!literal.isList() || literal.functorSymbol() == kb::noSymbol || literal.functorSymbol() < kb::sym::endOfBuiltins)
        return out;

    QStringList whys;
    corrector.aritySurplus(literal, negated, out);
    if (!out.why.isEmpty())
        whys << out.why;
    if (out.to) {
        kb::SentenceParse reparsed = kb::parseSentence(*out.to);
        if (!reparsed.sentence)
            return out;
        current = *reparsed.sentence;
        std::tie(literal, negated) = peeled(current.term);
    }
    out.why.clear();
    if (corrector.unaryOnType(literal, negated, out)) {
        whys << out.why;
    } else if (!negated) {
        out.why.clear();
        corrector.relationOnTypes(literal, out);
        if (!out.why.isEmpty())
            whys << out.why;
    }
    out.why = whys.join(QLatin1Char(' '));
    while (out.alternatives.size() > formalize::maxShapes - 2)
        out.alternatives.removeLast();
    return out;
}

} // namespace fanva::lang::fanvakb
