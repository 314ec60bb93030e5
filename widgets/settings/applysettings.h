// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

class QSettings;

/// The Apply settings, kept in the settings file's `apply` group (docs/spec/rewrite.md §5).
struct ApplySettings {
    /// Commit Applies to git: Apply commits the target file alone when it lies in a git
    /// work tree, and Undo Apply reverts that commit. On unless turned off.
    bool gitCommits = true;

    [[nodiscard]] static ApplySettings load(const QSettings &settings);
    void save(QSettings &settings) const;
    friend bool operator==(const ApplySettings &, const ApplySettings &) = default;
};
