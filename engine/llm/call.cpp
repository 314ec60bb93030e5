// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/call.h"

#include "llm/format.h"
#include "llm/redactor.h"

#include <QMetaObject>
#include <QPointer>

namespace fanva::llm {

Call::Call(QObject *parent)
    : QObject(parent)
{ }

Call::~Call() = default;

void Call::cancel()
{
    if (m_finished)
        return;
    abortTransport();
    fail(makeFailure(Failure::Kind::Cancelled, "The request was cancelled."));
}

bool Call::withinReplyLimit(std::size_t more)
{
    if (m_replyLimit <= 0 || m_text.size() + m_thinking.size() + more <= std::size_t(m_replyLimit))
        return true;
    fail(makeFailure(Failure::Kind::Protocol,
        QStringLiteral("%1 sent more than %2 of text in one answer (the reply limit); nothing from it is used.")
            .arg(providerName(), formatBytes(m_replyLimit))
            .toStdString(),
        QStringLiteral("reply limit %1 bytes").arg(m_replyLimit).toStdString()));
    return false;
}

void Call::appendText(std::string_view utf8)
{
    if (m_finished || utf8.empty() || !withinReplyLimit(utf8.size()))
        return;
    m_text += utf8;
    Q_EMIT textDelta(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
}

void Call::appendThinking(std::string_view utf8)
{
    if (m_finished || utf8.empty() || !withinReplyLimit(utf8.size()))
        return;
    m_thinking += utf8;
    Q_EMIT thinkingDelta(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
}

void Call::updateUsage(const Usage &usage)
{
    if (m_finished || usage == m_response.usage)
        return;
    m_response.usage = usage;
    Q_EMIT usageUpdated(usage);
}

void Call::emitNotice(const QString &text)
{
    if (!m_finished)
        Q_EMIT notice(text);
}

std::vector<Block> Call::receivedBlocks() const
{
    std::vector<Block> blocks;
    if (!m_thinking.empty())
        blocks.push_back({ Block::Kind::Thinking, m_thinking });
    if (!m_text.empty())
        blocks.push_back({ Block::Kind::Text, m_text });
    return blocks;
}

void Call::succeed(StopReason reason, std::optional<Refusal> refusal)
{
    if (m_finished)
        return;
    m_response.stopReason = reason;
    if (reason == StopReason::Refusal) {
        m_response.discarded = receivedBlocks();
        m_response.refusal = refusal.value_or(Refusal {});
    } else {
        m_response.content = receivedBlocks();
    }
    deliver(true);
}

void Call::fail(Failure failure)
{
    if (m_finished)
        return;
    failure.message = Redactor::instance().redact(failure.message);
    failure.detail = Redactor::instance().redact(failure.detail);
    m_response.stopReason = StopReason::Error;
    m_response.discarded = receivedBlocks();
    m_response.failure = std::move(failure);
    deliver(false);
}

void Call::deliver(bool ok)
{
    m_finished = true;
    abortTransport();
    // Queued so that the terminal signal never fires inside start() or inside a slot of the
    // network stack; the Call goes away right after it.
    QMetaObject::invokeMethod(
        this,
        [this, ok] {
            // A receiver may delete the provider, and with it this call, from its slot.
            const QPointer<Call> self(this);
            if (ok)
                Q_EMIT done(m_response);
            else
                Q_EMIT error(m_response);
            if (self)
                deleteLater();
        },
        Qt::QueuedConnection);
}

} // namespace fanva::llm
