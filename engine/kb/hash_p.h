#pragma once

// The one string hash of the KB core: the symbol table, the readers' local intern tables
// and the canonical-key index all probe open-addressed tables with it.

#include <cstdint>
#include <string_view>

namespace fanva::kb::detail {

/// FNV-1a over the bytes, then murmur3's 64-bit finalizer: FNV's low bits only ever see
/// low bits, and similar names (Thing1, Thing2, …) would cluster under linear probing.
[[nodiscard]] inline std::uint64_t hashBytes(std::string_view bytes)
{
    std::uint64_t h = 1469598103934665603ULL;
    for (const unsigned char c : bytes) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

} // namespace fanva::kb::detail
