// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/sessionsetup.h"
#include "formalize/session_p.h"

#include "formalize/inventory.h"
#include "formalize/prompts.h"
#include "formalize/resolver.h"
#include "formalize/rewrite.h"
#include "formalize/segmenter.h"
#include "lang/language.h"

#include <algorithm>

namespace fanva::formalize {

namespace {

using detail::s_minimumCard;
constexpr int s_cardSlack = 64;

/// The card of `kb` around `resolutions` within the input's card budget (formalize.md §2), when
/// the budget is large enough for one.
void addCard(SessionInput &input, const lang::Kb &kb, const QString &target, const std::vector<Resolution> &resolutions)
{
    if (input.cardBudget < s_minimumCard)
        return;
    const Inventory inventory = kb.language().card(kb, target, resolutions, input.cardBudget);
    input.card = inventory.card;
    input.inventoryCut = { { "relations", inventory.cut.relations }, { "types", inventory.cut.types },
        { "individuals", inventory.cut.individuals }, { "structural", inventory.cut.structural } };
}

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
    addCard(input, *kb, target, resolutions);
    return input;
}

SessionInput makeRewriteInput(const std::shared_ptr<const lang::Kb> &kb, std::shared_ptr<const lang::Kb> gateKb, const QString &target,
    const QString &documentName, const std::vector<ExistingSentence> &selection, const std::vector<lang::Resolution> &seeds,
    const SessionSettings &settings, const QString &instruction)
{
    SessionInput input;
    input.kb = std::move(gateKb);
    input.context = target;
    input.document = rewriteDocument(selection);
    input.documentName = documentName;
    input.instruction = instruction;
    input.settings = settings.clamped();
    input.rewrite = selection;
    if (!kb)
        return input;
    input.systemPrefix = kb->language().promptGuide(*kb, target);
    const RewriteTurnInput turn { selection, target, documentName, {}, input.settings.maxCandidates, instruction };
    const int available = input.settings.contextWindow - input.settings.maxOutputTokens - estimateTokens(input.systemPrefix)
        - estimateTokens(rewriteTurn(turn)) - s_cardSlack;
    input.cardBudget = std::min(input.settings.cardTokens, available);
    addCard(input, *kb, target, seeds);
    return input;
}

} // namespace fanva::formalize
