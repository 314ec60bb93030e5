// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"

#include <QByteArray>
#include <QDateTime>

#include <chrono>
#include <optional>

namespace fanva::llm {

/// min(base·2ⁿ, cap) × (1 − 0.25·jitter) for retry n (0-based), jitter in [0, 1).
[[nodiscard]] std::chrono::milliseconds backoffDelay(const RetryPolicy &policy, int retry, double jitter);

/// The wait a server asks for: `retry-after-ms`, else `retry-after` (seconds, decimals
/// allowed, or an HTTP date relative to `now`). Nothing when neither parses to a positive wait.
[[nodiscard]] std::optional<std::chrono::milliseconds> serverRetryDelay(
    const QByteArray &retryAfterMs, const QByteArray &retryAfter, const QDateTime &now);

/// Waits above this are not honoured: the call stops and says how long the server asked for.
inline constexpr std::chrono::seconds kMaxServerRetryDelay { 60 };

} // namespace fanva::llm
