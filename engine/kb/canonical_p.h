// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Canonical keys into a caller's buffer: the loader keys a million sentences through one
// string instead of allocating one per key.

#include "kb/symbol.h"
#include "kb/term.h"

#include <string>
#include <string_view>

namespace fanva::kb::detail {

/// Appends the flat rendering of `term` (renderFlatUtf8(term, source)) to `out`.
void appendFlatUtf8(std::string &out, Term term, std::string_view source);

/// Appends canonicalKey(sentence, symmetric, source) to `out`.
void appendCanonicalKey(std::string &out, Term sentence, const SymbolSet &symmetric, std::string_view source);

} // namespace fanva::kb::detail
