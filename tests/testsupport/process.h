// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// A program run to its end as a test's subject (fanva-cli most of all), and the small file
// helpers such tests share.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace fanva::testsupport {

/// What one finished run printed and how it ended.
struct ProcessRun {
    /// The exit code; -1 when the program crashed, was killed or did not finish in time.
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

/// Runs `program` with `args` and waits up to a minute. A non-null `input` is written to its
/// standard input, which is then closed.
[[nodiscard]] ProcessRun runProgram(const QString &program, const QStringList &args, const QByteArray &input = {});

/// The bytes of the file at `path`; empty when it cannot be read.
[[nodiscard]] QByteArray readFileBytes(const QString &path);

/// Writes `bytes` to `path`, replacing what was there; false on any failure.
[[nodiscard]] bool writeFileBytes(const QString &path, const QByteArray &bytes);

/// Copies every file under `from` to the same place under `to` (folders made as needed),
/// each copy writable by its owner; `patterns` (QDir wildcards) limit the files copied.
[[nodiscard]] bool copyTree(const QString &from, const QString &to, const QStringList &patterns = {});

} // namespace fanva::testsupport
