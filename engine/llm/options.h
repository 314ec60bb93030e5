// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/types.h"

#include <QString>
#include <QUrl>

#include <chrono>
#include <limits>
#include <optional>

namespace fanva::llm {

/// Retries of one call, as the vendors' SDKs do them: wait min(base·2ⁿ, cap) less up to a
/// quarter of jitter before retry n, unless the server names its own wait.
struct RetryPolicy {
    int maxRetries = 2;
    std::chrono::milliseconds base { 500 };
    std::chrono::milliseconds cap { 8000 };
};

/// connect: send → request written; idle: silence from then on to the end of the body;
/// total: the whole call including waits (0 = off).
struct Timeouts {
    std::chrono::milliseconds connect { 10'000 };
    std::chrono::milliseconds idle { 300'000 };
    std::chrono::milliseconds total { 30 * 60'000 };
};

/// The longest limit a timer can hold: QTimer counts milliseconds in an int.
inline constexpr std::chrono::milliseconds kMaxTimeout { std::numeric_limits<int>::max() };

/// Parses a limit given in seconds ("1.5", "300"); nullopt for anything but a finite number
/// from 0 up to kMaxTimeout ("nan", "inf", "-1" and "1e12" are refused).
[[nodiscard]] std::optional<std::chrono::milliseconds> parseTimeoutSeconds(const QString &text);

/// The most text (and thinking) one answer may bring, by default.
inline constexpr qsizetype kDefaultMaxReplyBytes = 8 * 1024 * 1024;

/// Everything a provider needs besides the request. The API key lives here in memory only.
struct ProviderOptions {
    QString id; ///< scripted | demo | ollama | anthropic | openai
    QUrl baseUrl;
    QString model; ///< used when a request names none
    QString apiKey;
    QString keySource; ///< e.g. "env:ANTHROPIC_API_KEY" or "keyring"; never part of the key
    Timeouts timeouts;
    RetryPolicy retry;
    QString keepAlive = QStringLiteral("30m"); ///< Ollama
    int contextCap = 0; ///< Ollama: the user's largest context, 0 = none
    bool includeUsage = true; ///< OpenAI: stream_options.include_usage
    bool sendTemperature = true; ///< OpenAI: temperature 0
    bool anthropicThinking = false; ///< Anthropic: thinking {type: adaptive}
    std::optional<Effort> anthropicEffort; ///< Anthropic: output_config.effort of a request that sets none
    qsizetype maxReplyBytes = kDefaultMaxReplyBytes; ///< text of one answer; beyond it the call fails
    QString scriptPath; ///< scripted, demo
    QString scriptRecordPath; ///< scripted: received requests appended as JSON lines
};

} // namespace fanva::llm
