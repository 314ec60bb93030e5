// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QLatin1StringView>

namespace fanva::formalize {

/// An English reading of a formal sentence (formalize.md §6; lang/drafting.h); each language
/// makes it (Language::gloss).
using Gloss = lang::Gloss;

[[nodiscard]] QLatin1StringView glossSourceName(Gloss::Source source);

} // namespace fanva::formalize
