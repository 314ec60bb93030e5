// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/knowledgebase.h"

#include "kb/canonical.h"
#include "kb/hash_p.h"
#include "kb/hugepages_p.h"
#include "kb/writer.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <numeric>
#include <unordered_map>

#include <ctime>

Q_LOGGING_CATEGORY(lcKb, "fanva.kb", QtInfoMsg)

namespace fanva::kb {

namespace {

constexpr qint64 s_maxFileSize = qint64(64) * 1024 * 1024;

// Wall and process CPU milliseconds since the last lap, for the load's debug log: on a
// shared machine the CPU figure says what the work cost.
class Lap
{
public:
    Lap()
    {
        m_wall.start();
        m_cpu = cpuNow();
    }
    QString next()
    {
        const qint64 cpu = cpuNow();
        const QString text = QStringLiteral("%1 ms (%2 ms CPU)").arg(m_wall.restart()).arg((cpu - m_cpu) / 1000000);
        m_cpu = cpu;
        return text;
    }

private:
    static qint64 cpuNow()
    {
        timespec ts {};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return qint64(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    }
    QElapsedTimer m_wall;
    qint64 m_cpu = 0;
};

bool nameLess(SymbolId a, SymbolId b)
{
    return symbolName(a) < symbolName(b);
}

void sortByName(std::vector<SymbolId> &ids)
{
    if (ids.size() < 4096) {
        std::sort(ids.begin(), ids.end(), nameLess);
        return;
    }
    // A large set (every symbol of a KB): sort on each name's first eight bytes, kept
    // beside the id, and read the names only to break ties, since every name lookup
    // would otherwise be a cache miss.
    struct Keyed {
        std::uint64_t prefix;
        SymbolId id;
    };
    std::vector<Keyed> keyed;
    keyed.reserve(ids.size());
    for (const SymbolId id : ids) {
        const std::string_view name = symbolName(id);
        std::uint64_t prefix = 0;
        for (std::size_t i = 0; i < 8; ++i)
            prefix = (prefix << 8) | (i < name.size() ? static_cast<unsigned char>(name[i]) : 0U);
        keyed.push_back({ prefix, id });
    }
    std::sort(keyed.begin(), keyed.end(),
        [](const Keyed &a, const Keyed &b) { return a.prefix != b.prefix ? a.prefix < b.prefix : symbolName(a.id) < symbolName(b.id); });
    for (std::size_t i = 0; i < ids.size(); ++i)
        ids[i] = keyed[i].id;
}

// A compressed sparse row index: for each symbol id, a contiguous run of entries.
template<typename Entry> class SymbolIndex
{
public:
    void build(std::size_t symbolCount, std::vector<std::pair<SymbolId, Entry>> &pairs) { build(symbolCount, std::vector { &pairs }); }

    // Builds from slices in order (a counting sort, stable), freeing each slice.
    void build(std::size_t symbolCount, const std::vector<std::vector<std::pair<SymbolId, Entry>> *> &slices)
    {
        // Huge pages: queries land anywhere in these, and a TLB miss costs a page walk.
        m_offsets = detail::hugePageVector<std::uint32_t>(symbolCount + 2);
        std::size_t total = 0;
        for (const auto *pairs : slices) {
            for (const auto &p : *pairs)
                ++m_offsets[p.first + 1];
            total += pairs->size();
        }
        std::partial_sum(m_offsets.begin(), m_offsets.end(), m_offsets.begin());
        m_entries = detail::hugePageVector<Entry>(total);
        std::vector<std::uint32_t> fill(m_offsets.begin(), m_offsets.end() - 1);
        for (auto *pairs : slices) {
            for (auto &p : *pairs)
                m_entries[fill[p.first]++] = std::move(p.second);
            pairs->clear();
            pairs->shrink_to_fit();
        }
    }

    [[nodiscard]] std::span<const Entry> operator[](SymbolId id) const
    {
        if (std::size_t(id) + 1 >= m_offsets.size())
            return {};
        return std::span<const Entry>(m_entries.data() + m_offsets[id], m_offsets[id + 1] - m_offsets[id]);
    }

    // Sorts each symbol's entries (they arrive in sentence order).
    template<typename Less> void sortRuns(Less less)
    {
        for (std::size_t id = 0; id + 1 < m_offsets.size(); ++id)
            std::sort(m_entries.begin() + m_offsets[id], m_entries.begin() + m_offsets[id + 1], less);
    }

    [[nodiscard]] std::size_t memoryUsage() const { return m_offsets.capacity() * 4 + m_entries.capacity() * sizeof(Entry); }

private:
    std::vector<std::uint32_t> m_offsets;
    std::vector<Entry> m_entries;
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

    void reserve(std::size_t keys, std::size_t bytes)
    {
        m_offsets.reserve(keys);
        detail::adviseHugePages(m_offsets);
        m_data.reserve(bytes);
        detail::adviseHugePages(m_data);
    }
    // Room for `keys` keys of `textBytes` bytes in all.
    static std::size_t bytesFor(std::size_t keys, std::size_t textBytes) { return keys * (sizeof(Header) + 3) + textBytes; }

    KeyId push_back(std::string_view key)
    {
        const auto id = KeyId(m_offsets.size());
        m_offsets.push_back(m_data.size());
        const Header header { id, std::uint32_t(key.size()), 0, {} };
        const auto *raw = reinterpret_cast<const char *>(&header);
        m_data.insert(m_data.end(), raw, raw + sizeof header);
        m_data.insert(m_data.end(), key.begin(), key.end());
        m_data.resize((m_data.size() + alignof(Header) - 1) & ~(alignof(Header) - 1));
        return id;
    }
    void clear()
    {
        m_data = {};
        m_offsets = {};
    }
    [[nodiscard]] std::size_t size() const { return m_offsets.size(); }
    [[nodiscard]] std::size_t bytes() const { return m_data.size(); }
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
    std::vector<char> m_data;
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

struct Usage {
    std::uint32_t context = 0; // dense context index
    bool functor = false;
    bool argument = false;
    bool nestedFunctor = false;
};

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

bool isFrameHead(SymbolId head)
{
    return head == sym::not_ || head == sym::and_ || head == sym::implies || head == sym::exceptWhen || isRuleWrapper(head)
        || head == sym::ist || head == sym::unknown || head == sym::thereExists || head == sym::exists || isAggregate(head);
}

// A positive literal sentence: headed by a symbol that is not a frame (not, implies, ist, …).
bool isFact(Term sentence)
{
    const SymbolId head = sentence.functorSymbol();
    return head != noSymbol && !isFrameHead(head);
}

struct FileRecord {
    QString path; // as diagnostics print it
    QString relativePath;
    qint64 size = -1;
    QDateTime modified;
    SymbolId context = noSymbol;
    Document document;
    KeyStore keys; // per document sentence
    std::vector<std::uint64_t> keyHashes; // KeyIndex::hash of each key
};

} // namespace

struct KnowledgeBase::Private {
    QString root;
    std::vector<FileRecord> files; // by context name
    std::vector<SentenceInfo> sentences;
    std::vector<std::uint32_t> sentenceFile;
    std::vector<std::uint32_t> sentenceContext; // dense context index

