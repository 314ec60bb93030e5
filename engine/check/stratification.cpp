// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// not-stratified (kb-language.md §5.3 "Stratification"): a rule, or a genl edge, that closes a
// dependency loop through negation (unknown, aggregates, exceptions).
#include "check/stratification_p.h"

#include <QStringList>

#include <algorithm>
#include <deque>

namespace fanva::check::detail {

using kb::Term;
namespace sym = kb::sym;

namespace {

// The predicates of the literals under a term, peeling not, unknown, ist, quantifiers,
// aggregate bodies and and. Variable functors and evaluated predicates read nothing stored.
void predicatesUnder(Term term, std::vector<kb::SymbolId> &out, bool *variable, int depth = 0)
{
    if (depth > kb::maxDepth)
        return;
    if (term.isVector()) {
        for (std::uint32_t i = 0; i < term.size(); ++i)
            predicatesUnder(term.at(i), out, variable, depth + 1);
        return;
    }
    if (!term.isList() || term.size() == 0)
        return;
    const Term functor = term.functor();
    if (functor.isVariable()) {
        if (variable)
            *variable = true;
        return;
    }
    const kb::SymbolId f = term.functorSymbol();
    if ((f == sym::not_ || f == sym::unknown) && term.size() == 2) {
        predicatesUnder(term.at(1), out, variable, depth + 1);
    } else if ((f == sym::ist || f == sym::thereExists || f == sym::exists) && term.size() == 3) {
        predicatesUnder(term.at(2), out, variable, depth + 1);
    } else if (kb::isAggregate(f) && term.size() == 4) {
        predicatesUnder(term.at(3), out, variable, depth + 1);
    } else if (f == sym::and_) {
        for (std::uint32_t i = 1; i < term.size(); ++i)
            predicatesUnder(term.at(i), out, variable, depth + 1);
    } else if (f != kb::noSymbol && !kb::isEvaluated(f)) {
        out.push_back(f);
    }
}

void addEdges(Term term, EdgeKind kind, std::vector<RuleEdge> &edges)
{
    std::vector<kb::SymbolId> predicates;
    predicatesUnder(term, predicates, nullptr);
    for (const kb::SymbolId p : predicates)
        edges.push_back({ p, kind });
}

QString verb(EdgeKind kind)
{
    switch (kind) {
    case EdgeKind::Positive:
        return QStringLiteral("depends on");
    case EdgeKind::Unknown:
        return QStringLiteral("tests unknown");
    case EdgeKind::Aggregate:
        return QStringLiteral("aggregates over");
    case EdgeKind::Exception:
        return QStringLiteral("excepts on");
    }
    return {};
}

} // namespace

RuleNode ruleNode(const RuleParts &rule)
{
    RuleNode node;
    for (const Term antecedent : rule.antecedents) {
        const kb::SymbolId f = antecedent.functorSymbol();
        if (kb::isEvaluated(f))
            continue;
        if (f == sym::unknown)
            addEdges(antecedent, EdgeKind::Unknown, node.edges);
        else if (kb::isAggregate(f))
            addEdges(antecedent, EdgeKind::Aggregate, node.edges);
        else
            addEdges(antecedent, EdgeKind::Positive, node.edges);
    }
    for (const Term exception : rule.exceptions)
        addEdges(exception, EdgeKind::Exception, node.edges);
    predicatesUnder(rule.consequent, node.concludes, &node.concludesEverything);
    std::sort(node.concludes.begin(), node.concludes.end());
    node.concludes.erase(std::unique(node.concludes.begin(), node.concludes.end()), node.concludes.end());
    return node;
}

RuleGraph::RuleGraph(const kb::KnowledgeBase &kb)
    : m_kb(kb)
{
    // Every rule holds the symbol implies, so the occurrence index finds them without a
    // scan of the facts.
    const std::vector<kb::SentenceId> rules = kb.mentioning(sym::implies);
    m_nodes.reserve(rules.size());
    for (const kb::SentenceId id : rules) {
        const kb::SentenceInfo &info = kb.sentence(id);
        if (!isRuleForm(info.term))
            continue;
        const std::optional<RuleParts> parts = ruleParts(info.term);
        if (!parts || parts->inert)
            continue;
        RuleNode node = ruleNode(*parts);
        node.sentence = id;
        node.key = info.key;
        const int index = int(m_nodes.size());
        for (const kb::SymbolId q : node.concludes)
            m_concluding[q].push_back(index);
        if (node.concludesEverything)
            m_concludingEverything.push_back(index);
        if (std::any_of(node.edges.begin(), node.edges.end(), [](const RuleEdge &e) { return e.kind != EdgeKind::Positive; }))
            m_negative.push_back(index);
        m_nodes.push_back(std::move(node));
    }
}

QString RuleGraph::label(int node) const
{
    if (node < 0 || node >= int(m_nodes.size()) || !m_nodes[size_t(node)].sentence)
        return QStringLiteral("this rule");
    const kb::SentenceInfo &info = m_kb.sentence(*m_nodes[size_t(node)].sentence);
    return QStringLiteral("rule %1:%2").arg(kb::symbolString(info.context)).arg(info.term.span().line);
}

// A breadth-first search over states (rule, negative edge seen, new genl edge used). Node
// index m_nodes.size() is the checked rule.
struct RuleGraph::Step {
    int previous = -1; // state index
    EdgeKind kind = EdgeKind::Positive;
    kb::SymbolId predicate = kb::noSymbol;
    kb::SymbolId concluded = kb::noSymbol;
};

struct RuleGraph::Search {
    const RuleGraph &graph;
    const RuleNode *checked = nullptr;
    kb::KeyId ignoredKey = kb::noKey;
    kb::SymbolId sub = kb::noSymbol;
    kb::SymbolId super = kb::noSymbol;
    std::unordered_map<kb::SymbolId, std::vector<std::pair<kb::SymbolId, bool>>> reachCache;

