// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The canonicalizer's own tree and the orderings, normalization and numbering over it
// (kb-language.md §6), shared by canonical.cpp's steps. Private to engine/kb.

#include "kb/symbol.h"
#include "kb/term.h"
#include "kb/writer.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fanva::kb::canon {

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
inline void replaceByPart(Node &whole, Node &part)
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

inline int rank(TermKind kind)
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
inline int compareNumberText(std::string_view a, std::string_view b)
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

inline std::string numberText(const Node &n)
{
    return n.kind == TermKind::Integer ? std::to_string(n.value) : n.text;
}

inline int sign(int c)
{
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

inline int compare(const Node &a, const Node &b, TermOrder order)
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

inline std::size_t nodeCount(const Node &n)
{
    std::size_t count = 1;
    for (const Node &k : n.kids)
        count += nodeCount(k);
    return count;
}

inline bool hasVariable(const Node &n)
{
    if (n.isVariable())
        return true;
    return std::any_of(n.kids.begin(), n.kids.end(), hasVariable);
}

inline bool isDotted(const Node &n)
{
    return std::any_of(n.kids.begin(), n.kids.end(), [](const Node &k) { return k.kind == TermKind::Dot; });
}

inline Node symbolNode(SymbolId id)
{
    Node n;
    n.kind = TermKind::Symbol;
    n.symbol = id;
    return n;
}

inline Node listNode(std::vector<Node> kids, TermKind kind = TermKind::List)
{
    Node n;
    n.kind = kind;
    n.kids = std::move(kids);
    return n;
}

inline void blindSort(std::vector<Node> &nodes)
{
    std::stable_sort(nodes.begin(), nodes.end(), [](const Node &a, const Node &b) { return compare(a, b, TermOrder::Blind) < 0; });
}

// A string that two nodes share exactly when they are the same term with the same
// variables (by identity, before numbering): equal in the full order, variable for variable.
inline void appendIdentity(std::string &out, const Node &n)
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

inline int compareSequences(const std::vector<Node> &a, const std::vector<Node> &b)
{
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (const int c = compare(a[i], b[i], TermOrder::Full))
            return c;
    }
    return a.size() == b.size() ? 0 : (a.size() < b.size() ? -1 : 1);
}

// Literal functors a consequent concludes (through and, not, ist, exists).
inline void consequentFunctors(const Node &n, std::vector<SymbolId> &out, int depth)
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

inline SymbolId peeledFunctor(const Node *n)
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

} // namespace fanva::kb::canon
