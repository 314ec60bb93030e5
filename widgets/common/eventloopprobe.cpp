// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "common/eventloopprobe.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace {

const QEvent::Type s_probeType = QEvent::Type(QEvent::registerEventType());

class ProbeEvent final : public QEvent
{
public:
    explicit ProbeEvent(EventLoopProbe::Clock::time_point posted)
        : QEvent(s_probeType)
        , m_posted(posted)
    { }
    [[nodiscard]] EventLoopProbe::Clock::time_point posted() const { return m_posted; }

private:
    EventLoopProbe::Clock::time_point m_posted;
};

double toMs(EventLoopProbe::Clock::duration d)
{
    return std::chrono::duration<double, std::milli>(d).count();
}

} // namespace

EventLoopProbe::EventLoopProbe(QObject *parent)
    : QObject(parent)
{ }

EventLoopProbe::~EventLoopProbe()
{
    stop();
}

void EventLoopProbe::start(std::chrono::milliseconds interval)
{
    if (isRunning())
        return;
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = false;
    }
    m_counting = true;
    m_poster = std::thread([this, interval] { post(interval); });
}

void EventLoopProbe::startAfterFirstPaint(QWidget *window, std::chrono::milliseconds interval)
{
    m_interval = interval;
    m_window = window;
    window->installEventFilter(this);
}

bool EventLoopProbe::eventFilter(QObject *watched, QEvent *event)
{
    // The window's own paint event comes first in a paint pass; its children paint in the
    // same pass, so the pass is over when the loop next turns.
    if (watched == m_window && event->type() == QEvent::Paint && !m_firstPaint) {
        m_window->removeEventFilter(this);
        QTimer::singleShot(0, this, [this] {
            m_firstPaint = Clock::now();
            start(m_interval);
            Q_EMIT started();
        });
    }
    return QObject::eventFilter(watched, event);
}

void EventLoopProbe::post(std::chrono::milliseconds interval)
{
    std::unique_lock lock(m_mutex);
    while (!m_wake.wait_for(lock, interval, [this] { return m_stopping; })) {
        QCoreApplication::postEvent(this, new ProbeEvent(Clock::now()));
        ++m_posted;
    }
}

void EventLoopProbe::stop()
{
    if (!isRunning())
        return;
    m_counting = false;
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_wake.notify_all();
    m_poster.join();
    QCoreApplication::removePostedEvents(this, s_probeType);
}

bool EventLoopProbe::event(QEvent *event)
{
    if (event->type() != s_probeType)
        return QObject::event(event);
    if (m_counting)
        m_waits.push_back(Clock::now() - static_cast<ProbeEvent *>(event)->posted());
    return true;
}

EventLoopProbe::Summary EventLoopProbe::summary() const
{
    Summary s;
    if (m_waits.empty())
        return s;
    std::vector<Clock::duration> waits = m_waits;
    std::sort(waits.begin(), waits.end());
    const auto at = [&waits](double quantile) { return toMs(waits[std::size_t(std::lround(quantile * double(waits.size() - 1)))]); };
    s.probes = int(waits.size());
    s.maxMs = toMs(waits.back());
    s.p99Ms = at(0.99);
    s.p50Ms = at(0.5);
    s.over50Ms = int(std::count_if(waits.begin(), waits.end(), [](Clock::duration d) { return d > std::chrono::milliseconds(50); }));
    return s;
}
