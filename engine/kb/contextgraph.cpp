// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The genlCx visibility closure of the KB loader: strongly connected components, then one
// row per component.
#include "kb/contextgraph.h"

#include <algorithm>
#include <numeric>

namespace fanva::kb::detail {

namespace {

// Each node's strongly connected component (Tarjan, without recursion), numbered after
// every component it reaches; the second member is the number of components.
std::pair<std::vector<std::uint32_t>, std::uint32_t> stronglyConnectedComponents(const std::vector<std::vector<std::uint32_t>> &up)
{
    const std::size_t n = up.size();
    std::vector<std::int64_t> order(n, -1);
    std::vector<std::int64_t> low(n, 0);
    std::vector<std::uint32_t> component(n, 0);
    std::vector<std::uint8_t> onStack(n, 0);
    std::vector<std::uint32_t> stack;
    struct Call {
        std::uint32_t node;
        std::uint32_t next;
    };
    std::vector<Call> calls;
    std::int64_t counter = 0;
    std::uint32_t components = 0;
    const auto enter = [&](std::uint32_t v) {
        order[v] = low[v] = counter++;
        stack.push_back(v);
        onStack[v] = 1;
        calls.push_back({ v, 0 });
    };
    for (std::uint32_t root = 0; root < n; ++root) {
        if (order[root] >= 0)
            continue;
        enter(root);
        while (!calls.empty()) {
            const std::uint32_t v = calls.back().node;
            if (calls.back().next < up[v].size()) {
                const std::uint32_t w = up[v][calls.back().next++];
                if (order[w] < 0)
                    enter(w);
                else if (onStack[w])
                    low[v] = std::min(low[v], order[w]);
                continue;
            }
            calls.pop_back();
            if (!calls.empty())
                low[calls.back().node] = std::min(low[calls.back().node], low[v]);
            if (low[v] == order[v]) {
                std::uint32_t x = 0;
                do {
                    x = stack.back();
                    stack.pop_back();
                    onStack[x] = 0;
                    component[x] = components;
                } while (x != v);
                ++components;
            }
        }
    }
    return { std::move(component), components };
}

} // namespace

ContextVisibility contextVisibility(const std::vector<std::vector<std::uint32_t>> &up, std::uint32_t fileContexts)
{
    const std::size_t n = up.size();
    ContextVisibility out;
    out.words = std::max<std::size_t>(1, (std::size_t(fileContexts) + 63) / 64);
    auto [component, components] = stronglyConnectedComponents(up);
    // Members of each component, then each component's row: its own files' contexts
    // and the rows of the components it reaches (already filled).
    std::vector<std::uint32_t> memberStart(components + 1, 0);
    for (std::uint32_t v = 0; v < n; ++v)
        ++memberStart[component[v] + 1];
    std::partial_sum(memberStart.begin(), memberStart.end(), memberStart.begin());
    std::vector<std::uint32_t> members(n);
    std::vector<std::uint32_t> fill(memberStart.begin(), memberStart.end() - 1);
    for (std::uint32_t v = 0; v < n; ++v)
        members[fill[component[v]]++] = v;
    const std::size_t words = out.words;
    out.sees.assign(std::size_t(components) * words, 0);
    for (std::uint32_t c = 0; c < components; ++c) {
        std::uint64_t *row = out.sees.data() + std::size_t(c) * words;
        for (std::uint32_t k = memberStart[c]; k < memberStart[c + 1]; ++k) {
            const std::uint32_t v = members[k];
            if (v < fileContexts)
                row[v >> 6] |= std::uint64_t(1) << (v & 63);
            for (const std::uint32_t w : up[v]) {
                if (component[w] == c)
                    continue;
                const std::uint64_t *other = out.sees.data() + std::size_t(component[w]) * words;
                for (std::size_t i = 0; i < words; ++i)
                    row[i] |= other[i];
            }
        }
    }
    out.row = std::move(component);
    return out;
}

} // namespace fanva::kb::detail
