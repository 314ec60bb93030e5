// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/types.h"

#include <nlohmann/json.hpp>

namespace fanva::llm {

/// The OpenAI-style `messages` array of a request, as Ollama's /api/chat and an
/// OpenAI-compatible /chat/completions both read it: the system blocks joined by a blank line
/// into one `system` message first (none without blocks), then each turn as `user` or
/// `assistant`.
[[nodiscard]] nlohmann::json chatMessages(const Request &request);

} // namespace fanva::llm
