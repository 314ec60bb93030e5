// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QDateTime>
#include <QString>

#include <functional>

namespace fanva::formalize {

/// The session's only sources of wall-clock time and fresh ids. Production code uses
/// system(); tests inject both so that a rerun writes a byte-identical session file
/// (formalize.md §14).
struct Environment {
    /// The current time, UTC.
    std::function<QDateTime()> now;
    /// A fresh unique id (sessions, journal transactions).
    std::function<QString()> newId;

    /// The system clock and random UUIDs.
    [[nodiscard]] static Environment system();
    /// A clock that starts at `start` and advances `stepMs` at every reading, and ids
    /// `prefix`1, `prefix`2, …: the same calls give the same answers on every run.
    [[nodiscard]] static Environment deterministic(const QDateTime &start, int stepMs = 1, const QString &prefix = QStringLiteral("id-"));
};

} // namespace fanva::formalize
