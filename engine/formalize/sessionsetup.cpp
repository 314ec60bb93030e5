// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/sessionsetup.h"
#include "formalize/session_p.h"

#include "formalize/inventory.h"
#include "formalize/prompts.h"
#include "formalize/resolver.h"
#include "formalize/segmenter.h"
#include "lang/language.h"

#include <algorithm>

namespace fanva::formalize {

namespace {

using detail::s_minimumCard;
constexpr int s_cardSlack = 64;

} // namespace

SessionInput makeSessionInput(const std::shared_ptr<const lang::Kb> &kb, const QString &target, const QByteArray &document,
    const QString &documentName, const SessionSettings &settings, const QString &instruction)
{
    SessionInput input;
    input.kb = kb;
    input.context = target;
    input.document = document;
    input.documentName = documentName;
    input.instruction = instruction;
    input.settings = settings.clamped();
    if (!kb)
        return input;
    const lang::Language &language = kb->language();
    const Segmentation segmentation = segment(document);
    if (!segmentation.ok())
        return input;
    const std::vector<Resolution> resolutions = language.resolve(*kb, document, segmentation.segments, target);
    input.resolutions = promptResolutions(resolutions);
    input.systemPrefix = language.promptGuide(*kb, target);

    DocumentTurnInput turn;
    for (const Segment &s : segmentation.segments)
        turn.segments.push_back({ s.number, segmentText(document, s), s.kind == Segment::Kind::Heading });
    turn.context = target;
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
    const Inventory inventory = language.card(*kb, target, resolutions, input.cardBudget);
    input.card = inventory.card;
    input.inventoryCut = { { "relations", inventory.cut.relations }, { "types", inventory.cut.types },
        { "individuals", inventory.cut.individuals }, { "structural", inventory.cut.structural } };
    return input;
}

} // namespace fanva::formalize
