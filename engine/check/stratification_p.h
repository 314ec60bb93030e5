// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/chain_p.h"
#include "kb/knowledgebase.h"

#include <QString>

#include <optional>
#include <unordered_map>
#include <vector>

namespace fanva::check::detail {

/// How a rule reads a predicate (kb-language.md §5.3 "Stratification").
enum class EdgeKind : std::uint8_t {
    Positive, ///< a generator antecedent
    Unknown, ///< inside an unknown antecedent
    Aggregate, ///< inside an aggregate body
    Exception, ///< in an exceptWhen query
};

struct RuleEdge {
    kb::SymbolId predicate = kb::noSymbol;
    EdgeKind kind = EdgeKind::Positive;
};

/// One rule of the dependency graph: what it reads and what it concludes.
struct RuleNode {
    std::optional<kb::SentenceId> sentence; ///< nullopt for the checked rule
    kb::KeyId key = kb::noKey;
    std::vector<RuleEdge> edges;
    std::vector<kb::SymbolId> concludes;
    bool concludesEverything = false; ///< a variable consequent functor
};

/// The edges and conclusions of a rule (wrappers and exceptWhen peeled).
[[nodiscard]] RuleNode ruleNode(const RuleParts &rule);

/// The KB's rules (set/inertRule ones left out) indexed by the predicates they conclude.
/// Built once per KB: its size is the number of rules, not of facts.
class RuleGraph final
{
public:
    explicit RuleGraph(const kb::KnowledgeBase &kb);

    /// A loop through negation closed by the checked rule (its node), if any: the message
    /// path "this rule -> depends on flies -> rule CxBirds:6 -> … -> this rule".
    [[nodiscard]] std::optional<QString> loopThroughRule(const RuleNode &checked, kb::KeyId ignoredKey) const;

    /// A loop through negation that the new edge (genl sub super) closes, if any.
    [[nodiscard]] std::optional<QString> loopThroughGenl(kb::SymbolId sub, kb::SymbolId super, kb::KeyId ignoredKey) const;

private:
    struct Step;
    struct Search;
    [[nodiscard]] QString label(int node) const;

    const kb::KnowledgeBase &m_kb;
    std::vector<RuleNode> m_nodes;
    std::unordered_map<kb::SymbolId, std::vector<int>> m_concluding;
    std::vector<int> m_concludingEverything;
    std::vector<int> m_negative; ///< rules with a negative edge
};

} // namespace fanva::check::detail
