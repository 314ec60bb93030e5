// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <cstdint>

namespace fanva::lang {

/// One reader or loader message of any language: FILE:LINE:COL: error|warning: MESSAGE.
/// Lines and columns are 1-based (columns in code points); byteOffset is into the raw file.
/// `code` is a stable kebab-case id of the kind of message, spelled once by the language that
/// reports it (fanva-kb: `kb::codes`, engine/kb/README.md): tools and tests compare codes;
/// people and models read the message.
struct Diagnostic {
    enum class Severity : std::uint8_t { Error, Warning };

    QString code;
    QString file;
    int line = 0;
    int column = 0;
    qint64 byteOffset = 0;
    QString message;
    Severity severity = Severity::Error;

    [[nodiscard]] bool isError() const { return severity == Severity::Error; }
    /// "FILE:LINE:COL: error: MESSAGE" (or "warning:"); the position is left out when line is 0.
    [[nodiscard]] QString toString() const
    {
        const QString kind = severity == Severity::Error ? QStringLiteral("error") : QStringLiteral("warning");
        if (line <= 0)
            return QStringLiteral("%1: %2: %3").arg(file, kind, message);
        return QStringLiteral("%1:%2:%3: %4: %5").arg(file).arg(line).arg(column).arg(kind, message);
    }

    friend bool operator==(const Diagnostic &, const Diagnostic &) = default;
};

} // namespace fanva::lang
