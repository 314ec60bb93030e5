// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <atomic>
#include <cstdint>
#include <thread>

namespace fanva::kb::detail {

/// A reader-writer lock for critical sections of a few hundred nanoseconds, such as a probe
/// of a hash table far bigger than the caches. A waiter spins for a moment, then yields its
/// time slice, instead of sleeping in the kernel: threads that read files side by side and
/// intern their names into one table otherwise spend more time in futex calls than in the
/// probes (std::shared_mutex sleeps whenever a writer holds the lock). A writer takes its
/// bit before it waits for the readers to leave, so that a stream of readers cannot starve
/// it. Works with std::shared_lock, std::unique_lock and std::lock_guard.
class SpinSharedMutex
{
public:
    // NOLINTBEGIN(readability-identifier-naming): the names std::shared_lock calls
    void lock_shared() noexcept
    {
        for (unsigned spins = 0;; ++spins) {
            std::uint32_t state = m_state.load(std::memory_order_relaxed);
            if ((state & s_writer) == 0
                && m_state.compare_exchange_weak(state, state + 1, std::memory_order_acquire, std::memory_order_relaxed))
                return;
            backOff(spins);
        }
    }
    void unlock_shared() noexcept { m_state.fetch_sub(1, std::memory_order_release); }
    // NOLINTEND(readability-identifier-naming)

    void lock() noexcept
    {
        for (unsigned spins = 0;; ++spins) {
            std::uint32_t state = m_state.load(std::memory_order_relaxed);
            if ((state & s_writer) == 0
                && m_state.compare_exchange_weak(state, state | s_writer, std::memory_order_acquire, std::memory_order_relaxed))
                break;
            backOff(spins);
        }
        // New readers wait now; the ones inside leave after their probe.
        for (unsigned spins = 0; m_state.load(std::memory_order_acquire) != s_writer; ++spins)
            backOff(spins);
    }
    void unlock() noexcept { m_state.store(0, std::memory_order_release); }

private:
    static constexpr std::uint32_t s_writer = std::uint32_t(1) << 31;

    // Spins while the holder is likely still running, then lets the scheduler run it (a
    // holder that was preempted, or one growing a table, which takes milliseconds).
    static void backOff(unsigned spins) noexcept
    {
        if (spins < 128) {
#if defined(__x86_64__) || defined(__i386__)
            __builtin_ia32_pause();
#elif defined(__aarch64__)
            asm volatile("yield");
#endif
            return;
        }
        std::this_thread::yield();
    }

    std::atomic<std::uint32_t> m_state { 0 }; // the writer bit, and the number of readers
};

} // namespace fanva::kb::detail
