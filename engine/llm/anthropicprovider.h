// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/httpprovider.h"

namespace fanva::llm {

/// Anthropic's Messages API (`POST {base}/v1/messages`, SSE stream): cache breakpoint on the
/// last cache-flagged system block, no sampling parameters, refusals with their category, and
/// a note when prompt caching did not apply.
class AnthropicProvider final : public HttpProvider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AnthropicProvider)

public:
    explicit AnthropicProvider(ProviderOptions options, QObject *parent = nullptr);
    ~AnthropicProvider() override;

    [[nodiscard]] QString id() const override { return QStringLiteral("anthropic"); }
    [[nodiscard]] Call *start(const Request &request) override;
};

} // namespace fanva::llm
