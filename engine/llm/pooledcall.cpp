// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/pooledcall.h"

#include "llm/endpointpool.h"
#include "llm/pooledprovider.h"

#include <algorithm>
#include <utility>

namespace fanva::llm {

PooledCall::PooledCall(PooledProvider *provider, Request request)
    : Call(provider)
    , m_provider(provider)
    , m_request(std::move(request))
{ }

PooledCall::~PooledCall() = default;

bool PooledCall::hasTried(int endpoint) const
{
    return std::find(m_tried.begin(), m_tried.end(), endpoint) != m_tried.end();
}

void PooledCall::attach(int endpoint, Call *inner)
{
    m_endpoint = endpoint;
    m_tried.push_back(endpoint);
    m_inner = inner;
    connect(inner, &Call::textDelta, this, [this](const QString &text) {
        m_gotText = true;
        appendText(text.toStdString());
    });
    connect(inner, &Call::thinkingDelta, this, [this](const QString &text) {
        m_gotText = true;
        appendThinking(text.toStdString());
    });
    connect(inner, &Call::usageUpdated, this, [this](const Usage &usage) { updateUsage(usage); });
    connect(inner, &Call::notice, this, [this](const QString &text) { emitNotice(text); });
    connect(inner, &Call::done, this, &PooledCall::onDone);
    connect(inner, &Call::error, this, &PooledCall::onError);
}

int PooledCall::detach()
{
    const int endpoint = std::exchange(m_endpoint, -1);
    if (m_inner)
        m_inner->disconnect(this);
    m_inner = nullptr;
    return endpoint;
}

void PooledCall::abortTransport()
{
    if (m_endpoint < 0)
        return;
    QPointer<Call> inner = m_inner;
    const int endpoint = detach();
    if (inner)
        inner->cancel();
    m_provider->release(endpoint, EndpointOutcome::Dropped);
}

void PooledCall::onDone(const Response &response)
{
    m_provider->release(detach(), EndpointOutcome::Ok);
    updateUsage(response.usage);
    this->response().model = response.model;
    this->response().diag = response.diag;
    succeed(response.stopReason, response.refusal);
}

void PooledCall::onError(const Response &response)
{
    const Failure failure = response.failure.value_or(makeFailure(Failure::Kind::Protocol, "The model server failed without saying why."));
    const EndpointOutcome outcome = endpointOutcome(failure);
    m_provider->release(detach(), outcome);
    // Before any text, a server that pushed back or failed hands the request on; the pool
    // bounds how often (twice its endpoints, at least three tries).
    const int maxTries = std::max(3, 2 * m_provider->pool().size());
    if (outcome != EndpointOutcome::Ok && !m_gotText && tries() < maxTries) {
        emitNotice(QStringLiteral("%1 could not take the request (%2); trying another model server.")
                       .arg(m_provider->pool().spec(m_tried.back()).name, QString::fromUtf8(failureKindName(failure.kind))));
        m_provider->enqueue(this, true);
        return;
    }
    updateUsage(response.usage);
    this->response().model = response.model;
    this->response().diag = response.diag;
    fail(failure);
}

} // namespace fanva::llm
