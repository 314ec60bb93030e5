// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QString>

namespace fanva::proposal {

/// Whether the user let Apply and Undo run git (and so the hooks the repository configures) in
/// one work tree (docs/spec/rewrite.md §5). Asked once per work tree, remembered per user.
enum class GitConsent { Unknown, Allowed, Refused };

/// The root of the git work tree holding `file` (absolute, symbolic links resolved), found by
/// looking for `.git` in its folder and the folders above it, without running git or anything a
/// repository configures; empty when there is none.
[[nodiscard]] QString gitWorkTreeOf(const QString &file);

/// The remembered answer for the work tree `workTreeRoot` (as gitWorkTreeOf() gives it), from
/// `git-consent.json` in the user's configuration folder (AppConfigLocation); Unknown when none.
[[nodiscard]] GitConsent gitConsent(const QString &workTreeRoot);

/// Remembers `consent` for `workTreeRoot` (Unknown forgets it); why not, as a sentence, when the
/// file cannot be written.
[[nodiscard]] Status setGitConsent(const QString &workTreeRoot, GitConsent consent);

/// The file the answers are kept in.
[[nodiscard]] QString gitConsentPath();

} // namespace fanva::proposal
