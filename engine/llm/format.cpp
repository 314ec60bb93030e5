// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/format.h"

namespace fanva::llm {

namespace {

QString seconds(std::chrono::milliseconds ms)
{
    // One decimal at most, without a trailing ".0".
    const int64_t tenths = (ms.count() + 50) / 100;
    if (tenths % 10 == 0)
        return QStringLiteral("%1 s").arg(tenths / 10);
    return QStringLiteral("%1.%2 s").arg(tenths / 10).arg(tenths % 10);
}

} // namespace

QString formatCount(int64_t count)
{
    QString digits = QString::number(count < 0 ? -count : count);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(','));
    return count < 0 ? QLatin1Char('-') + digits : digits;
}

QString formatDelay(std::chrono::milliseconds delay)
{
    if (delay < std::chrono::seconds(1))
        return QStringLiteral("%1 ms").arg(delay.count());
    return seconds(delay);
}

QString formatLimit(std::chrono::milliseconds limit)
{
    if (limit >= std::chrono::minutes(10) && limit.count() % 60000 == 0)
        return QStringLiteral("%1 min").arg(limit.count() / 60000);
    return seconds(limit);
}

QString formatBytes(int64_t bytes)
{
    constexpr int64_t kKiB = 1024;
    if (bytes > 0 && bytes % (kKiB * kKiB) == 0)
        return QStringLiteral("%1 MiB").arg(formatCount(bytes / (kKiB * kKiB)));
    if (bytes > 0 && bytes % kKiB == 0)
        return QStringLiteral("%1 KiB").arg(formatCount(bytes / kKiB));
    return QStringLiteral("%1 bytes").arg(formatCount(bytes));
}

} // namespace fanva::llm
