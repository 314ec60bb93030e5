// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QByteArray>

namespace fanva::fuzz {

void kbReader(QByteArrayView data)
{
    const QByteArray text = data.toByteArray();
    const kb::Document document = kb::parseDocument(text, QStringLiteral("CxFuzz.txt"));
    for (const kb::Diagnostic &d : document.diagnostics)
        (void)d.toString();
    (void)kb::parseSentence(data, QStringLiteral("candidate"));
    // The loader on top: context names, metadata, indexes.
    const kb::LoadResult loaded = kb::loadKnowledgeBase({ kb::ContextSource { QStringLiteral("CxFuzz.txt"), text } });
    if (loaded.ok()) {
        (void)loaded.kb->symbols();
        (void)loaded.kb->functorCounts();
    }
}

} // namespace fanva::fuzz
