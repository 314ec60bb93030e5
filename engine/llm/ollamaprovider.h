// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/httpprovider.h"

#include <QHash>

#include <memory>
#include <optional>

namespace fanva::llm {

/// What /api/show says about a model.
struct OllamaModelInfo {
    std::optional<int64_t> contextLength;
    std::vector<std::string> capabilities;
    std::string family;

    [[nodiscard]] bool canThink() const;
    /// Parses an /api/show reply; context length from `<architecture>.context_length`, else
    /// any `*.context_length`.
    [[nodiscard]] static OllamaModelInfo fromShow(const nlohmann::json &show);
};

/// Ollama's native chat API (`POST {base}/api/chat`, NDJSON stream). Each call asks
/// /api/show once per (base URL, model), sizes num_ctx (llm/budget.h), sends
/// truncate:false and checks prompt_eval_count for silent truncation.
class OllamaProvider final : public HttpProvider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(OllamaProvider)

public:
    explicit OllamaProvider(ProviderOptions options, QObject *parent = nullptr);
    ~OllamaProvider() override;

    [[nodiscard]] QString id() const override { return QStringLiteral("ollama"); }
    [[nodiscard]] Call *start(const Request &request) override;

    using ModelCache = QHash<QString, OllamaModelInfo>;

private:
    std::shared_ptr<ModelCache> m_models;
};

} // namespace fanva::llm
