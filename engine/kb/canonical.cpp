// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/canonical.h"
#include "kb/canonical_p.h"
#include "kb/canonicalnode_p.h"

#include "kb/writer.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fanva::kb {

namespace {

using namespace canon;

// Search over permutations of runs of blind-equal generators (§6 "Search"). A candidate's
// literal is numbered against its prefix's numbering without copying it; only a survivor
// takes a numbering of its own, moved from its prefix when it is the prefix's one survivor.
// The prefix itself is a shared chain, so keeping a survivor copies no literal.
struct Link {
    Node literal;
    mutable std::shared_ptr<const Link> previous;
    Link(Node l, std::shared_ptr<const Link> p)
        : literal(std::move(l))
        , previous(std::move(p))
    { }
    Link(const Link &) = delete;
    Link &operator=(const Link &) = delete;
    // Unlinks a chain no one else holds iteratively: a chain is as long as the rule's
    // generators, too long for recursive destruction.
    ~Link()
    {
        std::shared_ptr<const Link> p = std::move(previous);
        while (p && p.use_count() == 1)
            p = std::move(p->previous);
    }
};

struct State {
    std::shared_ptr<const Link> last;
    std::vector<bool> used; // in the current run
    Numbering numbering;
};

struct RuleParts {
    std::vector<Node> generators;
    std::vector<Node> held;
    Node consequent;
};

std::vector<Node> numberedGenerators(const State &state)
{
    std::vector<Node> literals;
    for (const Link *link = state.last.get(); link; link = link->previous.get())
        literals.push_back(link->literal);
    std::reverse(literals.begin(), literals.end());
    return literals;
}

// The bounded search over one rule's generators: the runs of blind-equal generators, each
// ordered step by step, keeping as many least prefixes as the budget allows.
struct RuleSearch {
    struct Run {
        std::size_t begin;
        std::size_t end;
        std::size_t cost; // node-units per state: every step numbers each remaining literal
    };

    const std::vector<Node> &generators;
    std::size_t budget;
    std::size_t ahead; // the work ahead, in node-units per state (starts at the rule's size)
    std::vector<State> states = std::vector<State>(1);

    void spend(std::size_t units) { budget -= std::min(budget, units); }

    std::vector<State> run()
    {
        std::vector<Run> runs;
        for (std::size_t i = 0; i < generators.size();) {
            std::size_t j = i + 1;
            while (j < generators.size() && compare(generators[i], generators[j], TermOrder::Blind) == 0)
                ++j;
            const std::size_t m = j - i;
            runs.push_back({ i, j, nodeCount(generators[i]) * (m * (m + 1) / 2) });
            ahead += runs.back().cost;
            i = j;
        }
        for (const Run &r : runs)
            searchRun(r);
        return std::move(states);
    }

    void searchRun(const Run &run)
    {
        const std::size_t m = run.end - run.begin;
        const std::size_t size = nodeCount(generators[run.begin]);
        ahead -= run.cost;
        if (m > 1 && run.cost > budget) {
            // Too long to search even with one survivor: written order (blind-sorted,
            // stable), numbered along it.
            for (State &state : states) {
                for (std::size_t k = run.begin; k < run.end; ++k)
                    state.last = std::make_shared<const Link>(state.numbering.apply(generators[k]), std::move(state.last));
            }
            spend(states.size() * m * size);
            return;
        }
        for (State &state : states)
            state.used.assign(m, false);
        std::size_t stepsAhead = run.cost;
        for (std::size_t step = 0; step < m; ++step) {
            const std::size_t remaining = m - step;
            stepsAhead -= remaining * size;
            spend(states.size() * remaining * size);
            // Survivors this step may keep: the budget left spread over the work after it.
            const std::size_t width = std::clamp<std::size_t>(budget / std::max<std::size_t>(1, ahead + stepsAhead), 1, s_maxSurvivors);
            searchStep(run, width);
        }
    }

