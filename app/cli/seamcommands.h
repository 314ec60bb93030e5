// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The fanva-cli commands parse, fmt, check, gloss, kb stats and kb term for a KB language other than
// fanva-kb, written against fanva::lang::Language alone (nibli-kr.md §1.1). The fanva-kb
// paths keep their own code, whose output they must not change.
#pragma once

#include "clicommand.h"
#include "lang/registry.h"

#include <QStringList>

#include <nlohmann/json_fwd.hpp>

#include <vector>

namespace fanva::check {
struct Problem;
}

namespace cli {

/// The problems of one statement that are (or, with @p blocking false, are not) blocking, as
/// `check --json` lists them: `[{type, message}]`.
[[nodiscard]] nlohmann::json problemsJson(const std::vector<fanva::check::Problem> &problems, bool blocking);

/// parse FILE…: every reader diagnostic as FILE:LINE:COL: error: MESSAGE; with `canonical`
/// each statement's key, one a line.
[[nodiscard]] int parseWithLanguage(const CommandLine &commandLine, const QStringList &files, bool canonical, bool json);
/// fmt FILE…: each file rewritten in the language's layout; with `checkOnly` nothing changes.
[[nodiscard]] int fmtWithLanguage(const CommandLine &commandLine, const QStringList &files, bool checkOnly);
/// check --kb DIR FILE…|-: the critic on each statement alone against the KB.
[[nodiscard]] int checkWithLanguage(const CommandLine &commandLine, const QString &kbDir, const QStringList &inputs, bool json);
/// gloss --kb DIR FILE|-: each statement's gloss.
[[nodiscard]] int glossWithLanguage(const CommandLine &commandLine, const QString &kbDir, const QString &input, bool json);
/// kb stats --kb DIR: statements and targets.
[[nodiscard]] int kbStatsWithLanguage(const CommandLine &commandLine, const QString &kbDir, bool json);
/// kb term --kb DIR WORD: what the KB and its language say about WORD (Language::describeTerm);
/// ExitProblems for a word neither knows.
[[nodiscard]] int kbTermWithLanguage(
    const CommandLine &commandLine, const QString &kbDir, const QString &word, const QString &target, bool json);

} // namespace cli
