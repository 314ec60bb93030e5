// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/endpointpool.h"

#include <algorithm>
#include <utility>

namespace fanva::llm {

EndpointOutcome endpointOutcome(const Failure &failure)
{
    switch (failure.kind) {
    case Failure::Kind::RateLimited:
    case Failure::Kind::Overloaded:
        return EndpointOutcome::Busy;
    case Failure::Kind::Connect:
    case Failure::Kind::Tls:
    case Failure::Kind::Timeout:
    case Failure::Kind::StreamCut:
    case Failure::Kind::ModelMissing:
        return EndpointOutcome::Failed;
    case Failure::Kind::Http:
        // 503 is a full queue (Ollama past OLLAMA_NUM_PARALLEL, vLLM, a gateway): push-back.
        if (failure.httpStatus == 503 || failure.httpStatus == 429)
            return EndpointOutcome::Busy;
        return failure.httpStatus >= 500 ? EndpointOutcome::Failed : EndpointOutcome::Ok;
    case Failure::Kind::Config:
    case Failure::Kind::Credential:
    case Failure::Kind::Protocol:
    case Failure::Kind::MidStreamError:
    case Failure::Kind::TooLarge:
    case Failure::Kind::Cancelled:
        break;
    }
    return EndpointOutcome::Ok;
}

EndpointPool::EndpointPool(std::vector<EndpointSpec> endpoints, PoolPolicy policy)
    : m_endpoints(std::move(endpoints))
    , m_states(m_endpoints.size())
    , m_policy(policy)
{
    for (EndpointSpec &spec : m_endpoints)
        spec.slots = std::max(spec.slots, 1);
}

bool EndpointPool::canTake(int endpoint, TimePoint now) const
{
    const State &s = state(endpoint);
    if (now < s.availableAt)
        return false;
    // Back from a rest, an endpoint is on trial: one request until it answers.
    const int slots = s.resting ? 1 : spec(endpoint).slots;
    return s.busy < slots;
}

std::optional<int> EndpointPool::acquire(TimePoint now, const std::function<bool(int)> &allowed)
{
    std::optional<int> best;
    for (int i = 0; i < size(); ++i) {
        if (!canTake(i, now) || (allowed && !allowed(i)))
            continue;
        if (!best) {
            best = i;
            continue;
        }
        // The lower share of slots busy: busy(i)/slots(i) < busy(b)/slots(b), in integers.
        const State &a = state(i);
        const State &b = state(*best);
        const long long left = static_cast<long long>(a.busy) * spec(*best).slots;
        const long long right = static_cast<long long>(b.busy) * spec(i).slots;
        if (left < right || (left == right && a.busy < b.busy))
            best = i;
    }
    if (best)
        ++m_states[std::size_t(*best)].busy;
    return best;
}

void EndpointPool::release(int endpoint, EndpointOutcome outcome, TimePoint now, std::optional<std::chrono::milliseconds> retryAfter)
{
    State &s = m_states[std::size_t(endpoint)];
    s.busy = std::max(s.busy - 1, 0);
    switch (outcome) {
    case EndpointOutcome::Ok:
        ++s.served;
        s.pushedBack = 0;
        s.failures = 0;
        s.resting = false;
        break;
    case EndpointOutcome::Busy: {
        const int shift = std::min(s.pushedBack, 16);
        ++s.pushedBack;
        const std::chrono::milliseconds grown = std::min<std::chrono::milliseconds>(m_policy.busyBase * (1 << shift), m_policy.busyCap);
        s.availableAt = std::max(s.availableAt, now + retryAfter.value_or(grown));
        break;
    }
    case EndpointOutcome::Dropped:
        break;
    case EndpointOutcome::Failed:
        ++s.failures;
        // A failure on trial, or the n-th in a row, rests the endpoint; its work goes elsewhere.
        if (s.resting || s.failures >= m_policy.failuresToRest) {
            s.resting = true;
            s.availableAt = std::max(s.availableAt, now + m_policy.rest);
        }
        break;
    }
}

std::optional<EndpointPool::TimePoint> EndpointPool::nextAvailable(TimePoint now) const
{
    std::optional<TimePoint> next;
    for (const State &s : m_states) {
        if (s.availableAt > now && (!next || s.availableAt < *next))
            next = s.availableAt;
    }
    return next;
}

int EndpointPool::freeSlots(TimePoint now) const
{
    int free = 0;
    for (int i = 0; i < size(); ++i) {
        if (now >= state(i).availableAt)
            free += std::max((state(i).resting ? 1 : spec(i).slots) - state(i).busy, 0);
    }
    return free;
}

} // namespace fanva::llm