    [[nodiscard]] int nodeCount() const { return int(graph.m_nodes.size()) + 1; }
    [[nodiscard]] const RuleNode *node(int i) const
    {
        if (i == int(graph.m_nodes.size()))
            return checked;
        const RuleNode &n = graph.m_nodes[size_t(i)];
        return ignoredKey != kb::noKey && n.key == ignoredKey ? nullptr : &n;
    }

    // specs*(p) over all contexts, each with whether it needs the new genl edge.
    const std::vector<std::pair<kb::SymbolId, bool>> &reach(kb::SymbolId p)
    {
        auto found = reachCache.find(p);
        if (found != reachCache.end())
            return found->second;
        std::vector<std::pair<kb::SymbolId, bool>> result { { p, false } };
        for (const kb::SymbolId q : graph.m_kb.specs(p))
            result.emplace_back(q, false);
        if (sub != kb::noSymbol && graph.m_kb.isGenl(super, p)) {
            std::vector<kb::SymbolId> added { sub };
            for (const kb::SymbolId q : graph.m_kb.specs(sub))
                added.push_back(q);
            for (const kb::SymbolId q : added) {
                const bool known = std::any_of(result.begin(), result.end(), [q](const auto &entry) { return entry.first == q; });
                if (!known)
                    result.emplace_back(q, true);
            }
        }
        return reachCache.emplace(p, std::move(result)).first->second;
    }

    // Rules (node indices) concluding q.
    void concluding(kb::SymbolId q, std::vector<int> &out) const
    {
        if (auto found = graph.m_concluding.find(q); found != graph.m_concluding.end())
            out.insert(out.end(), found->second.begin(), found->second.end());
        out.insert(out.end(), graph.m_concludingEverything.begin(), graph.m_concludingEverything.end());
        if (checked && (checked->concludesEverything || std::binary_search(checked->concludes.begin(), checked->concludes.end(), q)))
            out.push_back(int(graph.m_nodes.size()));
    }

