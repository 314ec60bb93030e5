// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/endpointpool.h"
#include "llm/provider.h"

#include <QPointer>
#include <QTimer>

#include <deque>
#include <memory>
#include <vector>

namespace fanva::llm {

class PooledCall;

/// A provider in front of several model servers of one kind and model (docs/spec/batch.md §2):
/// start() returns a call at once; it waits for a free slot of the EndpointPool, runs on the
/// endpoint the pool chose, and forwards that call's deltas, usage and end. When an endpoint
/// pushes back or fails before any text arrived, the request moves to another endpoint it has
/// not tried yet; after text arrived, or when every endpoint was tried, the failure is the
/// caller's. Give the members no retries of their own (RetryPolicy::maxRetries 0): the pool
/// is the retry, to another server.
class PooledProvider final : public Provider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PooledProvider)

public:
    struct Member {
        std::unique_ptr<Provider> provider;
        EndpointSpec spec;
    };

    /// `members` is not empty; each member's provider becomes a child of this one.
    explicit PooledProvider(std::vector<Member> members, PoolPolicy policy = {}, QObject *parent = nullptr);
    ~PooledProvider() override;

    [[nodiscard]] QString id() const override;
    [[nodiscard]] ProviderInfo info() const override;
    [[nodiscard]] Call *start(const Request &request) override;

    [[nodiscard]] const EndpointPool &pool() const { return m_pool; }
    /// Calls waiting for a slot.
    [[nodiscard]] int waiting() const { return int(m_waiting.size()); }

Q_SIGNALS:
    /// A slot was taken or given back, or an endpoint left or rejoined the rotation.
    void poolChanged();

private:
    friend class PooledCall;
    void enqueue(PooledCall *call, bool first);
    void dispatch();
    /// Starts `call` on `endpoint`'s provider.
    void run(PooledCall *call, int endpoint);
    void release(int endpoint, EndpointOutcome outcome, std::optional<std::chrono::milliseconds> retryAfter = {});

    std::vector<Member> m_members;
    EndpointPool m_pool;
    std::deque<QPointer<PooledCall>> m_waiting;
    QTimer m_wake; ///< an endpoint backing off or resting comes back
};

} // namespace fanva::llm
