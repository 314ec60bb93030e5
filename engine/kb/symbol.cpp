// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/symbol.h"

#include "kb/hash_p.h"
#include "kb/hugepages_p.h"
#include "kb/spinlock_p.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <vector>

namespace fanva::kb {

namespace {

constexpr std::size_t s_chunkBits = 16;
constexpr std::size_t s_chunkSize = std::size_t(1) << s_chunkBits;
constexpr std::size_t s_maxChunks = 4096; // 268M symbols
constexpr std::size_t s_blockSize = 1 << 20;

std::uint64_t hashName(std::string_view name)
{
    return detail::hashBytes(name);
}

} // namespace

// Names live in large append-only blocks and the id -> name table in fixed chunks that
// never move, so name() reads without a lock: an id is only ever handed out after its
// entry was written. The name -> id hash table is split into shards by the hash's top
// bits, each with its own lock (one that spins: spinlock_p.h), so that threads reading
// different files rarely wait for each other, and a shard grows without stopping lookups
// in the others.
struct SymbolTable::Private {
    static constexpr unsigned s_shardBits = 3; // 8 shards: few threads parse at once, and a large shard can use huge pages

    // Open addressing: a slot holds the hash's high half and the id (id 0 = empty), so a
    // probe compares names only when the tags match, and a name of up to 20 bytes itself
    // (most are), so that a lookup touches one cache line: the table of a large KB is far
    // bigger than the caches. A longer name is compared through the id's entry.
    struct Slot {
        std::uint64_t tagAndId = 0;
        std::uint32_t size = 0;
        char inlined[20] = {};
    };
    static_assert(sizeof(Slot) == 32);

    // The lock and the count, which every insert writes, on a cache line of their own: the
    // table and the hint, which every probe and prefetch reads, on another, so that one
    // thread's lock does not take the line another thread is reading from its cache.
    struct Shard {
        alignas(64) mutable detail::SpinSharedMutex mutex;
        std::size_t count = 0;
        alignas(64) std::vector<Slot> slots = std::vector<Slot>(64);
        // slots' buffer and mask for prefetch(), which takes no lock. A stale or mismatched
        // pair only prefetches a useless address: a prefetch instruction never faults.
        std::atomic<const Slot *> hint { slots.data() };
        std::atomic<std::size_t> hintMask { slots.size() - 1 };
    };
    static_assert(sizeof(Shard) == 128);

    std::array<Shard, std::size_t(1) << s_shardBits> shards;
    alignas(64) detail::SpinSharedMutex appendMutex; // blocks, blockUsed, chunk creation, count's increments
    std::vector<std::unique_ptr<char[]>> blocks;
    std::size_t blockUsed = s_blockSize;
    std::array<std::atomic<std::string_view *>, s_maxChunks> chunks {};
    std::atomic<std::uint32_t> count { 1 }; // id 0 is noSymbol

    // A name's first slot comes from its hash's high half, the bits the slot keeps as its
    // tag, so that growing a shard moves slots without reading or hashing any name.
    [[nodiscard]] static std::size_t home(std::uint64_t tagBits) { return std::size_t(tagBits >> 32); }

    [[nodiscard]] Shard &shardOf(std::uint64_t h) { return shards[h >> (64 - s_shardBits)]; }
    [[nodiscard]] const Shard &shardOf(std::uint64_t h) const { return shards[h >> (64 - s_shardBits)]; }

    [[nodiscard]] std::string_view nameOf(SymbolId id) const
    {
        std::string_view *chunk = chunks[id >> s_chunkBits].load(std::memory_order_acquire);
        return chunk[id & (s_chunkSize - 1)];
    }

    // The caller holds the shard's lock (shared or exclusive).
    [[nodiscard]] SymbolId lookup(const Shard &shard, std::string_view name, std::uint64_t h) const
    {
        const std::size_t mask = shard.slots.size() - 1;
        const std::uint64_t tag = h & 0xFFFFFFFF00000000ULL;
        for (std::size_t i = home(h) & mask;; i = (i + 1) & mask) {
            const Slot &slot = shard.slots[i];
            const auto id = std::uint32_t(slot.tagAndId);
            if (id == 0)
                return noSymbol;
            if ((slot.tagAndId & 0xFFFFFFFF00000000ULL) != tag || slot.size != name.size())
                continue;
            const char *stored = name.size() <= sizeof(slot.inlined) ? slot.inlined : nameOf(id).data();
            if (std::memcmp(stored, name.data(), name.size()) == 0)
                return id;
        }
    }

    // The free slot a name with these tag bits goes to.
    static Slot &freeSlot(std::vector<Slot> &slots, std::uint64_t tagBits)
    {
        const std::size_t mask = slots.size() - 1;
        std::size_t i = home(tagBits) & mask;
        while (slots[i].tagAndId != 0)
            i = (i + 1) & mask;
        return slots[i];
    }