    // Contexts: files' contexts and every genlCx argument.
    std::vector<SymbolId> contexts; // by name
    std::unordered_map<SymbolId, std::uint32_t> contextIndex;
    std::vector<std::vector<SymbolId>> contextParents;
    std::vector<std::int32_t> contextFile; // -1 when the context has no file
    std::vector<std::vector<SentenceId>> contextSentences;
    std::size_t words = 0; // 64-bit words per bitset
    std::vector<std::uint64_t> sees; // contexts x words
    std::vector<std::uint64_t> seenBy;

    KeyStore keys;
    KeyIndex keyIds;
    SymbolIndex<SentenceRef> keySentences; // by KeyId

    SymbolSet symmetric;
    std::size_t symbolBound = 0;
    std::vector<Role> roles; // by symbol id below symbolBound: symbolRole, without reading the name
    SymbolIndex<Edge> genlUp;
    SymbolIndex<Edge> genlDown;
    SymbolIndex<Edge> members; // x -> (T, sentence) for (T x)
    SymbolIndex<Edge> disjointWith;
    SymbolIndex<ArgDecl> argDecls;
    SymbolIndex<ArityDecl> arityDecls;
    SymbolIndex<SentenceRef> commentsOf;
    SymbolIndex<SentenceRef> occurrences;
    SymbolIndex<Usage> usage;
    SymbolIndex<Edge> factsByFirst; // a1 -> (R, sentence) of facts (R a1 …), sorted by R then sentence
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
        v.bits = sees.data() + std::size_t(it->second) * words;
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

    // BFS over genl edges (up or down), nearest first, ties by name. Each level is sorted
    // in place at the end of the answer. The visited set is a scan of the answer while it
    // is short (a closure is usually a handful of types, and the scan stays in cache), and
    // per-thread marks indexed by symbol beyond that.
    std::vector<SymbolId> closure(SymbolId start, const SymbolIndex<Edge> &edges, const View &v) const
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

    [[nodiscard]] bool hasMembership(SymbolId x, SymbolId type, const View &v) const
    {
        for (const Edge &e : members[x]) {
            if (e.other == type && visible(e, v))
                return true;
        }
        return false;
    }

