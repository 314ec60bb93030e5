// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/atomicwrite_p.h"

#include "proposal/filelock_p.h"
#include "proposal/logging_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSaveFile>

#include <cerrno>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace fanva::proposal::detail {

namespace {

/// Temporary files are hidden (the loader skips dot files) and say who made them:
/// ".CxAnimals.txt.fanva-XXXXXX".
QString temporaryPrefix(const QString &path)
{
    const QFileInfo info(path);
    return QLatin1Char('.') + info.fileName() + QStringLiteral(".fanva-");
}

QString randomSuffix()
{
    static constexpr char s_letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    QString out;
    for (int i = 0; i < 6; ++i)
        out.append(QLatin1Char(s_letters[QRandomGenerator::global()->bounded(int(sizeof s_letters) - 1)]));
    return out;
}

} // namespace

FileState readFile(const QString &path)
{
    FileState state;
    QFile file(path);
    if (!file.exists())
        return state;
    state.exists = true;
    if (!isRegularFile(path) || !file.open(QIODevice::ReadOnly)) {
        state.readable = false;
        return state;
    }
    state.bytes = file.readAll();
    return state;
}

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

QString unsafeTarget(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st {
    };
    if (::lstat(QFile::encodeName(path).constData(), &st) != 0)
        return {};
    if (S_ISLNK(st.st_mode))
        return QStringLiteral("%1 is a symbolic link; Fanva writes only regular files, not through links.").arg(path);
    if (!S_ISREG(st.st_mode))
        return QStringLiteral("%1 is not a regular file.").arg(path);
    if (st.st_nlink > 1)
        return QStringLiteral("%1 has %2 hard links; replacing it would split them. Remove the other links first.")
            .arg(path)
            .arg(qulonglong(st.st_nlink));
#else
    const QFileInfo info(path);
    if (info.isSymLink())
        return QStringLiteral("%1 is a symbolic link; Fanva writes only regular files, not through links.").arg(path);
    if (info.exists() && !info.isFile())
        return QStringLiteral("%1 is not a regular file.").arg(path);
#endif
    return {};
}

bool isRegularFile(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat st {
    };
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 && S_ISREG(st.st_mode);
#else
    return QFileInfo(path).isFile();
#endif
}

#ifdef Q_OS_UNIX
Status writeAtomically(const QString &linkOrPath, const QByteArray &bytes, const std::function<Status()> &beforeRename, int newFileMode)
{
    // A link is written through, as QSaveFile does (KB writers refuse links before this).
    const QFileInfo linkInfo(linkOrPath);
    const QString path = linkInfo.isSymLink() && !linkInfo.canonicalFilePath().isEmpty() ? linkInfo.canonicalFilePath() : linkOrPath;
    const QByteArray target = QFile::encodeName(path);
    struct stat st {
    };
    const bool existed = ::stat(target.constData(), &st) == 0;
    if (existed && !S_ISREG(st.st_mode))
        return Status::failure(QStringLiteral("%1 is not a regular file.").arg(path));

    const QString dir = QFileInfo(path).absolutePath();
    QString temporary;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temporary = QDir(dir).filePath(temporaryPrefix(path) + randomSuffix());
        fd = ::open(
            QFile::encodeName(temporary).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, existed ? 0600 : mode_t(newFileMode));
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        return Status::failure(QStringLiteral("Cannot write %1: %2.").arg(path, errnoText(errno)));
    const QByteArray temporaryName = QFile::encodeName(temporary);
    const auto fail = [&](const QString &message) {
        ::close(fd);
        ::unlink(temporaryName.constData());
        return Status::failure(message);
    };
    if (existed) {
        // Owner and group first (a chown may clear set-id bits), then the mode. Only root
        // may give a file away; a group the user belongs to is kept either way.
        if (::fchown(fd, st.st_uid, st.st_gid) != 0)
            (void)!::fchown(fd, static_cast<uid_t>(-1), st.st_gid);
        if (::fchmod(fd, st.st_mode & 07777) != 0)
            return fail(QStringLiteral("Cannot keep the permissions of %1: %2.").arg(path, errnoText(errno)));
    }
    qsizetype done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.constData() + done, size_t(bytes.size() - done));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return fail(QStringLiteral("Cannot write %1: %2.").arg(path, errnoText(n < 0 ? errno : EIO)));
        done += n;
    }
    if (::fsync(fd) != 0)
        return fail(QStringLiteral("Cannot flush %1 to disk: %2.").arg(path, errnoText(errno)));
    if (beforeRename) {
        if (const Status veto = beforeRename(); !veto)
            return fail(veto.message().isEmpty() ? QStringLiteral("The write of %1 was abandoned.").arg(path) : veto.message());
    }
    if (::close(fd) != 0) {
        ::unlink(temporaryName.constData());
        return Status::failure(QStringLiteral("Cannot write %1: %2.").arg(path, errnoText(errno)));
    }
    if (::rename(temporaryName.constData(), target.constData()) != 0) {
        const int e = errno;
        ::unlink(temporaryName.constData());
        return Status::failure(QStringLiteral("Cannot replace %1: %2.").arg(path, errnoText(e)));
    }
    // The rename has happened: a directory that cannot be synced is worth a warning, but
    // reporting a failure now would make the caller believe nothing was written.
    if (!syncDirectory(dir))
        qCWarning(lcProposal, "cannot flush the directory of %ls to disk", qUtf16Printable(path));
    return {};
}
#else
Status writeAtomically(const QString &path, const QByteArray &bytes, const std::function<Status()> &beforeRename, int newFileMode)
{
    Q_UNUSED(newFileMode)
    const QFileInfo info(path);
    if (info.exists() && !info.isFile())
        return Status::failure(QStringLiteral("%1 is not a regular file.").arg(path));
    const bool existed = info.exists();
    const QFileDevice::Permissions permissions = existed ? info.permissions() : QFileDevice::Permissions();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.flush()) {
        const QString message = QStringLiteral("Cannot write %1: %2.").arg(path, file.errorString());
        file.cancelWriting();
        return Status::failure(message);
    }
    if (beforeRename) {
        if (const Status veto = beforeRename(); !veto) {
            file.cancelWriting();
            return Status::failure(veto.message().isEmpty() ? QStringLiteral("The write of %1 was abandoned.").arg(path) : veto.message());
        }
    }
    if (!file.commit())
        return Status::failure(QStringLiteral("Cannot replace %1: %2.").arg(path, file.errorString()));
    if (existed && QFileInfo(path).permissions() != permissions)
        QFile::setPermissions(path, permissions);
    return {};
}
#endif

Status removeDurably(const QString &path)
{
    if (!QFile::remove(path))
        return Status::failure(QStringLiteral("Cannot remove %1.").arg(path));
    if (!syncDirectory(QFileInfo(path).absolutePath()))
        return Status::failure(QStringLiteral("Cannot flush the directory of %1 to disk.").arg(path));
    return {};
}

int removeLeftoverTemporaries(const QString &path)
{
    const QFileInfo info(path);
    const QString prefix = temporaryPrefix(path);
    QDir dir(info.absolutePath());
    int removed = 0;
    const QStringList names = dir.entryList({ prefix + QStringLiteral("??????") }, QDir::Files | QDir::Hidden | QDir::System);
    for (const QString &name : names) {
        if (name.size() == prefix.size() + 6 && dir.remove(name))
            ++removed;
    }
    if (removed > 0)
        (void)syncDirectory(dir.absolutePath());
    return removed;
}

} // namespace fanva::proposal::detail
