// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/vocabulary.h"

#include "kb/knowledgebase.h"
#include "kb/reader.h"

namespace fanva::formalize {

CoinedReport proposalVocabulary(const kb::KnowledgeBase &kb, const QString &context, const std::vector<Entry> &entries)
{
    // The terms point into their parses: every parse lives until the report is made.
    std::vector<kb::SentenceParse> parses;
    std::vector<QString> ids;
    for (const Entry &e : entries) {
        if (e.state != EntryState::Admissible && e.state != EntryState::Known)
            continue;
        kb::SentenceParse parsed = kb::parseSentence(e.sentence());
        if (parsed.sentence) {
            parses.push_back(std::move(parsed));
            ids.push_back(e.id);
        }
    }
    std::vector<CoinedInput> inputs;
    for (std::size_t i = 0; i < parses.size(); ++i)
        inputs.push_back({ ids[i], parses[i].sentence->term });
    return coinedVocabulary(kb, kb::intern(context.toStdString()), inputs);
}

nlohmann::json vocabularyJson(const CoinedReport &report)
{
    return { { "literals", report.literals }, { "reused", report.reused }, { "coined", report.coined }, { "types", report.types },
        { "properties", report.properties }, { "relations", report.relations }, { "introduced", report.introduced } };
}

} // namespace fanva::formalize
