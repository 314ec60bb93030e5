// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/canonical.h"
#include "kb/canonical_p.h"

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

constexpr std::size_t s_maxSurvivors = 5040;
// The rule search's budget: nodes numbered per node of the rule (§6 "Search";
// docs/kb-language.md §6.1 says why and what it gives up).
constexpr std::size_t s_searchNodesPerNode = 32;

// A small owned tree the canonicalizer can rewrite freely. Variables carry an identity
// (`var`): a named variable's symbol id, or a unique id per `_`; after numbering, `var`
// is the number and `numbered` is set.
struct Node {
    TermKind kind = TermKind::Symbol;
    SymbolId symbol = noSymbol;
    std::int64_t value = 0; // integer value, or variable identity / number
    std::string text; // string contents, decimal text
    std::vector<Node> kids;
    bool numbered = false;

    [[nodiscard]] bool isList() const { return kind == TermKind::List; }
    [[nodiscard]] bool isForm(SymbolId id) const
    {
        return isList() && !kids.empty() && kids[0].kind == TermKind::Symbol && kids[0].symbol == id;
    }
    [[nodiscard]] SymbolId head() const
    {
        return isList() && !kids.empty() && kids[0].kind == TermKind::Symbol ? kids[0].symbol : noSymbol;
    }
    [[nodiscard]] bool isVariable() const { return kind == TermKind::Variable || kind == TermKind::Anonymous; }
};

// Replaces `whole` by one of its own parts. `whole = std::move(part)` would be a
// self-subobject move: assigning `kids` frees the buffer `part` lives in before the rest
// of `part` is read.
void replaceByPart(Node &whole, Node &part)
{
    Node taken = std::move(part);
    whole = std::move(taken);
}

struct Converter {
    std::int64_t nextAnonymous = std::int64_t(1) << 40;

    Node from(Term term, int depth)
    {
        Node node;
        node.kind = term.kind();
        switch (term.kind()) {
        case TermKind::Integer:
            node.value = term.integer();
            break;
        case TermKind::Decimal:
        case TermKind::String:
            node.text = std::string(term.text());
            break;
        case TermKind::Symbol:
            node.symbol = term.symbol();
            break;
        case TermKind::Variable:
            node.symbol = term.symbol();
            node.value = term.symbol();
            break;
        case TermKind::Anonymous:
            node.value = nextAnonymous++;
            break;
        case TermKind::Dot:
            break;
        case TermKind::List:
        case TermKind::Vector:
            if (depth >= maxDepth)
                break;
            node.kids.reserve(term.size());
            for (std::uint32_t i = 0; i < term.size(); ++i)
                node.kids.push_back(from(term.at(i), depth + 1));
            break;
        }
        return node;
    }
};

int rank(TermKind kind)
{
    switch (kind) {
    case TermKind::Integer:
    case TermKind::Decimal:
        return 0;
    case TermKind::String:
        return 1;
    case TermKind::Symbol:
    case TermKind::Dot:
        return 2;
    case TermKind::List:
        return 3;
    case TermKind::Vector:
        return 4;
    case TermKind::Variable:
    case TermKind::Anonymous:
        return 5;
    }
    return 6;
}

// Exact comparison of two numbers given as canonical text ("-12", "0.5").
int compareNumberText(std::string_view a, std::string_view b)
{
    const bool negA = !a.empty() && a[0] == '-';
    const bool negB = !b.empty() && b[0] == '-';
    if (negA != negB)
        return negA ? -1 : 1;
    if (negA) {
        a.remove_prefix(1);
        b.remove_prefix(1);
    }
    const std::size_t dotA = std::min(a.find('.'), a.size());
    const std::size_t dotB = std::min(b.find('.'), b.size());
    int magnitude = 0;
    if (dotA != dotB) {
        magnitude = dotA < dotB ? -1 : 1;
    } else {
        const int c = a.substr(0, dotA).compare(b.substr(0, dotB));
        if (c != 0) {
            magnitude = c < 0 ? -1 : 1;
        } else {
            std::string_view fa = dotA < a.size() ? a.substr(dotA + 1) : std::string_view();
            std::string_view fb = dotB < b.size() ? b.substr(dotB + 1) : std::string_view();
            const std::size_t n = std::max(fa.size(), fb.size());
            for (std::size_t i = 0; i < n && magnitude == 0; ++i) {
                const char ca = i < fa.size() ? fa[i] : '0';
                const char cb = i < fb.size() ? fb[i] : '0';
                if (ca != cb)
                    magnitude = ca < cb ? -1 : 1;
            }
        }
    }
    return negA ? -magnitude : magnitude;
}

