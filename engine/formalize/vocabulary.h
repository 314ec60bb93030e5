// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/coined.h"

#include <nlohmann/json.hpp>

namespace fanva::formalize {

/// `{literals, reused, coined, types, properties, relations, introduced}`: the outcome's
/// `vocabulary` member.
[[nodiscard]] nlohmann::json vocabularyJson(const CoinedReport &report);

} // namespace fanva::formalize
