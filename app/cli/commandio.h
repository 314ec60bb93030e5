// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// What the fanva-cli commands over a KB language share: reading an input, loading a KB,
// printing diagnostics and problems. Every command is written against fanva::lang::Language
// alone, one body for every language (docs/spec/language-seam.md).
#pragma once

#include "clicommand.h"
#include "lang/language.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <optional>
#include <vector>

namespace cli {

/// The bytes of FILE, or of stdin for "-"; nullopt after printing why not.
[[nodiscard]] std::optional<QByteArray> readInput(const CommandLine &commandLine, const QString &input);

/// Loads the KB in `kbDir` in the chosen language, printing its diagnostics; null on failure
/// (after saying why). The KB is kept until the process exits.
[[nodiscard]] std::shared_ptr<const fanva::lang::Kb> loadKb(const CommandLine &commandLine, const QString &kbDir);

/// Prints each diagnostic's "FILE:LINE:COL: error: MESSAGE" line on stderr.
void printDiagnostics(const std::vector<fanva::lang::Diagnostic> &diagnostics);

/// The problems of one statement that are (or, with @p blocking false, are not) blocking, as
/// `check --json` lists them: `[{type, message}]`.
[[nodiscard]] nlohmann::json problemsJson(const std::vector<fanva::lang::Problem> &problems, bool blocking);

/// `document` dumped with two-space indent and a final newline, for stdout.
[[nodiscard]] QString jsonText(const nlohmann::json &document);

} // namespace cli
