// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// What the parallel reader (parallelreader.cpp) uses of the one-pass reader (reader.cpp).

#include "kb/reader.h"

namespace fanva::kb::detail {

/// Reserves an arena and a sentence list for `bytes` of text.
void reserveForText(std::size_t bytes, TermArena &arena, std::vector<Term> &sentences);

/// Reads text[begin, end) into `document` and `arena` as the one-pass reader would read it
/// from `begin`; returns the line the reader ended on (1-based).
[[nodiscard]] std::uint32_t readPiece(const QByteArray &text, Document &document, TermArena &arena, std::size_t begin, std::size_t end);

} // namespace fanva::kb::detail
