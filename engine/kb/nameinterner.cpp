// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/nameinterner_p.h"

#include "kb/hash_p.h"
#include "kb/hugepages_p.h"

#include <algorithm>
#include <cstring>
#include <mutex>

namespace fanva::kb::detail {

// The spares, largest last: one for each loader thread's table and one for the table it
// grows into. A table above the cap is not kept, so what stays between loads is small.
struct NameInterner::Spares {
    static constexpr std::size_t s_maxCount = 4;
    static constexpr std::size_t s_maxBytes = std::size_t(16) << 20;
    std::mutex mutex;
    std::vector<std::vector<LocalName>> tables;
};

NameInterner::NameInterner(TermArena &arena, std::size_t textSize)
    : m_arena(arena)
    , m_local(takeTable(localSize(textSize)))
{ }

NameInterner::~NameInterner()
{
    giveBack(std::move(m_local));
}

NameInterner::Spares &NameInterner::spares()
{
    static auto *spares = new Spares; // never destroyed: a thread may parse during exit
    return *spares;
}

std::vector<NameInterner::LocalName> NameInterner::takeTable(std::size_t size)
{
    std::vector<LocalName> table;
    {
        Spares &pool = spares();
        const std::lock_guard lock(pool.mutex);
        const auto it = std::find_if(
            pool.tables.begin(), pool.tables.end(), [size](const std::vector<LocalName> &spare) { return spare.capacity() >= size; });
        if (it != pool.tables.end()) {
            table = std::move(*it);
            pool.tables.erase(it);
        }
    }
    if (table.capacity() < size)
        return hugePageVector<LocalName>(size);
    table.assign(size, LocalName {});
    return table;
}

void NameInterner::giveBack(std::vector<LocalName> table)
{
    if (table.capacity() == 0 || table.capacity() * sizeof(LocalName) > Spares::s_maxBytes)
        return;
    std::vector<LocalName> dropped;
    Spares &pool = spares();
    const std::lock_guard lock(pool.mutex);
    const auto at = std::find_if(pool.tables.begin(), pool.tables.end(),
        [&table](const std::vector<LocalName> &spare) { return spare.capacity() > table.capacity(); });
    pool.tables.insert(at, std::move(table));
    if (pool.tables.size() > Spares::s_maxCount) {
        dropped = std::move(pool.tables.front()); // the smallest, freed after the lock
        pool.tables.erase(pool.tables.begin());
    }
}

void NameInterner::releaseSpares()
{
    std::vector<std::vector<LocalName>> tables;
    Spares &pool = spares();
    {
        const std::lock_guard lock(pool.mutex);
        tables.swap(pool.tables);
    }
}

void NameInterner::queue(std::string_view token, std::uint32_t node)
{
    const std::uint64_t h = hashBytes(token);
    __builtin_prefetch(&m_local[localHash(h) & (m_local.size() - 1)]);
    if (m_localQueue.full())
        resolveLocal(m_localQueue.pop());
    m_localQueue.push({ h, token.data(), std::uint32_t(token.size()), node, 0 });
}

void NameInterner::resolveLocal(const QueuedName &name)
{
    const std::string_view token(name.data, name.size);
    const std::uint64_t h = localHash(name.hash);
    for (;;) {
        const std::size_t mask = m_local.size() - 1;
        for (std::size_t i = h & mask;; i = (i + 1) & mask) {
            LocalName &entry = m_local[i];
            if (entry.hash == 0) {
                if ((m_localNames + 1) * 2 > m_local.size()) {
                    flushGlobal(); // its entries name local slots, which growing moves
                    growLocal();
                    break; // probe the grown table
                }
                entry.hash = h;
                entry.id = noSymbol; // until the global queue resolves it
                entry.size = name.size;
                if (token.size() <= sizeof(entry.name.inlined))
                    std::memcpy(entry.name.inlined, token.data(), token.size());
                else
                    entry.name.text = token.data();
                ++m_localNames;
                m_symbols.prefetch(name.hash);
                if (m_globalQueue.full())
                    resolveGlobal(m_globalQueue.pop());
                QueuedName global = name;
                global.slot = std::uint32_t(i);
                m_globalQueue.push(global);
                return;
            }
            if (entry.hash == h && entry.size == name.size && entry.matches(token)) {
                if (entry.id == noSymbol)
                    flushGlobal();
                m_arena.setSymbol(name.node, entry.id);
                return;
            }
        }
    }
}

void NameInterner::resolveGlobal(const QueuedName &name)
{
    const SymbolId id = m_symbols.intern(std::string_view(name.data, name.size), name.hash);
    m_local[name.slot].id = id;
    m_arena.setSymbol(name.node, id);
}

void NameInterner::flushGlobal()
{
    while (m_globalQueue.count > 0)
        resolveGlobal(m_globalQueue.pop());
}

void NameInterner::flush()
{
    while (m_localQueue.count > 0)
        resolveLocal(m_localQueue.pop());
    flushGlobal();
}

void NameInterner::growLocal()
{
    // A table that outgrew the largest first guess (a big file with a big vocabulary)
    // grows fourfold: each step zeroes and rehashes the whole table. A small one doubles,
    // staying small enough for the caches.
    const std::size_t factor = m_local.size() >= 65536 ? 4 : 2;
    std::vector<LocalName> old = takeTable(m_local.size() * factor);
    old.swap(m_local);
    const std::size_t mask = m_local.size() - 1;
    for (const LocalName &entry : old) {
        if (entry.hash == 0)
            continue;
        std::size_t i = entry.hash & mask;
        while (m_local[i].hash != 0)
            i = (i + 1) & mask;
        m_local[i] = entry;
    }
    giveBack(std::move(old));
}

// A power of two near one slot per 64 bytes of text, at least 64 and at most 64k to
// begin with: a one-line candidate should not pay for a file-sized table.
std::size_t NameInterner::localSize(std::size_t textSize)
{
    std::size_t size = 64;
    while (size < 65536 && size * 64 < textSize)
        size *= 2;
    return size;
}

} // namespace fanva::kb::detail
