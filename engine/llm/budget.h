// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/types.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace fanva::llm {

/// Below this share of the estimate, a prompt_eval_count means Ollama shortened the prompt.
inline constexpr double kTruncationRatio = 0.6;
/// The window Ollama runs a model with when it does not follow num_ctx (its old default).
inline constexpr int64_t kOllamaDefaultWindow = 2048;

/// ceil(UTF-8 bytes / 3.5): the estimate formalize.md calls `est`.
[[nodiscard]] int64_t estimateTokens(std::string_view text);
/// The same estimate of a text of `bytes` UTF-8 bytes: additive enough to sum a text's parts.
[[nodiscard]] int64_t estimateTokensOfBytes(int64_t bytes);
/// The estimate of every system block and message text of a request, taken together.
[[nodiscard]] int64_t estimateTokens(const Request &request);

/// The num_ctx Ollama is asked for, or the TooLarge failure that stops the request unsent.
struct ContextSizing {
    int64_t estimate = 0;
    int numCtx = 0;
    std::optional<Failure> tooLarge;
};

/// providers.md §3: need = estimate + maxTokens must fit the model's window and the user's
/// cap (those known); num_ctx = roundUp(ceil(1.25 × estimate) + maxTokens, 2048), never below
/// request.numCtx, never above the cap or the window.
[[nodiscard]] ContextSizing sizeContext(const Request &request, std::optional<int64_t> contextMax, int userCap);

} // namespace fanva::llm
