// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#if defined(FANVA_HAVE_RULES)
#include "formalize/segmenter.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/rulesturn.h"
#include "rules/drafter.h"
#include "rules/lexicon.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <set>
#endif

namespace fanva::fuzz {

#if defined(FANVA_HAVE_RULES)
namespace {

// A small KB with a relation of each shape the rules read (template, name, noun, number, kind).
const char s_zoo[] = R"KB(
(comment animal "(animal ?x) means ?x is an animal.")
(comment bird "(bird ?x) means ?x is a bird.")
(genl bird animal)
(comment penguin "(penguin ?x) means ?x is a penguin.")
(genl penguin bird)
(comment fish "(fish ?x) means ?x is a fish.")
(genl fish animal)
(comment place "(place ?x) means ?x is a place.")
(comment ice_shelf "(ice_shelf ?x) means ?x is an ice shelf.")
(genl ice_shelf place)
(comment swims "(swims ?x) means ?x swims.")
(unaryPredicate swims)
(comment livesIn "(livesIn ?a ?p) means ?a lives in the place ?p.")
(binaryPredicate livesIn)
(arg livesIn 2 place)
(comment motherOf "(motherOf ?m ?c) means ?m is the mother of ?c.")
(binaryPredicate motherOf)
(comment weightInKg "(weightInKg ?a ?n) means ?a weighs ?n kilograms.")
(binaryPredicate weightInKg)
(comment dietIncludes "(dietIncludes ?k ?f) means animals of kind ?k eat food of kind ?f.")
(binaryPredicate dietIncludes)
(genlArg dietIncludes 1 animal)
(genlArg dietIncludes 2 animal)
(penguin Pebbles)
(ice_shelf RossIceShelf)
)KB";

const kb::KnowledgeBase &zoo()
{
    static const kb::LoadResult s_loaded
        = kb::loadKnowledgeBase(std::vector<kb::ContextSource> { { QStringLiteral("CxZoo.txt"), QByteArray(s_zoo) } });
    if (!s_loaded.ok()) {
        std::fprintf(stderr, "fuzz: the rules target's KB does not load\n");
        std::abort();
    }
    return *s_loaded.kb;
}

/// The turn the session would send for `text`; a text the segmenter refuses is one segment.
nlohmann::json turnFor(const QByteArray &text)
{
    const formalize::Segmentation segmentation = formalize::segment(text);
    if (segmentation.ok())
        return lang::fanvakb::rulesTurn(zoo(), QStringLiteral("CxZoo"), text, segmentation.segments, {});
    nlohmann::json turn = lang::fanvakb::rulesTurn(zoo(), QStringLiteral("CxZoo"), QByteArray(), {}, {});
    turn["segments"]
        = nlohmann::json::array({ { { "number", 1 }, { "text", QString::fromUtf8(text).toStdString() }, { "kind", "prose" } } });
    return turn;
}

} // namespace
#endif

void rulesDrafter(QByteArrayView data)
{
#if defined(FANVA_HAVE_RULES)
    const nlohmann::json turn = turnFor(data.toByteArray());
    const nlohmann::json reply = rules::draft(turn, rules::Lexicon::instance());
    // Every sentence gets candidates or a reason, and nothing else is named.
    std::set<int> numbers, answered;
    for (const nlohmann::json &s : turn.at("segments"))
        numbers.insert(s.at("number").get<int>());
    for (const char *list : { "candidates", "untranslated" }) {
        for (const nlohmann::json &item : reply.at(list))
            answered.insert(item.at("segment").get<int>());
    }
    if (answered != numbers) {
        std::fprintf(stderr, "fuzz: the rules answered %zu of %zu sentences\n", answered.size(), numbers.size());
        std::abort();
    }
#else
    (void)data;
#endif
}

} // namespace fanva::fuzz
