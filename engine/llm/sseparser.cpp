// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/sseparser.h"

namespace fanva::llm {

std::vector<SseEvent> SseParser::feed(QByteArrayView data)
{
    std::vector<SseEvent> events;
    if (m_overflowed)
        return events;
    m_buffer.append(data);
    qsizetype start = 0;
    qsizetype pos = start;
    const qsizetype size = m_buffer.size();
    while (pos < size) {
        const char c = m_buffer.at(pos);
        if (c != '\n' && c != '\r') {
            ++pos;
            continue;
        }
        if (c == '\r' && pos + 1 == size)
            break; // "\r" or "\r\n"? The next byte decides.
        processLine(QByteArrayView(m_buffer).sliced(start, pos - start), events);
        if (m_overflowed) {
            m_buffer.clear();
            return events;
        }
        pos += (c == '\r' && m_buffer.at(pos + 1) == '\n') ? 2 : 1;
        start = pos;
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLineBytes) {
        m_overflowed = true;
        m_buffer.clear();
    }
    return events;
}

std::vector<SseEvent> SseParser::finish()
{
    std::vector<SseEvent> events;
    if (m_overflowed)
        return events;
    QByteArray rest = std::exchange(m_buffer, {});
    if (rest.endsWith('\r'))
        rest.chop(1);
    if (!rest.isEmpty())
        processLine(rest, events);
    m_endedMidEvent = m_hasData;
    dispatch(events);
    return events;
}

void SseParser::processLine(QByteArrayView line, std::vector<SseEvent> &events)
{
    if (line.isEmpty()) {
        dispatch(events);
        return;
    }
    if (line.front() == ':')
        return;
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (value.startsWith(' '))
        value = value.sliced(1);
    if (field == "data") {
        if (m_data.size() + value.size() + 1 > kMaxLineBytes) {
            // An event that never ends would grow without bound.
            m_overflowed = true;
            return;
        }
        if (m_hasData)
            m_data.append('\n');
        m_data.append(value);
        m_hasData = true;
    } else if (field == "event") {
        m_event = value.toByteArray();
    }
}

void SseParser::dispatch(std::vector<SseEvent> &events)
{
    if (m_hasData)
        events.push_back({ m_event, m_data });
    m_event.clear();
    m_data.clear();
    m_hasData = false;
}

} // namespace fanva::llm
