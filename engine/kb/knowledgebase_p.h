// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// KnowledgeBase's private data and index types, shared by its queries (knowledgebase.cpp)
// and its loader (knowledgebaseloader.cpp).

#include "kb/hash_p.h"
#include "kb/hugepages_p.h"
#include "kb/knowledgebase.h"

#include <QDateTime>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <unordered_map>

namespace fanva::kb {

namespace detail {

[[nodiscard]] inline bool nameLess(SymbolId a, SymbolId b)
{
    return symbolName(a) < symbolName(b);
}

/// Sorts symbols by name (bytewise); fast on a large set.
void sortByName(std::vector<SymbolId> &ids);

// A compressed sparse row index: for each symbol id, a contiguous run of entries.
template<typename Entry> class SymbolIndex
{
public:
    void build(std::size_t symbolCount, std::vector<std::pair<SymbolId, Entry>> &pairs) { build(symbolCount, std::vector { &pairs }); }

    // Builds from slices in order (a counting sort, stable), freeing each slice.
    void build(std::size_t symbolCount, const std::vector<std::vector<std::pair<SymbolId, Entry>> *> &slices)
    {
        build(symbolCount, slices, [](const Entry &e) { return e; });
    }

    // The same from slices of compact entries, each made into an Entry by `convert`: the
    // walk leaves out what the index can look up (a sentence's context), so that its
    // slices, all alive while the indexes are built, cost less at the load's peak.
    template<typename Compact, typename Convert>
    void build(std::size_t symbolCount, const std::vector<std::vector<std::pair<SymbolId, Compact>> *> &slices, Convert convert)
    {
        std::size_t total = 0;
        for (const auto *pairs : slices)
            total += pairs->size();
        m_keys.clear();
        if (total * s_sparseFactor < symbolCount) {
            buildSparse(slices, total, convert);
            return;
        }
        m_sparse = false;
        // Huge pages: queries land anywhere in these, and a TLB miss costs a page walk.
        m_offsets = detail::hugePageVector<std::uint32_t>(symbolCount + 2);
        for (const auto *pairs : slices) {
            for (const auto &p : *pairs)
                ++m_offsets[p.first + 1];
        }
        std::partial_sum(m_offsets.begin(), m_offsets.end(), m_offsets.begin());
        m_entries = detail::hugePageVector<Entry>(total);
        std::vector<std::uint32_t> fill(m_offsets.begin(), m_offsets.end() - 1);
        for (auto *pairs : slices) {
            for (const auto &p : *pairs)
                m_entries[fill[p.first]++] = convert(p.second);
            pairs->clear();
            pairs->shrink_to_fit();
        }
    }

    [[nodiscard]] std::span<const Entry> operator[](SymbolId id) const
    {
        std::size_t run = id;
        if (m_sparse) {
            const auto it = std::lower_bound(m_keys.begin(), m_keys.end(), id);
            if (it == m_keys.end() || *it != id)
                return {};
            run = std::size_t(it - m_keys.begin());
        }
        if (run + 1 >= m_offsets.size())
            return {};
        return std::span<const Entry>(m_entries.data() + m_offsets[run], m_offsets[run + 1] - m_offsets[run]);
    }

    // Sorts each symbol's entries (they arrive in sentence order).
    template<typename Less> void sortRuns(Less less)
    {
        for (std::size_t run = 0; run + 1 < m_offsets.size(); ++run)
            std::sort(m_entries.begin() + m_offsets[run], m_entries.begin() + m_offsets[run + 1], less);
    }

    [[nodiscard]] std::size_t memoryUsage() const
    {
        return m_offsets.capacity() * 4 + m_entries.capacity() * sizeof(Entry) + m_keys.capacity() * sizeof(SymbolId);
    }

private:
    // An index with far fewer entries than there are symbols (a small KB in a process that
    // has read many names: the symbol table only grows) keeps a run per symbol it has,
    // found by binary search, instead of offsets for every symbol id: those cost the whole
    // symbol table's size on every load.
    static constexpr std::size_t s_sparseFactor = 64;

    template<typename Compact, typename Convert>
    void buildSparse(const std::vector<std::vector<std::pair<SymbolId, Compact>> *> &slices, std::size_t total, Convert convert)
    {
        m_sparse = true;
        std::vector<std::pair<SymbolId, Compact>> all;
        all.reserve(total);
        for (auto *pairs : slices) {
            all.insert(all.end(), pairs->begin(), pairs->end());
            pairs->clear();
            pairs->shrink_to_fit();
        }
        // Stable: a run keeps the order of the slices, as the counting sort does.
        std::stable_sort(all.begin(), all.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        m_offsets.clear();
        m_entries.clear();
        m_entries.reserve(total);
        for (std::size_t i = 0; i < all.size(); ++i) {
            if (i == 0 || all[i].first != all[i - 1].first) {
                m_keys.push_back(all[i].first);
                m_offsets.push_back(std::uint32_t(i));
            }
            m_entries.push_back(convert(all[i].second));
        }
        m_offsets.push_back(std::uint32_t(all.size()));
    }

    // Dense: m_offsets has a slot per symbol id. Sparse: per entry of m_keys (sorted ids).
    std::vector<std::uint32_t> m_offsets;
    std::vector<Entry> m_entries;
    std::vector<SymbolId> m_keys;
    bool m_sparse = false;
};

// Index entries carry the dense context index of their sentence, so a visibility test
// reads the entry it already has instead of a per-sentence table far away in memory.
struct Edge {
    SymbolId other = noSymbol;
    SentenceId sentence = 0;
    std::uint32_t context = 0;
};

// A sentence in a per-symbol run, with its context (see Edge).
struct SentenceRef {
    SentenceId sentence = 0;
    std::uint32_t context = 0;
};

// Canonical keys one after another in one buffer, each behind a small header: a key costs
// its bytes and a few more, not a heap block of its own, and a KB's keys fill whole (huge)
// pages instead of being spread over the heap. The header holds the key's sentence when it
// has just one (nearly every key does), so that a lookup finds the answer on the line it
// compares the key on.
class KeyStore
{
public:
    struct Header {
        KeyId id = noKey;
        std::uint32_t size = 0;
        std::uint32_t sentences = 0; ///< how many sentences have this key
        SentenceRef only; ///< the sentence, when sentences == 1
    };
    static constexpr std::uint64_t npos = ~std::uint64_t(0);

    // Room for `keys` keys of `textBytes` bytes in all.
    static std::size_t bytesFor(std::size_t keys, std::size_t textBytes) { return keys * (sizeof(Header) + 3) + textBytes; }

    /// Appends `key` after everything in the store, without an id (adopt() gives it one):
    /// the offset of its header.
    std::uint64_t append(std::string_view key)
    {
        const std::uint64_t at = m_data.size();
        m_data.resize(entryEnd(at, key.size()));
        writeAt(at, m_data.size(), key);
        return at;
    }
    // Frees the store. (`v = {}` would not: it assigns an empty initializer list, which
    // keeps the capacity, and with it every page the keys were written to.)
    void clear()
    {
        decltype(m_data)().swap(m_data);
        decltype(m_offsets)().swap(m_offsets);
    }

    // The loader writes the keys of several files straight into one store, from a thread
    // per file: each file fills a region of the store's bytes, sized from its text before
    // the keys are made (regionBytes()), and a key that does not fit goes to a store of the
    // file's own (append()), appended after every region (appendPart()). The keys get their ids in
    // order through adopt(), so a repeated key's bytes stay behind unused.

    /// Room enough for the keys of `keys` sentences of `textBytes` bytes in all, as a rule
    /// (keys are the sentences without their layout); a multiple of the headers' alignment.
    static std::size_t regionBytes(std::size_t keys, std::size_t textBytes)
    {
        return (bytesFor(keys, textBytes) + alignof(Header) - 1) & ~(alignof(Header) - 1);
    }
    /// Room for regions of `bytes` bytes in all and `keys` adopted keys, left uninitialized:
    /// a region's pages are faulted in by the thread writing it, and the ones its keys do not
    /// reach are given back by releaseRegionTail().
    void resizeForRegions(std::size_t bytes, std::size_t keys)
    {
        decltype(m_data)().swap(m_data);
        detail::reserveHuge(m_data, bytes);
        m_data.resize(bytes);
        m_offsets.clear();
        detail::reserveHuge(m_offsets, keys);
    }
    /// Writes `key` at `offset`, if it fits before `end`: the offset after it, or npos. The
    /// regions are disjoint, so threads may write theirs at once.
    std::uint64_t writeAt(std::uint64_t offset, std::uint64_t end, std::string_view key)
    {
        const std::uint64_t next = entryEnd(offset, key.size());
        if (next > end)
            return npos;
        const Header header { noKey, std::uint32_t(key.size()), 0, {} };
        std::memcpy(m_data.data() + offset, &header, sizeof header);
        std::memcpy(m_data.data() + offset + sizeof header, key.data(), key.size());
        return next;
    }
    /// Gives back the pages of region [used, end) that no key reached.
    void releaseRegionTail(std::uint64_t used, std::uint64_t end) const
    {
        detail::releaseUnusedCapacity(m_data.data() + used, 0, end - used);
    }
    /// Copies the bytes of `part` (keys made by append()) after everything in this store:
    /// the offset its bytes start at, to add to its keys' offsets.
    std::uint64_t appendPart(const KeyStore &part)
    {
        const std::uint64_t base = m_data.size();
        m_data.insert(m_data.end(), part.m_data.begin(), part.m_data.end());
        return base;
    }
    /// Gives the next id to the key whose header is at `offset`.
    KeyId adopt(std::uint64_t offset)
    {
        const auto id = KeyId(m_offsets.size());
        m_offsets.push_back(offset);
        Header header = this->header(offset);
        header.id = id;
        std::memcpy(m_data.data() + offset, &header, sizeof header);
        return id;
    }
    [[nodiscard]] std::size_t size() const { return m_offsets.size(); }
    [[nodiscard]] std::uint64_t offsetOf(std::size_t id) const { return m_offsets[id]; }
    [[nodiscard]] Header header(std::uint64_t offset) const
    {
        Header header;
        std::memcpy(&header, m_data.data() + offset, sizeof header);
        return header;
    }
    [[nodiscard]] std::string_view textAt(std::uint64_t offset, std::uint32_t size) const
    {
        return std::string_view(m_data.data() + offset + sizeof(Header), size);
    }
    [[nodiscard]] std::string_view operator[](std::size_t id) const
    {
        const std::uint64_t offset = m_offsets[id];
        return textAt(offset, header(offset).size);
    }
    void setSentences(std::size_t id, std::span<const SentenceRef> refs)
    {
        Header header = this->header(m_offsets[id]);
        header.sentences = std::uint32_t(refs.size());
        if (refs.size() == 1)
            header.only = refs.front();
        std::memcpy(m_data.data() + m_offsets[id], &header, sizeof header);
    }

private:
    // Where the entry of a key of `size` bytes whose header is at `offset` ends: a header,
    // then the key, rounded up to the headers' alignment.
    static std::uint64_t entryEnd(std::uint64_t offset, std::size_t size)
    {
        return (offset + sizeof(Header) + size + alignof(Header) - 1) & ~std::uint64_t(alignof(Header) - 1);
    }

    std::vector<char, detail::DefaultInitAllocator<char>> m_data;
    std::vector<std::uint64_t> m_offsets; // by KeyId: where the key's header is
};

// Canonical key -> its place in a KeyStore, open addressing. A slot holds the place (40
// bits) and the hash's top 24 bits, so a probe goes from the slot straight to the key's
// header and text, and compares text only when the tags match.
class KeyIndex
{
public:
    static std::uint64_t hash(std::string_view key) { return detail::hashBytes(key); }

    void reserve(std::size_t keys)
    {
        std::size_t size = 1024;
        while (size < keys * 2)
            size *= 2;
        m_slots = detail::hugePageVector<std::uint64_t>(size);
    }

    // Asks the memory system for the slot where a search for hash `h` starts.
    void prefetch(std::uint64_t h) const { __builtin_prefetch(m_slots.data() + (h & (m_slots.size() - 1))); }

    // Where `key` is in `keys`, or KeyStore::npos.
    [[nodiscard]] std::uint64_t findOffset(std::string_view key, std::uint64_t h, const KeyStore &keys) const
    {
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            const std::uint64_t slot = m_slots[i];
            if (slot == 0)
                return KeyStore::npos;
            if ((slot >> s_placeBits) != (h >> s_placeBits))
                continue;
            const std::uint64_t offset = (slot & s_placeMask) - 1;
            const std::uint32_t size = keys.header(offset).size;
            if (size == key.size() && keys.textAt(offset, size) == key)
                return offset;
        }
    }

    // The id of `key`, or noKey.
    [[nodiscard]] KeyId find(std::string_view key, std::uint64_t h, const KeyStore &keys) const
    {
        const std::uint64_t offset = findOffset(key, h, keys);
        return offset == KeyStore::npos ? noKey : keys.header(offset).id;
    }

    void insert(KeyId id, std::uint64_t h, const KeyStore &keys)
    {
        if ((m_count + 1) * 2 > m_slots.size()) {
            reserve(m_slots.size());
            for (KeyId k = 0; k < id; ++k)
                place(keys.offsetOf(k), hash(keys[k]));
        }
        place(keys.offsetOf(id), h);
        ++m_count;
    }

private:
    static constexpr unsigned s_placeBits = 40;
    static constexpr std::uint64_t s_placeMask = (std::uint64_t(1) << s_placeBits) - 1;

    void place(std::uint64_t offset, std::uint64_t h)
    {
        Q_ASSERT(offset + 1 <= s_placeMask);
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = h & mask;
        while (m_slots[i] != 0)
            i = (i + 1) & mask;
        m_slots[i] = ((h >> s_placeBits) << s_placeBits) | (offset + 1);
    }

    std::vector<std::uint64_t> m_slots = std::vector<std::uint64_t>(1024, 0);
    std::size_t m_count = 0;
};

struct ArgDecl {
    ArgConstraint::Kind kind = ArgConstraint::Kind::Arg;
    int position = 0;
    SymbolId type = noSymbol;
    SentenceId sentence = 0;
    std::uint32_t context = 0;
};

struct ArityDecl {
    int count = 0;
    SentenceId sentence = 0;
    std::uint32_t context = 0;
};

// How a symbol is used in one context, in 4 bytes (a usage run holds one per symbol and
// context). Dense context indexes stay below 2^24 (the too-many-contexts budget).
struct Usage {
    std::uint32_t context : 29 = 0; // dense context index
    std::uint32_t functor : 1 = 0;
    std::uint32_t argument : 1 = 0;
    std::uint32_t nestedFunctor : 1 = 0;
};
static_assert(sizeof(Usage) == 4);

// One context file as the loader found it, with its parsed document and (while
// loading) its sentences' keys.
struct FileRecord {
    QString path; // as diagnostics print it
    QString relativePath;
    qint64 size = -1;
    QDateTime modified;
    SymbolId context = noSymbol;
    Document document;
    // While loading, per document sentence: where its key is in the knowledge base's
    // KeyStore, and the key's KeyIndex::hash.
    std::vector<std::uint64_t> keyOffsets;
    std::vector<std::uint64_t> keyHashes;
};

} // namespace detail

struct KnowledgeBase::Private {
    QString root;
    std::vector<detail::FileRecord> files; // by context name
    std::vector<SentenceInfo> sentences;
    std::vector<std::uint32_t> sentenceFile;
    std::vector<std::uint32_t> sentenceContext; // dense context index

