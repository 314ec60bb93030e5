// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/sessionfile.h"
#include "status.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <vector>

namespace fanva::proposal {

/// The autosave of one unsaved session (formalize.md §13): AppDataLocation/autosave/<id>.fanva
/// beside a PID lock <id>.lock that says a live process owns it. A crash leaves both behind;
/// recoverableAutosaves() finds them at the next start.
class Autosave final
{
public:
    Autosave(QString directory, QString id);
    ~Autosave();
    Autosave(const Autosave &) = delete;
    Autosave &operator=(const Autosave &) = delete;

    [[nodiscard]] static QString defaultDirectory();

    [[nodiscard]] QString path() const;
    [[nodiscard]] QString lockPath() const;
    /// Writes this process's id into the lock; false if another live process holds it.
    [[nodiscard]] bool lock();
    /// Saves the session atomically (locking first if needed).
    [[nodiscard]] Status save(const SessionFile &session);
    /// Removes the autosave and its lock (the session was saved by the user, or closed).
    void discard();

private:
    QString m_directory;
    QString m_id;
    bool m_locked = false;
};

/// An autosave left by a process that is gone.
struct RecoverableSession {
    QString path;
    QString id;
    qint64 pid = 0; ///< the dead owner, 0 when there was no lock
    friend bool operator==(const RecoverableSession &, const RecoverableSession &) = default;
};

/// The autosaves in `directory` whose lock names no live process, in id order.
[[nodiscard]] std::vector<RecoverableSession> recoverableAutosaves(const QString &directory);

/// True while a process with this id runs (on Unix: kill(pid, 0)).
[[nodiscard]] bool isProcessAlive(qint64 pid);

/// A session caught running reopens cancelled with the phase it was in and reason
/// `interrupted`; entries and log are kept. Returns true if it was running.
bool markInterrupted(SessionFile &session);

/// When to autosave: 2 s after the last decision change, every 30 s while the session runs,
/// and at once when it finishes. `save` produces and writes the file.
class AutosaveScheduler final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(AutosaveScheduler)

public:
    explicit AutosaveScheduler(std::function<void()> save, QObject *parent = nullptr);

    void setIntervals(int decisionDebounceMs, int runningIntervalMs);
    void decisionChanged();
    void sessionStarted();
    void sessionFinished();

private:
    std::function<void()> m_save;
    QTimer m_debounce;
    QTimer m_running;
};

} // namespace fanva::proposal
