// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/term.h"
#include "lang/termrole.h"

#include <QLatin1StringView>

#include <set>
#include <string_view>
#include <vector>

namespace fanva::kb {

/// Naming roles of kb-language.md §3, read from spelling alone: the language-neutral term
/// roles (lang/termrole.h), of which fanva-kb uses every one. Function has no spelling of its
/// own: termRole() never returns it; KnowledgeBase::findTerm() does for a symbol the KB uses
/// as the functor of a nested term.
using Role = lang::TermRole;

/// "variable", "number", ..., "none" (for CLI and JSON output).
using lang::roleName;

// The independent spelling tests of §3, on a symbol's full spelling (ns/name). Only the
// lex and cx namespaces decide a role; any other namespace is ignored (agg/count reads
// as count).
[[nodiscard]] bool isLexemeName(std::string_view name);
[[nodiscard]] bool isContextName(std::string_view name);
[[nodiscard]] bool isIndividualName(std::string_view name);
[[nodiscard]] bool isPredicateName(std::string_view name);
[[nodiscard]] bool isSenseName(std::string_view name);
/// snake_case or a sense: a type is a unary predicate.
[[nodiscard]] bool isTypeName(std::string_view name);

/// The first role of §3's table that the spelling matches, else Role::None.
[[nodiscard]] Role nameRole(std::string_view name);
[[nodiscard]] Role symbolRole(SymbolId id);
/// symbolRole() of every id below @p bound (index 0, no symbol: Role::None). A role depends
/// on the spelling alone and ids are never reused, so the roles are kept for the process: a
/// load names only the symbols interned since the last one. Thread-safe.
[[nodiscard]] std::vector<Role> symbolRoles(std::size_t bound);
/// Variable, Number, String for literals; nameRole() for symbols; None otherwise.
[[nodiscard]] Role termRole(Term term);

/// Where a literal stands in its sentence (§3's literal walk).
enum class LiteralRole : std::uint8_t {
    Sentence, ///< the top level of a fact
    Antecedent, ///< an antecedent of implies
    Consequent, ///< in the consequent of implies
    Exception, ///< a conjunct of an exceptWhen query
};

/// "sentence", "rule antecedent", "rule consequent", "exceptWhen exception".
[[nodiscard]] QLatin1StringView literalRoleName(LiteralRole role);

struct Literal {
    LiteralRole role = LiteralRole::Sentence;
    Term term;
    friend bool operator==(const Literal &, const Literal &) = default;
};

/// The literal walk of §3: through not, and, the set/* wrappers, implies (antecedents
/// then consequent), exceptWhen (exception conjuncts, then the rule), ist, unknown,
/// thereExists, exists and agg/* bodies — never into arguments. A vector in a frame
/// position yields its elements. Stops at maxDepth.
[[nodiscard]] std::vector<Literal> literals(Term sentence);

/// The context slot X of every (ist X S) the literal walk passes through, in walk order.
[[nodiscard]] std::vector<Term> istSlots(Term sentence);

/// Adds every individual-spelled symbol in `term`, at any depth, to `out`.
void collectIndividuals(Term term, std::set<SymbolId> &out);

} // namespace fanva::kb
