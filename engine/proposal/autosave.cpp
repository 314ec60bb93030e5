// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/autosave.h"

#include "jsonutil.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QStandardPaths>

#include <algorithm>
#include <cstdint>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#endif

namespace fanva::proposal {

namespace {

constexpr int s_decisionDebounceMs = 2000;
constexpr int s_runningIntervalMs = 30000;

qint64 lockOwner(const QString &lockPath)
{
    QFile file(lockPath);
    if (!file.open(QIODevice::ReadOnly))
        return 0;
    bool ok = false;
    const qint64 pid = file.readLine().trimmed().toLongLong(&ok);
    return ok ? pid : 0;
}

} // namespace

bool isProcessAlive(qint64 pid)
{
    if (pid <= 0)
        return false;
#ifdef Q_OS_UNIX
    return ::kill(pid_t(pid), 0) == 0 || errno == EPERM;
#else
    return true;
#endif
}

Autosave::Autosave(QString directory, QString id)
    : m_directory(std::move(directory))
    , m_id(std::move(id))
{ }

Autosave::~Autosave()
{
    if (m_locked)
        QFile::remove(lockPath());
}

QString Autosave::defaultDirectory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave"));
}

QString Autosave::path() const
{
    return QDir(m_directory).filePath(m_id + QStringLiteral(".fanva"));
}

QString Autosave::lockPath() const
{
    return QDir(m_directory).filePath(m_id + QStringLiteral(".lock"));
}

bool Autosave::lock()
{
    if (m_locked)
        return true;
    const qint64 owner = lockOwner(lockPath());
    if (owner != 0 && owner != QCoreApplication::applicationPid() && isProcessAlive(owner))
        return false;
    if (!QDir().mkpath(m_directory))
        return false;
    QFile file(lockPath());
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return false;
    file.write(QByteArray::number(QCoreApplication::applicationPid()) + '\n');
    m_locked = true;
    return true;
}

Status Autosave::save(const SessionFile &session)
{
    if (!lock())
        return Status::failure(QStringLiteral("the autosave %1 belongs to another running Fanva").arg(path()));
    return session.save(path());
}

void Autosave::discard()
{
    QFile::remove(path());
    QFile::remove(lockPath());
    m_locked = false;
}

std::vector<RecoverableSession> recoverableAutosaves(const QString &directory)
{
    std::vector<RecoverableSession> out;
    const QDir dir(directory);
    for (const QString &name : dir.entryList({ QStringLiteral("*.fanva") }, QDir::Files, QDir::Name)) {
        const QString id = name.chopped(6);
        const qint64 owner = lockOwner(dir.filePath(id + QStringLiteral(".lock")));
        if (owner != 0 && isProcessAlive(owner))
            continue;
        out.push_back({ dir.filePath(name), id, owner });
    }
    return out;
}

bool markInterrupted(SessionFile &session)
{
    const bool finished = jsonutil::member(session.outcome, "outcome") != nullptr;
    if (finished)
        return false;
    // The last judge event says which phase the session was in when it stopped. Events come
    // from a file: anything not of the expected type is passed over, never thrown on.
    bool judging = false;
    std::int64_t attempt = 0;
    if (session.events.is_array()) {
        for (const nlohmann::json &event : session.events) {
            const QString type = jsonutil::string(event, "type");
            judging = judging || type == QLatin1StringView("judge-started");
            if (type == QLatin1StringView("attempt-started"))
                attempt = jsonutil::integer(event, "n", attempt);
        }
    }
    session.outcome = { { "outcome", "cancelled" }, { "stopReason", "interrupted" }, { "phase", judging ? "judge" : "formalize" },
        { "attempt", attempt } };
    return true;
}

AutosaveScheduler::AutosaveScheduler(std::function<void()> save, QObject *parent)
    : QObject(parent)
    , m_save(std::move(save))
{
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(s_decisionDebounceMs);
    m_running.setInterval(s_runningIntervalMs);
    connect(&m_debounce, &QTimer::timeout, this, [this] { m_save(); });
    connect(&m_running, &QTimer::timeout, this, [this] { m_save(); });
}

void AutosaveScheduler::setIntervals(int decisionDebounceMs, int runningIntervalMs)
{
    m_debounce.setInterval(decisionDebounceMs);
    m_running.setInterval(runningIntervalMs);
}

void AutosaveScheduler::decisionChanged()
{
    m_debounce.start();
}

void AutosaveScheduler::sessionStarted()
{
    m_running.start();
}

void AutosaveScheduler::sessionFinished()
{
    m_running.stop();
    m_debounce.stop();
    m_save();
}

} // namespace fanva::proposal
