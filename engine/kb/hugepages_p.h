// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Large tables of the KB core (arenas, intern tables) are touched all over or filled front
// to back. Backing them with transparent huge pages, where the system leaves that to
// madvise, saves a page fault per 4 KiB and most TLB misses on random probes.

#include <cstdint>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace fanva::kb::detail {

/// Asks for huge pages for the whole 2 MiB pages inside `v`'s capacity; call it before the
/// memory is first written. Small vectors are left alone.
template<typename T> void adviseHugePages([[maybe_unused]] const std::vector<T> &v)
{
#ifdef __linux__
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t end = begin + v.capacity() * sizeof(T);
    const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1);
    const std::uintptr_t last = end & ~(huge - 1);
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
#endif
}

/// A vector of `size` value-initialized elements, advised before they are written.
template<typename T> [[nodiscard]] std::vector<T> hugePageVector(std::size_t size)
{
    std::vector<T> v;
    v.reserve(size);
    adviseHugePages(v);
    v.resize(size);
    return v;
}

} // namespace fanva::kb::detail
