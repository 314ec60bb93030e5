// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "jsonutil.h"
#include "llm/httpcall.h"
#include "llm/sseparser.h"

#include <optional>

namespace fanva::llm {

/// The text/event-stream half shared by the Anthropic and OpenAI-compatible calls (providers.md
/// §4–§5): the body goes through one SseParser, each event to handleEvent() until the call
/// finishes; an event longer than the parser's limit makes the reply unreadable, and a body
/// that ends before the answer did is a StreamCut.
class SseCall : public HttpCall
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(SseCall)

public:
    ~SseCall() override;

protected:
    using HttpCall::HttpCall;

    /// One event of the body, in order.
    virtual void handleEvent(const SseEvent &event) = 0;
    /// The body ended normally after its last event without finishing the call; a subclass
    /// may still finish it (OpenAI forks omit [DONE]). Otherwise the stream was cut.
    virtual void bodyEnded() { }

    /// The event's data as a JSON object; nullopt (and the call failed) when it is not one:
    /// a last event the body stopped in the middle of is a cut stream, any other is unreadable.
    [[nodiscard]] std::optional<jsonutil::Json> parseEvent(const SseEvent &event);
    /// Events seen so far, this one included (for messages: "in event 3").
    [[nodiscard]] int eventNumber() const { return m_eventNumber; }

    void streamData(QByteArrayView data) final;
    void streamEnded(bool cut) final;

private:
    void handle(const std::vector<SseEvent> &events, bool lastIsTorn);

    SseParser m_parser;
    int m_eventNumber = 0;
    bool m_torn = false; ///< the event being handled ended with the body, not a blank line
};

} // namespace fanva::llm
