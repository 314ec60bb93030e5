// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QObject>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

class QWidget;

/// Measures how long input waits for the event loop of the thread the probe lives in (the
/// GUI thread): a thread of its own posts a timestamped event to the probe every interval,
/// and the probe records, when the loop handles it, how long it waited. Input arriving while
/// the loop is busy waits as long, so the waits are the input latency a user would feel at a
/// random moment; their maximum is the longest stall. For benchmarks (issue 20's 50 ms goal),
/// not for tests: the figures depend on the machine.
class EventLoopProbe final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLoopProbe)

public:
    using Clock = std::chrono::steady_clock;

    /// The waits measured so far, in milliseconds.
    struct Summary {
        int probes = 0;
        double maxMs = 0;
        double p99Ms = 0;
        double p50Ms = 0;
        int over50Ms = 0; ///< probes that waited longer than 50 ms
        friend bool operator==(const Summary &, const Summary &) = default;
    };

    explicit EventLoopProbe(QObject *parent = nullptr);
    ~EventLoopProbe() override;

    /// Starts posting probes every @p interval (a running probe goes on).
    void start(std::chrono::milliseconds interval = std::chrono::milliseconds(5));
    /// Starts once @p window has painted for the first time (at once when it already has);
    /// firstPaint() tells when.
    void startAfterFirstPaint(QWidget *window, std::chrono::milliseconds interval = std::chrono::milliseconds(5));
    /// Stops posting; probes still queued are not counted.
    void stop();
    /// Forgets the waits measured so far (a running probe goes on).
    void reset() { m_waits.clear(); }
    [[nodiscard]] bool isRunning() const { return m_poster.joinable(); }
    /// How many probes have been posted since the probe was made.
    [[nodiscard]] int posted() const { return m_posted.load(); }
    /// When startAfterFirstPaint()'s window finished its first paint.
    [[nodiscard]] std::optional<Clock::time_point> firstPaint() const { return m_firstPaint; }

    [[nodiscard]] Summary summary() const;

Q_SIGNALS:
    /// startAfterFirstPaint()'s window has painted and the probe runs.
    void started();

protected:
    bool event(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void post(std::chrono::milliseconds interval);

    std::thread m_poster;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stopping = false; ///< guarded by m_mutex
    std::atomic<bool> m_counting { false };
    std::atomic<int> m_posted { 0 };
    std::vector<Clock::duration> m_waits;
    QWidget *m_window = nullptr;
    std::chrono::milliseconds m_interval { 5 };
    std::optional<Clock::time_point> m_firstPaint;
};
