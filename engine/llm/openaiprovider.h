// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/httpprovider.h"

namespace fanva::llm {

/// OpenAI-compatible chat completions (`POST {base}/chat/completions`, SSE ended by
/// `[DONE]`) as served by llama.cpp, vLLM, LM Studio, OpenRouter and Ollama's /v1.
class OpenAiProvider final : public HttpProvider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OpenAiProvider)

public:
    explicit OpenAiProvider(ProviderOptions options, QObject *parent = nullptr);
    ~OpenAiProvider() override;

    [[nodiscard]] QString id() const override { return QStringLiteral("openai"); }
    [[nodiscard]] Call *start(const Request &request) override;

    /// Whether OpenAI's strict structured output accepts the schema: every object lists all
    /// its properties as required and sets additionalProperties to false.
    [[nodiscard]] static bool isStrictCompatible(const nlohmann::json &schema);
};

} // namespace fanva::llm