    static void place(std::vector<Slot> &slots, SymbolId id, std::string_view name, std::uint64_t h)
    {
        Slot &slot = freeSlot(slots, h);
        slot.tagAndId = (h & 0xFFFFFFFF00000000ULL) | id;
        slot.size = std::uint32_t(name.size());
        if (name.size() <= sizeof(slot.inlined))
            std::memcpy(slot.inlined, name.data(), name.size());
    }

    // Stores the name and hands out its id.
    SymbolId append(std::string_view name)
    {
        const std::lock_guard lock(appendMutex);
        if (blockUsed + name.size() > s_blockSize) {
            blocks.push_back(std::make_unique_for_overwrite<char[]>(std::max(s_blockSize, name.size())));
            blockUsed = 0;
        }
        char *text = blocks.back().get() + blockUsed;
        std::memcpy(text, name.data(), name.size());
        blockUsed += name.size();

        const std::uint32_t id = count.load(std::memory_order_relaxed);
        std::string_view *chunk = chunks[id >> s_chunkBits].load(std::memory_order_relaxed);
        if (!chunk) {
            // Raw storage: an entry is constructed when its id is handed out, and only those
            // are read, so a new chunk's pages are touched as ids fill it, not all at once.
            chunk = static_cast<std::string_view *>(::operator new(sizeof(std::string_view) * s_chunkSize));
            chunks[id >> s_chunkBits].store(chunk, std::memory_order_release);
        }
        ::new (static_cast<void *>(chunk + (id & (s_chunkSize - 1)))) std::string_view(text, name.size());
        count.store(id + 1, std::memory_order_release);
        return id;
    }

    // The caller holds the shard's lock exclusively and found no entry.
    SymbolId add(Shard &shard, std::string_view name, std::uint64_t h)
    {
        const SymbolId id = append(name);
        if ((shard.count + 1) * 2 > shard.slots.size()) {
            std::vector<Slot> grown = detail::hugePageVector<Slot>(shard.slots.size() * 2);
            for (const Slot &slot : shard.slots) {
                if (std::uint32_t(slot.tagAndId) != 0)
                    freeSlot(grown, slot.tagAndId) = slot;
            }
            shard.slots.swap(grown);
            shard.hint.store(shard.slots.data(), std::memory_order_relaxed);
            shard.hintMask.store(shard.slots.size() - 1, std::memory_order_relaxed);
        }
        place(shard.slots, id, nameOf(id), h);
        ++shard.count;
        return id;
    }
};

SymbolTable::SymbolTable()
    : d(new Private)
{
#define FANVA_KB_INTERN_BUILTIN(id, text) add(text, sym::id);
    const auto add = [this](std::string_view text, SymbolId expected) {
        [[maybe_unused]] const SymbolId got = intern(text);
        Q_ASSERT(got == expected);
    };
    FANVA_KB_BUILTIN_SYMBOLS(FANVA_KB_INTERN_BUILTIN)
#undef FANVA_KB_INTERN_BUILTIN
}

SymbolTable::~SymbolTable()
{
    for (auto &chunk : d->chunks)
        ::operator delete(chunk.load()); // string_view is trivially destructible
    delete d;
}

SymbolTable &SymbolTable::instance()
{
    static SymbolTable table;
    return table;
}

SymbolId SymbolTable::intern(std::string_view name)
{
    return intern(name, hashName(name));
}

void SymbolTable::prefetch(std::uint64_t hash) const
{
    const Private::Shard &shard = d->shardOf(hash);
    const std::size_t mask = shard.hintMask.load(std::memory_order_relaxed);
    __builtin_prefetch(shard.hint.load(std::memory_order_relaxed) + (Private::home(hash) & mask));
}

SymbolId SymbolTable::intern(std::string_view name, std::uint64_t h)
{
    Private::Shard &shard = d->shardOf(h);
    {
        std::shared_lock lock(shard.mutex);
        if (const SymbolId id = d->lookup(shard, name, h))
            return id;
    }
    std::unique_lock lock(shard.mutex);
    if (const SymbolId id = d->lookup(shard, name, h))
        return id;
    return d->add(shard, name, h);
}

std::optional<SymbolId> SymbolTable::find(std::string_view name) const
{
    const std::uint64_t h = hashName(name);
    const Private::Shard &shard = d->shardOf(h);
    std::shared_lock lock(shard.mutex);
    if (const SymbolId id = d->lookup(shard, name, h))
        return id;
    return std::nullopt;
}

std::string_view SymbolTable::name(SymbolId id) const
{
    if (id == noSymbol || id >= d->count.load(std::memory_order_acquire))
        return {};
    return d->nameOf(id);
}

std::size_t SymbolTable::size() const
{
    return d->count.load(std::memory_order_acquire) - 1;
}

SymbolId intern(std::string_view name)
{
    return SymbolTable::instance().intern(name);
}

std::optional<SymbolId> findSymbol(std::string_view name)
{
    return SymbolTable::instance().find(name);
}

std::string_view symbolName(SymbolId id)
{
    return SymbolTable::instance().name(id);
}

QString symbolString(SymbolId id)
{
    const std::string_view name = symbolName(id);
    return QString::fromLatin1(name.data(), qsizetype(name.size()));
}

} // namespace fanva::kb
