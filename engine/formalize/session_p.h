// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Helpers shared by the .cpp files of Session (session.cpp, session_judge.cpp, coverage.cpp).

#include <QByteArray>
#include <QCryptographicHash>
#include <QString>

namespace fanva::formalize::detail {

/// SHA-256 hex of `bytes`, as the session log records hashes.
[[nodiscard]] inline QString sha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

} // namespace fanva::formalize::detail
