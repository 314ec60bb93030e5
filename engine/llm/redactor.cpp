// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/redactor.h"

#include <QMutexLocker>
#include <QRegularExpression>

#include <algorithm>
#include <vector>

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
    // Marks every character that belongs to a known secret, or to any kPieceChars-long piece
    // of one (a server may echo part of a key), then turns each marked run into one marker.
    std::vector<bool> secret(std::size_t(text.size()), false);
    bool any = false;
    const auto mark = [&](const QString &needle) {
        for (qsizetype at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
            std::fill(secret.begin() + at, secret.begin() + at + needle.size(), true);
            any = true;
        }
    };
    {
        const QMutexLocker locker(&m_mutex);
        for (const QString &key : m_secrets) {
            if (key.size() <= kPieceChars) {
                mark(key);
                continue;
            }
            for (qsizetype from = 0; from + kPieceChars <= key.size(); ++from)
                mark(key.sliced(from, kPieceChars));
        }
    }
    QString result;
    if (!any) {
        result = text;
    } else {
        result.reserve(text.size());
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (!secret[std::size_t(i)])
                result += text.at(i);
            else if (i == 0 || !secret[std::size_t(i - 1)])
                result += QStringLiteral("[redacted]");
        }
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