    [[nodiscard]] std::optional<SentenceId> membershipSentence(SymbolId x, SymbolId type, const View &v) const
    {
        for (const Edge &e : members[x]) {
            if (e.other == type && visible(e, v))
                return e.sentence;
        }
        return std::nullopt;
    }

    [[nodiscard]] bool reaches(SymbolId a, SymbolId b, const View &v) const
    {
        if (a == b)
            return true;
        const std::vector<SymbolId> up = closure(a, genlUp, v);
        return std::find(up.begin(), up.end(), b) != up.end();
    }

    // The arity P declares itself: (arity P n) or a membership in a type reaching
    // unary/binary/ternaryPredicate. 0: none; -1: they disagree.
    int ownArity(SymbolId p, const View &v) const
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
};

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

std::vector<SymbolId> KnowledgeBase::visibleContexts(SymbolId context) const
{
    const auto it = d->contextIndex.find(context);
    if (it == d->contextIndex.end())
        return { context };
    std::vector<SymbolId> result { context };
    const std::uint64_t *bits = d->sees.data() + std::size_t(it->second) * d->words;
    for (std::uint32_t i = 0; i < d->contexts.size(); ++i) {
        if (i != it->second && ((bits[i >> 6] >> (i & 63)) & 1U))
            result.push_back(d->contexts[i]);
    }
    return result;
}

std::vector<SymbolId> KnowledgeBase::seenBy(SymbolId context) const
{
    const auto it = d->contextIndex.find(context);
    if (it == d->contextIndex.end())
        return { context };
    std::vector<SymbolId> result { context };
    const std::uint64_t *bits = d->seenBy.data() + std::size_t(it->second) * d->words;
    for (std::uint32_t i = 0; i < d->contexts.size(); ++i) {
        if (i != it->second && ((bits[i >> 6] >> (i & 63)) & 1U))
            result.push_back(d->contexts[i]);
    }
    return result;
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
    return (d->sees[std::size_t(a->second) * d->words + (i >> 6)] >> (i & 63)) & 1U;
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

// --- loading ---------------------------------------------------------------------------

struct KnowledgeBaseLoader {
    static void collect(const QString &root, const QString &dir, std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
    {
        const QFileInfoList entries
            = QDir(dir).entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Name);
        for (const QFileInfo &entry : entries) {
            if (entry.fileName().startsWith(QLatin1Char('.')))
                continue;
            if (entry.isSymLink()) {
                Diagnostic warning;
                warning.file = entry.filePath();
                warning.severity = Diagnostic::Severity::Warning;
                warning.message = QStringLiteral("symbolic link skipped — the loader does not follow links");
                diagnostics.push_back(warning);
                continue;
            }
            if (entry.isDir()) {
                collect(root, entry.filePath(), files, diagnostics);
            } else if (entry.isFile() && entry.suffix() == QLatin1String("txt")) {
                FileRecord record;
                record.path = entry.filePath();
                record.relativePath = QDir(root).relativeFilePath(entry.filePath());
                record.size = entry.size();
                record.modified = entry.lastModified();
                files.push_back(std::move(record));
            }
        }
    }

    static Diagnostic error(const QString &file, const QString &message, Term at = {})
    {
        Diagnostic diagnostic;
        diagnostic.file = file;
        diagnostic.message = message;
        if (!at.isNull()) {
            diagnostic.line = int(at.span().line);
            diagnostic.column = int(at.span().column);
            diagnostic.byteOffset = at.span().begin;
        }
        return diagnostic;
    }

    // Parses the files that have no document yet (in parallel) and checks §1's rules.
    static LoadResult build(QString root, std::vector<FileRecord> files, std::vector<Diagnostic> diagnostics, const LoadProgress &progress)
    {
        qint64 totalBytes = 0;
        for (FileRecord &file : files) {
            const QString stem = QFileInfo(file.relativePath).completeBaseName();
            const QByteArray stemUtf8 = stem.toUtf8();
            if (!isContextName(std::string_view(stemUtf8.constData(), std::size_t(stemUtf8.size()))) || stem.contains(QLatin1Char('/'))) {
                diagnostics.push_back(error(file.path,
                    QStringLiteral("file name %1 does not name a context: a KB file is Cx followed by CapitalCamelCase, e.g. CxBirds.txt")
                        .arg(QFileInfo(file.relativePath).fileName())));
            } else {
                file.context = intern(std::string_view(stemUtf8.constData(), std::size_t(stemUtf8.size())));
            }
            if (file.size > s_maxFileSize)
                diagnostics.push_back(
                    error(file.path, QStringLiteral("file is larger than 64 MiB — split the context's content across smaller contexts")));
            totalBytes += std::max<qint64>(file.size, 0);
        }
        std::sort(files.begin(), files.end(),
            [](const FileRecord &a, const FileRecord &b) { return a.relativePath.toUtf8() < b.relativePath.toUtf8(); });
        for (std::size_t i = 1; i < files.size(); ++i) {
            for (std::size_t j = 0; j < i; ++j) {
                if (files[i].context != noSymbol && files[i].context == files[j].context) {
                    diagnostics.push_back(error(files[i].path,
                        QStringLiteral("context %1 is already defined by %2 — one file per context")
                            .arg(symbolString(files[i].context), files[j].path)));
                }
            }
        }
        if (std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); }))
            return { nullptr, std::move(diagnostics) };

