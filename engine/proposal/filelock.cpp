// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/filelock_p.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <thread>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace fanva::proposal::detail {

QString errnoText(int error)
{
#ifdef ENOSPC
    if (error == ENOSPC)
        return QStringLiteral("the disk is full");
#endif
    return QString::fromLocal8Bit(std::strerror(error));
}

bool makePrivateFolder(const QString &dir)
{
#ifdef Q_OS_UNIX
    const QString path = QDir::cleanPath(QFileInfo(dir).absoluteFilePath());
    if (QFileInfo(path).isDir())
        return true;
    const QString parent = QFileInfo(path).absolutePath();
    if (parent != path && !makePrivateFolder(parent))
        return false;
    return ::mkdir(QFile::encodeName(path).constData(), 0700) == 0 || (errno == EEXIST && QFileInfo(path).isDir());
#else
    return QDir().mkpath(dir);
#endif
}

FileLock::FileLock(const QString &lockFile, const LockWait &wait)
{
#ifdef Q_OS_UNIX
    const QString dir = QFileInfo(lockFile).absolutePath();
    if (!makePrivateFolder(dir)) {
        m_error = QStringLiteral("Cannot create %1.").arg(dir);
        return;
    }
    const int fd = ::open(QFile::encodeName(lockFile).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        m_error = QStringLiteral("Cannot open the lock file %1: %2.").arg(lockFile, errnoText(errno));
        return;
    }
    // Polled, not a blocking flock: the wait can be reported, cancelled and bounded.
    const QDeadlineTimer deadline = wait.timeoutMs < 0 ? QDeadlineTimer(QDeadlineTimer::Forever) : QDeadlineTimer(wait.timeoutMs);
    const QString holder = wait.holder.isEmpty() ? QStringLiteral("another Fanva process") : wait.holder;
    bool reported = false;
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR)
            continue;
        if (errno != EWOULDBLOCK) {
            m_error = QStringLiteral("Cannot lock %1: %2.").arg(lockFile, errnoText(errno));
            ::close(fd);
            return;
        }
        if (!reported && wait.progress)
            wait.progress(QStringLiteral("Waiting for %1…").arg(holder));
        reported = true;
        if (wait.cancelled && wait.cancelled()) {
            m_cancelled = true;
            m_error = QStringLiteral("Cancelled while waiting for %1.").arg(holder);
            ::close(fd);
            return;
        }
        if (deadline.hasExpired()) {
            m_error = QStringLiteral("Gave up after %1 s waiting for %2 (it holds the lock file %3); try again once it has finished.")
                          .arg(wait.timeoutMs / 1000.0)
                          .arg(holder, lockFile);
            ::close(fd);
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    m_fd = fd;
#else
    Q_UNUSED(lockFile)
    m_fd = 0;
#endif
}

FileLock::~FileLock()
{
#ifdef Q_OS_UNIX
    if (m_fd >= 0)
        ::close(m_fd); // releases the flock
#endif
}

QString kbFileLockPath(const QString &journalPath, const QString &kbFile)
{
    const QFileInfo info(kbFile);
    const QString dir = QFileInfo(info.absolutePath()).canonicalFilePath();
    const QString key = (dir.isEmpty() ? info.absolutePath() : dir) + QLatin1Char('/') + info.fileName();
    const QByteArray hash = QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha256).toHex().left(32);
    return QDir(QFileInfo(journalPath).absolutePath())
        .filePath(QStringLiteral("locks/") + QString::fromLatin1(hash) + QStringLiteral(".lock"));
}

LockWait kbLockWait(
    const QString &kbFile, const std::function<void(const QString &)> &progress, const std::function<bool()> &cancelled, int timeoutMs)
{
    return LockWait { QStringLiteral("another Apply to %1").arg(QFileInfo(kbFile).fileName()), progress, cancelled,
        timeoutMs > 0 ? timeoutMs : s_kbLockTimeoutMs };
}

QString journalLockPath(const QString &journalPath)
{
    return QFileInfo(journalPath).absoluteFilePath() + QStringLiteral(".lock");
}

} // namespace fanva::proposal::detail
