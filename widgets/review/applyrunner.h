// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QFuture>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <functional>
#include <memory>

/// Runs Apply, Undo Apply and the journal's start-up recovery one at a time on a thread of
/// its own, so that the GUI thread never waits for a KB file's lock, a KB load or git (issue
/// 33): the work's progress text reaches this object's thread as progress(), cancel() is what
/// the work polls, and the work's `done` part runs on this object's thread once it is over.
/// Destroying the runner cancels running work and waits for it (its `done` part is dropped).
class ApplyRunner final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ApplyRunner)

public:
    /// What the work reports through and polls, from its own thread (the engine's ApplyControl).
    struct Control {
        std::function<void(const QString &)> progress;
        std::function<bool()> cancelled;
    };

    explicit ApplyRunner(QObject *parent = nullptr);
    ~ApplyRunner() override;

    /// Starts @p work on the runner's thread with @p text as what it does; @p done runs on this
    /// object's thread after it, then finished(). False when other work runs.
    bool start(const QString &text, std::function<void(const Control &)> work, std::function<void()> done);
    [[nodiscard]] bool isRunning() const { return m_running; }
    /// The running work's latest progress text (its start text until it reports one).
    [[nodiscard]] QString progressText() const { return m_text; }
    /// Asks the running work to stop waiting; it finishes as soon as it notices.
    void cancel();
    [[nodiscard]] bool isCancelled() const { return m_cancelled && m_cancelled->load(); }
    /// Blocks until the running work is over and its `done` part ran.
    void waitForFinished();

Q_SIGNALS:
    /// Work started, doing @p text.
    void started(const QString &text);
    /// The running work reported @p text.
    void progress(const QString &text);
    /// cancel() was asked while work ran.
    void cancelRequested();
    /// The work is over and its `done` part ran.
    void finished();

private:
    void finish(quint64 generation);

    QThreadPool m_pool; ///< one thread: the work never queues behind the KB loads on the global pool
    QFuture<void> m_future;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
    std::function<void()> m_done;
    QString m_text;
    quint64 m_generation = 0;
    bool m_running = false;
};
