// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/checks.h"

#include "lang/nibli/codes.h"

#include <algorithm>
#include <array>
#include <functional>

namespace fanva::lang::nibli {

namespace {

constexpr std::array<std::string_view, 5> s_reportOrder { codes::countQueryOnly, codes::computeQueryOnly, codes::comparisonQueryOnly,
    codes::prefixOverRule, codes::noContent };

bool isCompute(std::string_view w)
{
    return w == "product" || w == "sum" || w == "quotient" || w == "exponential" || w == "logarithm";
}

bool isComparison(std::string_view w)
{
    return w == "greater" || w == "less" || w == "num_equal";
}

bool computable(const Term *t)
{
    if (t == nullptr)
        return false;
    switch (t->kind) {
    case TermKind::Number:
    case TermKind::Variable:
    case TermKind::Question:
    case TermKind::Abstraction:
        return true;
    case TermKind::Keyterm:
        return t->text == "it" || t->text == "slot";
    case TermKind::Phrase:
        return t->det != Det::The;
    default:
        return false;
    }
}

bool isEvery(const Term &t)
{
    return t.kind == TermKind::Phrase && (t.det == Det::Every || t.det == Det::EveryThe);
}

const Term *argumentAt(const std::vector<Argument> &list, int place)
{
    for (const Argument &a : list)
        if (a.place == place)
            return &a.term;
    return nullptr;
}

class Assertability final
{
public:
    std::vector<Diagnostic> run(const Statement &s);

private:
    void problem(const char *id, uint32_t at, std::string message) { m_out.push_back({ id, at, 0, 0, std::move(message) }); }
    void claim(const Claim &c);
    void term(const Term &t);
    void restrictor(const Restrictor &r, bool designator);
    void clauses(const std::vector<Clause> &list);
    void count(Det det, uint32_t at);
    /// The compute and comparison checks on the words of `s`; `place12` tells whether place
    /// 1 or 2 of those words is computable.
    void words(const Seq &s, bool place12);
    void word(const Unit &u, bool place12);
    void noContent(const Statement &s);

