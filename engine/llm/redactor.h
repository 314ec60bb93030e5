// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QMutex>
#include <QString>
#include <QStringList>

#include <string>

namespace fanva::llm {

/// The process-wide list of loaded secrets. Every text that is logged or shown passes
/// through redact(): each known secret, and any run of text made of kPieceChars-long pieces
/// of one (a partly echoed key), becomes "[redacted]"; URL user info is dropped. Thread-safe.
class Redactor final
{
public:
    /// The shortest piece of a secret that is redacted on its own.
    static constexpr qsizetype kPieceChars = 12;

    [[nodiscard]] static Redactor &instance();

    /// Registers a secret (an API key); empty or very short strings are ignored.
    void addSecret(const QString &secret);

    [[nodiscard]] QString redact(const QString &text) const;
    [[nodiscard]] std::string redact(const std::string &text) const;

    /// Whether a header's value may appear in debug output (providers.md §7's allow-list).
    [[nodiscard]] static bool isLoggableHeader(QByteArrayView lowerCaseName);

private:
    Redactor() = default;
    mutable QMutex m_mutex;
    QStringList m_secrets;
};

} // namespace fanva::llm
