// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QLatin1StringView>

/// The `type` of each event of a session's log (formalize.md §5.5), spelled once. The log's
/// readers (the attempt log, the CLI, the session file) compare against these.
namespace fanva::formalize::event {
inline constexpr QLatin1StringView attemptFinished("attempt-finished");
inline constexpr QLatin1StringView attemptStarted("attempt-started");
inline constexpr QLatin1StringView cycleDetected("cycle-detected");
inline constexpr QLatin1StringView finished("finished");
inline constexpr QLatin1StringView gateResult("gate-result");
inline constexpr QLatin1StringView judgeFailed("judge-failed");
inline constexpr QLatin1StringView judgeStarted("judge-started");
inline constexpr QLatin1StringView judgeVerdicts("judge-verdicts");
inline constexpr QLatin1StringView notice("notice");
inline constexpr QLatin1StringView promptBuilt("prompt-built");
inline constexpr QLatin1StringView repairSent("repair-sent");
inline constexpr QLatin1StringView repairSkipped("repair-skipped");
inline constexpr QLatin1StringView roundStarted("round-started");
inline constexpr QLatin1StringView sessionStarted("session-started");
inline constexpr QLatin1StringView textDelta("text-delta");
inline constexpr QLatin1StringView thinkingDelta("thinking-delta");
inline constexpr QLatin1StringView usage("usage");
} // namespace fanva::formalize::event
