// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QByteArray>
#include <QThreadPool>

#include <cstdio>
#include <cstdlib>

namespace fanva::fuzz {

void kbReader(QByteArrayView data)
{
    const QByteArray text = data.toByteArray();
    // The in-memory load reads the text with parseDocument itself (reader diagnostics come back
    // among the load's).
    const kb::LoadResult loaded = kb::loadKnowledgeBase({ kb::ContextSource { QStringLiteral("CxFuzz.txt"), text } });
    for (const kb::Diagnostic &d : loaded.diagnostics)
        (void)d.toString();
    if (loaded.ok()) {
        (void)loaded.kb->symbols();
        (void)loaded.kb->functorCounts();
    }
    (void)kb::parseSentence(data, QStringLiteral("candidate"));

    // Read in pieces (as fanva-cli parse reads a large file), cut at every 64 bytes or so,
    // the text must be the one-pass document, term for term and message for message.
    if (!text.contains("\n(")) // one piece: nothing to compare
        return;
    static QThreadPool *const pool = [] {
        auto *p = new QThreadPool; // never destroyed: libFuzzer exits without unwinding
        p->setMaxThreadCount(2);
        return p;
    }();
    const kb::Document one = kb::parseDocument(text, QStringLiteral("CxFuzz.txt"));
    const kb::Document pieces = kb::parseDocument(text, QStringLiteral("CxFuzz.txt"), kb::ParallelReading { 8, 64, pool, nullptr });
    if (pieces.diagnostics != one.diagnostics || pieces.sentences.size() != one.sentences.size()) {
        std::fprintf(stderr, "kbreader: read in pieces, the text gave %zu sentences and %zu messages; in one pass %zu and %zu\n",
            pieces.sentences.size(), pieces.diagnostics.size(), one.sentences.size(), one.diagnostics.size());
        std::abort();
    }
    for (std::size_t i = 0; i < one.sentences.size(); ++i) {
        if (const auto difference = kb::firstDifference(one.sentences[i], pieces.sentences[i])) {
            const kb::Span at = difference->first.span();
            std::fprintf(
                stderr, "kbreader: a term read in pieces differs from one pass at %u:%u (byte %u)\n", at.line, at.column, at.begin);
            std::abort();
        }
    }
}

} // namespace fanva::fuzz
