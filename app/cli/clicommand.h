// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <cstdio>

/// One fanva-cli subcommand: its name as typed, a one-line summary for the top-level
/// help, and the function that runs it. A command receives its own arguments (without
/// the program and subcommand names) and returns the process exit code:
/// 0 success, 1 the input has problems, 2 usage, I/O or transport error, or cancelled.
struct CliCommand {
    const char *name;
    const char *summary;
    int (*run)(const QStringList &args);
};

namespace cli {

enum ExitCode { ExitOk = 0, ExitProblems = 1, ExitError = 2 };

/// Writes text to stdout / stderr as UTF-8, unbuffered enough for streaming.
void out(const QString &text);
void err(const QString &text);

/// Prints "fanva-cli NAME: MESSAGE" and the hint to use --help to stderr; returns ExitError.
[[nodiscard]] int usageError(const QString &command, const QString &message);

} // namespace cli
