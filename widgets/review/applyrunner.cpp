// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/applyrunner.h"

#include <QtConcurrent/QtConcurrentRun>

#include <utility>

ApplyRunner::ApplyRunner(QObject *parent)
    : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
}

// The work's progress and end are posted to this object; Qt drops what is still queued when
// it goes, and the work itself is over before it does.
ApplyRunner::~ApplyRunner()
{
    if (m_cancelled)
        m_cancelled->store(true);
    m_pool.waitForDone();
}

bool ApplyRunner::start(const QString &text, std::function<void(const Control &)> work, std::function<void()> done)
{
    if (m_running)
        return false;
    m_running = true;
    m_text = text;
    m_done = std::move(done);
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    Control control;
    control.cancelled = [cancelled = m_cancelled] { return cancelled->load(); };
    control.progress = [this, generation](const QString &message) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, message] {
                if (generation != m_generation || !m_running)
                    return;
                m_text = message;
                Q_EMIT progress(message);
            },
            Qt::QueuedConnection);
    };
    Q_EMIT started(text);
    m_future = QtConcurrent::run(&m_pool, [this, generation, work = std::move(work), control = std::move(control)] {
        work(control);
        QMetaObject::invokeMethod(
            this, [this, generation] { finish(generation); }, Qt::QueuedConnection);
    });
    return true;
}

void ApplyRunner::cancel()
{
    if (!m_running || !m_cancelled || m_cancelled->exchange(true))
        return;
    Q_EMIT cancelRequested();
}

void ApplyRunner::waitForFinished()
{
    if (!m_running)
        return;
    m_future.waitForFinished();
    finish(m_generation);
}

void ApplyRunner::finish(quint64 generation)
{
    // waitForFinished() may have finished it already; the posted call then comes too late.
    if (generation != m_generation || !m_running)
        return;
    m_running = false;
    const std::function<void()> done = std::exchange(m_done, {});
    if (done)
        done();
    Q_EMIT finished();
}