std::string numberText(const Node &n)
{
    return n.kind == TermKind::Integer ? std::to_string(n.value) : n.text;
}

int sign(int c)
{
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

int compare(const Node &a, const Node &b, TermOrder order)
{
    const int ra = rank(a.kind);
    const int rb = rank(b.kind);
    if (ra != rb)
        return ra < rb ? -1 : 1;
    switch (ra) {
    case 0: {
        if (a.kind == TermKind::Integer && b.kind == TermKind::Integer)
            return a.value < b.value ? -1 : (a.value > b.value ? 1 : 0);
        const int c = compareNumberText(numberText(a), numberText(b));
        if (c != 0)
            return c;
        if (a.kind != b.kind)
            return a.kind == TermKind::Integer ? -1 : 1; // integer first on ties
        return 0;
    }
    case 1:
        return sign(a.text.compare(b.text));
    case 2: {
        const std::string_view na = a.kind == TermKind::Dot ? std::string_view(".") : symbolName(a.symbol);
        const std::string_view nb = b.kind == TermKind::Dot ? std::string_view(".") : symbolName(b.symbol);
        return sign(na.compare(nb));
    }
    case 3:
    case 4: {
        if (a.kids.size() != b.kids.size())
            return a.kids.size() < b.kids.size() ? -1 : 1;
        for (std::size_t i = 0; i < a.kids.size(); ++i) {
            if (const int c = compare(a.kids[i], b.kids[i], order))
                return c;
        }
        return 0;
    }
    default:
        if (order == TermOrder::Blind)
            return 0;
        if (a.numbered != b.numbered)
            return a.numbered ? -1 : 1;
        if (a.numbered)
            return a.value < b.value ? -1 : (a.value > b.value ? 1 : 0);
        // Unnumbered: by spelling, anonymous after named (only reachable from compareTerms).
        if (a.kind != b.kind)
            return a.kind == TermKind::Variable ? -1 : 1;
        return a.kind == TermKind::Variable ? sign(symbolName(a.symbol).compare(symbolName(b.symbol))) : 0;
    }
}

std::size_t nodeCount(const Node &n)
{
    std::size_t count = 1;
    for (const Node &k : n.kids)
        count += nodeCount(k);
    return count;
}

bool hasVariable(const Node &n)
{
    if (n.isVariable())
        return true;
    return std::any_of(n.kids.begin(), n.kids.end(), hasVariable);
}

bool isDotted(const Node &n)
{
    return std::any_of(n.kids.begin(), n.kids.end(), [](const Node &k) { return k.kind == TermKind::Dot; });
}

Node symbolNode(SymbolId id)
{
    Node n;
    n.kind = TermKind::Symbol;
    n.symbol = id;
    return n;
}

Node listNode(std::vector<Node> kids, TermKind kind = TermKind::List)
{
    Node n;
    n.kind = kind;
    n.kids = std::move(kids);
    return n;
}

void blindSort(std::vector<Node> &nodes)
{
    std::stable_sort(nodes.begin(), nodes.end(), [](const Node &a, const Node &b) { return compare(a, b, TermOrder::Blind) < 0; });
}

// A string that two nodes share exactly when they are the same term with the same
// variables (by identity, before numbering): equal in the full order, variable for variable.
void appendIdentity(std::string &out, const Node &n)
{
    out.push_back(char('a' + int(n.kind)));
    switch (n.kind) {
    case TermKind::Integer:
    case TermKind::Variable:
    case TermKind::Anonymous:
        out += std::to_string(n.value);
        break;
    case TermKind::Decimal:
    case TermKind::String:
        out += std::to_string(n.text.size());
        out.push_back(':');
        out += n.text;
        break;
    case TermKind::Symbol:
        out += std::to_string(n.symbol);
        break;
    case TermKind::Dot:
        break;
    case TermKind::List:
    case TermKind::Vector:
        out += std::to_string(n.kids.size());
        out.push_back('(');
        for (const Node &k : n.kids)
            appendIdentity(out, k);
        out.push_back(')');
        break;
    }
    out.push_back(';');
}

struct Normalizer {
    const SymbolSet &symmetric;

    // Steps 2 and 3 of §6, in every frame position.
    Node frame(Node n, int depth)
    {
        if (depth > maxDepth)
            return n;
        if (n.kind == TermKind::Vector) {
            for (Node &k : n.kids)
                k = frame(std::move(k), depth + 1);
            return n;
        }
        const SymbolId head = n.head();
        const std::size_t size = n.kids.size();
        if (head == sym::not_ && size == 2) {
            if (n.kids[1].isForm(sym::not_) && n.kids[1].kids.size() == 2)
                return frame(std::move(n.kids[1].kids[1]), depth + 2);
            n.kids[1] = frame(std::move(n.kids[1]), depth + 1);
            return n;
        }
        if ((head == sym::and_ || head == sym::implies || head == sym::exceptWhen || isRuleWrapper(head)) && size >= 2) {
            for (std::size_t i = 1; i < size; ++i)
                n.kids[i] = frame(std::move(n.kids[i]), depth + 1);
            return n;
        }
        if (head == sym::ist && size == 3) {
            n.kids[2] = frame(std::move(n.kids[2]), depth + 1);
            return n;
        }
        if ((head == sym::thereExists || head == sym::exists) && size == 3) {
            n.kids[2] = frame(std::move(n.kids[2]), depth + 1);
            return n;
        }
        if (isAggregate(head) && size == 4) {
            n.kids[3] = frame(std::move(n.kids[3]), depth + 1);
            return n;
        }
        if (head == sym::unknown && size == 2) {
            Node inner = frame(std::move(n.kids[1]), depth + 1);
            if (!inner.isForm(sym::and_))
                return listNode({ symbolNode(sym::unknown), std::move(inner) });
            std::vector<Node> conjuncts;
            flattenAnd(std::move(inner), conjuncts, depth + 1);
            blindSort(conjuncts);
            // The first of each set of identical conjuncts (variables by identity), found
            // through a set: comparing each with every one kept was quadratic.
            std::vector<Node> unique;
            std::unordered_set<std::string> seen;
            std::string identity;
            for (Node &c : conjuncts) {
                identity.clear();
                appendIdentity(identity, c);
                if (seen.insert(identity).second)
                    unique.push_back(std::move(c));
            }
            Node body = unique.size() == 1 ? std::move(unique.front()) : [&] {
                std::vector<Node> kids { symbolNode(sym::and_) };
                for (Node &u : unique)
                    kids.push_back(std::move(u));
                return listNode(std::move(kids));
            }();
            return listNode({ symbolNode(sym::unknown), std::move(body) });
        }
        return literal(std::move(n));
    }

    void flattenAnd(Node n, std::vector<Node> &out, int depth)
    {
        if (n.isForm(sym::and_) && depth < maxDepth) {
            for (std::size_t i = 1; i < n.kids.size(); ++i)
                flattenAnd(std::move(n.kids[i]), out, depth + 1);
            return;
        }
        out.push_back(std::move(n));
    }

    Node literal(Node n) const
    {
        const SymbolId head = n.head();
        if (head == sym::greaterThan && n.kids.size() >= 3 && !isDotted(n)) {
            n.kids[0].symbol = sym::lessThan;
            std::reverse(n.kids.begin() + 1, n.kids.end());
            return n;
        }
        if (head != noSymbol && n.kids.size() == 3 && !symmetric.empty() && symmetric.contains(head) && !hasVariable(n) && !isDotted(n)) {
            if (compare(n.kids[2], n.kids[1], TermOrder::Full) < 0)
                std::swap(n.kids[1], n.kids[2]);
        }
        return n;
    }
};

// Variable numbering along an order of literals.
struct Numbering {
    std::vector<std::pair<std::int64_t, std::int64_t>> map; // identity -> number
    // The same, once there are too many variables to scan (a hostile sentence can hold
    // thousands); empty for the few variables of a real rule, so copies stay cheap.
    std::unordered_map<std::int64_t, std::int64_t> index;
    static constexpr std::size_t s_scanLimit = 32;

    std::int64_t numberOf(std::int64_t identity)
    {
        if (map.size() <= s_scanLimit) {
            for (const auto &[id, number] : map) {
                if (id == identity)
                    return number;
            }
        } else if (const auto it = index.find(identity); it != index.end()) {
            return it->second;
        }
        const auto number = std::int64_t(map.size());
        map.emplace_back(identity, number);
        if (map.size() > s_scanLimit) {
            if (index.empty()) {
                for (const auto &[id, n] : map)
                    index.emplace(id, n);
            } else {
                index.emplace(identity, number);
            }
        }
        return number;
    }

    [[nodiscard]] const std::int64_t *find(std::int64_t identity) const
    {
        if (map.size() <= s_scanLimit) {
            for (const auto &entry : map) {
                if (entry.first == identity)
                    return &entry.second;
            }
            return nullptr;
        }
        const auto it = index.find(identity);
        return it == index.end() ? nullptr : &it->second;
    }

    // `n` numbered as apply() on a copy of this numbering would number it, leaving this one
    // as it is: the identities it lacks are numbered on from its end and recorded in `fresh`
    // (empty on entry) for commit().
    [[nodiscard]] Node preview(const Node &n, Numbering &fresh) const
    {
        if (n.isVariable()) {
            Node v;
            v.kind = TermKind::Variable;
            const std::int64_t *known = find(n.value);
            v.value = known ? *known : std::int64_t(map.size()) + fresh.numberOf(n.value);
            v.numbered = true;
            return v;
        }
        if (n.kids.empty())
            return n;
        Node copy;
        copy.kind = n.kind;
        copy.kids.reserve(n.kids.size());
        for (const Node &k : n.kids)
            copy.kids.push_back(preview(k, fresh));
        return copy;
    }

    // Takes the numbers a preview gave.
    void commit(const Numbering &fresh)
    {
        for (const auto &entry : fresh.map)
            (void)numberOf(entry.first);
    }

    // `n` numbered, numbering the identities this numbering lacks.
    Node apply(const Node &n)
    {
        Numbering fresh;
        Node numbered = preview(n, fresh);
        commit(fresh);
        return numbered;
    }
};

int compareSequences(const std::vector<Node> &a, const std::vector<Node> &b)
{
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (const int c = compare(a[i], b[i], TermOrder::Full))
            return c;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

// Literal functors a consequent concludes (through and, not, ist, exists).
void consequentFunctors(const Node &n, std::vector<SymbolId> &out, int depth)
{
    if (depth > maxDepth)
        return;
    const SymbolId head = n.head();
    if (head == sym::and_ || head == sym::not_) {
        for (std::size_t i = 1; i < n.kids.size(); ++i)
            consequentFunctors(n.kids[i], out, depth + 1);
    } else if ((head == sym::ist || head == sym::exists) && n.kids.size() == 3) {
        consequentFunctors(n.kids[2], out, depth + 1);
    } else if (head != noSymbol) {
        out.push_back(head);
    }
}

SymbolId peeledFunctor(const Node *n)
{
    for (int depth = 0; depth < maxDepth; ++depth) {
        if (n->isForm(sym::not_) && n->kids.size() == 2)
            n = &n->kids[1];
        else if (n->isForm(sym::ist) && n->kids.size() == 3)
            n = &n->kids[2];
        else
            break;
    }
    return n->head();
}

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
        Node antecedent = std::move(s.kids[1]);
        Node consequent = std::move(s.kids[2]);
        std::vector<Node> antecedents;
        if (antecedent.isForm(sym::and_))
            std::move(antecedent.kids.begin() + 1, antecedent.kids.end(), std::back_inserter(antecedents));
        else
            antecedents.push_back(std::move(antecedent));

        std::vector<SymbolId> concluded;
        consequentFunctors(consequent, concluded, 1);
        std::sort(concluded.begin(), concluded.end());
        std::vector<Node> generators;
        std::vector<Node> held;
        for (Node &a : antecedents) {
            const SymbolId head = a.head();
            const SymbolId peeled = peeledFunctor(&a);
            const bool recursive = peeled != noSymbol && std::binary_search(concluded.begin(), concluded.end(), peeled);
            if (isEvaluated(head) || head == sym::unknown || isAggregate(head) || recursive)
                held.push_back(std::move(a));
            else
                generators.push_back(std::move(a));
        }
        blindSort(generators);
        if (consequent.isForm(sym::and_)) {
            std::vector<Node> conjuncts(
                std::make_move_iterator(consequent.kids.begin() + 1), std::make_move_iterator(consequent.kids.end()));
            blindSort(conjuncts);
            std::move(conjuncts.begin(), conjuncts.end(), consequent.kids.begin() + 1);
        }

        // Search over permutations of runs of blind-equal generators (§6 "Search"). A
        // candidate's literal is numbered against its prefix's numbering without copying it;
        // only a survivor takes a numbering of its own, moved from its prefix when it is the
        // prefix's one survivor. The prefix itself is a shared chain, so keeping a survivor
        // copies no literal.
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
        struct Run {
            std::size_t begin;
            std::size_t end;
            std::size_t cost; // node-units per state: every step numbers each remaining literal
        };
        // The work ahead, in nodes numbered per surviving state: each run's steps, then the
        // final comparison of whole renderings (about the rule's size). The budget is a
        // fixed multiple of the rule's size, so a file's canonical keys cost time in
        // proportion to its length however its rules are built.
        std::size_t ruleNodes = nodeCount(consequent);
        for (const Node &n : generators)
            ruleNodes += nodeCount(n);
        for (const Node &n : held)
            ruleNodes += nodeCount(n);
        for (const Node &n : exceptions)
            ruleNodes += nodeCount(n);
        std::vector<Run> runs;
        std::size_t ahead = ruleNodes;
        for (std::size_t i = 0; i < generators.size();) {
            std::size_t j = i + 1;
            while (j < generators.size() && compare(generators[i], generators[j], TermOrder::Blind) == 0)
                ++j;
            const std::size_t m = j - i;
            runs.push_back({ i, j, nodeCount(generators[i]) * (m * (m + 1) / 2) });
            ahead += runs.back().cost;
            i = j;
        }
        std::size_t budget = s_searchNodesPerNode * ruleNodes;
        const auto spend = [&budget](std::size_t units) { budget -= std::min(budget, units); };

        std::vector<State> states(1);
        for (const Run &run : runs) {
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
                continue;
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
                struct Candidate {
                    std::size_t parent;
                    std::size_t k;
                    Node literal;
                    Numbering fresh;
                };
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
        }
        const auto numberedGenerators = [](const State &state) {
            std::vector<Node> literals;
            for (const Link *link = state.last.get(); link; link = link->previous.get())
                literals.push_back(link->literal);
            std::reverse(literals.begin(), literals.end());
            return literals;
        };

        // The least full rendering (generators, held, consequent, exceptions) wins.
        std::vector<Node> bestSequence;
        std::size_t bestIndex = 0;
        for (std::size_t k = 0; k < states.size(); ++k) {
            Numbering n = states[k].numbering;
            std::vector<Node> sequence = numberedGenerators(states[k]);
            for (const Node &h : held)
                sequence.push_back(n.apply(h));
            sequence.push_back(n.apply(consequent));
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
        State &chosen = states[bestIndex];
        numbering = chosen.numbering;
        std::vector<Node> parts = numberedGenerators(chosen);
        for (const Node &h : held)
            parts.push_back(numbering.apply(h));
        Node numberedConsequent = numbering.apply(consequent);
        Node a;
        if (parts.size() == 1) {
            a = std::move(parts.front());
        } else {
            std::vector<Node> kids { symbolNode(sym::and_) };
            std::move(parts.begin(), parts.end(), std::back_inserter(kids));
            a = listNode(std::move(kids));
        }
        return listNode({ symbolNode(sym::implies), std::move(a), std::move(numberedConsequent) });
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
