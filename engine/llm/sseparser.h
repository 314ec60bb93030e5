// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <vector>

namespace fanva::llm {

/// One dispatched server-sent event: its `event:` type (empty when none) and its `data:`
/// lines joined with "\n".
struct SseEvent {
    QByteArray event;
    QByteArray data;
    friend bool operator==(const SseEvent &, const SseEvent &) = default;
};

/// An incremental parser for text/event-stream bodies. Lines end at "\n", "\r\n" or "\r" (a
/// "\r" at the end of a feed waits for the next byte); ":" starts a comment; `data` values
/// (less one leading space) join with "\n"; a blank line or the end of the body dispatches.
/// A line, or the data of one event, longer than kMaxLineBytes stops the parser.
class SseParser final
{
public:
    static constexpr qsizetype kMaxLineBytes = 8 * 1024 * 1024;

    [[nodiscard]] std::vector<SseEvent> feed(QByteArrayView data);
    /// Ends the body: a last unterminated line is read and a pending event dispatched.
    [[nodiscard]] std::vector<SseEvent> finish();
    [[nodiscard]] bool overflowed() const { return m_overflowed; }
    /// After finish(): the body stopped inside an event (no blank line after its data), so its
    /// last event may be cut short.
    [[nodiscard]] bool endedMidEvent() const { return m_endedMidEvent; }

private:
    void processLine(QByteArrayView line, std::vector<SseEvent> &events);
    void dispatch(std::vector<SseEvent> &events);

    QByteArray m_buffer;
    QByteArray m_event;
    QByteArray m_data;
    bool m_hasData = false;
    bool m_overflowed = false;
    bool m_endedMidEvent = false;
};

} // namespace fanva::llm
