// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/types.h"

#include <QString>

#include <chrono>
#include <functional>
#include <optional>
#include <vector>

namespace fanva::llm {

/// One model server a batch sends turns to: its base URL (or any name for messages) and how
/// many requests it takes at once (Ollama's OLLAMA_NUM_PARALLEL, llama.cpp's slots, …).
struct EndpointSpec {
    QString name;
    int slots = 1;
    friend bool operator==(const EndpointSpec &, const EndpointSpec &) = default;
};

/// How the pool treats an endpoint that pushes back or fails.
struct PoolPolicy {
    /// After a 429 or 503 without a retry-after: base·2ⁿ for the n-th in a row, up to cap.
    std::chrono::milliseconds busyBase { 500 };
    std::chrono::milliseconds busyCap { 30'000 };
    /// Failures in a row (connect, timeout, 5xx, a cut stream) that take an endpoint out of
    /// rotation, and for how long; it then gets one request on trial.
    int failuresToRest = 3;
    std::chrono::milliseconds rest { 60'000 };
};

/// What a finished request says about the endpoint that served it.
enum class EndpointOutcome {
    Ok, ///< answered (a refusal or a malformed reply is the request's concern, not the server's)
    Busy, ///< pushed back: 429, 503, "overloaded"; the request goes elsewhere
    Failed, ///< did not answer: connect, TLS, timeout, 5xx, a cut stream, a missing model
    Dropped, ///< cancelled by the caller: the slot is free, nothing is said of the server
};

/// The endpoint's share of a failed call (Failure::Kind).
[[nodiscard]] EndpointOutcome endpointOutcome(const Failure &failure);

/// The scheduling state of a batch's model servers (issue 35, docs/spec/batch.md §1): which endpoint
/// takes the next request — the least busy one with a free slot that is neither backing off nor
/// resting — and how each one's answers move it in and out of rotation. Pure bookkeeping on a
/// clock the caller passes in: no timers, no network, no thread.
class EndpointPool
{
public:
    using Clock = std::chrono::steady_clock;
    using TimePoint = Clock::time_point;

    struct State {
        int busy = 0; ///< requests in flight
        int served = 0; ///< requests answered
        int pushedBack = 0; ///< 429/503 in a row
        int failures = 0; ///< failures in a row
        TimePoint availableAt {}; ///< backing off or resting until then
        bool resting = false; ///< out of rotation after failures; one request on trial when back
    };

    explicit EndpointPool(std::vector<EndpointSpec> endpoints, PoolPolicy policy = {});

    [[nodiscard]] int size() const { return int(m_endpoints.size()); }
    [[nodiscard]] const EndpointSpec &spec(int endpoint) const { return m_endpoints[std::size_t(endpoint)]; }
    [[nodiscard]] const State &state(int endpoint) const { return m_states[std::size_t(endpoint)]; }

    /// Takes a slot for a new request at `now`: the endpoint with the lowest share of its slots
    /// busy (then the fewest busy, then the first listed), skipping one that is full, backing
    /// off or resting (a rested one on trial takes one request at a time). nullopt: wait for
    /// release() or nextAvailable().
    /// `allowed`, when given, leaves out the endpoints it answers false for.
    [[nodiscard]] std::optional<int> acquire(TimePoint now, const std::function<bool(int)> &allowed = {});
    /// Gives back the slot acquire() took, with what the request said about the endpoint.
    /// `retryAfter` is the wait the server asked for (a Busy answer's retry-after).
    void release(int endpoint, EndpointOutcome outcome, TimePoint now, std::optional<std::chrono::milliseconds> retryAfter = {});

    /// When an endpoint that is waiting out a push-back or a rest comes back, for a timer:
    /// nullopt when none waits.
    [[nodiscard]] std::optional<TimePoint> nextAvailable(TimePoint now) const;
    /// Slots free at `now` across the endpoints in rotation.
    [[nodiscard]] int freeSlots(TimePoint now) const;

private:
    [[nodiscard]] bool canTake(int endpoint, TimePoint now) const;

    std::vector<EndpointSpec> m_endpoints;
    std::vector<State> m_states;
    PoolPolicy m_policy;
};

} // namespace fanva::llm
