// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <functional>

namespace fanva::proposal::detail {

/// How a FileLock waits while another process holds the lock: it says so once through
/// `progress`, polls `cancelled`, and gives up after `timeoutMs` (negative: never).
struct LockWait {
    QString holder; ///< who holds it, for the messages: "another Apply to CxAnimals.txt"
    std::function<void(const QString &)> progress;
    std::function<bool()> cancelled;
    int timeoutMs = -1;
};

/// How long Apply, Undo and recovery wait for a KB file's lock unless told otherwise.
inline constexpr int s_kbLockTimeoutMs = 120000;

/// An exclusive advisory lock (`flock`) on a lock file, held from construction to
/// destruction. Apply, Undo, recovery and `fmt` take one per KB file (kbFileLockPath), so
/// two writers never interleave their hash check and rename; the journal's own lock
/// (journalLockPath) orders appends and compaction. Lock order: a KB file's lock, then
/// the journal's, never the other way round.
class FileLock final
{
public:
    /// Waits until the lock is held, or fails (isLocked() false, error() says why: the lock
    /// file cannot be opened, the wait was cancelled or timed out).
    explicit FileLock(const QString &lockFile, const LockWait &wait = {});
    ~FileLock();
    FileLock(const FileLock &) = delete;
    FileLock &operator=(const FileLock &) = delete;

    [[nodiscard]] bool isLocked() const { return m_fd >= 0; }
    [[nodiscard]] QString error() const { return m_error; }
    [[nodiscard]] bool wasCancelled() const { return m_cancelled; }

private:
    int m_fd = -1;
    bool m_cancelled = false;
    QString m_error;
};

/// The lock file of one KB file: beside the journal, in `locks/`, named by a hash of the
/// file's absolute path (its directory's symlinks resolved).
[[nodiscard]] QString kbFileLockPath(const QString &journalPath, const QString &kbFile);

/// How Apply, Undo and recovery wait for the lock of the KB file `kbFile`: as "another Apply to
/// NAME" (an Apply, Undo, recovery or fmt), for `timeoutMs` (0: s_kbLockTimeoutMs).
[[nodiscard]] LockWait kbLockWait(const QString &kbFile, const std::function<void(const QString &)> &progress = {},
    const std::function<bool()> &cancelled = {}, int timeoutMs = 0);

/// The lock file of the journal itself.
[[nodiscard]] QString journalLockPath(const QString &journalPath);

/// Creates `dir` and the folders above it that are missing, each readable by its owner only
/// (0700): the journal's folder, its bases and locks hold copies of KB text. Existing folders are
/// left as they are. False when one cannot be made.
[[nodiscard]] bool makePrivateFolder(const QString &dir);

/// A system error number as a sentence fragment: "the disk is full" for ENOSPC, else the
/// C library's text.
[[nodiscard]] QString errnoText(int error);

} // namespace fanva::proposal::detail