    // Contexts: files' contexts and every genlCx argument.
    std::vector<SymbolId> contexts; // by name
    // Dense context indexes: the files' contexts first (in name order; a sentence's context
    // index is also its bit in a visibility row), then the contexts only genlCx names.
    std::vector<SymbolId> denseContexts;
    std::uint32_t fileContexts = 0;
    std::unordered_map<SymbolId, std::uint32_t> contextIndex;
    std::vector<std::vector<std::uint32_t>> contextUp; // genlCx edges, by dense index
    std::vector<std::vector<std::uint32_t>> contextDown;
    std::vector<std::vector<SymbolId>> contextParents;
    std::vector<std::int32_t> contextFile; // -1 when the context has no file
    std::vector<std::vector<SentenceId>> contextSentences;
    std::size_t words = 0; // 64-bit words per row
    std::vector<std::uint64_t> sees; // rows x words: the files' contexts a row's contexts see
    std::vector<std::uint32_t> contextRow; // dense index -> row (one per genlCx cycle)

    detail::KeyStore keys;
    detail::KeyIndex keyIds;
    detail::SymbolIndex<detail::SentenceRef> keySentences; // by KeyId

    SymbolSet symmetric;
    std::size_t symbolBound = 0;
    std::vector<Role> roles; // by symbol id below symbolBound: symbolRole, without reading the name
    detail::SymbolIndex<detail::Edge> genlUp;
    detail::SymbolIndex<detail::Edge> genlDown;
    detail::SymbolIndex<detail::Edge> members; // x -> (T, sentence) for (T x)
    detail::SymbolIndex<detail::Edge> disjointWith;
    detail::SymbolIndex<detail::ArgDecl> argDecls;
    detail::SymbolIndex<detail::ArityDecl> arityDecls;
    detail::SymbolIndex<detail::SentenceRef> commentsOf;
    detail::SymbolIndex<detail::SentenceRef> occurrences;
    detail::SymbolIndex<detail::Usage> usage;
    detail::SymbolIndex<detail::Edge> factsByFirst; // a1 -> (R, sentence) of facts (R a1 …), sorted by R then sentence
    std::unordered_map<std::uint64_t, bool> siblingExceptions;
    std::vector<std::pair<SymbolId, std::uint32_t>> functorCounts;
    std::vector<SymbolId> usedSymbols;

