// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/term.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace fanva::kb {

/// Index of a sentence in a KnowledgeBase, in (context name, line) order.
using SentenceId = std::uint32_t;
/// Index of a distinct canonical key in a KnowledgeBase.
using KeyId = std::uint32_t;
inline constexpr KeyId noKey = UINT32_MAX;

/// What a query may look at. `context` limits answers to what that context sees
/// (noSymbol: every context; an unknown context sees itself only). Sentences of
/// `context` whose key is `ignoredKey` are left out of every answer, so a sentence is
/// never compared with itself (§5).
struct Scope {
    SymbolId context = noSymbol;
    KeyId ignoredKey = noKey;
    friend bool operator==(const Scope &, const Scope &) = default;
};

/// One stored sentence.
struct SentenceInfo {
    Term term;
    SymbolId context = noSymbol;
    KeyId key = noKey;
    friend bool operator==(const SentenceInfo &, const SentenceInfo &) = default;
};

/// A predicate's declared arity (§5.2): `count` arguments, declared on `via` (noSymbol:
/// on the predicate itself); `variableArity`: count or more.
struct Arity {
    int count = 0;
    SymbolId via = noSymbol;
    bool variableArity = false;
    friend bool operator==(const Arity &, const Arity &) = default;
};

/// An (arg P i T) or (genlArg P i T) declaration on P = `of`, found for a predicate at or
/// below `of`.
struct ArgConstraint {
    enum class Kind : std::uint8_t { Arg, GenlArg };
    Kind kind = Kind::Arg;
    int position = 0;
    SymbolId type = noSymbol;
    SymbolId of = noSymbol;
    SentenceId sentence = 0;
    friend bool operator==(const ArgConstraint &, const ArgConstraint &) = default;
};

/// Why two types share no instance: A in genl*(a) and B in genl*(b) are separated by an
/// explicit (disjoint A B) sentence, by a disjointMetatype `via` having both as members,
/// or by a (siblingDisjoint via) with both strictly below `via`.
struct DisjointWitness {
    enum class Reason : std::uint8_t { Explicit, Metatype, Sibling };
    SymbolId a = noSymbol;
    SymbolId b = noSymbol;
    Reason reason = Reason::Explicit;
    SymbolId via = noSymbol;
    /// The disjoint, disjointMetatype or siblingDisjoint sentence.
    SentenceId sentence = 0;
    friend bool operator==(const DisjointWitness &, const DisjointWitness &) = default;
};

/// How the KB knows a symbol (findTerm).
struct TermUsage {
    Role role = Role::None; ///< spelling role; Function for a symbol used as a nested functor
    bool used = false; ///< occurs in a visible sentence
    bool asFunctor = false; ///< as the functor of some list in a visible sentence
    bool asArgument = false; ///< anywhere else in a visible sentence
    friend bool operator==(const TermUsage &, const TermUsage &) = default;
};

/// One context file.
struct ContextInfo {
    SymbolId name = noSymbol;
    /// The file's path as the loader found it below root() (relative when root() is).
    QString file;
    /// Contexts named by (genlCx name X) anywhere, in name order.
    std::vector<SymbolId> parents;
    std::uint32_t sentenceCount = 0;
    friend bool operator==(const ContextInfo &, const ContextInfo &) = default;
};

/// A loaded knowledge base (§1, §8): every context file of a directory tree, keyed and
/// indexed. Immutable once loaded and safe to query from any thread; answers depend only
/// on the (context, sentence) set, never on file order. Queries cost what their answer
/// costs, not what the KB holds. Sentence lists come in (context, line) order.
class KnowledgeBase final
{
public:
    ~KnowledgeBase();
    KnowledgeBase(const KnowledgeBase &) = delete;
    KnowledgeBase &operator=(const KnowledgeBase &) = delete;

    /// The root directory it was loaded from (empty for in-memory sources).
    [[nodiscard]] QString root() const;

    // --- contents --------------------------------------------------------------------
    /// Context names in name order.
    [[nodiscard]] std::vector<SymbolId> contexts() const;
    [[nodiscard]] bool hasContext(SymbolId context) const;
    [[nodiscard]] std::optional<ContextInfo> contextInfo(SymbolId context) const;
    [[nodiscard]] std::size_t sentenceCount() const;
    [[nodiscard]] const SentenceInfo &sentence(SentenceId id) const;
    /// The sentences of one context, in line order.
    [[nodiscard]] std::span<const SentenceId> sentencesIn(SymbolId context) const;
    /// The file a sentence was read from (its line and column: sentence(id).term.span()).
    [[nodiscard]] QString fileOf(SentenceId id) const;
    [[nodiscard]] std::string_view key(KeyId id) const;
    [[nodiscard]] KeyId keyId(std::string_view key) const;
    /// The predicates marked (symmetric P) in any context; input to canonicalKey().
    [[nodiscard]] const SymbolSet &symmetricPredicates() const;
    /// canonicalKey(term, symmetricPredicates()).
    [[nodiscard]] std::string canonicalKey(Term sentence) const;

    // --- contexts (genlCx closure) -----------------------------------------------------
    /// Contexts `context` sees, itself first, then in name order.
    [[nodiscard]] std::vector<SymbolId> visibleContexts(SymbolId context) const;
    /// Contexts that see `context`, itself first, then in name order.
    [[nodiscard]] std::vector<SymbolId> seenBy(SymbolId context) const;
    /// True if `from` sees `to` (reflexive, transitive; O(1)).
    [[nodiscard]] bool sees(SymbolId from, SymbolId to) const;

