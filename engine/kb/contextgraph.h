// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>
#include <vector>

namespace fanva::kb::detail {

/// Which contexts each context sees through genlCx (kb-language.md §1): a context sees
/// itself and, transitively, every context it is wired below. Contexts are dense indexes;
/// those below `fileContexts` have a file, and only they take a bit in the rows.
struct ContextVisibility {
    /// Words (64 bits each) per row: at least 1, (fileContexts + 63) / 64.
    std::size_t words = 1;
    /// The row of each context: the contexts of one strongly connected component share it.
    std::vector<std::uint32_t> row;
    /// The rows, `words` words each: bit f of a row is set when its contexts see file context f.
    std::vector<std::uint64_t> sees;

    /// Whether `context` sees file context `file`.
    [[nodiscard]] bool visible(std::uint32_t context, std::uint32_t file) const
    {
        return (sees[std::size_t(row[context]) * words + (file >> 6)] >> (file & 63)) & 1U;
    }
};

/// The visibility rows of the graph whose edges go from each context to those it is wired
/// below (`up[c]`). Rows are computed once per strongly connected component, successors
/// first, so the cost is (contexts + edges) × words, never contexts².
[[nodiscard]] ContextVisibility contextVisibility(const std::vector<std::vector<std::uint32_t>> &up, std::uint32_t fileContexts);

} // namespace fanva::kb::detail
