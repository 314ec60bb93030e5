// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "llm/sseparser.h"

#include <cstdio>
#include <cstdlib>

namespace fanva::fuzz {

namespace {

struct Events {
    std::vector<llm::SseEvent> events;
    bool overflowed = false;
};

Events parse(QByteArrayView data, qsizetype chunk)
{
    llm::SseParser parser;
    Events out;
    const auto take = [&out](std::vector<llm::SseEvent> events) {
        for (llm::SseEvent &e : events)
            out.events.push_back(std::move(e));
    };
    for (qsizetype at = 0; at < data.size(); at += chunk)
        take(parser.feed(data.sliced(at, qMin(chunk, data.size() - at))));
    take(parser.finish());
    out.overflowed = parser.overflowed();
    return out;
}

} // namespace

void sse(QByteArrayView data)
{
    // The header promises the same events whatever the read boundaries.
    const Events whole = parse(data, qMax<qsizetype>(1, data.size()));
    const qsizetype chunk = data.isEmpty() ? 1 : 1 + qsizetype(static_cast<unsigned char>(data.front()) % 17);
    const Events pieces = parse(data, chunk);
    if (whole.events != pieces.events || whole.overflowed != pieces.overflowed) {
        std::fprintf(stderr, "fuzz: SSE events depend on the read boundaries (chunk %lld)\n", static_cast<long long>(chunk));
        std::abort();
    }
}

} // namespace fanva::fuzz
