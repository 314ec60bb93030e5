// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Large tables of the KB core (arenas, intern tables) are touched all over or filled front
// to back. Backing them with transparent huge pages, where the system leaves that to
// madvise, saves a page fault per 4 KiB and most TLB misses on random probes.

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

/// Asks for huge pages for the whole 2 MiB pages inside [data, data + bytes); call it
/// before the memory is first written. A block smaller than a huge page is left alone.
inline void adviseHugePages([[maybe_unused]] const void *data, [[maybe_unused]] std::size_t bytes)
{
#ifdef __linux__
    constexpr std::uintptr_t huge = std::uintptr_t(2) << 20;
    const auto begin = reinterpret_cast<std::uintptr_t>(data);
    const std::uintptr_t end = begin + bytes;
    const std::uintptr_t first = (begin + huge - 1) & ~(huge - 1);
    const std::uintptr_t last = end & ~(huge - 1);
    if (last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_HUGEPAGE);
#endif
}

/// The same for the whole 2 MiB pages inside `v`'s capacity.
template<typename T, typename Allocator> void adviseHugePages(const std::vector<T, Allocator> &v)
{
    adviseHugePages(v.data(), v.capacity() * sizeof(T));
}

/// Gives back the pages of `v`'s capacity past its size, for a vector that is full: a huge
/// page is faulted in whole, so the last one of an advised vector holds up to 2 MiB that no
/// element uses. The pages read as zeros if the vector grows into them again.
template<typename T, typename Allocator> void releaseUnusedCapacity([[maybe_unused]] const std::vector<T, Allocator> &v)
{
#ifdef __linux__
    constexpr std::uintptr_t page = 4096;
    const auto begin = reinterpret_cast<std::uintptr_t>(v.data());
    const std::uintptr_t first = (begin + v.size() * sizeof(T) + page - 1) & ~(page - 1);
    const std::uintptr_t last = (begin + v.capacity() * sizeof(T)) & ~(page - 1);
    if (v.data() != nullptr && last > first)
        madvise(reinterpret_cast<void *>(first), last - first, MADV_DONTNEED);
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
