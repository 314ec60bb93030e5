// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <chrono>
#include <cstdint>

namespace fanva::llm {

/// "9,800": token counts carry thousands separators.
[[nodiscard]] QString formatCount(int64_t count);

/// A wait or a delay: below one second in ms ("50 ms"), else seconds ("1.8 s", "300 s").
[[nodiscard]] QString formatDelay(std::chrono::milliseconds delay);

/// A configured limit in seconds: "0.3 s", "300 s"; whole minutes from 10 min up ("30 min").
[[nodiscard]] QString formatLimit(std::chrono::milliseconds limit);

/// A size: whole MiB as "8 MiB", whole KiB as "64 KiB", else bytes ("1,000 bytes").
[[nodiscard]] QString formatBytes(int64_t bytes);

} // namespace fanva::llm
