// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "status.h"

#include <QByteArray>
#include <QString>

#include <functional>

namespace fanva::proposal::detail {

/// A file's bytes as a writer read them: absent, unreadable (not a regular file, or no
/// permission) or read.
struct FileState {
    bool exists = false;
    bool readable = true;
    QByteArray bytes;
};

/// Reads `path` without ever opening what is not a regular file (a FIFO would block the read).
[[nodiscard]] FileState readFile(const QString &path);

/// Why `path` may not be replaced, as a sentence; empty when it may. A target must be
/// absent or a regular file that is not a symbolic link and has no other hard link (a
/// rename would split the links; a FIFO would block the read).
[[nodiscard]] QString unsafeTarget(const QString &path);

/// True if `path` (its symbolic links followed) is a regular file: safe to open and read.
[[nodiscard]] bool isRegularFile(const QString &path);

/// Replaces `path` with `bytes`: a temporary file in the same directory, fsync'ed, renamed
/// over the target, then the directory fsync'ed, so that after a crash the file holds
/// either the old or the new bytes. Mode, owner and group are kept (owner and group where
/// the process may); a symbolic link is followed, anything but a regular file refused. KB
/// writers check unsafeTarget() first (no links at all). `beforeRename` runs once the
/// temporary file is durable and may veto the rename by failing (the journal writes its pending
/// line there, and the caller checks the target's hash again): its message becomes the write's
/// ("The write of PATH was abandoned." when it has none). Messages are sentences ending with a
/// period. A new file gets `newFileMode` (less the umask).
[[nodiscard]] Status writeAtomically(
    const QString &path, const QByteArray &bytes, const std::function<Status()> &beforeRename, int newFileMode = 0666);

/// Removes `path` and fsyncs its directory.
[[nodiscard]] Status removeDurably(const QString &path);

/// fsync of a directory, so a rename or removal inside it survives a crash.
[[nodiscard]] bool syncDirectory(const QString &dir);

/// Removes the temporary files writeAtomically left beside `path` when a crash came between
/// the temporary write and the rename; returns how many. Call it holding the file's lock.
int removeLeftoverTemporaries(const QString &path);

} // namespace fanva::proposal::detail
