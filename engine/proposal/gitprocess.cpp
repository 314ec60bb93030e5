// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/gitprocess_p.h"

#include "proposal/gitconsent.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>

#ifdef Q_OS_UNIX
#include <csignal>
#include <unistd.h>
#endif

namespace fanva::proposal::detail {

namespace {

/// Hooks and gpg may take long; the user can cancel meanwhile.
constexpr int s_defaultGitTimeoutMs = 10 * 60 * 1000;
/// How long git has to clean up (its index.lock above all) after SIGTERM.
constexpr int s_termGraceMs = 10000;
constexpr qsizetype s_maxReason = 1000;

/// `<git dir>/index.lock` of the work tree holding `file`, found without running git.
QString indexLockOf(const QString &file)
{
    const QString root = gitWorkTreeOf(file);
    if (root.isEmpty())
        return {};
    const QString dotGit = QDir(root).filePath(QStringLiteral(".git"));
    if (QFileInfo(dotGit).isDir())
        return QDir(dotGit).filePath(QStringLiteral("index.lock"));
    QFile link(dotGit);
    if (!link.open(QIODevice::ReadOnly))
        return {};
    const QString gitDir = QString::fromUtf8(link.readLine()).mid(8).trimmed();
    return QDir(QDir(root).absoluteFilePath(gitDir)).filePath(QStringLiteral("index.lock"));
}

/// SIGTERM to git's whole process group (its hooks included), then SIGKILL if it lingers.
void stopGroup(QProcess &process)
{
#ifdef Q_OS_UNIX
    const qint64 pid = process.processId();
    if (pid > 0)
        ::kill(-pid_t(pid), SIGTERM);
    if (!process.waitForFinished(s_termGraceMs)) {
        if (pid > 0)
            ::kill(-pid_t(pid), SIGKILL);
        process.waitForFinished();
    }
#else
    process.terminate();
    if (!process.waitForFinished(s_termGraceMs)) {
        process.kill();
        process.waitForFinished();
    }
#endif
}

/// Waits for `process` as `control` says; false (and `*why`) when it had to be stopped.
bool waitFor(QProcess &process, GitAccess access, const GitControl &control, QString *why)
{
    const int timeout = control.timeoutMs > 0 ? control.timeoutMs : s_defaultGitTimeoutMs;
    const QDeadlineTimer deadline(timeout);
    QElapsedTimer clock;
    clock.start();
    bool reported = false;
    while (process.state() != QProcess::NotRunning && !process.waitForFinished(100)) {
        if (!reported && control.progress && clock.elapsed() >= 500) {
            control.progress(access == GitAccess::Writes ? QStringLiteral("git: running hooks…") : QStringLiteral("git: waiting for git…"));
            reported = true;
        }
        const bool cancelled = control.cancelled && control.cancelled();
        if (cancelled || deadline.hasExpired()) {
            *why = cancelled ? QStringLiteral("git was cancelled")
                             : QStringLiteral("git did not finish within %1 s and was stopped").arg(timeout / 1000.0);
            stopGroup(process);
            return false;
        }
    }
    return true;
}

} // namespace

GitRun runGit(const QString &file, const QStringList &args, GitAccess access, const GitControl &control)
{
    GitRun run;
    const QString program = QStandardPaths::findExecutable(QStringLiteral("git"));
    if (program.isEmpty()) {
        run.err = QStringLiteral("git is not on the PATH");
        return run;
    }
    if (control.cancelled && control.cancelled()) {
        run.stopped = QStringLiteral("cancelled before git ran");
        return run;
    }
    // Repository-configured programs that a query has no need of stay off (rewrite.md §5).
    QStringList all { QStringLiteral("-c"), QStringLiteral("core.fsmonitor=false") };
    if (access == GitAccess::ReadOnly)
        all.append(QStringLiteral("--no-optional-locks"));
    all += args;
    QProcess process;
    process.setWorkingDirectory(QFileInfo(file).absolutePath());
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("GIT_TERMINAL_PROMPT"), QStringLiteral("0"));
    env.insert(QStringLiteral("GIT_LITERAL_PATHSPECS"), QStringLiteral("1"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    process.setProcessEnvironment(env);
#ifdef Q_OS_UNIX
    // A group of its own: a timeout or Cancel reaches git's hooks too, and not Fanva.
    process.setChildProcessModifier([] { (void)::setsid(); });
#endif
    const QString indexLock = indexLockOf(file);
    const bool lockedBefore = !indexLock.isEmpty() && QFileInfo::exists(indexLock);
    process.start(program, all);
    process.closeWriteChannel();
    if (!process.waitForStarted()) {
        run.err = QStringLiteral("git did not start");
        return run;
    }
    if (!waitFor(process, access, control, &run.stopped)) {
        if (!lockedBefore && !indexLock.isEmpty() && QFileInfo::exists(indexLock))
            run.stopped += QStringLiteral("; it left %1 behind: remove it once no git command runs in that repository").arg(indexLock);
        return run;
    }
    run.started = true;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError()).trimmed();
    return run;
}

QString gitReason(const GitRun &run)
{
    if (!run.stopped.isEmpty())
        return run.stopped;
    const QString text = run.err.isEmpty() ? run.out : run.err;
    QStringList lines;
    QStringList hints;
    for (const QString &raw : text.split(QLatin1Char('\n'))) {
        const QString line = raw.trimmed();
        if (line.isEmpty())
            continue;
        (line.startsWith(QLatin1StringView("hint:")) ? hints : lines).append(line);
    }
    if (lines.isEmpty())
        lines = hints;
    QString reason = lines.join(QLatin1Char(' '));
    if (reason.size() > s_maxReason)
        reason = reason.left(s_maxReason) + QStringLiteral("…");
    return reason.isEmpty() ? QStringLiteral("no reason given") : reason;
}

} // namespace fanva::proposal::detail
