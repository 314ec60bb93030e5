// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QString>

#include <functional>

namespace fanva::proposal::detail {

/// Replaces `path` with `bytes`: a temporary file in the same directory (QSaveFile),
/// fsync'ed, renamed over the target, then the directory fsync'ed, so that after a crash
/// the file holds either the old or the new bytes. The file's permissions are kept.
/// `beforeRename` runs once the temporary file is durable and may veto the rename by
/// returning false (the journal writes its pending line there).
[[nodiscard]] bool writeAtomically(const QString &path, const QByteArray &bytes, const std::function<bool()> &beforeRename, QString *error);

/// Removes `path` and fsyncs its directory.
[[nodiscard]] bool removeDurably(const QString &path, QString *error);

/// fsync of a directory, so a rename or removal inside it survives a crash.
[[nodiscard]] bool syncDirectory(const QString &dir);

} // namespace fanva::proposal::detail
