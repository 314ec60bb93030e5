// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/eventloopprobe.h"

#include <QObject>
#include <QString>

#include <optional>

class MainWindow;

/// `fanva --screenshot --measure-load FILE` (bench_scale's responsive row, issue 20): how long
/// input waits for the window's event loop (EventLoopProbe) in two stretches — from the first
/// paint until the KB is loaded and its indexes are built, then through a reload of the same
/// KB (what Apply and a saved KB file cause) — each with a short tail for the work it queued.
/// Writes "name value" lines (times in milliseconds since `origin`) and emits finished().
class LoadMeasurement final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LoadMeasurement)

public:
    using Clock = EventLoopProbe::Clock;

    /// Measures @p window, which must not have been shown yet.
    LoadMeasurement(MainWindow *window, QString reportPath, Clock::time_point origin);
    ~LoadMeasurement() override;

Q_SIGNALS:
    /// The report is written (@p ok) or could not be (a message on stderr).
    void finished(bool ok);

private:
    void onIndexed();
    void endLoad();
    void endReload();
    [[nodiscard]] double msSinceOrigin(std::optional<Clock::time_point> at) const;

    MainWindow *m_window = nullptr;
    QString m_reportPath;
    Clock::time_point m_origin;
    EventLoopProbe *m_probe = nullptr;
    enum class Stage : quint8 { Load, Reload, Done } m_stage = Stage::Load;
    bool m_ending = false; ///< the stage's tail runs
    std::optional<Clock::time_point> m_loadedAt;
    std::optional<Clock::time_point> m_indexedAt;
    std::optional<Clock::time_point> m_reloadStartedAt;
    std::optional<Clock::time_point> m_reloadIndexedAt;
    EventLoopProbe::Summary m_load;
    EventLoopProbe::Summary m_reload;
};