    void searchStep(const Run &run, std::size_t width)
    {
        struct Candidate {
            std::size_t parent;
            std::size_t k;
            Node literal;
            Numbering fresh;
        };
        const std::size_t m = run.end - run.begin;
        std::vector<Candidate> next;
        for (std::size_t p = 0; p < states.size(); ++p) {
            const State &state = states[p];
            for (std::size_t k = 0; k < m; ++k) {
                if (state.used[k])
                    continue;
                Numbering fresh;
                Node lit = state.numbering.preview(generators[run.begin + k], fresh);
                const int c = next.empty() ? -1 : compare(lit, next.front().literal, TermOrder::Full);
                if (c > 0)
                    continue;
                if (c < 0)
                    next.clear();
                if (next.size() >= width)
                    continue;
                next.push_back({ p, k, std::move(lit), std::move(fresh) });
            }
        }
        std::vector<std::size_t> children(states.size(), 0);
        for (const Candidate &c : next)
            ++children[c.parent];
        std::vector<State> survivors;
        survivors.reserve(next.size());
        for (Candidate &c : next) {
            State &parent = states[c.parent];
            // The last survivor of a prefix takes the prefix's state; the others copy it.
            if (--children[c.parent] == 0)
                survivors.push_back(std::move(parent));
            else
                survivors.push_back(parent);
            State &s = survivors.back();
            s.numbering.commit(c.fresh);
            s.used[c.k] = true;
            s.last = std::make_shared<const Link>(std::move(c.literal), std::move(s.last));
        }
        states = std::move(survivors);
    }
};

struct Canonicalizer {
    const SymbolSet &symmetric;

    Node run(Node s)
    {
        Normalizer normalizer { symmetric };
        std::vector<Node> exceptions;
        // Step 1: peel set/* wrappers (not identity) and exceptWhen (identity, collected).
        for (int depth = 0; depth < maxDepth; ++depth) {
            if (isRuleWrapper(s.head()) && s.kids.size() == 2) {
                replaceByPart(s, s.kids[1]);
            } else if (s.isForm(sym::exceptWhen) && s.kids.size() == 3) {
                Node query = std::move(s.kids[1]);
                if (query.kind == TermKind::Vector)
                    std::move(query.kids.begin(), query.kids.end(), std::back_inserter(exceptions));
                else if (query.isForm(sym::and_))
                    std::move(query.kids.begin() + 1, query.kids.end(), std::back_inserter(exceptions));
                else
                    exceptions.push_back(std::move(query));
                replaceByPart(s, s.kids[2]);
            } else if (s.isForm(sym::not_) && s.kids.size() == 2 && s.kids[1].isForm(sym::not_) && s.kids[1].kids.size() == 2) {
                replaceByPart(s, s.kids[1].kids[1]);
            } else {
                break;
            }
        }
        bool negated = false;
        if (s.isForm(sym::not_) && s.kids.size() == 2 && s.kids[1].isForm(sym::implies)) {
            negated = true;
            replaceByPart(s, s.kids[1]);
        }
        s = normalizer.frame(std::move(s), 1);
        for (Node &e : exceptions)
            e = normalizer.frame(std::move(e), 1);

        Numbering numbering;
        Node body;
        if (s.isForm(sym::implies) && s.kids.size() == 3)
            body = rule(std::move(s), exceptions, numbering);
        else
            body = numbering.apply(s);

        Node result = negated ? listNode({ symbolNode(sym::not_), std::move(body) }) : std::move(body);
        if (exceptions.empty())
            return result;
        std::vector<Node> numbered;
        for (const Node &e : exceptions)
            numbered.push_back(numbering.apply(e));
        std::sort(numbered.begin(), numbered.end(), [](const Node &a, const Node &b) { return compare(a, b, TermOrder::Full) < 0; });
        numbered.erase(
            std::unique(numbered.begin(), numbered.end(), [](const Node &a, const Node &b) { return compare(a, b, TermOrder::Full) == 0; }),
            numbered.end());
        Node query = numbered.size() == 1 ? std::move(numbered.front()) : listNode(std::move(numbered), TermKind::Vector);
        return listNode({ symbolNode(sym::exceptWhen), std::move(query), std::move(result) });
    }

    // Step 4: antecedent order and variable numbering of a rule.
    Node rule(Node s, const std::vector<Node> &exceptions, Numbering &numbering)
    {
        RuleParts parts = partition(std::move(s));
        // The work ahead, in nodes numbered per surviving state: each run's steps, then the
        // final comparison of whole renderings (about the rule's size). The budget is a
        // fixed multiple of the rule's size, so a file's canonical keys cost time in
        // proportion to its length however its rules are built.
        const auto countAll = [](const std::vector<Node> &list) {
            std::size_t count = 0;
            for (const Node &n : list)
                count += nodeCount(n);
            return count;
        };
        const std::size_t ruleNodes
            = nodeCount(parts.consequent) + countAll(parts.generators) + countAll(parts.held) + countAll(exceptions);
        RuleSearch search { parts.generators, s_searchNodesPerNode * ruleNodes, ruleNodes };
        std::vector<State> states = search.run();
        State &chosen = states[bestState(states, parts, exceptions)];
        numbering = chosen.numbering;
        std::vector<Node> literals = numberedGenerators(chosen);
        for (const Node &h : parts.held)
            literals.push_back(numbering.apply(h));
        Node numberedConsequent = numbering.apply(parts.consequent);
        Node antecedent;
        if (literals.size() == 1) {
            antecedent = std::move(literals.front());
        } else {
            std::vector<Node> kids { symbolNode(sym::and_) };
            std::move(literals.begin(), literals.end(), std::back_inserter(kids));
            antecedent = listNode(std::move(kids));
        }
        return listNode({ symbolNode(sym::implies), std::move(antecedent), std::move(numberedConsequent) });
    }