    std::vector<Diagnostic> m_out;
};

std::vector<Diagnostic> Assertability::run(const Statement &s)
{
    if (s.isDeclaration)
        return {};
    claim(*s.claim);
    noContent(s);
    std::stable_sort(m_out.begin(), m_out.end(), [](const Diagnostic &a, const Diagnostic &b) {
        const auto rank
            = [](const std::string &id) { return std::find(s_reportOrder.begin(), s_reportOrder.end(), id) - s_reportOrder.begin(); };
        return a.offset != b.offset ? a.offset < b.offset : rank(a.id) < rank(b.id);
    });
    return std::move(m_out);
}

void Assertability::count(Det det, uint32_t at)
{
    if (det == Det::Exactly || det == Det::ExactlyThe)
        problem(codes::countQueryOnly, at,
            "exactly N and no count things, and a count is answered only by a query: the knowledge base cannot store a "
            "cardinality; state the facts and ask the count as a query");
}

void Assertability::word(const Unit &u, bool place12)
{
    if (u.isGroup()) {
        words(u.group, place12);
        return;
    }
    const std::string w = u.word();
    if (isCompute(w)) {
        if (w == "exponential" || w == "logarithm")
            problem(codes::computeQueryOnly, u.offset,
                w + " is reserved for external computation and is answered only by a query; quoted use inside fact { … } is fine");
        else
            problem(codes::computeQueryOnly, u.offset,
                w
                    + " is arithmetic, computed only when a query asks: it cannot be stated or used in a rule; state the numbers as "
                      "ordinary facts and ask "
                    + w + "(…) as a query");
    }
    if (isComparison(w) && place12)
        problem(codes::comparisonQueryOnly, u.offset,
            w
                + " with a number or a variable in its first two places is a computed comparison, answered only by a query: "
                  "compare in a query, or state a classification as an ordinary predicate (as thin(Varfarin). does); "
                + w + " between two Names is an ordinary fact");
}

void Assertability::words(const Seq &s, bool place12)
{
    for (const Unit &u : s)
        word(u, place12);
}

void Assertability::claim(const Claim &c)
{
    switch (c.kind) {
    case ClaimKind::Prenex:
        claim(*c.body);
        return;
    case ClaimKind::Block:
        count(c.det, c.offset);
        restrictor(*c.restrictor, c.det == Det::The || c.det == Det::EveryThe || c.det == Det::ExactlyThe);
        claim(*c.body);
        return;
    case ClaimKind::Binary:
        claim(*c.left);
        claim(*c.right);
        return;
    case ClaimKind::Equality:
        if (c.prefix != Prefix::None && (isEvery(c.lhs) || isEvery(c.rhs)))
            problem(codes::prefixOverRule, c.offset,
                std::string("'") + prefixWord(c.prefix)
                    + "' applies to one fact, but an every phrase makes this a rule: a rule cannot be tensed or made obligatory "
                      "as a whole; put the prefix on a literal inside the rule (all $x: dog($x) -> "
                    + prefixWord(c.prefix) + " animal($x))");
        term(c.lhs);
        term(c.rhs);
        return;
    case ClaimKind::Predication: {
        const Predication &p = c.predication;
        if (c.prefix != Prefix::None) {
            const bool rule = std::any_of(p.arguments.begin(), p.arguments.end(), [](const Argument &a) { return isEvery(a.term); })
                || std::any_of(p.vias.begin(), p.vias.end(), [](const Via &v) { return isEvery(v.term); });
            if (rule)
                problem(codes::prefixOverRule, c.offset,
                    std::string("'") + prefixWord(c.prefix)
                        + "' applies to one fact, but an every phrase makes this a rule: a rule cannot be tensed or made "
                          "obligatory as a whole; put the prefix on a literal inside the rule (all $x: dog($x) -> "
                        + prefixWord(c.prefix) + " animal($x))");
        }
        const Term *first = argumentAt(p.arguments, 1);
        words(p.seq, computable(first) || computable(argumentAt(p.arguments, 2)));
        for (const Argument &a : p.arguments)
            term(a.term);
        for (const Via &v : p.vias) {
            word(v.word, computable(&v.term) || computable(first));
            term(v.term);
        }
        return;
    }
    }
}

void Assertability::term(const Term &t)
{
    switch (t.kind) {
    case TermKind::Phrase:
        count(t.det, t.offset);
        restrictor(*t.restrictor, t.det == Det::The || t.det == Det::EveryThe || t.det == Det::ExactlyThe);
        return;
    case TermKind::Name:
        clauses(t.clauses);
        return;
    default:
        return; // abstraction bodies are quoted, not assertion content
    }
}

void Assertability::restrictor(const Restrictor &r, bool designator)
{
    if (!designator) {
        const bool place12 = r.boundPlace <= 2 || computable(argumentAt(r.arguments, 1)) || computable(argumentAt(r.arguments, 2));
        if (r.selector)
            word(r.selectorWord, place12);
        else
            words(r.seq, place12);
    }
    for (const Argument &a : r.arguments)
        if (!(a.term.kind == TermKind::Keyterm && a.term.text == "it" && !a.label.empty()))
            term(a.term);
    clauses(r.clauses);
}

void Assertability::clauses(const std::vector<Clause> &list)
{
    for (const Clause &c : list) {
        if (c.bare)
            words(c.bareSeq, true);
        else
            claim(*c.claim);
    }
}

void Assertability::noContent(const Statement &s)
{
    const Claim &top = *s.claim;
    if (top.kind == ClaimKind::Prenex || top.kind == ClaimKind::Block)
        return;
    std::vector<const Claim *> conjuncts;
    std::function<void(const Claim &)> flatten = [&](const Claim &c) {
        if (c.kind == ClaimKind::Binary && c.op == Op::And) {
            flatten(*c.left);
            flatten(*c.right);
        } else {
            conjuncts.push_back(&c);
        }
    };
    flatten(top);
    const auto isAtom = [](const Claim &c) { return c.kind == ClaimKind::Predication || c.kind == ClaimKind::Equality; };
    const auto negativeLiteral = [&](const Claim &c) { return isAtom(c) && c.negated && c.prefix == Prefix::None; };
    bool eitherOr = false;
    for (const Claim *c : conjuncts) {
        const bool bare = c->kind == ClaimKind::Binary
            && (c->op == Op::Xor || (c->op == Op::Or && !negativeLiteral(*c->left) && !negativeLiteral(*c->right)));
        if (bare) {
            eitherOr = true;
            continue;
        }
        if (!(isAtom(*c) && c->negated))
            return;
    }
    if (eitherOr)
        problem(codes::noContent, s.begin,
            "a bare either-or states nothing the knowledge base can store: it holds no fact and makes no rule; state what is "
            "known as facts, or write the rule as A -> B (or ~A | B)");
}

void collect(const Claim &c, std::vector<const Term *> *names, std::vector<std::string> *heads);

void collectSeqHeads(const Seq &s, std::vector<std::string> *heads)
{
    if (heads != nullptr && !s.empty())
        heads->push_back(seqHead(s).word());
}

void collectClauses(const std::vector<Clause> &list, std::vector<const Term *> *names, std::vector<std::string> *heads)
{
    for (const Clause &c : list) {
        if (c.bare)
            collectSeqHeads(c.bareSeq, heads);
        else
            collect(*c.claim, names, heads);
    }
}

void collectTerm(const Term &t, std::vector<const Term *> *names, std::vector<std::string> *heads)
{
    switch (t.kind) {
    case TermKind::Name:
        if (names != nullptr)
            names->push_back(&t);
        collectClauses(t.clauses, names, heads);
        return;
    case TermKind::Abstraction:
        collect(*t.body, names, heads);
        return;
    case TermKind::Phrase: {
        const Restrictor &r = *t.restrictor;
        if (heads != nullptr)
            heads->push_back(r.selector ? r.selectorWord.word() : seqHead(r.seq).word());
        for (const Argument &a : r.arguments)
            collectTerm(a.term, names, heads);
        collectClauses(r.clauses, names, heads);
        return;
    }
    default:
        return;
    }
}

void collect(const Claim &c, std::vector<const Term *> *names, std::vector<std::string> *heads)
{
    switch (c.kind) {
    case ClaimKind::Prenex:
        collect(*c.body, names, heads);
        return;
    case ClaimKind::Block: {
        const Restrictor &r = *c.restrictor;
        if (heads != nullptr)
            heads->push_back(r.selector ? r.selectorWord.word() : seqHead(r.seq).word());
        for (const Argument &a : r.arguments)
            collectTerm(a.term, names, heads);
        collectClauses(r.clauses, names, heads);
        collect(*c.body, names, heads);
        return;
    }
    case ClaimKind::Binary:
        collect(*c.left, names, heads);
        collect(*c.right, names, heads);
        return;
    case ClaimKind::Equality:
        collectTerm(c.lhs, names, heads);
        collectTerm(c.rhs, names, heads);
        return;
    case ClaimKind::Predication:
        collectSeqHeads(c.predication.seq, heads);
        for (const Argument &a : c.predication.arguments)
            collectTerm(a.term, names, heads);
        for (const Via &v : c.predication.vias) {
            if (heads != nullptr)
                heads->push_back(v.word.word());
            collectTerm(v.term, names, heads);
        }
        return;
    }
}

} // namespace

std::vector<Diagnostic> assertability(const Statement &s)
{
    return Assertability().run(s);
}

std::vector<const Term *> nameTerms(const Statement &s)
{
    std::vector<const Term *> names;
    if (!s.isDeclaration)
        collect(*s.claim, &names, nullptr);
    return names;
}

std::vector<std::string> namesOf(const Statement &s)
{
    std::vector<std::string> names;
    for (const Term *t : nameTerms(s))
        names.push_back(t->text);
    return names;
}

std::vector<std::string> headsOf(const Statement &s)
{
    std::vector<std::string> heads;
    if (s.isDeclaration)
        heads.push_back(s.declaration.name);
    else
        collect(*s.claim, nullptr, &heads);
    return heads;
}

std::optional<OneArgumentFact> oneArgumentFact(const Statement &s)
{
    if (s.isDeclaration || s.claim->kind != ClaimKind::Predication || s.claim->prefix != Prefix::None || s.claim->negated)
        return std::nullopt;
    const Predication &p = s.claim->predication;
    if (p.arguments.size() != 1 || !p.vias.empty() || p.arguments.front().place != 1 || p.seq.empty())
        return std::nullopt;
    const Term &t = p.arguments.front().term;
    if (t.kind != TermKind::Name || !t.clauses.empty())
        return std::nullopt;
    return OneArgumentFact { seqHead(p.seq).word(), t.text };
}

size_t renameNames(Statement &s, const std::unordered_map<std::string, std::string> &renaming)
{
    size_t renamed = 0;
    // nameTerms() walks a const tree; `s` itself is not const, so its Name terms may change.
    for (const Term *name : nameTerms(s)) {
        const auto it = renaming.find(name->text);
        if (it == renaming.end())
            continue;
        const_cast<Term *>(name)->text = it->second;
        ++renamed;
    }
    return renamed;
}

} // namespace fanva::lang::nibli
