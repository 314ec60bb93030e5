// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/retrypolicy.h"

#include <QLocale>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace fanva::llm {

std::chrono::milliseconds backoffDelay(const RetryPolicy &policy, int retry, double jitter)
{
    const double exponential = double(policy.base.count()) * std::pow(2.0, retry);
    const double capped = std::min(exponential, double(policy.cap.count()));
    return std::chrono::milliseconds(std::llround(capped * (1.0 - 0.25 * std::clamp(jitter, 0.0, 1.0))));
}

std::optional<std::chrono::milliseconds> serverRetryDelay(
    const QByteArray &retryAfterMs, const QByteArray &retryAfter, const QDateTime &now)
{
    bool ok = false;
    if (!retryAfterMs.isEmpty()) {
        const double ms = retryAfterMs.trimmed().toDouble(&ok);
        if (ok && ms > 0)
            return std::chrono::milliseconds(std::llround(ms));
    }
    if (retryAfter.isEmpty())
        return std::nullopt;
    const double seconds = retryAfter.trimmed().toDouble(&ok);
    if (ok)
        return seconds > 0 ? std::optional(std::chrono::milliseconds(std::llround(seconds * 1000))) : std::nullopt;
    const QDateTime date
        = QLocale::c().toDateTime(QString::fromLatin1(retryAfter.trimmed()), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss 'GMT'"));
    if (!date.isValid())
        return std::nullopt;
    QDateTime utc = date;
    utc.setTimeZone(QTimeZone::utc());
    const qint64 ms = now.msecsTo(utc);
    return ms > 0 ? std::optional(std::chrono::milliseconds(ms)) : std::nullopt;
}

} // namespace fanva::llm
