// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/redactor.h"

#include <QMutexLocker>
#include <QRegularExpression>

namespace fanva::llm {

Redactor &Redactor::instance()
{
    static Redactor s_instance;
    return s_instance;
}

void Redactor::addSecret(const QString &secret)
{
    // A very short "secret" would redact ordinary words.
    if (secret.size() < 8)
        return;
    const QMutexLocker locker(&m_mutex);
    if (!m_secrets.contains(secret))
        m_secrets.append(secret);
}

QString Redactor::redact(const QString &text) const
{
    static const QRegularExpression s_userInfo(QStringLiteral("(\\b[a-zA-Z][a-zA-Z0-9+.-]*://)[^/@\\s]+@"));
    QString result = text;
    {
        const QMutexLocker locker(&m_mutex);
        for (const QString &secret : m_secrets)
            result.replace(secret, QStringLiteral("[redacted]"));
    }
    result.replace(s_userInfo, QStringLiteral("\\1"));
    return result;
}

std::string Redactor::redact(const std::string &text) const
{
    return redact(QString::fromStdString(text)).toStdString();
}

bool Redactor::isLoggableHeader(QByteArrayView name)
{
    return name.startsWith("content-") || name == "accept" || name == "anthropic-version" || name == "request-id"
        || name.startsWith("retry-after") || name.startsWith("anthropic-ratelimit-");
}

} // namespace fanva::llm
