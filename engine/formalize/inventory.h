// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/prompts.h"
#include "formalize/resolver.h"
#include "lang/drafting.h"

#include <QString>

#include <vector>

namespace fanva::formalize {

/// est(x) = ceil(utf8Bytes(x) / 3.5) tokens (formalize.md).
[[nodiscard]] int estimateTokens(const QString &text);

/// The vocabulary card (formalize.md §2; lang::Card); each language makes it (Language::card).
using Inventory = lang::Card;

/// One resolved term per distinct term, in document order, as the document turn lists them.
[[nodiscard]] std::vector<PromptResolution> promptResolutions(const std::vector<Resolution> &resolutions);

} // namespace fanva::formalize