    // A rule's antecedents split into the generators the search orders and the literals held
    // in written order (evaluated, unknown, aggregates, recursive), both blind-sorted, and
    // its consequent with a conjunction's parts blind-sorted.
    static RuleParts partition(Node s)
    {
        Node antecedent = std::move(s.kids[1]);
        RuleParts parts;
        parts.consequent = std::move(s.kids[2]);
        std::vector<Node> antecedents;
        if (antecedent.isForm(sym::and_))
            std::move(antecedent.kids.begin() + 1, antecedent.kids.end(), std::back_inserter(antecedents));
        else
            antecedents.push_back(std::move(antecedent));

        std::vector<SymbolId> concluded;
        consequentFunctors(parts.consequent, concluded, 1);
        std::sort(concluded.begin(), concluded.end());
        for (Node &a : antecedents) {
            const SymbolId head = a.head();
            const SymbolId peeled = peeledFunctor(&a);
            const bool recursive = peeled != noSymbol && std::binary_search(concluded.begin(), concluded.end(), peeled);
            if (isEvaluated(head) || head == sym::unknown || isAggregate(head) || recursive)
                parts.held.push_back(std::move(a));
            else
                parts.generators.push_back(std::move(a));
        }
        blindSort(parts.generators);
        Node &consequent = parts.consequent;
        if (consequent.isForm(sym::and_)) {
            std::vector<Node> conjuncts(
                std::make_move_iterator(consequent.kids.begin() + 1), std::make_move_iterator(consequent.kids.end()));
            blindSort(conjuncts);
            std::move(conjuncts.begin(), conjuncts.end(), consequent.kids.begin() + 1);
        }
        return parts;
    }

