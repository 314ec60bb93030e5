// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli run to its end by a test that was built with FANVA_CLI_PATH (tests/app).
#pragma once

#include "process.h"

#include <QtGlobal>

#ifndef FANVA_CLI_PATH
#error "clirun.h needs FANVA_CLI_PATH: target_compile_definitions(TEST PRIVATE FANVA_CLI_PATH=...)"
#endif

namespace fanva::testsupport {

/// The fanva-cli under test: this build's, or $FANVA_TEST_CLI (another build's, to see a
/// test fail on an older one).
[[nodiscard]] inline QString cliPath()
{
    return qEnvironmentVariable("FANVA_TEST_CLI", QStringLiteral(FANVA_CLI_PATH));
}

/// fanva-cli with `args` (and `input` on its standard input), run to its end.
[[nodiscard]] inline ProcessRun runCli(const QStringList &args, const QByteArray &input = {})
{
    return runProgram(cliPath(), args, input);
}

} // namespace fanva::testsupport
