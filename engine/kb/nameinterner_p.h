// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/symbol.h"
#include "kb/term.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace fanva::kb::detail {

// A reader's name interning. Names are interned through a table local to the document: each distinct name of the
// document goes to the process-wide table (shared lock, a large and cold hash table)
// once, and every later occurrence is answered here without a lock, comparing against
// the name kept in the entry (short names) or in the document's own bytes. The local
// table never evicts, so its size tracks the document's vocabulary, not its length.
//
// Both tables are far bigger than the caches on a large file, so a name is not looked up
// when it is read. Its node is added without an id and the name queued, with the local
// slot it hashes to prefetched; a few names later, when the slot has (likely) arrived,
// the name is resolved and the node patched. A name new to the document passes through a
// second queue the same way for the process-wide table. Nothing in the reader reads a
// symbol's id, and the reader flushes every queued name before it returns. The names
// must stay where they are (in the document's bytes) until then.
class NameInterner
{
public:
    /// An interner for a document of `textSize` bytes whose nodes live in `arena`.
    NameInterner(TermArena &arena, std::size_t textSize);
    /// Gives the local table back to the spares.
    ~NameInterner();
    NameInterner(const NameInterner &) = delete;
    NameInterner &operator=(const NameInterner &) = delete;

    /// Queues `token`, the name of symbol or variable node `node`; the node's id is set by
    /// the time flush() returns.
    void queue(std::string_view token, std::uint32_t node);
    /// Resolves every queued name.
    void flush();

    /// Frees the spare tables: a loader calls it once its files are read.
    static void releaseSpares();

private:
    static constexpr std::size_t s_queueDepth = 8; // names in flight per queue

    // The local table's hash: the name's, with the low bit set, since 0 marks an empty slot.
    static std::uint64_t localHash(std::uint64_t h) { return h | 1; }

    struct QueuedName {
        std::uint64_t hash = 0; // hashBytes of the name
        const char *data = nullptr;
        std::uint32_t size = 0;
        std::uint32_t node = 0;
        std::uint32_t slot = 0; // the global queue: the local entry waiting for the id
    };

    struct NameQueue {
        std::array<QueuedName, s_queueDepth> items {};
        std::size_t head = 0;
        std::size_t count = 0;
        [[nodiscard]] bool full() const { return count == s_queueDepth; }
        void push(const QueuedName &name)
        {
            items[(head + count) % s_queueDepth] = name;
            ++count;
        }
        QueuedName pop()
        {
            const QueuedName name = items[head];
            head = (head + 1) % s_queueDepth;
            --count;
            return name;
        }
    };

    struct LocalName {
        std::uint64_t hash = 0; // 0: empty
        SymbolId id = noSymbol;
        std::uint32_t size = 0;
        union {
            char inlined[16];
            const char *text; // into the document, for longer names
        } name {};
        [[nodiscard]] bool matches(std::string_view token) const
        {
            const char *stored = size <= sizeof(name.inlined) ? name.inlined : name.text;
            return std::memcmp(stored, token.data(), size) == 0;
        }
    };

    void resolveLocal(const QueuedName &name);
    void resolveGlobal(const QueuedName &name);
    void flushGlobal();
    void growLocal();
    static std::size_t localSize(std::size_t textSize);
    // Local tables come from, and go back to, a few spare tables: a loader reads file after
    // file, and a fresh table of a large file is megabytes that the system must fault in and
    // zero page by page, where clearing a spare is a memset.
    static std::vector<LocalName> takeTable(std::size_t size);
    static void giveBack(std::vector<LocalName> table);
    struct Spares;
    static Spares &spares();

    TermArena &m_arena;
    std::vector<LocalName> m_local;
    std::size_t m_localNames = 0;
    NameQueue m_localQueue;
    NameQueue m_globalQueue;
    SymbolTable &m_symbols = SymbolTable::instance();
};

} // namespace fanva::kb::detail
