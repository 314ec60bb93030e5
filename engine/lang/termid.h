// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <cstdint>

namespace fanva::lang {

/// An opaque handle to a term of one KB (a word the KB knows), as the KB's language issued it
/// (docs/spec/language-seam.md §1.0). Only the language that issued a handle reads it back;
/// everyone else compares, copies, hashes and orders handles, and spells a term by the
/// surface text that came with it (Resolution::surface). fanva-kb's handle is its process-wide
/// symbol id (`kb::SymbolId` is this type); a language with no handles of its own (nibli today)
/// leaves every handle `noTerm`.
using TermId = std::uint32_t;

/// The handle of no term.
inline constexpr TermId noTerm = 0;

} // namespace fanva::lang
