// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace fanva::proposal::detail {

/// An exclusive advisory lock (`flock`) on a lock file, held from construction to
/// destruction. Apply, Undo, recovery and `fmt` take one per KB file (kbFileLockPath), so
/// two writers never interleave their hash check and rename; the journal's own lock
/// (journalLockPath) orders appends and compaction. Lock order: a KB file's lock, then
/// the journal's, never the other way round.
class FileLock final
{
public:
    /// Blocks until the lock is held, or fails (isLocked() false, error() says why).
    explicit FileLock(const QString &lockFile);
    ~FileLock();
    FileLock(const FileLock &) = delete;
    FileLock &operator=(const FileLock &) = delete;

    [[nodiscard]] bool isLocked() const { return m_fd >= 0; }
    [[nodiscard]] QString error() const { return m_error; }

private:
    int m_fd = -1;
    QString m_error;
};

/// The lock file of one KB file: beside the journal, in `locks/`, named by a hash of the
/// file's absolute path (its directory's symlinks resolved).
[[nodiscard]] QString kbFileLockPath(const QString &journalPath, const QString &kbFile);

/// The lock file of the journal itself.
[[nodiscard]] QString journalLockPath(const QString &journalPath);

/// A system error number as a sentence fragment: "the disk is full" for ENOSPC, else the
/// C library's text.
[[nodiscard]] QString errnoText(int error);

} // namespace fanva::proposal::detail
