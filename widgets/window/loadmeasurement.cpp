// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/loadmeasurement.h"

#include "window/mainwindow.h"

#include <QDir>
#include <QFile>
#include <QTextStream>
#include <QTimer>

namespace {

// After a stage, the probe runs this much longer: the work its end queued (deferred deletes,
// repaints) is the user's wait too.
constexpr std::chrono::milliseconds s_tail(100);

void write(QTextStream &out, const char *stage, const EventLoopProbe::Summary &s)
{
    out << stage << "probes " << s.probes << '\n'
        << stage << "wait-max-ms " << s.maxMs << '\n'
        << stage << "wait-p99-ms " << s.p99Ms << '\n'
        << stage << "wait-p50-ms " << s.p50Ms << '\n'
        << stage << "waits-over-50ms " << s.over50Ms << '\n';
}

} // namespace

LoadMeasurement::LoadMeasurement(MainWindow *window, QString reportPath, Clock::time_point origin)
    : QObject(window)
    , m_window(window)
    , m_reportPath(std::move(reportPath))
    , m_origin(origin)
    , m_probe(new EventLoopProbe(this))
{
    m_probe->startAfterFirstPaint(window);
    connect(window, &MainWindow::kbLoaded, this, [this] {
        if (m_stage == Stage::Load && !m_loadedAt)
            m_loadedAt = Clock::now();
    });
    connect(window, &MainWindow::kbIndexed, this, &LoadMeasurement::onIndexed);
    connect(window, &MainWindow::kbLoadFailed, this, &LoadMeasurement::onIndexed);
    // A KB that was there before the first paint (or none at all) ends the first stage at once.
    connect(m_probe, &EventLoopProbe::started, this, [this] {
        if (!m_window->isKbLoading() && !m_window->isKbIndexing()) {
            if (!m_loadedAt)
                m_loadedAt = Clock::now();
            onIndexed();
        }
    });
}

LoadMeasurement::~LoadMeasurement() = default;

double LoadMeasurement::msSinceOrigin(std::optional<Clock::time_point> at) const
{
    return at ? std::chrono::duration<double, std::milli>(*at - m_origin).count() : -1;
}

void LoadMeasurement::onIndexed()
{
    if (m_ending || !m_probe->firstPaint())
        return;
    m_ending = true;
    if (m_stage == Stage::Load) {
        m_indexedAt = Clock::now();
        QTimer::singleShot(s_tail, this, &LoadMeasurement::endLoad);
    } else if (m_stage == Stage::Reload) {
        m_reloadIndexedAt = Clock::now();
        QTimer::singleShot(s_tail, this, &LoadMeasurement::endReload);
    }
}

void LoadMeasurement::endLoad()
{
    m_load = m_probe->summary();
    m_ending = false;
    m_stage = Stage::Reload;
    if (!m_window->knowledgeBase()) {
        endReload();
        return;
    }
    m_probe->reset();
    m_reloadStartedAt = Clock::now();
    m_window->kbLoader()->reload();
}

void LoadMeasurement::endReload()
{
    m_probe->stop();
    if (m_reloadStartedAt)
        m_reload = m_probe->summary();
    m_stage = Stage::Done;
    QFile file(m_reportPath);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        QTextStream(stderr) << tr("cannot write %1: %2").arg(QDir::toNativeSeparators(m_reportPath), file.errorString()) << Qt::endl;
        Q_EMIT finished(false);
        return;
    }
    QTextStream out(&file);
    out << "first-paint-ms " << msSinceOrigin(m_probe->firstPaint()) << '\n'
        << "kb-loaded-ms " << msSinceOrigin(m_loadedAt) << '\n'
        << "kb-indexed-ms " << msSinceOrigin(m_indexedAt) << '\n'
        << "kb-failed " << (m_window->knowledgeBase() ? 0 : 1) << '\n';
    write(out, "", m_load);
    if (m_reloadStartedAt && m_reloadIndexedAt)
        out << "reload-ms " << std::chrono::duration<double, std::milli>(*m_reloadIndexedAt - *m_reloadStartedAt).count() << '\n';
    write(out, "reload-", m_reload);
    out.flush();
    Q_EMIT finished(file.error() == QFileDevice::NoError);
}
