// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Large tables of the KB core (arenas, intern tables) are touched all over or filled front
// to back. Backing them with transparent huge pages, where the system leaves that to
// madvise, saves a page fault per 4 KiB and most TLB misses on random probes.

#include <algorithm>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace fanva::kb::detail {

#ifdef __linux__
#ifdef MADV_COLLAPSE
inline constexpr int s_madvCollapse = MADV_COLLAPSE;
#else
inline constexpr int s_madvCollapse = 25; // Linux's value; glibc 2.36's headers lack it
#endif
#endif

/// Asks for huge pages for the whole 2 MiB pages inside [data, data + bytes), and for those
/// it fills but for at most 4 KiB at either end; call it before the memory is first written.
/// A block smaller than a huge page is left alone.
inline void adviseHugePages([[maybe_unused]] const void *data, [[maybe_unused]] std::size_t bytes)
{
#ifdef __linux__
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    constexpr std::uintptr_t slack = 4096; // malloc's header before a block, its rounding after
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t end = begin + bytes;
    // A block mapped on a 2 MiB boundary (hugeCapacityBytes) starts just past it and ends just
    // before one: its first and last huge pages count, though malloc's bytes share them.
    std::uintptr_t first = begin & ~(huge - 1);
    if (begin - first > slack)
        first += huge;
    std::uintptr_t last = (end + huge - 1) & ~(huge - 1);
    if (last - end > slack)
        last -= huge;
    if (last <= first)
        return;
    madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
    // malloc wrote its header into the first of those pages before the advice: that page
    // has a 4 KiB page table now, and the rest of its 2 MiB would fault 4 KiB at a time.
    // Collapsing it (Linux 6.1 on; ignored before) makes it one huge page.
    if (first < begin)
        madvise(reinterpret_cast<void *>(first), huge, s_madvCollapse);
#endif
}

/// A capacity of at least `bytes` bytes for a block malloc maps on its own: rounded up so
/// that the mapping's length (the block, malloc's 16-byte header and its rounding) is a
/// multiple of 2 MiB. Linux (6.7 on) places such a mapping on a 2 MiB boundary, so that every
/// page of the block can be huge, its first included; at any other length the block's first
/// up to 2 MiB sit below the first boundary and fault in 4 KiB at a time. Blocks under 1 MiB
/// are left as they are.
inline std::size_t hugeCapacityBytes(std::size_t bytes)
{
    constexpr std::size_t huge = std::size_t(2) << 20;
    constexpr std::size_t overhead = 32; // malloc's header and rounding, with room to spare
    if (bytes < huge / 2)
        return bytes;
    return (bytes + overhead + huge - 1) / huge * huge - overhead;
}

/// Reserves room for at least `n` elements in `v`, rounded as hugeCapacityBytes() says, and
/// asks for huge pages for the first n (before they are written).
template<typename T, typename Allocator> void reserveHuge(std::vector<T, Allocator> &v, std::size_t n)
{
    if (v.capacity() >= n)
        return;
    v.reserve(hugeCapacityBytes(n * sizeof(T)) / sizeof(T));
    // The n elements only: a huge page past them would be faulted in whole for the few
    // bytes of them it holds (a vector of 2.1 MiB would take 4).
    adviseHugePages(v.data(), n * sizeof(T));
}

/// Gives back the pages of `v`'s capacity past its size, for a vector that is full: a huge
/// page is faulted in whole, so the last one of an advised vector holds up to 2 MiB that no
/// element uses. The pages read as zeros if the vector grows into them again.
inline void releaseUnusedCapacity(
    [[maybe_unused]] const void *data, [[maybe_unused]] std::size_t usedBytes, [[maybe_unused]] std::size_t capacityBytes)
{
#ifdef __linux__
    constexpr std::uintptr_t page = 4096;
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t first = (begin + usedBytes + page - 1) & ~(page - 1);
    const std::uintptr_t last = (begin + capacityBytes) & ~(page - 1);
    if (data != nullptr && last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
#endif
}

template<typename T, typename Allocator> void releaseUnusedCapacity(const std::vector<T, Allocator> &v)
{
    releaseUnusedCapacity(v.data(), v.size() * sizeof(T), v.capacity() * sizeof(T));
}

/// Faults in the pages that the first `n` elements of `v`'s capacity take, now and from
/// this thread (as huge pages where advised), so that the thread that fills them later does
/// not stop at each: a pool thread can do it while another thread is busy elsewhere. (Linux
/// 5.14 on; an older kernel refuses the advice, and the pages fault in as they are filled.)
template<typename T, typename Allocator> void populate([[maybe_unused]] const std::vector<T, Allocator> &v, [[maybe_unused]] std::size_t n)
{
#ifdef __linux__
    constexpr int madvPopulateWrite = 23; // MADV_POPULATE_WRITE; glibc 2.36's headers lack it
    constexpr std::uintptr_t page = 4096;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data()) & ~(page - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(v.data() + std::min(n, v.capacity())) + page - 1) & ~(page - 1);
    if (v.data() != nullptr && end > begin)
        madvise(reinterpret_cast<void *>(begin), end - begin, madvPopulateWrite);
#endif
}

/// A vector of `size` value-initialized elements, advised before they are written.
template<typename T> [[nodiscard]] std::vector<T> hugePageVector(std::size_t size)
{
    std::vector<T> v;
    reserveHuge(v, size);
    v.resize(size);
    return v;
}

/// An allocator whose value-less construct() leaves trivial elements uninitialized, so that
/// resize() of a buffer about to be overwritten does not write (and fault in) every page on
/// the calling thread first.
template<typename T> struct DefaultInitAllocator : std::allocator<T> {
    template<typename U> struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    using std::allocator<T>::allocator;
    template<typename U> void construct(U *p) noexcept(std::is_nothrow_default_constructible_v<U>) { ::new (static_cast<void *>(p)) U; }
    template<typename U, typename... Args> void construct(U *p, Args &&...args)
    {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }
};

} // namespace fanva::kb::detail
