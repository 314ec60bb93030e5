// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"
#include "kb/roles.h"
#include "kb/term.h"

#include <QString>

#include <optional>
#include <vector>

// The stages of the check chain (kb-language.md §5.2) that read only the sentence. The
// stages that consult the KB live in critic.cpp and stratification.cpp.
namespace fanva::check::detail {

/// A rule taken apart: the wrappers and exceptWhen frames peeled off, the implies split.
struct RuleParts {
    kb::Term implies;
    std::vector<kb::SymbolId> wrappers; ///< set/* wrappers, outermost first
    bool inert = false; ///< a set/inertRule wrapper is among them
    std::vector<kb::Term> exceptions; ///< the conjuncts of every exceptWhen query
    std::vector<kb::Term> antecedents; ///< the elements of (and …), or the one antecedent
    kb::Term consequent;
};

/// True for the forms that make a sentence a rule: implies, a set/* wrapper, exceptWhen.
[[nodiscard]] bool isRuleForm(kb::Term term);

/// Takes a well-formed rule apart (after structureProblem() found nothing).
[[nodiscard]] std::optional<RuleParts> ruleParts(kb::Term sentence);

/// Stage 4: the first structural problem (not-well-formed), if any.
[[nodiscard]] std::optional<Problem> structureProblem(kb::Term sentence);

/// The naming stage: every naming problem, in category order. `context` is the checked
/// context's spelling; `inRule` selects where a dotted rest is allowed.
[[nodiscard]] std::vector<Problem> namingProblems(kb::Term sentence, const QString &context, bool inRule);

/// The rule stages that need no KB, each its first problem.
[[nodiscard]] std::optional<Problem> rangeProblem(const RuleParts &rule);
[[nodiscard]] std::optional<Problem> exceptionProblem(const RuleParts &rule);
[[nodiscard]] std::optional<Problem> indexProblem(const RuleParts &rule);

/// A fact's not-ground stage.
[[nodiscard]] std::optional<Problem> groundProblem(kb::Term fact, kb::Term sentence);

/// Problem constructor: the span is the term's when it was read from text.
[[nodiscard]] Problem makeProblem(QLatin1StringView type, const QString &message, kb::Term at = {});

/// Renders a term on one line ({S}, {lit}).
[[nodiscard]] QString flat(kb::Term term);
/// The spelling of a symbol or variable term.
[[nodiscard]] QString symbolSpelling(kb::Term term);

/// The variables of a term (at any depth), anonymous ones included, in reading order.
void collectVariables(kb::Term term, std::vector<kb::Term> &out, int depth = 0);

/// Peels (not X) frames: (not (not S)) is S.
[[nodiscard]] kb::Term peelNot(kb::Term term, int *negations = nullptr);

/// The number of arguments of a literal, or -1 when it has a dotted rest.
[[nodiscard]] int argumentCount(kb::Term literal);

} // namespace fanva::check::detail