        Lap lap;
        // Parse (and key, below) in parallel: files are independent.
        std::atomic<qint64> done { 0 };
        std::vector<std::size_t> toParse;
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (!files[i].document.arena)
                toParse.push_back(i);
            else
                done += files[i].document.text.size();
        }
        std::vector<QString> readErrors(files.size());
        QtConcurrent::blockingMap(toParse, [&](std::size_t i) {
            FileRecord &file = files[i];
            QFile in(file.path);
            if (!in.open(QIODevice::ReadOnly)) {
                readErrors[i] = in.errorString();
                return;
            }
            const QByteArray text = in.readAll();
            file.size = text.size();
            file.document = parseDocument(text, file.path);
            const qint64 now = done += text.size();
            if (progress)
                progress(now, totalBytes);
        });
        for (std::size_t i = 0; i < files.size(); ++i) {
            if (!readErrors[i].isEmpty())
                diagnostics.push_back(error(files[i].path, QStringLiteral("cannot read the file: %1").arg(readErrors[i])));
            for (const Diagnostic &d : files[i].document.diagnostics)
                diagnostics.push_back(d);
            for (const Term sentence : files[i].document.sentences) {
                if (!sentence.isList()) {
                    diagnostics.push_back(error(files[i].path,
                        QStringLiteral("a sentence must be a list, not %1 — write (predicate argument …)").arg(renderFlat(sentence)),
                        sentence));
                } else if (sentence.isForm(sym::ist)) {
                    diagnostics.push_back(error(files[i].path,
                        QStringLiteral(
                            "a file states its own context: write the sentence without ist, in the file of the context it belongs to"),
                        sentence));
                }
            }
        }
        if (std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &d) { return d.isError(); }))
            return { nullptr, std::move(diagnostics) };

        qCDebug(lcKb) << "parsed" << files.size() << "files in" << qPrintable(lap.next());
        std::sort(files.begin(), files.end(), [](const FileRecord &a, const FileRecord &b) { return nameLess(a.context, b.context); });
        std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase);
        KnowledgeBase::Private &p = *kb->d;
        p.root = std::move(root);

        for (const FileRecord &file : files) {
            for (const Term s : file.document.sentences) {
                if (s.isForm(sym::symmetric) && s.size() == 2 && s.at(1).isSymbol())
                    p.symmetric.insert(s.at(1).symbol());
            }
        }
        std::vector<std::size_t> all(files.size());
        std::iota(all.begin(), all.end(), 0);
        QtConcurrent::blockingMap(all, [&](std::size_t i) {
            FileRecord &file = files[i];
            file.keys.clear();
            // Keys are about as long as the sentences' text.
            file.keys.reserve(
                file.document.sentences.size(), KeyStore::bytesFor(file.document.sentences.size(), std::size_t(file.document.text.size())));
            const std::string_view source(file.document.text.constData(), std::size_t(file.document.text.size()));
            for (const Term s : file.document.sentences)
                file.keys.push_back(canonicalKey(s, p.symmetric, source));
            file.keyHashes.resize(file.keys.size());
            for (std::size_t k = 0; k < file.keys.size(); ++k)
                file.keyHashes[k] = KeyIndex::hash(file.keys[k]);
        });

        qCDebug(lcKb) << "keyed in" << qPrintable(lap.next());
        index(p, files, diagnostics);
        qCDebug(lcKb) << "indexed in" << qPrintable(lap.next());
        p.files = std::move(files);
        if (progress)
            progress(totalBytes, totalBytes);
        return { std::move(kb), std::move(diagnostics) };
    }

    static void index(KnowledgeBase::Private &p, std::vector<FileRecord> &files, std::vector<Diagnostic> &diagnostics)
    {
        // Contexts: every file's, and every genlCx argument.
        std::vector<std::pair<SymbolId, SymbolId>> wiring;
        std::vector<SymbolId> names;
        for (const FileRecord &file : files) {
            names.push_back(file.context);
            for (const Term s : file.document.sentences) {
                if (s.isForm(sym::genlCx) && s.size() == 3 && s.at(1).isSymbol() && s.at(2).isSymbol()) {
                    wiring.emplace_back(s.at(1).symbol(), s.at(2).symbol());
                    names.push_back(s.at(1).symbol());
                    names.push_back(s.at(2).symbol());
                }
            }
        }
        sortByName(names);
        names.erase(std::unique(names.begin(), names.end()), names.end());
        p.contexts = names;
        for (std::uint32_t i = 0; i < names.size(); ++i)
            p.contextIndex.emplace(names[i], i);
        const std::size_t n = names.size();
        p.words = (n + 63) / 64;
        p.contextParents.assign(n, {});
        p.contextFile.assign(n, -1);
        p.contextSentences.assign(n, {});
        std::vector<std::vector<std::uint32_t>> up(n);
        for (const auto &[sub, super] : wiring) {
            const std::uint32_t a = p.contextIndex[sub];
            const std::uint32_t b = p.contextIndex[super];
            up[a].push_back(b);
            p.contextParents[a].push_back(super);
        }
        for (auto &parents : p.contextParents) {
            sortByName(parents);
            parents.erase(std::unique(parents.begin(), parents.end()), parents.end());
        }
        p.sees.assign(n * p.words, 0);
        p.seenBy.assign(n * p.words, 0);
        for (std::uint32_t c = 0; c < n; ++c) {
            std::vector<std::uint32_t> stack { c };
            std::uint64_t *bits = p.sees.data() + std::size_t(c) * p.words;
            bits[c >> 6] |= std::uint64_t(1) << (c & 63);
            while (!stack.empty()) {
                const std::uint32_t x = stack.back();
                stack.pop_back();
                for (const std::uint32_t y : up[x]) {
                    if (!((bits[y >> 6] >> (y & 63)) & 1U)) {
                        bits[y >> 6] |= std::uint64_t(1) << (y & 63);
                        stack.push_back(y);
                    }
                }
            }
            for (std::uint32_t y = 0; y < n; ++y) {
                if ((bits[y >> 6] >> (y & 63)) & 1U)
                    p.seenBy[std::size_t(y) * p.words + (c >> 6)] |= std::uint64_t(1) << (c & 63);
            }
        }

        Lap phase;
        // Sentences in (context, line) order; a repeated key in one context is indexed once.
        std::size_t total = 0;
        for (const FileRecord &file : files)
            total += file.document.sentences.size();
        p.sentences.reserve(total);
        p.sentenceFile.reserve(total);
        p.sentenceContext.reserve(total);
        detail::adviseHugePages(p.sentences);
        detail::adviseHugePages(p.sentenceFile);
        detail::adviseHugePages(p.sentenceContext);
        std::size_t keyBytes = 0;
        for (const FileRecord &file : files)
            keyBytes += file.keys.bytes();
        p.keys.reserve(total, keyBytes);
        p.keyIds.reserve(total);
        std::vector<std::pair<SymbolId, SentenceRef>> keyPairs;
        keyPairs.reserve(total);
        // For duplicate detection: the last context (index + 1) each key was stored in, and where.
        std::vector<std::uint32_t> keyContext;
        std::vector<SentenceId> keyFirst;
        keyContext.reserve(total);
        keyFirst.reserve(total);
        for (std::uint32_t f = 0; f < files.size(); ++f) {
            FileRecord &file = files[f];
            const std::uint32_t cx = p.contextIndex[file.context];
            p.contextFile[cx] = std::int32_t(f);
            for (std::size_t i = 0; i < file.document.sentences.size(); ++i) {
                const Term term = file.document.sentences[i];
                const std::string_view key = file.keys[i];
                const std::uint64_t h = file.keyHashes[i];
                // The table is far larger than the caches: start the miss a few keys ahead.
                if (i + 8 < file.keyHashes.size())
                    p.keyIds.prefetch(file.keyHashes[i + 8]);
                KeyId keyId = p.keyIds.find(key, h, p.keys);
                if (keyId == noKey) {
                    keyId = p.keys.push_back(key);
                    p.keyIds.insert(keyId, h, p.keys);
                    keyContext.push_back(0);
                    keyFirst.push_back(0);
                }
                if (keyContext[keyId] == cx + 1) {
                    const Term previous = p.sentences[keyFirst[keyId]].term;
                    Diagnostic warning = error(file.path,
                        QStringLiteral("duplicate: the same sentence as line %1 (same canonical key)").arg(previous.span().line), term);
                    warning.severity = Diagnostic::Severity::Warning;
                    diagnostics.push_back(warning);
                    continue;
                }
                const auto id = SentenceId(p.sentences.size());
                keyContext[keyId] = cx + 1;
                keyFirst[keyId] = id;
                p.sentences.push_back({ term, file.context, keyId });
                p.sentenceFile.push_back(f);
                p.sentenceContext.push_back(cx);
                p.contextSentences[cx].push_back(id);
                keyPairs.push_back({ keyId, { id, cx } });
            }
            file.keys.clear();
            file.keyHashes.clear();
            file.keyHashes.shrink_to_fit();
        }
        qCDebug(lcKb) << "sentences and keys in" << qPrintable(phase.next());
        p.keySentences.build(p.keys.size(), keyPairs);
        for (std::size_t k = 0; k < p.keys.size(); ++k)
            p.keys.setSentences(k, p.keySentences[SymbolId(k)]);

        buildVocabulary(p);
    }

    static LoadResult reload(const KnowledgeBase &previous, const LoadProgress &progress)
    {
        const QString root = previous.root();
        if (root.isEmpty()) {
            // In-memory sources: nothing can have changed on disk.
            std::vector<FileRecord> files;
            for (const FileRecord &old : previous.d->files) {
                FileRecord copy;
                copy.path = old.path;
                copy.relativePath = old.relativePath;
                copy.size = old.size;
                copy.document = old.document;
                files.push_back(std::move(copy));
            }
            return build({}, std::move(files), {}, progress);
        }
        std::vector<Diagnostic> diagnostics;
        std::vector<FileRecord> files;
        if (!QFileInfo(root).isDir())
            return loadKnowledgeBase(root, progress);
        collect(root, root, files, diagnostics);
        for (FileRecord &file : files) {
            for (const FileRecord &old : previous.d->files) {
                if (old.relativePath == file.relativePath && old.size == file.size && old.modified == file.modified) {
                    file.document = old.document; // shares the parsed arena
                    break;
                }
            }
        }
        return build(root, std::move(files), std::move(diagnostics), progress);
    }

    // What one slice of the sentences contributes to the vocabulary indexes.
    struct VocabularyPart {
        std::vector<std::pair<SymbolId, Edge>> up, down, members, disjointPairs, facts;
        std::vector<std::pair<SymbolId, ArgDecl>> args;
        std::vector<std::pair<SymbolId, ArityDecl>> arities;
        std::vector<std::pair<SymbolId, SentenceRef>> comments, occurrences;
        std::vector<std::pair<SymbolId, Usage>> usage;
        std::vector<std::uint64_t> siblingExceptions;
        std::vector<std::uint32_t> functorCount;
    };

    // Walks sentences [begin, end): facts, declarations, and every symbol at any depth.
    static void walkSentences(const KnowledgeBase::Private &p, SentenceId begin, SentenceId end, VocabularyPart &part)
    {
        part.functorCount.assign(p.symbolBound, 0);
        part.members.reserve(end - begin);
        part.facts.reserve(end - begin);
        part.occurrences.reserve(std::size_t(end - begin) * 3);
        // The slot in part.usage of each symbol's latest (symbol, context) entry.
        std::vector<std::uint32_t> latestUsage(p.symbolBound, UINT32_MAX);
        // Walk state reused across sentences: symbols seen in this sentence.
        std::vector<std::pair<SymbolId, std::uint8_t>> seen; // symbol, flags (1 functor, 2 argument, 4 nested functor)
        struct Item {
            Term term;
            bool inArgument;
        };
        std::vector<Item> stack;
        for (SentenceId id = begin; id < end; ++id) {
            const Term s = p.sentences[id].term;
            const std::uint32_t cx = p.sentenceContext[id];
            const SymbolId head = s.functorSymbol();
            if (head != noSymbol)
                ++part.functorCount[head];
            if (isFact(s)) {
                const std::uint32_t n = s.size();
                const Term a1 = n >= 2 ? s.at(1) : Term();
                const Term a2 = n >= 3 ? s.at(2) : Term();
                const Term a3 = n >= 4 ? s.at(3) : Term();
                if (n == 2 && a1.isSymbol())
                    part.members.push_back({ a1.symbol(), { head, id, cx } });
                if (n >= 2 && a1.isSymbol())
                    part.facts.push_back({ a1.symbol(), { head, id, cx } });
                if (n == 3 && a1.isSymbol() && a2.isSymbol()) {
                    if (head == sym::genl) {
                        part.up.push_back({ a1.symbol(), { a2.symbol(), id, cx } });
                        part.down.push_back({ a2.symbol(), { a1.symbol(), id, cx } });
                    } else if (head == sym::disjoint) {
                        part.disjointPairs.push_back({ a1.symbol(), { a2.symbol(), id, cx } });
                        part.disjointPairs.push_back({ a2.symbol(), { a1.symbol(), id, cx } });
                    } else if (head == sym::siblingDisjointException) {
                        const SymbolId x = a1.symbol();
                        const SymbolId y = a2.symbol();
                        part.siblingExceptions.push_back((std::uint64_t(std::min(x, y)) << 32) | std::max(x, y));
                    }
                }
                if (head == sym::comment && n == 3 && a1.isSymbol() && a2.isString())
                    part.comments.push_back({ a1.symbol(), { id, cx } });
                if (head == sym::arity && n == 3 && a1.isSymbol() && a2.kind() == TermKind::Integer && a2.integer() > 0)
                    part.arities.push_back({ a1.symbol(), { int(a2.integer()), id, cx } });
                if ((head == sym::arg || head == sym::genlArg) && n == 4 && a1.isSymbol() && a2.kind() == TermKind::Integer && a3.isSymbol()
                    && a2.integer() > 0) {
                    part.args.push_back({ a1.symbol(),
                        { head == sym::arg ? ArgConstraint::Kind::Arg : ArgConstraint::Kind::GenlArg, int(a2.integer()), a3.symbol(), id,
                            cx } });
                }
            }

            // Occurrences and usage, at any depth (iterative walk).
            seen.clear();
            const auto note = [&seen](SymbolId symbol, std::uint8_t flag) {
                for (auto &entry : seen) {
                    if (entry.first == symbol) {
                        entry.second |= flag;
                        return;
                    }
                }
                seen.emplace_back(symbol, flag);
            };
            stack.assign(1, { s, false });
            while (!stack.empty()) {
                const Item item = stack.back();
                stack.pop_back();
                const Term t = item.term;
                if (t.isSymbol() || t.kind() == TermKind::Variable) {
                    note(t.symbol(), 2);
                    continue;
                }
                if (!t.isCompound())
                    continue;
                const std::uint32_t n = t.size();
                std::uint32_t first = 0;
                if (t.isList() && n > 0 && t.at(0).isSymbol()) {
                    const SymbolId f = t.at(0).symbol();
                    note(f, item.inArgument ? 5 : 1);
                    first = 1;
                }
                // Frames keep their children in frame position; a literal's arguments are arguments.
                const bool frame = t.isVector() || (t.isList() && isFrameHead(t.functorSymbol()));
                for (std::uint32_t i = first; i < n; ++i)
                    stack.push_back({ t.at(i), item.inArgument || !frame });
            }
            // Sentences come in context order, so a symbol's usage in this context, if
            // any, is its latest entry: merge there instead of sorting afterwards.
            for (const auto &[symbol, flags] : seen) {
                part.occurrences.push_back({ symbol, { id, cx } });
                std::uint32_t &slot = latestUsage[symbol];
                if (slot != UINT32_MAX && part.usage[slot].second.context == cx) {
                    Usage &u = part.usage[slot].second;
                    u.functor = u.functor || (flags & 1) != 0;
                    u.argument = u.argument || (flags & 2) != 0;
                    u.nestedFunctor = u.nestedFunctor || (flags & 4) != 0;
                } else {
                    slot = std::uint32_t(part.usage.size());
                    part.usage.push_back({ symbol, { cx, (flags & 1) != 0, (flags & 2) != 0, (flags & 4) != 0 } });
                }
            }
        }
    }

    // The vocabulary indexes: the sentences are walked in slices on the thread pool, one
    // slice per context run so that a (symbol, context) usage entry comes from one slice
    // only, and the indexes are then built in parallel from the slices in order, so every
    // run keeps sentence order whatever the number of threads.
    static void buildVocabulary(KnowledgeBase::Private &p)
    {
        p.symbolBound = SymbolTable::instance().size() + 1;
        const std::size_t total = p.sentences.size();
        const std::size_t threads = std::size_t(std::max(1, QThreadPool::globalInstance()->maxThreadCount()));
        const std::size_t wanted = std::min<std::size_t>(threads * 2, std::max<std::size_t>(1, total / 4096));
        std::vector<SentenceId> cuts { 0 };
        for (std::size_t k = 1; k < wanted; ++k) {
            // Move each cut forward to the next context boundary.
            auto cut = SentenceId(total * k / wanted);
            while (cut < total && cut > 0 && p.sentenceContext[cut] == p.sentenceContext[cut - 1])
                ++cut;
            if (cut > cuts.back() && cut < total)
                cuts.push_back(cut);
        }
        cuts.push_back(SentenceId(total));
        std::vector<VocabularyPart> parts(cuts.size() - 1);
        std::vector<std::size_t> slices(parts.size());
        std::iota(slices.begin(), slices.end(), 0);
        QtConcurrent::blockingMap(slices, [&](std::size_t k) { walkSentences(p, cuts[k], cuts[k + 1], parts[k]); });

        const auto gather = [&parts](auto member) {
            std::vector<std::remove_reference_t<decltype(parts.front().*member)> *> out;
            for (VocabularyPart &part : parts)
                out.push_back(&(part.*member));
            return out;
        };
        std::vector<std::function<void()>> jobs {
            [&] { p.genlUp.build(p.symbolBound, gather(&VocabularyPart::up)); },
            [&] { p.genlDown.build(p.symbolBound, gather(&VocabularyPart::down)); },
            [&] { p.members.build(p.symbolBound, gather(&VocabularyPart::members)); },
            [&] { p.disjointWith.build(p.symbolBound, gather(&VocabularyPart::disjointPairs)); },
            [&] {
                p.argDecls.build(p.symbolBound, gather(&VocabularyPart::args));
                p.argDecls.sortRuns([&p](const ArgDecl &a, const ArgDecl &b) {
                    const std::string_view keyA = p.keys[p.sentences[a.sentence].key];
                    const std::string_view keyB = p.keys[p.sentences[b.sentence].key];
                    return keyA != keyB ? keyA < keyB : a.sentence < b.sentence;
                });
            },
            [&] { p.arityDecls.build(p.symbolBound, gather(&VocabularyPart::arities)); },
            [&] { p.commentsOf.build(p.symbolBound, gather(&VocabularyPart::comments)); },
            [&] { p.occurrences.build(p.symbolBound, gather(&VocabularyPart::occurrences)); },
            [&] {
                p.usage.build(p.symbolBound, gather(&VocabularyPart::usage));
                for (SymbolId symbol = 0; symbol < p.symbolBound; ++symbol) {
                    if (!p.usage[symbol].empty())
                        p.usedSymbols.push_back(symbol);
                }
                sortByName(p.usedSymbols);
            },
            [&] {
                p.factsByFirst.build(p.symbolBound, gather(&VocabularyPart::facts));
                p.factsByFirst.sortRuns(
                    [](const Edge &a, const Edge &b) { return a.other < b.other || (a.other == b.other && a.sentence < b.sentence); });
            },
            [&] {
                p.roles.resize(p.symbolBound);
                for (SymbolId symbol = 1; symbol < p.symbolBound; ++symbol)
                    p.roles[symbol] = symbolRole(symbol);
            },
            [&] {
                for (const VocabularyPart &part : parts) {
                    for (const std::uint64_t pair : part.siblingExceptions)
                        p.siblingExceptions.emplace(pair, true);
                }
            },
            [&] {
                for (SymbolId f = 0; f < p.symbolBound; ++f) {
                    std::uint32_t count = 0;
                    for (const VocabularyPart &part : parts)
                        count += part.functorCount[f];
                    if (count > 0)
                        p.functorCounts.emplace_back(f, count);
                }
                std::sort(p.functorCounts.begin(), p.functorCounts.end(), [](const auto &a, const auto &b) {
                    return a.second > b.second || (a.second == b.second && nameLess(a.first, b.first));
                });
            },
        };
        QtConcurrent::blockingMap(jobs, [](const std::function<void()> &job) { job(); });
    }
};

