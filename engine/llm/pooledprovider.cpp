// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/pooledprovider.h"

#include "llm/pooledcall.h"

#include <algorithm>
#include <utility>

namespace fanva::llm {

namespace {

std::vector<EndpointSpec> specsOf(const std::vector<PooledProvider::Member> &members)
{
    std::vector<EndpointSpec> specs;
    specs.reserve(members.size());
    for (const PooledProvider::Member &member : members)
        specs.push_back(member.spec);
    return specs;
}

} // namespace

PooledProvider::PooledProvider(std::vector<Member> members, PoolPolicy policy, QObject *parent)
    : Provider(parent)
    , m_members(std::move(members))
    , m_pool(specsOf(m_members), policy)
{
    Q_ASSERT(!m_members.empty());
    for (Member &member : m_members)
        member.provider->setParent(this);
    m_wake.setSingleShot(true);
    connect(&m_wake, &QTimer::timeout, this, [this] {
        dispatch();
        Q_EMIT poolChanged();
    });
}

PooledProvider::~PooledProvider()
{
    // The members are children; release() must not run while they go.
    for (Member &member : m_members)
        member.provider->disconnect(this);
}

QString PooledProvider::id() const
{
    return m_members.front().provider->id();
}

ProviderInfo PooledProvider::info() const
{
    return m_members.front().provider->info();
}

Call *PooledProvider::start(const Request &request)
{
    auto *call = new PooledCall(this, request);
    enqueue(call, false);
    return call;
}

void PooledProvider::enqueue(PooledCall *call, bool first)
{
    if (first)
        m_waiting.emplace_front(call);
    else
        m_waiting.emplace_back(call);
    // Never inside start() or inside the slot of a call's end: from the event loop.
    QMetaObject::invokeMethod(this, &PooledProvider::dispatch, Qt::QueuedConnection);
}

void PooledProvider::dispatch()
{
    const EndpointPool::TimePoint now = EndpointPool::Clock::now();
    for (auto it = m_waiting.begin(); it != m_waiting.end();) {
        PooledCall *call = *it;
        if (!call || call->isFinished()) {
            it = m_waiting.erase(it);
            continue;
        }
        // An endpoint the call has not tried yet, else (all tried) any that has a slot now.
        std::optional<int> endpoint = m_pool.acquire(now, [call](int e) { return !call->hasTried(e); });
        if (!endpoint && call->tries() >= m_pool.size())
            endpoint = m_pool.acquire(now);
        if (!endpoint) {
            ++it;
            continue;
        }
        it = m_waiting.erase(it);
        run(call, *endpoint);
    }
    if (!m_waiting.empty() && !m_wake.isActive()) {
        if (const std::optional<EndpointPool::TimePoint> next = m_pool.nextAvailable(now)) {
            const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(*next - now);
            m_wake.start(std::max(wait, std::chrono::milliseconds(1)));
        }
    }
}

void PooledProvider::run(PooledCall *call, int endpoint)
{
    Call *inner = m_members[std::size_t(endpoint)].provider->start(call->request());
    call->attach(endpoint, inner);
    Q_EMIT poolChanged();
}

void PooledProvider::release(int endpoint, EndpointOutcome outcome, std::optional<std::chrono::milliseconds> retryAfter)
{
    if (endpoint < 0)
        return;
    m_pool.release(endpoint, outcome, EndpointPool::Clock::now(), retryAfter);
    Q_EMIT poolChanged();
    if (!m_waiting.empty())
        QMetaObject::invokeMethod(this, &PooledProvider::dispatch, Qt::QueuedConnection);
}

} // namespace fanva::llm
