// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QStringList>

// The run function of each fanva-cli subcommand, defined in its own cmd_*.cpp and listed in
// main.cpp's table (CliCommand): its own arguments in, the process exit code out.
int runParse(const QStringList &args);
int runFmt(const QStringList &args);
int runKb(const QStringList &args);
int runCheck(const QStringList &args);
int runAsk(const QStringList &args);
int runProviders(const QStringList &args);
int runFormalize(const QStringList &args);
int runBatch(const QStringList &args);
int runApply(const QStringList &args);
int runGloss(const QStringList &args);
int runScore(const QStringList &args);
int runRewrite(const QStringList &args);
int runRetract(const QStringList &args);