    // The state whose full rendering (generators, held, consequent, exceptions) is least.
    static std::size_t bestState(const std::vector<State> &states, const RuleParts &parts, const std::vector<Node> &exceptions)
    {
        std::vector<Node> bestSequence;
        std::size_t bestIndex = 0;
        for (std::size_t k = 0; k < states.size(); ++k) {
            Numbering n = states[k].numbering;
            std::vector<Node> sequence = numberedGenerators(states[k]);
            for (const Node &h : parts.held)
                sequence.push_back(n.apply(h));
            sequence.push_back(n.apply(parts.consequent));
            std::vector<Node> numberedExceptions;
            for (const Node &e : exceptions)
                numberedExceptions.push_back(n.apply(e));
            std::sort(numberedExceptions.begin(), numberedExceptions.end(),
                [](const Node &a, const Node &b) { return compare(a, b, TermOrder::Full) < 0; });
            std::move(numberedExceptions.begin(), numberedExceptions.end(), std::back_inserter(sequence));
            if (k == 0 || compareSequences(sequence, bestSequence) < 0) {
                bestSequence = std::move(sequence);
                bestIndex = k;
            }
        }
        return bestIndex;
    }
};

void appendNode(std::string &out, const Node &n)
{
    switch (n.kind) {
    case TermKind::Integer:
        out += std::to_string(n.value);
        return;
    case TermKind::Decimal:
        out += n.text;
        return;
    case TermKind::String: {
        // Reuse the writer's escaping through a one-node arena.
        TermArena arena;
        out += renderFlatUtf8(arena.term(arena.addString(n.text)));
        return;
    }
    case TermKind::Symbol:
        out += symbolName(n.symbol);
        return;
    case TermKind::Variable:
    case TermKind::Anonymous:
        if (n.numbered) {
            out.push_back('?');
            out += std::to_string(n.value);
        } else {
            out += n.kind == TermKind::Anonymous ? std::string_view("_") : symbolName(n.symbol);
        }
        return;
    case TermKind::Dot:
        out.push_back('.');
        return;
    case TermKind::List:
    case TermKind::Vector:
        break;
    }
    out.push_back(n.kind == TermKind::List ? '(' : '[');
    for (std::size_t i = 0; i < n.kids.size(); ++i) {
        if (i > 0)
            out.push_back(' ');
        appendNode(out, n.kids[i]);
    }
    out.push_back(n.kind == TermKind::List ? ')' : ']');
}

std::uint32_t toArena(TermArena &arena, const Node &n)
{
    switch (n.kind) {
    case TermKind::Integer:
        return arena.addInteger(n.value);
    case TermKind::Decimal:
        return arena.addDecimal(n.text);
    case TermKind::String:
        return arena.addString(n.text);
    case TermKind::Symbol:
        return arena.addSymbol(n.symbol);
    case TermKind::Variable:
    case TermKind::Anonymous:
        if (n.numbered) {
            // Appended, not "?" + to_string(): GCC 12 warns falsely (-Wrestrict) on that
            // operator+ once it is inlined here.
            std::string name(1, '?');
            name += std::to_string(n.value);
            return arena.addVariable(intern(name));
        }
        return n.kind == TermKind::Anonymous ? arena.addAnonymous() : arena.addVariable(n.symbol);
    case TermKind::Dot:
        return arena.addDot();
    case TermKind::List:
    case TermKind::Vector:
        break;
    }
    std::vector<std::uint32_t> kids;
    kids.reserve(n.kids.size());
    for (const Node &k : n.kids)
        kids.push_back(toArena(arena, k));
    return arena.addCompound(n.kind, kids);
}

// Frame and special literal heads: a sentence headed by none of these, ground, and not a
// symmetric binary literal is its own canonical form.
bool needsCanonicalization(Term term, const SymbolSet &symmetric)
{
    if (!term.isList() || term.size() == 0)
        return true;
    const SymbolId head = term.functorSymbol();
    if (head == noSymbol || head == sym::not_ || head == sym::and_ || head == sym::implies || head == sym::exceptWhen || isRuleWrapper(head)
        || head == sym::ist || head == sym::unknown || head == sym::thereExists || head == sym::exists || isAggregate(head)
        || head == sym::greaterThan || (term.size() == 3 && !symmetric.empty() && symmetric.contains(head)))
        return true;
    // Any variable needs numbering. A small fixed stack: a term too wide or deep for it
    // simply takes the general path, which handles everything.
    std::array<Term, 64> stack;
    std::size_t top = 0;
    stack[top++] = term;
    while (top > 0) {
        const Term t = stack[--top];
        for (std::uint32_t i = 0; i < t.size(); ++i) {
            const Term child = t.at(i);
            if (child.isVariable())
                return true;
            if (child.isCompound()) {
                if (top == stack.size())
                    return true;
                stack[top++] = child;
            }
        }
    }
    return false;
}

Node canonicalNode(Term sentence, const SymbolSet &symmetric)
{
    Converter converter;
    return Canonicalizer { symmetric }.run(converter.from(sentence, 1));
}

} // namespace

int compareTerms(Term a, Term b, TermOrder order)
{
    Converter converter;
    return compare(converter.from(a, 1), converter.from(b, 1), order);
}

OwnedTerm canonicalize(Term sentence, const SymbolSet &symmetric)
{
    auto arena = std::make_shared<TermArena>();
    std::uint32_t root = 0;
    if (!needsCanonicalization(sentence, symmetric))
        root = arena->copy(sentence);
    else
        root = toArena(*arena, canonicalNode(sentence, symmetric));
    const Term term = arena->term(root);
    return OwnedTerm { std::move(arena), term };
}

std::string canonicalKey(Term sentence, const SymbolSet &symmetric, std::string_view source)
{
    if (sentence.isNull())
        return {};
    if (!needsCanonicalization(sentence, symmetric))
        return renderFlatUtf8(sentence, source);
    std::string out;
    appendNode(out, canonicalNode(sentence, symmetric));
    return out;
}

void detail::appendCanonicalKey(std::string &out, Term sentence, const SymbolSet &symmetric, std::string_view source)
{
    if (sentence.isNull())
        return;
    if (!needsCanonicalization(sentence, symmetric))
        appendFlatUtf8(out, sentence, source);
    else
        appendNode(out, canonicalNode(sentence, symmetric));
}

std::string canonicalKey(Term sentence, const SymbolSet &symmetric)
{
    if (sentence.isNull())
        return {};
    if (!needsCanonicalization(sentence, symmetric))
        return renderFlatUtf8(sentence);
    std::string out;
    appendNode(out, canonicalNode(sentence, symmetric));
    return out;
}

} // namespace fanva::kb
