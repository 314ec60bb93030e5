// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QString>
#include <QUrl>

#include <optional>

namespace fanva::llm {

/// The most slots one endpoint may be given.
inline constexpr int kMaxEndpointSlots = 1024;

/// The requests an endpoint of provider kind `providerId` takes at once when none is given
/// (docs/spec/batch.md §1): Ollama 1 (OLLAMA_NUM_PARALLEL's default), OpenAI-compatible 8,
/// Anthropic 4; any other kind (scripted, demo, rules) 1. The one place these defaults live.
[[nodiscard]] int defaultSlots(const QString &providerId);

/// One `--endpoint URL[@N]` as written: the model server's base URL and, when given, its slots.
struct EndpointArg {
    QUrl url;
    std::optional<int> slots;
};

/// Reads "URL" or "URL@N": an http or https URL with a host, N a whole number from 1 to
/// kMaxEndpointSlots. An `@` inside the URL (user info) is kept: the text after the last `@`
/// counts as N only when it holds no `/`, `:` or `.`. Why not, in a sentence, otherwise.
[[nodiscard]] Result<EndpointArg> parseEndpointArg(const QString &text);

} // namespace fanva::llm
