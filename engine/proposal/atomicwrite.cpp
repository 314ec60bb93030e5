// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/atomicwrite_p.h"

#include "proposal/logging_p.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <unistd.h>
#endif

namespace fanva::proposal::detail {

bool syncDirectory(const QString &dir)
{
#ifdef Q_OS_UNIX
    const int fd = ::open(QFile::encodeName(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return false;
    const bool ok = ::fsync(fd) == 0;
    ::close(fd);
    return ok;
#else
    Q_UNUSED(dir)
    return true;
#endif
}

bool writeAtomically(const QString &path, const QByteArray &bytes, const std::function<bool()> &beforeRename, QString *error)
{
    const QFileInfo info(path);
    const bool existed = info.exists();
    const QFileDevice::Permissions permissions = existed ? info.permissions() : QFileDevice::Permissions();

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        *error = QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
#ifdef Q_OS_UNIX
    if (::fsync(file.handle()) != 0) {
        *error = QStringLiteral("cannot flush %1 to disk").arg(path);
        file.cancelWriting();
        return false;
    }
#endif
    if (beforeRename && !beforeRename()) {
        file.cancelWriting();
        if (error->isEmpty())
            *error = QStringLiteral("the write of %1 was abandoned").arg(path);
        return false;
    }
    if (!file.commit()) {
        *error = QStringLiteral("cannot replace %1: %2").arg(path, file.errorString());
        return false;
    }
    if (existed && QFileInfo(path).permissions() != permissions)
        QFile::setPermissions(path, permissions);
    // The rename has happened: a directory that cannot be synced is worth a warning, but
    // reporting a failure now would make the caller believe nothing was written.
    if (!syncDirectory(info.absolutePath()))
        qCWarning(lcProposal, "cannot flush the directory of %ls to disk", qUtf16Printable(path));
    return true;
}

bool removeDurably(const QString &path, QString *error)
{
    if (!QFile::remove(path)) {
        *error = QStringLiteral("cannot remove %1").arg(path);
        return false;
    }
    if (!syncDirectory(QFileInfo(path).absolutePath())) {
        *error = QStringLiteral("cannot flush the directory of %1 to disk").arg(path);
        return false;
    }
    return true;
}

} // namespace fanva::proposal::detail
