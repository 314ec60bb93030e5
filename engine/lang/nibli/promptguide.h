// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <string_view>

namespace fanva::lang::nibli {

/// nibli KR's part of the formalize system prefix (nibli-kr.md §1.4): how to spell a
/// statement, and a worked example. It replaces formalize.md §3.1's language sections; the
/// opening, "One name per individual", "Report what you cannot translate" and "Answer" stay
/// the caller's. Constant: byte-identical whatever the KB.
[[nodiscard]] std::string_view promptGuide();

} // namespace fanva::lang::nibli
