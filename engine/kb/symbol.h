// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/termid.h"

#include <QString>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

namespace fanva::kb {

/// A symbol's interned id. Ids are process-wide, stable and dense: two terms spelled the
/// same compare equal by id, whichever document or knowledge base they were read from.
/// Variables are interned with their leading '?'.
using SymbolId = lang::TermId; ///< fanva-kb's term handle (lang/termid.h)

/// The id of no symbol (a null term, "every context" in a Scope).
inline constexpr SymbolId noSymbol = lang::noTerm;

/// A set of symbols, e.g. the predicates marked symmetric somewhere in a KB: a bit per id
/// up to the largest member, so that a test is one load and a shift. (Keying a large KB
/// tests every binary sentence's predicate; a hash set's probe missed the caches there.)
class SymbolSet
{
public:
    SymbolSet() = default;
    SymbolSet(std::initializer_list<SymbolId> ids)
    {
        for (const SymbolId id : ids)
            insert(id);
    }

    /// Adds `id`; true if it was not in the set.
    bool insert(SymbolId id)
    {
        const std::size_t word = id >> 6;
        if (word >= m_bits.size())
            m_bits.resize(word + 1, 0);
        const std::uint64_t bit = std::uint64_t(1) << (id & 63);
        if (m_bits[word] & bit)
            return false;
        m_bits[word] |= bit;
        ++m_size;
        return true;
    }
    [[nodiscard]] bool contains(SymbolId id) const
    {
        const std::size_t word = id >> 6;
        return word < m_bits.size() && (m_bits[word] >> (id & 63) & 1) != 0;
    }
    [[nodiscard]] bool empty() const { return m_size == 0; }
    [[nodiscard]] std::size_t size() const { return m_size; }

private:
    std::vector<std::uint64_t> m_bits;
    std::size_t m_size = 0;
};

// The built-in vocabulary of kb-language.md §4, interned first so that every one has a
// fixed id usable as a constant (sym::genl, sym::setForwardRule, ...).
#define FANVA_KB_BUILTIN_SYMBOLS(X)                                                                                                        \
    X(genl, "genl")                                                                                                                        \
    X(genlCx, "genlCx")                                                                                                                    \
    X(disjoint, "disjoint")                                                                                                                \
    X(disjointMetatype, "disjointMetatype")                                                                                                \
    X(siblingDisjoint, "siblingDisjoint")                                                                                                  \
    X(siblingDisjointException, "siblingDisjointException")                                                                                \
    X(unaryPredicate, "unaryPredicate")                                                                                                    \
    X(binaryPredicate, "binaryPredicate")                                                                                                  \
    X(ternaryPredicate, "ternaryPredicate")                                                                                                \
    X(arity, "arity")                                                                                                                      \
    X(variableArity, "variableArity")                                                                                                      \
    X(arg, "arg")                                                                                                                          \
    X(genlArg, "genlArg")                                                                                                                  \
    X(quotedArg, "quotedArg")                                                                                                              \
    X(interArg, "interArg")                                                                                                                \
    X(inverse, "inverse")                                                                                                                  \
    X(symmetric, "symmetric")                                                                                                              \
    X(asymmetric, "asymmetric")                                                                                                            \
    X(irreflexive, "irreflexive")                                                                                                          \
    X(functional, "functional")                                                                                                            \
    X(transitive, "transitive")                                                                                                            \
    X(reflexive, "reflexive")                                                                                                              \
    X(antiSymmetric, "antiSymmetric")                                                                                                      \
    X(antiTransitive, "antiTransitive")                                                                                                    \
    X(equivalenceRelation, "equivalenceRelation")                                                                                          \
    X(transitiveInArg, "transitiveInArg")                                                                                                  \
    X(transitiveInArgInverse, "transitiveInArgInverse")                                                                                    \
    X(implies, "implies")                                                                                                                  \
    X(not_, "not")                                                                                                                         \
    X(and_, "and")                                                                                                                         \
    X(setForwardRule, "set/forwardRule")                                                                                                   \
    X(setBackwardRule, "set/backwardRule")                                                                                                 \
    X(setInertRule, "set/inertRule")                                                                                                       \
    X(setDefaultRule, "set/defaultRule")                                                                                                   \
    X(setAssumptionRule, "set/assumptionRule")                                                                                             \
    X(setHardConstraint, "set/hardConstraint")                                                                                             \
    X(setSoftConstraint, "set/softConstraint")                                                                                             \
    X(exceptWhen, "exceptWhen")                                                                                                            \
    X(exists, "exists")                                                                                                                    \
    X(unknown, "unknown")                                                                                                                  \
    X(thereExists, "thereExists")                                                                                                          \
    X(aggCount, "agg/count")                                                                                                               \
    X(aggSum, "agg/sum")                                                                                                                   \
    X(aggMin, "agg/min")                                                                                                                   \
    X(aggMax, "agg/max")                                                                                                                   \
    X(aggAvg, "agg/avg")                                                                                                                   \
    X(evaluate, "evaluate")                                                                                                                \
    X(lessThan, "lessThan")                                                                                                                \
    X(greaterThan, "greaterThan")                                                                                                          \
    X(different, "different")                                                                                                              \
    X(ist, "ist")                                                                                                                          \
    X(comment, "comment")                                                                                                                  \
    X(isa, "isa")                                                                                                                          \
    X(thing, "thing")

namespace sym {
enum : SymbolId {
    noBuiltin = noSymbol, // the first built-in, genl, is id 1
#define FANVA_KB_BUILTIN_ENUM(id, text) id,
    FANVA_KB_BUILTIN_SYMBOLS(FANVA_KB_BUILTIN_ENUM)
#undef FANVA_KB_BUILTIN_ENUM
        endOfBuiltins
};
} // namespace sym

/// The process-wide symbol table: thread-safe and append-only, so a name's id and the
/// string_view returned by name() stay valid for the life of the process.
class SymbolTable final
{
public:
    [[nodiscard]] static SymbolTable &instance();

