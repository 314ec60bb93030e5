// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QByteArray>

namespace fanva::fuzz {

void kbReader(QByteArrayView data)
{
    // The in-memory load reads the text with parseDocument itself (reader diagnostics come back
    // among the load's), so the document is read once per input, not twice.
    const kb::LoadResult loaded = kb::loadKnowledgeBase({ kb::ContextSource { QStringLiteral("CxFuzz.txt"), data.toByteArray() } });
    for (const kb::Diagnostic &d : loaded.diagnostics)
        (void)d.toString();
    if (loaded.ok()) {
        (void)loaded.kb->symbols();
        (void)loaded.kb->functorCounts();
    }
    (void)kb::parseSentence(data, QStringLiteral("candidate"));
}

} // namespace fanva::fuzz
