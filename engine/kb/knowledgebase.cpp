// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/knowledgebase.h"

#include "kb/canonical.h"
#include "kb/knowledgebase_p.h"

namespace fanva::kb {

using namespace detail;

namespace {

// Per-thread scratch marks indexed by symbol id, reset in O(1) by a generation counter,
// so closures need no allocation per visited node.
class Marks
{
public:
    void begin(std::size_t size)
    {
        if (m_marks.size() < size)
            m_marks.resize(size, 0);
        if (++m_generation == 0) {
            std::fill(m_marks.begin(), m_marks.end(), 0);
            m_generation = 1;
        }
    }
    [[nodiscard]] bool test(SymbolId id) const { return id < m_marks.size() && m_marks[id] == m_generation; }
    bool insert(SymbolId id)
    {
        if (id >= m_marks.size())
            m_marks.resize(std::size_t(id) + 1, 0);
        if (m_marks[id] == m_generation)
            return false;
        m_marks[id] = m_generation;
        return true;
    }

private:
    std::vector<std::uint32_t> m_marks;
    std::uint32_t m_generation = 0;
};

} // namespace

void detail::sortByName(std::vector<SymbolId> &ids)
{
    if (ids.size() < 4096) {
        std::sort(ids.begin(), ids.end(), nameLess);
        return;
    }
    // A large set (every symbol of a KB): sort on each name's first sixteen bytes, kept
    // beside the id, and read the names only to break ties, since every name lookup
    // would otherwise be a cache miss. Sixteen, not eight: generated and numbered names
    // (Thing45888, relatesTo33758) share their first eight bytes by the thousand.
    struct Keyed {
        std::uint64_t high; // bytes 0-7, big-endian, zero-padded (names hold no NUL)
        std::uint64_t low; // bytes 8-15
        SymbolId id;
    };
    std::vector<Keyed> keyed;
    keyed.reserve(ids.size());
    for (const SymbolId id : ids) {
        const std::string_view name = symbolName(id);
        std::uint64_t high = 0;
        std::uint64_t low = 0;
        for (std::size_t i = 0; i < 8; ++i) {
            high = (high << 8) | (i < name.size() ? static_cast<unsigned char>(name[i]) : 0U);
            low = (low << 8) | (i + 8 < name.size() ? static_cast<unsigned char>(name[i + 8]) : 0U);
        }
        keyed.push_back({ high, low, id });
    }
    std::sort(keyed.begin(), keyed.end(), [](const Keyed &a, const Keyed &b) {
        if (a.high != b.high)
            return a.high < b.high;
        if (a.low != b.low)
            return a.low < b.low;
        return symbolName(a.id) < symbolName(b.id);
    });
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = keyed[i].id;
}

// BFS over genl edges (up or down), nearest first, ties by name. Each level is sorted
// in place at the end of the answer. The visited set is a scan of the answer while it
// is short (a closure is usually a handful of types, and the scan stays in cache), and
// per-thread marks indexed by symbol beyond that.
std::vector<SymbolId> KnowledgeBase::Private::closure(SymbolId start, const SymbolIndex<Edge> &edges, const View &v) const
{
    constexpr std::size_t scanLimit = 48;
    static thread_local Marks marks;
    bool marking = false;
    std::vector<SymbolId> result;
    const auto insert = [&](SymbolId id) {
        if (!marking) {
            if (id == start || std::find(result.begin(), result.end(), id) != result.end())
                return false;
            if (result.size() < scanLimit)
                return true;
            marking = true;
            marks.begin(symbolBound);
            marks.insert(start);
            for (const SymbolId seen : result)
                marks.insert(seen);
        }
        return marks.insert(id);
    };
    const auto expand = [&](SymbolId t) {
        for (const Edge &e : edges[t]) {
            if (visible(e, v) && insert(e.other))
                result.push_back(e.other);
        }
    };
    expand(start);
    std::size_t levelBegin = 0;
    while (levelBegin < result.size()) {
        const std::size_t levelEnd = result.size();
        std::sort(result.begin() + std::ptrdiff_t(levelBegin), result.end(), nameLess);
        for (std::size_t i = levelBegin; i < levelEnd; ++i)
            expand(result[i]);
        levelBegin = levelEnd;
    }
    return result;
}

bool KnowledgeBase::Private::hasMembership(SymbolId x, SymbolId type, const View &v) const
{
    for (const Edge &e : members[x]) {
        if (e.other == type && visible(e, v))
            return true;
    }
    return false;
}

std::optional<SentenceId> KnowledgeBase::Private::membershipSentence(SymbolId x, SymbolId type, const View &v) const
{
    for (const Edge &e : members[x]) {
        if (e.other == type && visible(e, v))
            return e.sentence;
    }
    return std::nullopt;
}

bool KnowledgeBase::Private::reaches(SymbolId a, SymbolId b, const View &v) const
{
    if (a == b)
        return true;
    const std::vector<SymbolId> up = closure(a, genlUp, v);
    return std::find(up.begin(), up.end(), b) != up.end();
}

// The arity P declares itself: (arity P n) or a membership in a type reaching
// unary/binary/ternaryPredicate. 0: none; -1: they disagree.
int KnowledgeBase::Private::ownArity(SymbolId p, const View &v) const
{
    int value = 0;
    const auto add = [&value](int n) {
        if (value == 0)
            value = n;
        else if (value != n)
            value = -1;
    };
    for (const ArityDecl &d : arityDecls[p]) {
        if (visible(d, v))
            add(d.count);
    }
    for (const Edge &e : members[p]) {
        if (!visible(e, v))
            continue;
        const auto declared = [](SymbolId t) {
            return t == sym::unaryPredicate ? 1 : t == sym::binaryPredicate ? 2 : t == sym::ternaryPredicate ? 3 : 0;
        };
        if (const int n = declared(e.other)) {
            add(n);
            continue;
        }
        for (const SymbolId up : closure(e.other, genlUp, v)) {
            if (const int n = declared(up)) {
                add(n);
                break;
            }
        }
    }
    return value;
}

KnowledgeBase::KnowledgeBase()
    : d(std::make_unique<Private>())
{ }

KnowledgeBase::~KnowledgeBase() = default;

QString KnowledgeBase::root() const
{
    return d->root;
}

std::vector<SymbolId> KnowledgeBase::contexts() const
{
    return d->contexts;
}

bool KnowledgeBase::hasContext(SymbolId context) const
{
    return d->contextIndex.contains(context);
}

std::optional<ContextInfo> KnowledgeBase::contextInfo(SymbolId context) const
{
    const auto it = d->contextIndex.find(context);
    if (it == d->contextIndex.end())
        return std::nullopt;
    ContextInfo info;
    info.name = context;
    const std::int32_t file = d->contextFile[it->second];
    if (file >= 0)
        info.file = d->files[std::size_t(file)].path;
    info.parents = d->contextParents[it->second];
    info.sentenceCount = std::uint32_t(d->contextSentences[it->second].size());
    return info;
}

std::size_t KnowledgeBase::sentenceCount() const
{
    return d->sentences.size();
}

const SentenceInfo &KnowledgeBase::sentence(SentenceId id) const
{
    return d->sentences[id];
}

std::span<const SentenceId> KnowledgeBase::sentencesIn(SymbolId context) const
{
    const auto it = d->contextIndex.find(context);
    if (it == d->contextIndex.end())
        return {};
    return d->contextSentences[it->second];
}

QString KnowledgeBase::fileOf(SentenceId id) const
{
    return d->files[d->sentenceFile[id]].path;
}

std::string_view KnowledgeBase::key(KeyId id) const
{
    return id < d->keys.size() ? d->keys[id] : std::string_view();
}

KeyId KnowledgeBase::keyId(std::string_view key) const
{
    return d->keyIds.find(key, KeyIndex::hash(key), d->keys);
}

const SymbolSet &KnowledgeBase::symmetricPredicates() const
{
    return d->symmetric;
}

std::string KnowledgeBase::canonicalKey(Term sentence) const
{
    return kb::canonicalKey(sentence, d->symmetric);
}

std::vector<SymbolId> KnowledgeBase::Private::contextWalk(std::uint32_t from, const std::vector<std::vector<std::uint32_t>> &edges) const
{
    static thread_local Marks marks;
    marks.begin(denseContexts.size());
    marks.insert(from);
    std::vector<std::uint32_t> stack { from };
    std::vector<SymbolId> result { denseContexts[from] };
    while (!stack.empty()) {
        const std::uint32_t x = stack.back();
        stack.pop_back();
        for (const std::uint32_t y : edges[x]) {
            if (marks.insert(y)) {
                result.push_back(denseContexts[y]);
                stack.push_back(y);
            }
        }
    }
    std::sort(result.begin() + 1, result.end(), nameLess);
    return result;
}

std::vector<SymbolId> KnowledgeBase::visibleContexts(SymbolId context) const
{
    const auto it = d->contextIndex.find(context);
    if (it == d->contextIndex.end())
        return { context };
    return d->contextWalk(it->second, d->contextUp);
}

std::vector<SymbolId> KnowledgeBase::seenBy(SymbolId context) const
{
    const auto it = d->contextIndex.find(context);
    if (it == d->contextIndex.end())
        return { context };
    return d->contextWalk(it->second, d->contextDown);
}

bool KnowledgeBase::sees(SymbolId from, SymbolId to) const
{
    if (from == to)
        return true;
    const auto a = d->contextIndex.find(from);
    const auto b = d->contextIndex.find(to);
    if (a == d->contextIndex.end() || b == d->contextIndex.end())
        return false;
    const std::uint32_t i = b->second;
    if (i < d->fileContexts)
        return (d->sees[std::size_t(d->contextRow[a->second]) * d->words + (i >> 6)] >> (i & 63)) & 1U;
    // A context with no file has no bit: walk (its closure is what this costs).
    const std::vector<SymbolId> seen = d->contextWalk(a->second, d->contextUp);
    return std::find(seen.begin(), seen.end(), to) != seen.end();
}

std::vector<SymbolId> KnowledgeBase::genls(SymbolId t, const Scope &scope) const
{
    return d->closure(t, d->genlUp, d->view(scope));
}

std::vector<SymbolId> KnowledgeBase::specs(SymbolId t, const Scope &scope) const
{
    return d->closure(t, d->genlDown, d->view(scope));
}

bool KnowledgeBase::isGenl(SymbolId a, SymbolId b, const Scope &scope) const
{
    return d->reaches(a, b, d->view(scope));
}

std::vector<SymbolId> KnowledgeBase::memberships(SymbolId x, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<SymbolId> result;
    for (const Edge &e : d->members[x]) {
        if (d->visible(e, v))
            result.push_back(e.other);
    }
    sortByName(result);
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
}

std::optional<Arity> KnowledgeBase::arityOf(SymbolId predicate, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    const bool variable = d->hasMembership(predicate, sym::variableArity, v);
    const int own = d->ownArity(predicate, v);
    if (own > 0)
        return Arity { own, noSymbol, variable };
    if (own < 0)
        return std::nullopt;
    // Inherited: every declaring super-predicate must agree, and none may be variableArity.
    std::vector<SymbolId> declaring;
    int value = 0;
    for (const SymbolId q : d->closure(predicate, d->genlUp, v)) {
        const int n = d->ownArity(q, v);
        if (n == 0)
            continue;
        if (n < 0 || (value != 0 && n != value) || d->hasMembership(q, sym::variableArity, v))
            return std::nullopt;
        value = n;
        declaring.push_back(q);
    }
    if (declaring.empty())
        return std::nullopt;
    sortByName(declaring);
    return Arity { value, declaring.front(), variable };
}

std::vector<SymbolId> KnowledgeBase::marksOver(SymbolId p, SymbolId mark, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<SymbolId> result;
    if (d->hasMembership(p, mark, v))
        result.push_back(p);
    for (const SymbolId q : d->closure(p, d->genlUp, v)) {
        if (d->hasMembership(q, mark, v))
            result.push_back(q);
    }
    return result;
}

std::vector<ArgConstraint> KnowledgeBase::argConstraints(SymbolId p, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<ArgConstraint> result;
    int sources = 0; // predicates that contributed
    const auto collect = [&](SymbolId q) {
        const std::size_t before = result.size();
        for (const ArgDecl &decl : d->argDecls[q]) {
            if (d->visible(decl, v))
                result.push_back({ decl.kind, decl.position, decl.type, q, decl.sentence });
        }
        sources += result.size() > before ? 1 : 0;
    };
    collect(p);
    for (const SymbolId q : d->closure(p, d->genlUp, v))
        collect(q);
    // Each predicate's run is stored in key order: only answers merged from several
    // predicates need sorting, and the keys it compares are far apart in memory.
    if (sources > 1)
        std::sort(result.begin(), result.end(), [this](const ArgConstraint &a, const ArgConstraint &b) {
            const std::string_view keyA = d->keys[d->sentences[a.sentence].key];
            const std::string_view keyB = d->keys[d->sentences[b.sentence].key];
            return keyA != keyB ? keyA < keyB : a.sentence < b.sentence;
        });
    return result;
}

std::vector<SymbolId> KnowledgeBase::disjointTypes(SymbolId t, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<SymbolId> result;
    std::vector<SymbolId> types { t };
    for (const SymbolId up : d->closure(t, d->genlUp, v))
        types.push_back(up);
    for (const SymbolId type : types) {
        for (const Edge &e : d->disjointWith[type]) {
            if (d->visible(e, v))
                result.push_back(e.other);
        }
    }
    sortByName(result);
    result.erase(std::unique(result.begin(), result.end()), result.end());
    return result;
}

bool KnowledgeBase::isSiblingDisjointException(SymbolId a, SymbolId b) const
{
    const auto pairKey = (std::uint64_t(std::min(a, b)) << 32) | std::max(a, b);
    return d->siblingExceptions.contains(pairKey);
}

std::optional<DisjointWitness> KnowledgeBase::disjoint(SymbolId a, SymbolId b, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    const Scope all;
    const Private::View everywhere = d->view(all);
    std::vector<SymbolId> ga { a };
    for (const SymbolId t : d->closure(a, d->genlUp, v))
        ga.push_back(t);
    std::vector<SymbolId> gb { b };
    for (const SymbolId t : d->closure(b, d->genlUp, v))
        gb.push_back(t);
    std::unordered_map<SymbolId, std::size_t> positionInB;
    for (std::size_t i = 0; i < gb.size(); ++i)
        positionInB.emplace(gb[i], i);

    const auto related = [&](SymbolId x, SymbolId y) {
        return d->reaches(x, y, everywhere) || d->reaches(y, x, everywhere) || isSiblingDisjointException(x, y);
    };

    for (const SymbolId typeA : ga) {
        std::optional<DisjointWitness> best;
        std::size_t bestPosition = SIZE_MAX;
        const auto offer = [&](std::size_t position, DisjointWitness witness) {
            if (position < bestPosition || (position == bestPosition && best && witness.reason < best->reason)) {
                bestPosition = position;
                best = witness;
            }
        };
        for (const Edge &e : d->disjointWith[typeA]) {
            const auto it = positionInB.find(e.other);
            if (it != positionInB.end() && d->visible(e, v))
                offer(it->second, { typeA, e.other, DisjointWitness::Reason::Explicit, noSymbol, e.sentence });
        }
        for (const Edge &m : d->members[typeA]) {
            if (!d->visible(m, v))
                continue;
            const std::optional<SentenceId> marked = d->membershipSentence(m.other, sym::disjointMetatype, v);
            if (!marked)
                continue;
            for (std::size_t i = 0; i < gb.size() && i < bestPosition; ++i) {
                if (gb[i] != typeA && d->hasMembership(gb[i], m.other, v) && !related(typeA, gb[i])) {
                    offer(i, { typeA, gb[i], DisjointWitness::Reason::Metatype, m.other, *marked });
                    break;
                }
            }
        }
        for (const SymbolId parent : d->closure(typeA, d->genlUp, v)) {
            const std::optional<SentenceId> marked = d->membershipSentence(parent, sym::siblingDisjoint, v);
            if (!marked)
                continue;
            for (std::size_t i = 0; i < gb.size() && i < bestPosition; ++i) {
                if (gb[i] != typeA && gb[i] != parent && d->reaches(gb[i], parent, v) && !related(typeA, gb[i])) {
                    offer(i, { typeA, gb[i], DisjointWitness::Reason::Sibling, parent, *marked });
                    break;
                }
            }
        }
        if (best)
            return best;
    }
    return std::nullopt;
}

std::vector<SentenceId> KnowledgeBase::comments(SymbolId t, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<SentenceId> result;
    for (const SentenceRef &ref : d->commentsOf[t]) {
        if (d->visible(ref, v))
            result.push_back(ref.sentence);
    }
    return result;
}

std::vector<SentenceId> KnowledgeBase::mentioning(SymbolId symbol, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<SentenceId> result;
    for (const SentenceRef &ref : d->occurrences[symbol]) {
        if (d->visible(ref, v))
            result.push_back(ref.sentence);
    }
    return result;
}

TermUsage KnowledgeBase::findTerm(SymbolId symbol, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    TermUsage result;
    result.role = symbol < d->roles.size() ? d->roles[symbol] : symbolRole(symbol);
    bool nested = false;
    for (const Usage &u : d->usage[symbol]) {
        if (!d->contextVisible(u.context, v))
            continue;
        result.used = true;
        result.asFunctor = result.asFunctor || u.functor;
        result.asArgument = result.asArgument || u.argument;
        nested = nested || u.nestedFunctor;
    }
    if (nested && (result.role == Role::Individual || result.role == Role::None))
        result.role = Role::Function;
    return result;
}

std::vector<SentenceId> KnowledgeBase::factsWith(SymbolId p, SymbolId a1, const Scope &scope) const
{
    const Private::View v = d->view(scope);
    std::vector<SentenceId> result;
    std::vector<SymbolId> predicates { p };
    for (const SymbolId q : d->closure(p, d->genlDown, v))
        predicates.push_back(q);
    const std::span<const Edge> facts = d->factsByFirst[a1];
    for (const SymbolId r : predicates) {
        auto it = std::lower_bound(facts.begin(), facts.end(), r, [](const Edge &e, SymbolId value) { return e.other < value; });
        for (; it != facts.end() && it->other == r; ++it) {
            if (d->visible(*it, v))
                result.push_back(it->sentence);
        }
    }
    std::sort(result.begin(), result.end());
    return result;
}

std::vector<SentenceId> KnowledgeBase::lookup(std::string_view key, const Scope &scope) const
{
    const std::uint64_t offset = d->keyIds.findOffset(key, KeyIndex::hash(key), d->keys);
    if (offset == KeyStore::npos)
        return {};
    const Private::View v = d->view(scope);
    std::vector<SentenceId> result;
    const KeyStore::Header header = d->keys.header(offset);
    if (header.sentences == 1) {
        if (d->visible(header.only, v))
            result.push_back(header.only.sentence);
        return result;
    }
    for (const SentenceRef &ref : d->keySentences[header.id]) {
        if (d->visible(ref, v))
            result.push_back(ref.sentence);
    }
    return result;
}

std::vector<SymbolId> KnowledgeBase::symbols() const
{
    return d->usedSymbols;
}

std::vector<std::pair<SymbolId, std::uint32_t>> KnowledgeBase::functorCounts() const
{
    return d->functorCounts;
}

} // namespace fanva::kb
