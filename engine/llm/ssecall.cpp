// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/ssecall.h"

#include "jsonutil.h"
#include "llm/format.h"
#include "status.h"

namespace fanva::llm {

SseCall::~SseCall() = default;

void SseCall::streamData(QByteArrayView data)
{
    handle(m_parser.feed(data), false);
    if (!isFinished() && m_parser.overflowed())
        unreadable(QStringLiteral("an event is longer than %1").arg(formatBytes(SseParser::kMaxLineBytes)));
}

void SseCall::streamEnded(bool cut)
{
    if (!cut) {
        const std::vector<SseEvent> last = m_parser.finish();
        handle(last, m_parser.endedMidEvent());
        if (isFinished())
            return;
        bodyEnded();
    }
    if (!isFinished())
        streamCut();
}

void SseCall::handle(const std::vector<SseEvent> &events, bool lastIsTorn)
{
    for (std::size_t i = 0; i < events.size() && !isFinished(); ++i) {
        ++m_eventNumber;
        m_torn = lastIsTorn && i + 1 == events.size();
        handleEvent(events[i]);
    }
    m_torn = false;
}

std::optional<jsonutil::Json> SseCall::parseEvent(const SseEvent &event)
{
    Result<jsonutil::Json> data = jsonutil::parse(event.data);
    if (data && data->is_object())
        return std::move(data).value();
    if (m_torn)
        streamCut();
    else
        unreadable(QStringLiteral("invalid JSON in event %1").arg(m_eventNumber));
    return std::nullopt;
}

} // namespace fanva::llm
