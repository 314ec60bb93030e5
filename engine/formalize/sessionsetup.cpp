// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/sessionsetup.h"
#include "formalize/session_p.h"

#include "formalize/coined.h"
#include "formalize/corrections.h"
#include "formalize/gloss.h"
#include "formalize/inventory.h"
#include "formalize/resolver.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <algorithm>

namespace fanva::formalize {

namespace {

using detail::s_minimumCard;
constexpr int s_cardSlack = 64;

} // namespace

SessionInput makeSessionInput(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context, const QByteArray &document,
    const QString &documentName, const SessionSettings &settings, const QString &instruction)
{
    if (!kb)
        return makeSessionInputWith(kb, context, document, documentName, settings, instruction, {});
    const kb::SymbolId cx = kb::intern(context.toStdString());
    SessionVocabulary vocabulary;
    vocabulary.resolve = [&](const std::vector<Segment> &segments) { return resolve(document, segments, *kb, cx); };
    vocabulary.systemPrefix = [&] { return systemPrefix(*kb, cx); };
    vocabulary.card
        = [&](const std::vector<Resolution> &resolutions, int cardTokens) { return buildInventory(*kb, cx, resolutions, cardTokens); };
    return makeSessionInputWith(kb, context, document, documentName, settings, instruction, vocabulary);
}

SessionInput makeSessionInputWith(std::shared_ptr<const kb::KnowledgeBase> kb, const QString &context, const QByteArray &document,
    const QString &documentName, const SessionSettings &settings, const QString &instruction, const SessionVocabulary &vocabulary)
{
    SessionInput input;
    input.kb = std::move(kb);
    input.context = context;
    input.document = document;
    input.documentName = documentName;
    input.instruction = instruction;
    input.settings = settings.clamped();
    if (!vocabulary.resolve)
        return input;
    const Segmentation segmentation = segment(document);
    if (!segmentation.ok())
        return input;
    const std::vector<Resolution> resolutions = vocabulary.resolve(segmentation.segments);
    input.resolutions = promptResolutions(resolutions);
    input.systemPrefix = vocabulary.systemPrefix();

    DocumentTurnInput turn;
    for (const Segment &s : segmentation.segments)
        turn.segments.push_back({ s.number, segmentText(document, s), s.kind == Segment::Kind::Heading });
    turn.context = context;
    turn.resolutions = input.resolutions;
    turn.maxCandidates = input.settings.maxCandidates;
    turn.instruction = instruction;
    const int withoutCard = estimateTokens(documentTurn(turn));
    const int room = input.settings.contextWindow - input.settings.maxOutputTokens - estimateTokens(input.systemPrefix) - s_cardSlack;
    int available = room - withoutCard;
    // Too large whole: the session cuts it into rounds, half the room for the card
    // (docs/formalize.md §5.6).
    if (available < s_minimumCard)
        available = room / 2;
    input.cardBudget = std::min(input.settings.cardTokens, available);
    if (input.cardBudget < s_minimumCard)
        return input;
    const Inventory inventory = vocabulary.card(resolutions, input.cardBudget);
    input.card = inventory.card;
    input.inventoryCut = { { "relations", inventory.cut.relations }, { "types", inventory.cut.types },
        { "individuals", inventory.cut.individuals }, { "structural", inventory.cut.structural } };
    return input;
}

SessionHooks standardHooks()
{
    SessionHooks hooks;
    hooks.gloss = [](const kb::KnowledgeBase &kb, const QString &sentence, const QString &context) {
        const kb::SentenceParse parsed = kb::parseSentence(sentence);
        if (!parsed.sentence)
            return EntryGloss {};
        const Gloss g = gloss(kb, parsed.sentence->term, kb::intern(context.toStdString()));
        return EntryGloss { g.text, QString(glossSourceName(g.source)) };
    };
    hooks.annotate = [](const kb::KnowledgeBase &kb, const QString &context, Entry &entry) {
        const kb::SymbolId cx = kb::intern(context.toStdString());
        const kb::SentenceParse asWritten = kb::parseSentence(entry.candidate);
        if (!asWritten.sentence)
            return;
        const Correction correction = correct(kb, asWritten.sentence->term, cx);
        if (!correction.isEmpty()) {
            entry.correction = correction;
            entry.shapes = correctionShapes(correction, entry.candidate);
            entry.selectedShape = initialShape(correction);
        }
        const kb::SentenceParse selected = kb::parseSentence(entry.sentence());
        if (selected.sentence)
            entry.coined = coinedVocabulary(kb, cx, { { entry.id, selected.sentence->term } }).functors;
    };
    return hooks;
}

} // namespace fanva::formalize