    // Finds a path from (start, no negation, no new edge) back to start with a negative edge
    // seen (and the new edge used, when there is one); renders it.
    std::optional<QString> loopFrom(int start, const QString &origin)
    {
        const bool needEdge = sub != kb::noSymbol;
        const auto stateOf = [](int n, bool negative, bool used) { return n * 4 + (negative ? 2 : 0) + (used ? 1 : 0); };
        // Sparse: a search costs what it reaches, not what the KB holds.
        std::unordered_map<int, Step> steps;
        std::deque<int> queue { stateOf(start, false, false) };
        steps.emplace(queue.front(), Step {});
        std::vector<int> targets;
        while (!queue.empty()) {
            const int state = queue.front();
            queue.pop_front();
            const RuleNode *from = node(state / 4);
            if (!from)
                continue;
            const bool negative = state & 2;
            const bool used = state & 1;
            for (const RuleEdge &edge : from->edges) {
                for (const auto &[q, viaNewEdge] : reach(edge.predicate)) {
                    targets.clear();
                    concluding(q, targets);
                    for (const int next : targets) {
                        if (!node(next))
                            continue;
                        const bool nextNegative = negative || edge.kind != EdgeKind::Positive;
                        const bool nextUsed = used || viaNewEdge;
                        const int nextState = stateOf(next, nextNegative, nextUsed);
                        if (!steps.emplace(nextState, Step { state, edge.kind, edge.predicate, q }).second)
                            continue;
                        if (next == start && nextNegative && (nextUsed || !needEdge))
                            return render(nextState, start, origin, stateOf(start, false, false), steps);
                        queue.push_back(nextState);
                    }
                }
            }
        }
        return std::nullopt;
    }

    [[nodiscard]] QString render(
        int state, int start, const QString &origin, int startState, const std::unordered_map<int, Step> &steps) const
    {
        QStringList parts;
        while (state != startState && state >= 0) {
            const Step &step = steps.at(state);
            QString target = graph.label(state / 4);
            if (step.concluded != step.predicate)
                target += QStringLiteral(" (concluding %1)").arg(kb::symbolString(step.concluded));
            parts.prepend(QStringLiteral("%1 %2 -> %3").arg(verb(step.kind), kb::symbolString(step.predicate), target));
            state = step.previous;
        }
        Q_UNUSED(start);
        return QStringLiteral("not stratified: %1 closes a loop through negation: %2 -> %3")
            .arg(origin, graph.label(start), parts.join(QStringLiteral(" -> ")));
    }
};

std::optional<QString> RuleGraph::loopThroughRule(const RuleNode &checked, kb::KeyId ignoredKey) const
{
    // A loop through negation needs a negative edge: in the checked rule or in some KB rule.
    const bool negative
        = std::any_of(checked.edges.begin(), checked.edges.end(), [](const RuleEdge &e) { return e.kind != EdgeKind::Positive; });
    if (!negative && m_negative.empty())
        return std::nullopt;
    Search search { *this, &checked, ignoredKey, kb::noSymbol, kb::noSymbol, {} };
    return search.loopFrom(int(m_nodes.size()), QStringLiteral("this rule"));
}

std::optional<QString> RuleGraph::loopThroughGenl(kb::SymbolId sub, kb::SymbolId super, kb::KeyId ignoredKey) const
{
    // The new edge can only matter if some rule concludes sub or a type below it.
    bool concluded = !m_concludingEverything.empty() || m_concluding.contains(sub);
    for (const kb::SymbolId q : concluded ? std::vector<kb::SymbolId>() : m_kb.specs(sub)) {
        if (m_concluding.contains(q)) {
            concluded = true;
            break;
        }
    }
    if (!concluded)
        return std::nullopt;
    const QString origin = QStringLiteral("(genl %1 %2)").arg(kb::symbolString(sub), kb::symbolString(super));
    for (const int i : m_negative) {
        const RuleNode &n = m_nodes[size_t(i)];
        if (ignoredKey != kb::noKey && n.key == ignoredKey)
            continue;
        Search search { *this, nullptr, ignoredKey, sub, super, {} };
        if (auto loop = search.loopFrom(i, origin))
            return loop;
    }
    return std::nullopt;
}

} // namespace fanva::check::detail
