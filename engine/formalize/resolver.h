// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

namespace fanva::formalize {

/// A run of document words that names an existing KB term (formalize.md §1.2; lang/drafting.h);
/// each language resolves them (Language::resolve), with the English helpers of
/// lang/spellings.h.
using Resolution = lang::Resolution;

} // namespace fanva::formalize
