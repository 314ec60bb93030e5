// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/gitcommit.h"

#include <QString>
#include <QStringList>

namespace fanva::proposal::detail {

/// What one git call did.
struct GitRun {
    bool started = false;
    int exitCode = -1;
    QString out;
    QString err;
    QString stopped; ///< why Fanva stopped it (cancelled, timed out), naming a lock it left; empty otherwise
    [[nodiscard]] bool ok() const { return started && stopped.isEmpty() && exitCode == 0; }
};

/// Whether a call only reads (no optional locks are taken) or writes (index, commits; hooks run).
enum class GitAccess { ReadOnly, Writes };

/// Runs git in `file`'s folder through QProcess, in a process group of its own, with
/// `core.fsmonitor` off, literal pathspecs, no terminal prompt and the C locale; follows and
/// stops it as `control` says (gitcommit.h GitControl).
[[nodiscard]] GitRun runGit(const QString &file, const QStringList &args, GitAccess access, const GitControl &control);

/// Why a call failed, as git said it: every meaningful line of its error output (hints left out
/// while another line remains), trimmed and joined; or why Fanva stopped it.
[[nodiscard]] QString gitReason(const GitRun &run);

} // namespace fanva::proposal::detail