    // --- genl closure --------------------------------------------------------------------
    /// Strict supertypes of t over visible genl edges, nearest first (BFS, ties by name).
    [[nodiscard]] std::vector<SymbolId> genls(SymbolId t, const Scope &scope = {}) const;
    /// Strict subtypes of t, nearest first (BFS, ties by name).
    [[nodiscard]] std::vector<SymbolId> specs(SymbolId t, const Scope &scope = {}) const;
    /// True if b is in genl*(a): a == b, or a is below b.
    [[nodiscard]] bool isGenl(SymbolId a, SymbolId b, const Scope &scope = {}) const;

    // --- vocabulary ----------------------------------------------------------------------
    /// The T of visible positive facts (T x), in name order.
    [[nodiscard]] std::vector<SymbolId> memberships(SymbolId x, const Scope &scope = {}) const;
    /// Declared arity per §5.2 (own declarations, else agreed through genl+); nullopt if none.
    [[nodiscard]] std::optional<Arity> arityOf(SymbolId predicate, const Scope &scope = {}) const;
    /// The Q in genl*(p), nearest first, with a visible stated (mark Q).
    [[nodiscard]] std::vector<SymbolId> marksOver(SymbolId p, SymbolId mark, const Scope &scope = {}) const;
    /// Visible arg/genlArg declarations on p and on each Q in genl+(p), in canonical-key order.
    [[nodiscard]] std::vector<ArgConstraint> argConstraints(SymbolId p, const Scope &scope = {}) const;
    /// The first witness (§5.3 order) that a and b share no instance, if any.
    [[nodiscard]] std::optional<DisjointWitness> disjoint(SymbolId a, SymbolId b, const Scope &scope = {}) const;
    /// Types stated (disjoint X Y) with t or with one of its supertypes, in name order.
    [[nodiscard]] std::vector<SymbolId> disjointTypes(SymbolId t, const Scope &scope = {}) const;
    /// True if (siblingDisjointException a b) or (… b a) is stated in any context.
    [[nodiscard]] bool isSiblingDisjointException(SymbolId a, SymbolId b) const;
    /// Visible (comment t "…") sentences; the text is sentence(id).term[2].text().
    [[nodiscard]] std::vector<SentenceId> comments(SymbolId t, const Scope &scope = {}) const;
    /// Visible sentences holding the symbol at any depth (each once).
    [[nodiscard]] std::vector<SentenceId> mentioning(SymbolId symbol, const Scope &scope = {}) const;
    /// Role and use of a symbol in visible sentences.
    [[nodiscard]] TermUsage findTerm(SymbolId symbol, const Scope &scope = {}) const;
    /// Visible positive facts (R a1 …) with R in specs*(p) and a1 the symbol `a1`.
    [[nodiscard]] std::vector<SentenceId> factsWith(SymbolId p, SymbolId a1, const Scope &scope = {}) const;
    /// Visible sentences with this canonical key.
    [[nodiscard]] std::vector<SentenceId> lookup(std::string_view key, const Scope &scope = {}) const;

    // --- statistics (kb stats) -----------------------------------------------------------
    /// Distinct symbols used by the KB, and how many sentences each functor heads (desc).
    [[nodiscard]] std::vector<SymbolId> symbols() const;
    [[nodiscard]] std::vector<std::pair<SymbolId, std::uint32_t>> functorCounts() const;

private:
    KnowledgeBase();
    struct Private;
    std::unique_ptr<Private> d;
    friend struct KnowledgeBaseLoader;
};

/// Called during loading with bytes read so far and the total; may be called from a
/// worker thread, but never from two at once, and `done` never decreases.
using LoadProgress = std::function<void(qint64 done, qint64 total)>;

/// A load's outcome: the KB, or null with every hard error; warnings either way.
struct LoadResult {
    std::shared_ptr<const KnowledgeBase> kb;
    std::vector<Diagnostic> diagnostics;
    [[nodiscard]] bool ok() const { return kb != nullptr; }
};

/// One context file given in memory (tests, the critic's fixtures).
struct ContextSource {
    QString path; ///< e.g. "upper/CxLife.txt"; its stem names the context
    QByteArray text;
    friend bool operator==(const ContextSource &, const ContextSource &) = default;
};

/// Loads every *.txt file under `root` (§1). Blocking; run it through QtConcurrent::run
/// to keep a GUI responsive.
[[nodiscard]] LoadResult loadKnowledgeBase(const QString &root, const LoadProgress &progress = {});
/// Loads `root` like loadKnowledgeBase(root), but each file an override names (its `path`
/// absolute or relative to the working directory) is read from the override's text: the KB
/// as it would be with those files changed (rewrite.md §1 gates a replacement against it).
/// An override naming a file the tree does not hold adds it (a new context before Apply
/// creates its file, docs/formalize.md §11.3).
[[nodiscard]] LoadResult loadKnowledgeBaseWith(const QString &root, const std::vector<ContextSource> &overrides);
/// Loads the given files as if they were a directory tree.
[[nodiscard]] LoadResult loadKnowledgeBase(std::vector<ContextSource> sources, const LoadProgress &progress = {});
/// Loads `previous.root()` again, re-reading only files whose size or time changed.
[[nodiscard]] LoadResult reloadKnowledgeBase(const KnowledgeBase &previous, const LoadProgress &progress = {});

} // namespace fanva::kb