    /// The id of `name`, interning it on first use. `name` must not be empty.
    [[nodiscard]] SymbolId intern(std::string_view name);
    /// intern() with the name's hash already computed (detail::hashBytes in kb/hash_p.h),
    /// for the reader, which hashes each name once.
    [[nodiscard]] SymbolId intern(std::string_view name, std::uint64_t hash);
    /// Asks the CPU to fetch the table slot a name with this hash would be found in, so that
    /// an intern() a little later does not wait for memory. Only a hint: never blocks.
    void prefetch(std::uint64_t hash) const;
    /// The id of `name` if it was ever interned.
    [[nodiscard]] std::optional<SymbolId> find(std::string_view name) const;
    /// The spelling of `id` (empty for noSymbol or an unknown id).
    [[nodiscard]] std::string_view name(SymbolId id) const;
    [[nodiscard]] std::size_t size() const;

    SymbolTable(const SymbolTable &) = delete;
    SymbolTable &operator=(const SymbolTable &) = delete;

private:
    SymbolTable();
    ~SymbolTable();
    struct Private;
    Private *d;
};

/// Shorthands for SymbolTable::instance().
[[nodiscard]] SymbolId intern(std::string_view name);
[[nodiscard]] std::optional<SymbolId> findSymbol(std::string_view name);
[[nodiscard]] std::string_view symbolName(SymbolId id);
/// The spelling as a QString (symbols are ASCII).
[[nodiscard]] QString symbolString(SymbolId id);

/// True for the set/* rule wrappers of §4.
[[nodiscard]] constexpr bool isRuleWrapper(SymbolId id)
{
    return id >= sym::setForwardRule && id <= sym::setSoftConstraint;
}

/// True for agg/count, agg/sum, agg/min, agg/max and agg/avg.
[[nodiscard]] constexpr bool isAggregate(SymbolId id)
{
    return id >= sym::aggCount && id <= sym::aggAvg;
}

/// True for the evaluated predicates: evaluate, lessThan, greaterThan, different.
[[nodiscard]] constexpr bool isEvaluated(SymbolId id)
{
    return id >= sym::evaluate && id <= sym::different;
}

} // namespace fanva::kb
