// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The language-neutral vocabulary (fanva_engine_langvocab, docs/spec/language-seam.md §1.0):
// headers only, over QtCore. Every KB language and every consumer speaks it; it names no
// language's types.

#include <cstdint>

namespace fanva::lang {

/// Where a piece of text stands in the text it was read from: the byte range `[begin, end)`
/// (UTF-8 bytes) and `begin`'s 1-based line and column (columns in code points; 0: unknown).
struct Span {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    std::uint32_t line = 0;
    std::uint32_t column = 0;
    friend bool operator==(const Span &, const Span &) = default;
};

} // namespace fanva::lang
