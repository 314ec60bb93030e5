// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/symbol.h"

#include <QString>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fanva::kb {

/// Where a completed symbol stands in the sentence being typed.
enum class CompletionSlot : std::uint8_t {
    Functor, ///< right after `(`: predicates, types, functions, the built-in vocabulary
    Argument, ///< any other position: every term but contexts
    Context, ///< a position that expects a context (ist's first argument, genlCx's): contexts only
};

/// One completion candidate, in rank order (Vocabulary::complete()).
struct Completion {
    SymbolId symbol = noSymbol;
    Role role = Role::None; ///< spelling role; Context for a context of the KB
    std::uint32_t uses = 0; ///< occurrences in the KB's sentences
    bool visible = false; ///< used in a context the target context sees (built-ins: always)
    bool builtin = false; ///< kb-language.md §4's vocabulary
    friend bool operator==(const Completion &, const Completion &) = default;
};

/// What complete() looks for.
struct CompletionQuery {
    /// The typed start of the symbol (case-insensitive; a case-exact start ranks first).
    std::string_view prefix;
    /// The target context (noSymbol: every term counts as visible).
    SymbolId context = noSymbol;
    CompletionSlot slot = CompletionSlot::Argument;
    std::size_t limit = 50;
};

/// What the KB says about a functor, for a signature hint or a completion's detail.
struct FunctorSignature {
    int arity = -1; ///< declared arity; -1 when the KB declares none
    bool variableArity = false;
    /// The declared (arg P i T) type of argument i+1 (noSymbol where none is declared), as
    /// many as the arity (or the highest declared position).
    std::vector<SymbolId> argTypes;
    /// The nearest comment's text ("" when none).
    QString comment;
    friend bool operator==(const FunctorSignature &, const FunctorSignature &) = default;
};

/// The completion index of a loaded KB (issue 15): every symbol its sentences use, every
/// context and the built-in vocabulary, with how often the KB uses each and which contexts
/// use it, sorted by lower-case spelling for a binary-search prefix lookup. Built once per
/// loaded KB (it walks every sentence: build it off the GUI thread); immutable and safe to
/// query from any thread afterwards. It keeps no reference to the KB, but visibility
/// queries take the KB it was built from.
class Vocabulary final
{
public:
    explicit Vocabulary(const KnowledgeBase &kb);

    /// Candidates whose spelling starts with query.prefix (case-insensitive), fitting the
    /// slot, at most query.limit: those visible from query.context first, then case-exact
    /// prefix matches, then the most used, then by spelling. An empty prefix lists every
    /// fitting term. `kb` is the KB the index was built from.
    [[nodiscard]] std::vector<Completion> complete(const KnowledgeBase &kb, const CompletionQuery &query) const;

    /// How often the KB's sentences use `symbol` (0 when never).
    [[nodiscard]] std::uint32_t uses(SymbolId symbol) const;
    /// True if a sentence in a context that `context` sees uses `symbol` (built-ins: always;
    /// a context: when `context` sees it).
    [[nodiscard]] bool isVisible(const KnowledgeBase &kb, SymbolId symbol, SymbolId context) const;
    /// Number of indexed terms.
    [[nodiscard]] std::size_t size() const { return m_entries.size(); }

private:
    struct Entry {
        std::string lower; ///< the spelling in lower case, the sort key
        std::string_view name; ///< the spelling (the symbol table's, valid for the process)
        SymbolId symbol = noSymbol;
        Role role = Role::None;
        bool builtin = false;
        std::uint32_t uses = 0;
        std::uint32_t firstContext = 0; ///< into m_contexts
        std::uint32_t contextCount = 0;
        /// Bit i: the entry is visible from where m_contextList[i] is seen (its own bit for a
        /// context, every bit for a built-in); used while the KB has at most 64 contexts.
        std::uint64_t contextMask = 0;
    };
    [[nodiscard]] const Entry *find(SymbolId symbol) const;
    [[nodiscard]] bool visible(const KnowledgeBase &kb, const Entry &entry, SymbolId context) const;

    std::vector<Entry> m_entries; ///< by lower, then by spelling
    std::vector<SymbolId> m_contexts; ///< per entry, the contexts using it
    std::vector<std::uint32_t> m_bySymbol; ///< symbol id → entry index + 1 (0: none)
    std::vector<SymbolId> m_contextList; ///< the KB's contexts, in name order (the mask bits)
    bool m_masked = false; ///< whether the entries' context masks are set
};

/// Whether a term of `role` may stand in `slot`.
[[nodiscard]] bool fitsSlot(Role role, bool builtin, CompletionSlot slot);

/// The declared arity, argument types and nearest comment of `functor` as seen from `scope`.
[[nodiscard]] FunctorSignature functorSignature(const KnowledgeBase &kb, SymbolId functor, const Scope &scope = {});

} // namespace fanva::kb