LoadResult loadKnowledgeBase(const QString &root, const LoadProgress &progress)
{
    std::vector<Diagnostic> diagnostics;
    const QFileInfo info(root);
    if (!info.isDir() || !info.isReadable()) {
        Diagnostic diagnostic;
        diagnostic.file = root;
        diagnostic.message = QStringLiteral("cannot read the KB directory");
        return { nullptr, { diagnostic } };
    }
    std::vector<FileRecord> files;
    KnowledgeBaseLoader::collect(root, root, files, diagnostics);
    qCDebug(lcKb) << "loading" << files.size() << "context files from" << root;
    return KnowledgeBaseLoader::build(root, std::move(files), std::move(diagnostics), progress);
}

LoadResult loadKnowledgeBase(std::vector<ContextSource> sources, const LoadProgress &progress)
{
    std::vector<FileRecord> files;
    files.reserve(sources.size());
    for (ContextSource &source : sources) {
        FileRecord record;
        record.path = source.path;
        record.relativePath = source.path;
        record.size = source.text.size();
        record.document = parseDocument(source.text, source.path);
        files.push_back(std::move(record));
    }
    return KnowledgeBaseLoader::build({}, std::move(files), {}, progress);
}

LoadResult reloadKnowledgeBase(const KnowledgeBase &previous, const LoadProgress &progress)
{
    return KnowledgeBaseLoader::reload(previous, progress);
}

} // namespace fanva::kb
