// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/endpointarg.h"

namespace fanva::llm {

int defaultSlots(const QString &providerId)
{
    if (providerId == QLatin1StringView("openai"))
        return 8;
    if (providerId == QLatin1StringView("anthropic"))
        return 4;
    return 1; // ollama, and the local kinds that take one request at a time
}

Result<EndpointArg> parseEndpointArg(const QString &text)
{
    EndpointArg arg;
    QString url = text.trimmed();
    if (const qsizetype at = url.lastIndexOf(QLatin1Char('@')); at >= 0) {
        const QString tail = url.mid(at + 1);
        if (!tail.contains(QLatin1Char('/')) && !tail.contains(QLatin1Char(':')) && !tail.contains(QLatin1Char('.'))) {
            bool ok = false;
            const int slots = tail.toInt(&ok);
            if (!ok || slots < 1 || slots > kMaxEndpointSlots)
                return Error { QStringLiteral("The endpoint %1 ends in @%2, which is no number of slots: write URL@N with N from 1 to %3.")
                                   .arg(text, tail)
                                   .arg(kMaxEndpointSlots) };
            arg.slots = slots;
            url.truncate(at);
        }
    }
    arg.url = QUrl(url, QUrl::StrictMode);
    const QString scheme = arg.url.scheme();
    if (!arg.url.isValid() || arg.url.host().isEmpty() || (scheme != QLatin1StringView("http") && scheme != QLatin1StringView("https")))
        return Error { QStringLiteral("The endpoint %1 is no http or https URL with a host, such as http://127.0.0.1:11434.").arg(text) };
    return arg;
}

} // namespace fanva::llm
