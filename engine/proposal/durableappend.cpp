// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/durableappend.h"

#include "proposal/atomicwrite_p.h"
#include "proposal/filelock_p.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace fanva::proposal {

Status appendDurably(const QString &path, const QByteArray &line, const QString &what)
{
    const QFileInfo info(path);
    if (!detail::makePrivateFolder(info.absolutePath()))
        return Status::failure(QStringLiteral("Cannot create %1.").arg(info.absolutePath()));
    const bool created = !info.exists();
    QByteArray bytes = line;
    {
        // A last line without its newline was torn (a crash or a full disk mid-append):
        // end it, so that it stays one unreadable line instead of swallowing this one.
        QFile existing(path);
        if (!created && detail::isRegularFile(path) && existing.open(QIODevice::ReadOnly) && existing.size() > 0
            && existing.seek(existing.size() - 1)) {
            char last = '\n';
            if (existing.getChar(&last) && last != '\n')
                bytes.prepend('\n');
        }
    }
#ifdef Q_OS_UNIX
    // Written by hand so that the system's reason (a full disk above all) reaches the message.
    const int fd = ::open(QFile::encodeName(path).constData(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0)
        return Status::failure(QStringLiteral("Cannot open %1: %2.").arg(what, detail::errnoText(errno)));
    for (qsizetype done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const QString message = QStringLiteral("Cannot write %1: %2.").arg(what, detail::errnoText(n < 0 ? errno : EIO));
            ::close(fd);
            return Status::failure(message);
        }
        done += n;
    }
    const bool synced = ::fsync(fd) == 0;
    const int syncError = errno;
    ::close(fd);
    if (!synced)
        return Status::failure(QStringLiteral("Cannot flush %1 to disk: %2.").arg(what, detail::errnoText(syncError)));
#else
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Append) || file.write(bytes) != bytes.size() || !file.flush())
        return Status::failure(QStringLiteral("Cannot write %1: %2.").arg(what, file.errorString()));
#endif
    if (created)
        (void)detail::syncDirectory(info.absolutePath());
    return {};
}

} // namespace fanva::proposal