    // --- visibility ----------------------------------------------------------------------

    struct View {
        const std::uint64_t *bits = nullptr; // null: every context
        std::int64_t context = -1; // dense index of the scope's context
        bool none = false; // an unknown context sees only itself, which holds nothing
        KeyId ignoredKey = noKey;
    };

    [[nodiscard]] View view(const Scope &scope) const
    {
        View v;
        v.ignoredKey = scope.ignoredKey;
        if (scope.context == noSymbol)
            return v;
        const auto it = contextIndex.find(scope.context);
        if (it == contextIndex.end()) {
            v.none = true;
            return v;
        }
        v.bits = sees.data() + std::size_t(contextRow[it->second]) * words;
        v.context = it->second;
        return v;
    }

    [[nodiscard]] bool visible(SentenceId id, const View &v) const
    {
        if (v.none)
            return false;
        const std::uint32_t cx = sentenceContext[id];
        if (v.ignoredKey != noKey && std::int64_t(cx) == v.context && sentences[id].key == v.ignoredKey)
            return false;
        return !v.bits || (v.bits[cx >> 6] >> (cx & 63)) & 1U;
    }

    // An index entry (Edge, ArgDecl, ArityDecl): its own context index decides, and the
    // sentence's key is read only when the scope ignores a key in that very context.
    template<typename Entry> [[nodiscard]] bool visible(const Entry &e, const View &v) const
    {
        if (v.none)
            return false;
        const std::uint32_t cx = e.context;
        if (v.ignoredKey != noKey && std::int64_t(cx) == v.context && sentences[e.sentence].key == v.ignoredKey)
            return false;
        return !v.bits || (v.bits[cx >> 6] >> (cx & 63)) & 1U;
    }

