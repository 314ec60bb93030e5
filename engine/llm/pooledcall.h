// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/call.h"
#include "llm/types.h"

#include <QPointer>

#include <optional>
#include <vector>

namespace fanva::llm {

class PooledProvider;

/// A PooledProvider's call (docs/spec/batch.md §2): waits for a slot, then forwards the call
/// of the endpoint it runs on. Made and driven by PooledProvider only.
class PooledCall final : public Call
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PooledCall)

public:
    PooledCall(PooledProvider *provider, Request request);
    ~PooledCall() override;

    [[nodiscard]] const Request &request() const { return m_request; }
    [[nodiscard]] bool hasTried(int endpoint) const;
    [[nodiscard]] int tries() const { return int(m_tried.size()); }
    /// Runs on `endpoint`, whose provider started `inner` for this call's request.
    void attach(int endpoint, Call *inner);

protected:
    void abortTransport() override;
    [[nodiscard]] QString providerName() const override { return QStringLiteral("The model servers"); }

private:
    void onDone(const Response &response);
    void onError(const Response &response);
    /// Lets go of the endpoint's call; returns the endpoint it ran on.
    int detach();

    PooledProvider *m_provider;
    Request m_request;
    std::vector<int> m_tried;
    int m_endpoint = -1;
    QPointer<Call> m_inner;
    bool m_gotText = false;
};

} // namespace fanva::llm
