// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "llm/ndjsonparser.h"

#include <cstdio>
#include <cstdlib>

namespace fanva::fuzz {

namespace {

struct Lines {
    std::vector<QByteArray> lines;
    bool overflowed = false;
};

Lines parse(QByteArrayView data, qsizetype chunk)
{
    llm::NdjsonParser parser;
    Lines out;
    for (qsizetype at = 0; at < data.size(); at += chunk) {
        for (QByteArray &line : parser.feed(data.sliced(at, qMin(chunk, data.size() - at))))
            out.lines.push_back(std::move(line));
    }
    if (std::optional<QByteArray> last = parser.finish())
        out.lines.push_back(std::move(*last));
    out.overflowed = parser.overflowed();
    return out;
}

} // namespace

void ndjson(QByteArrayView data)
{
    // The header promises the same lines whatever the read boundaries.
    const Lines whole = parse(data, qMax<qsizetype>(1, data.size()));
    const qsizetype chunk = data.isEmpty() ? 1 : 1 + qsizetype(static_cast<unsigned char>(data.front()) % 17);
    const Lines pieces = parse(data, chunk);
    if (whole.lines != pieces.lines || whole.overflowed != pieces.overflowed) {
        std::fprintf(stderr, "fuzz: NDJSON lines depend on the read boundaries (chunk %lld)\n", static_cast<long long>(chunk));
        std::abort();
    }
}

} // namespace fanva::fuzz
