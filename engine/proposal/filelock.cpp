// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/filelock_p.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/file.h>
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

FileLock::FileLock(const QString &lockFile)
{
#ifdef Q_OS_UNIX
    const QString dir = QFileInfo(lockFile).absolutePath();
    if (!QDir().mkpath(dir)) {
        m_error = QStringLiteral("Cannot create %1.").arg(dir);
        return;
    }
    const int fd = ::open(QFile::encodeName(lockFile).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) {
        m_error = QStringLiteral("Cannot open the lock file %1: %2.").arg(lockFile, errnoText(errno));
        return;
    }
    int rc = 0;
    while ((rc = ::flock(fd, LOCK_EX)) != 0 && errno == EINTR) { }
    if (rc != 0) {
        m_error = QStringLiteral("Cannot lock %1: %2.").arg(lockFile, errnoText(errno));
        ::close(fd);
        return;
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

QString journalLockPath(const QString &journalPath)
{
    return QFileInfo(journalPath).absoluteFilePath() + QStringLiteral(".lock");
}

} // namespace fanva::proposal::detail