    [[nodiscard]] bool contextVisible(std::uint32_t cx, const View &v) const
    {
        return !v.none && (!v.bits || (v.bits[cx >> 6] >> (cx & 63)) & 1U);
    }

    // BFS over genl edges (up or down), nearest first, ties by name.
    [[nodiscard]] std::vector<SymbolId> closure(SymbolId start, const detail::SymbolIndex<detail::Edge> &edges, const View &v) const;
    [[nodiscard]] bool hasMembership(SymbolId x, SymbolId type, const View &v) const;
    [[nodiscard]] std::optional<SentenceId> membershipSentence(SymbolId x, SymbolId type, const View &v) const;
    /// True if b is in genl*(a).
    [[nodiscard]] bool reaches(SymbolId a, SymbolId b, const View &v) const;
    /// The contexts reachable from dense index `from` over genlCx edges (up or down), itself
    /// first, the rest in name order.
    [[nodiscard]] std::vector<SymbolId> contextWalk(std::uint32_t from, const std::vector<std::vector<std::uint32_t>> &edges) const;
    /// The arity P declares itself: (arity P n) or a membership in a type reaching
    /// unary/binary/ternaryPredicate. 0: none; -1: they disagree.
    [[nodiscard]] int ownArity(SymbolId p, const View &v) const;
};

} // namespace fanva::kb
