// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The one string hash of the KB core: the symbol table, the readers' local intern tables
// and the canonical-key index all probe open-addressed tables with it.

#include <cstdint>
#include <cstring>
#include <string_view>

namespace fanva::kb::detail {

inline std::uint64_t load64(const unsigned char *p)
{
    std::uint64_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

inline std::uint64_t load32(const unsigned char *p)
{
    std::uint32_t w;
    std::memcpy(&w, p, sizeof w);
    return w;
}

/// Eight bytes a step, each word folded in by a multiply and a shift, then murmur3's 64-bit
/// finalizer, so that similar names (Thing1, Thing2, …) spread under linear probing. The
/// tail of 1–7 bytes is read with at most two overlapping loads, never past the end. Not
/// stored anywhere: only consistent within one process.
[[nodiscard]] inline std::uint64_t hashBytes(std::string_view bytes)
{
    constexpr std::uint64_t k = 0x9E3779B97F4A7C15ULL;
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.data());
    std::size_t n = bytes.size();
    std::uint64_t h = k ^ (std::uint64_t(n) * 0xbf58476d1ce4e5b9ULL);
    const auto mix = [&h](std::uint64_t word) {
        h = (h ^ word) * k;
        h ^= h >> 32;
    };
    while (n > 8) {
        mix(load64(p));
        p += 8;
        n -= 8;
    }
    if (n >= 4)
        mix(load32(p) | (load32(p + n - 4) << 32));
    else if (n > 0)
        mix(std::uint64_t(p[0]) | (std::uint64_t(p[n / 2]) << 8) | (std::uint64_t(p[n - 1]) << 16));
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

} // namespace fanva::kb::detail
