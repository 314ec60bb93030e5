// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The rules provider's patterns (docs/spec/rules.md §3), one test per row, on a small farm KB
// written for these tests (not the demo's).
#include "draftedsentences.h"
#include "formalize/segmenter.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/rulesturn.h"
#include "rules/drafter.h"
#include "rules/lexicon.h"
#include "rules/tokenizer.h"

#include <QTest>

using namespace fanva;
using nlohmann::json;
using testing::draftedSentences;

namespace {

const char s_farm[] = R"KB(
(comment animal "(animal ?x) means ?x is an animal.")
(comment mammal "(mammal ?x) means ?x is a mammal, an animal that suckles its young.")
(genl mammal animal)
(comment bird "(bird ?x) means ?x is a bird.")
(genl bird animal)
(comment dog "(dog ?x) means ?x is a dog, a domestic animal that barks.")
(genl dog mammal)
(comment cat "(cat ?x) means ?x is a cat.")
(genl cat mammal)
(comment hen "(hen ?x) means ?x is a hen, a female chicken.")
(genl hen bird)
(comment grain "(grain ?x) means ?x is a grain.")
(comment person "(person ?x) means ?x is a person.")
(comment farmer "(farmer ?x) means ?x is a person who works a farm.")
(genl farmer person)
(comment place "(place ?x) means ?x is a place.")
(comment farm "(farm ?x) means ?x is a farm.")
(genl farm place)
(comment barn "(barn ?x) means ?x is a barn.")
(genl barn place)
(comment barks "(barks ?x) means ?x can bark.")
(unaryPredicate barks)
(arg barks 1 animal)
(comment sleepsIn "(sleepsIn ?a ?p) means ?a sleeps in the place ?p.")
(binaryPredicate sleepsIn)
(arg sleepsIn 2 place)
(comment ownerOf "(ownerOf ?o ?a) means the person ?o is the owner of the animal ?a.")
(binaryPredicate ownerOf)
(arg ownerOf 1 person)
(arg ownerOf 2 animal)
(comment ageInYears "(ageInYears ?a ?n) means ?a is ?n years old.")
(binaryPredicate ageInYears)
(comment areaInHectares "(areaInHectares ?f ?n) means the farm ?f covers ?n hectares.")
(binaryPredicate areaInHectares)
(comment feeds "(feeds ?p ?a) means the person ?p feeds the animal ?a.")
(binaryPredicate feeds)
(comment consumes "(consumes ?a ?f) means the animal ?a eats the food ?f.")
(binaryPredicate consumes)
(comment owns "(owns ?p ?x) means the person ?p owns ?x.")
(binaryPredicate owns)
(comment keptIn "(keptIn ?a ?p) means the animal ?a is kept in the place ?p.")
(binaryPredicate keptIn)
(comment locatedOn "(locatedOn ?x ?f) means the place ?x lies on the farm ?f.")
(binaryPredicate locatedOn)
(comment legCount "(legCount ?a ?n) means the animal ?a has ?n legs.")
(binaryPredicate legCount)
(comment builtIn "(builtIn ?b ?y) means the barn ?b was first built in the year ?y.")
(binaryPredicate builtIn)
(comment housedIn "(housedIn ?k ?p) means animals of kind ?k are housed in places of kind ?p.")
(binaryPredicate housedIn)
(genlArg housedIn 1 animal)
(genlArg housedIn 2 place)
(comment noisy "(noisy ?x) means ?x is noisy.")
(unaryPredicate noisy)
(comment farm_dog "(farm_dog ?x) means ?x is a dog that works on a farm.")
(genl farm_dog dog)
(comment Rex "Rex names the farm dog.")
(dog Rex)
(comment Tom "Tom names the farmer.")
(farmer Tom)
(comment Bella "Bella names the barn cat.")
(cat Bella)
(farm GreenAcres)
(barn RedBarn)
)KB";

std::shared_ptr<const kb::KnowledgeBase> farm()
{
    static const kb::LoadResult result
        = kb::loadKnowledgeBase(std::vector<kb::ContextSource> { { QStringLiteral("CxFarm.txt"), QByteArray(s_farm) } });
    return result.kb;
}

/// The reply the rules draft for `text`.
json draftOf(const QByteArray &text)
{
    const formalize::Segmentation segmentation = formalize::segment(text);
    const json turn = lang::fanvakb::rulesTurn(*farm(), QStringLiteral("CxFarm"), text, segmentation.segments, {});
    return rules::draft(turn, rules::Lexicon::instance());
}

} // namespace

class TestRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(farm(), "the farm KB loads");
        if (!rules::Lexicon::instance().available())
            QSKIP(qPrintable(rules::Lexicon::instance().problem()));
    }

    void patterns_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QStringList>("expected");
        // 1 membership
        QTest::newRow("1 membership") << QByteArray("Rex is a dog.") << QStringList { "(dog Rex)" };
        QTest::newRow("1 not") << QByteArray("Bella is not a dog.") << QStringList { "(not (dog Bella))" };
        QTest::newRow("1 new name") << QByteArray("Daisy is a hen.") << QStringList { "(hen Daisy)" };
        // 2 every/all/each
        QTest::newRow("2 every") << QByteArray("Every hen is a bird.") << QStringList { "(genl hen bird)" };
        QTest::newRow("2 all") << QByteArray("All cats are mammals.") << QStringList { "(genl cat mammal)" };
        // 3 bare generic
        QTest::newRow("3 generic") << QByteArray("Cats are mammals.") << QStringList { "(set/defaultRule (implies (cat ?x) (mammal ?x)))" };
        // 4 generic verb, usually … but
        QTest::newRow("4 generic verb") << QByteArray("Dogs bark.") << QStringList { "(set/defaultRule (implies (dog ?x) (barks ?x)))" };
        QTest::newRow("4 usually but") << QByteArray("Mammals usually bark, but cats do not.")
                                       << QStringList { "(exceptWhen (cat ?x) (set/defaultRule (implies (mammal ?x) (barks ?x))))" };
        QTest::newRow("4 usually adjective") << QByteArray("Dogs are usually noisy, but cats are not.")
                                             << QStringList { "(exceptWhen (cat ?x) (set/defaultRule (implies (dog ?x) (noisy ?x))))" };
        QTest::newRow("4 named object") << QByteArray("Hens usually sleep in the Red Barn.")
                                        << QStringList { "(set/defaultRule (implies (hen ?x) (sleepsIn ?x RedBarn)))" };
        QTest::newRow("4 capitalised kind") << QByteArray("Farm dogs bark.")
                                            << QStringList { "(set/defaultRule (implies (farm_dog ?x) (barks ?x)))" };
        // 5 verb + preposition, numbers with units
        QTest::newRow("5 verb prep") << QByteArray("Rex sleeps in the Red Barn.") << QStringList { "(sleepsIn Rex RedBarn)" };
        QTest::newRow("5 transitive") << QByteArray("Tom feeds Rex.") << QStringList { "(feeds Tom Rex)" };
        QTest::newRow("5 years old") << QByteArray("Rex is 7 years old.") << QStringList { "(ageInYears Rex 7)" };
        QTest::newRow("5 hectares") << QByteArray("Green Acres covers 120 hectares.") << QStringList { "(areaInHectares GreenAcres 120)" };
        // 6 relational nouns
        QTest::newRow("6 the N of") << QByteArray("Tom is the owner of Rex.") << QStringList { "(ownerOf Tom Rex)" };
        QTest::newRow("6 possessive") << QByteArray("Rex's owner is Tom.") << QStringList { "(ownerOf Tom Rex)" };
        QTest::newRow("6 whose") << QByteArray("Rex is a dog whose owner is Tom.") << QStringList { "(dog Rex)", "(ownerOf Tom Rex)" };
        // 7 every T has a N
        QTest::newRow("7 every has") << QByteArray("Every dog has an owner.")
                                     << QStringList { "(implies (dog ?x) (exists ?o (ownerOf ?o ?x)))" };
        // 8 only / nothing but
        QTest::newRow("8 only") << QByteArray("Hens eat only grain.")
                                << QStringList { "(implies (and (hen ?x) (consumes ?x ?y)) (grain ?y))" };
        QTest::newRow("8 nothing but") << QByteArray("Hens eat nothing but grain.")
                                       << QStringList { "(implies (and (hen ?x) (consumes ?x ?y)) (grain ?y))" };
        // 10 coordination with a pronoun, relative clause
        QTest::newRow("10 and she") << QByteArray("Bella is a cat, and she sleeps in the Red Barn.")
                                    << QStringList { "(cat Bella)", "(sleepsIn Bella RedBarn)" };
        QTest::newRow("10 who") << QByteArray("Rex is a dog who sleeps in the Red Barn.")
                                << QStringList { "(dog Rex)", "(sleepsIn Rex RedBarn)" };
        // 9 whoever
        QTest::newRow("9 whoever") << QByteArray("Whoever sleeps in the Red Barn barks.")
                                   << QStringList { "(implies (sleepsIn ?x RedBarn) (barks ?x))" };
        QTest::newRow("9 whoever is") << QByteArray("Whoever sleeps in the Red Barn is noisy.")
                                      << QStringList { "(implies (sleepsIn ?x RedBarn) (noisy ?x))" };
        // 10 narrative: introduced individuals, the same one again, a pronoun object, coreference
        QTest::newRow("10 introduced") << QByteArray("A dog sleeps in the Red Barn. The dog barks.")
                                       << QStringList { "(dog Dog1)", "(sleepsIn Dog1 RedBarn)", "(barks Dog1)" };
        QTest::newRow("10 hypernym") << QByteArray("A farmer feeds a cat. Later the farmer feeds the little animal.")
                                     << QStringList { "(farmer Farmer1)", "(cat Cat1)", "(feeds Farmer1 Cat1)" };
        // 5 have + number, passive template with a number, 5k passive kind relation
        QTest::newRow("5 has number") << QByteArray("Daisy has 2 legs.") << QStringList { "(legCount Daisy 2)" };
        QTest::newRow("5 passive year") << QByteArray("The Red Barn was first built in 1920.") << QStringList { "(builtIn RedBarn 1920)" };
        QTest::newRow("5k passive") << QByteArray("Hens are housed in barns.") << QStringList { "(housedIn hen barn)" };
        // 10 there is, has … called, apposition, passives, location, coordination, pronouns
        QTest::newRow("10 there is") << QByteArray("There is a barn called Old Barn.") << QStringList { "(barn OldBarn)" };
        QTest::newRow("10 there is on") << QByteArray("There is a barn called Old Barn on Green Acres.")
                                        << QStringList { "(barn OldBarn)", "(locatedOn OldBarn GreenAcres)" };
        QTest::newRow("10 has called") << QByteArray("Tom has a cat called Mitten.") << QStringList { "(cat Mitten)", "(owns Tom Mitten)" };
        QTest::newRow("10 has called noun") << QByteArray("Rex has an owner called Tom.") << QStringList { "(ownerOf Tom Rex)" };
        QTest::newRow("10 apposition") << QByteArray("Daisy, a hen, sleeps in the Red Barn.")
                                       << QStringList { "(hen Daisy)", "(sleepsIn Daisy RedBarn)" };
        QTest::newRow("10 passive by") << QByteArray("Rex is fed by Tom.") << QStringList { "(feeds Tom Rex)" };
        QTest::newRow("10 passive prep") << QByteArray("Bella is kept in the Red Barn.") << QStringList { "(keptIn Bella RedBarn)" };
        QTest::newRow("10 located") << QByteArray("The Red Barn is on Green Acres.") << QStringList { "(locatedOn RedBarn GreenAcres)" };
        QTest::newRow("10 subjects") << QByteArray("Rex and Bella sleep in the Red Barn.")
                                     << QStringList { "(sleepsIn Rex RedBarn)", "(sleepsIn Bella RedBarn)" };
        QTest::newRow("10 objects") << QByteArray("Tom feeds Rex and Bella.") << QStringList { "(feeds Tom Rex)", "(feeds Tom Bella)" };
        QTest::newRow("10 plural") << QByteArray("Daisy and Molly are hens.") << QStringList { "(hen Daisy)", "(hen Molly)" };
        QTest::newRow("10 and verb") << QByteArray("Daisy is a hen and sleeps in the Red Barn.")
                                     << QStringList { "(hen Daisy)", "(sleepsIn Daisy RedBarn)" };
        QTest::newRow("10 it") << QByteArray("Green Acres is a farm. It covers 120 hectares.")
                               << QStringList { "(farm GreenAcres)", "(areaInHectares GreenAcres 120)" };
        QTest::newRow("10 description") << QByteArray("Rex, the old hound, barks.") << QStringList { "(barks Rex)" };
        QTest::newRow("10 whole name") << QByteArray("Rex Junior is a dog.") << QStringList { "(dog RexJunior)" };
        QTest::newRow("10 also") << QByteArray("Tom feeds Rex. He also feeds Bella.")
                                 << QStringList { "(feeds Tom Rex)", "(feeds Tom Bella)" };
        // names from letters beyond ASCII, folded to the ASCII a KB name is spelt in (L12)
        QTest::newRow("name dotted I") << QByteArray("Rex sleeps in the İstanbul Barn.") << QStringList { "(sleepsIn Rex IstanbulBarn)" };
        QTest::newRow("name accents") << QByteArray("Zoë is a hen.") << QStringList { "(hen Zoe)" };
        QTest::newRow("name stroke") << QByteArray("Rex sleeps in the Ørsted Barn.") << QStringList { "(sleepsIn Rex OrstedBarn)" };
        QTest::newRow("name other script") << QByteArray("Rex sleeps in the Москва Barn.") << QStringList {};
        // coined verb + preposition
        QTest::newRow("coined") << QByteArray("Rex growls at Tom.") << QStringList { "(growlsAt Rex Tom)" };
        // 11 nothing
        QTest::newRow("11 reported") << QByteArray("Tom thinks that Rex is a dog.") << QStringList {};
        QTest::newRow("11 subordinate") << QByteArray("When it rains, Rex sleeps in the Red Barn.") << QStringList {};
        QTest::newRow("11 modal") << QByteArray("Rex might be a dog.") << QStringList {};
        QTest::newRow("11 opinion") << QByteArray("The barn is the most beautiful place on the farm.") << QStringList {};
        QTest::newRow("11 question") << QByteArray("Is Rex a dog?") << QStringList {};
        QTest::newRow("11 superlative") << QByteArray("The Red Barn is the oldest building on the farm.") << QStringList {};
        QTest::newRow("11 narrative") << QByteArray("At dawn the old farmer sighed.") << QStringList {};
        QTest::newRow("11 passive agent") << QByteArray("Rex is kept by Tom.") << QStringList {};
    }

    void patterns()
    {
        QFETCH(QByteArray, text);
        QFETCH(QStringList, expected);
        const json reply = draftOf(text);
        QCOMPARE(draftedSentences(reply), expected);
        if (expected.isEmpty()) {
            QCOMPARE(reply.at("untranslated").size(), std::size_t(1));
            QVERIFY(!reply.at("untranslated")[0].at("reason").get<std::string>().empty());
        }
    }

    void honestMarking()
    {
        const json reply = draftOf("Rex sleeps in the Red Barn every night.");
        QCOMPARE(draftedSentences(reply), QStringList { "(sleepsIn Rex RedBarn)" });
        const json &c = reply.at("candidates")[0];
        QCOMPARE(c.at("pattern").get<std::string>(), std::string("verb-preposition"));
        QCOMPARE(c.at("confidence").get<std::string>(), std::string("medium"));
        QVERIFY(c.at("unused").dump().find("night") != std::string::npos);
        QCOMPARE(draftOf("Rex is a dog.").at("candidates")[0].at("confidence").get<std::string>(), std::string("high"));
        QVERIFY(reply.at("notes").get<std::string>().find("drafted by rules") != std::string::npos);
        const json apposition = draftOf("Clara, a farmer, feeds Rex.");
        QCOMPARE(draftedSentences(apposition), (QStringList { "(farmer Clara)", "(feeds Clara Rex)" }));
        QCOMPARE(apposition.at("candidates")[0].at("pattern").get<std::string>(), std::string("apposition"));
        QCOMPARE(apposition.at("candidates")[0].at("confidence").get<std::string>(), std::string("high"));
        const json head = draftOf("Clara, the new farmer, feeds Rex.");
        QCOMPARE(head.at("candidates")[0].at("unused").dump(), std::string(R"(["new"])"));
        QCOMPARE(head.at("candidates")[0].at("confidence").get<std::string>(), std::string("medium"));
    }

    void headingsYieldNothing()
    {
        const json reply = draftOf("# The farm\n\nRex is a dog.\n");
        QCOMPARE(draftedSentences(reply), QStringList { "(dog Rex)" });
        QCOMPARE(reply.at("untranslated")[0].at("segment").get<int>(), 1);
    }

    void asciiFolded_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("folded");
        QTest::newRow("dotted I") << QStringLiteral("İstanbul") << QStringLiteral("Istanbul");
        QTest::newRow("diaeresis") << QStringLiteral("Zoë") << QStringLiteral("Zoe");
        QTest::newRow("stroke") << QStringLiteral("Łódź") << QStringLiteral("Lodz");
        QTest::newRow("sharp s") << QStringLiteral("Straße") << QStringLiteral("Strasse");
        QTest::newRow("slashed o") << QStringLiteral("Ørsted") << QStringLiteral("Orsted");
        QTest::newRow("ligature") << QStringLiteral("ﬁsh") << QStringLiteral("fish");
        QTest::newRow("full width") << QStringLiteral("Ｒｅｘ") << QStringLiteral("Rex");
        QTest::newRow("other script") << QStringLiteral("Москва") << QStringLiteral("Москва");
        QTest::newRow("ascii") << QStringLiteral("Pebbles") << QStringLiteral("Pebbles");
    }

    void asciiFolded()
    {
        QFETCH(QString, word);
        QFETCH(QString, folded);
        QCOMPARE(rules::asciiFolded(word), folded);
    }

    void unspellableWordIsNamed()
    {
        const json reply = draftOf("Rex sleeps in the Москва Barn.");
        QCOMPARE(reply.at("untranslated")[0].at("reason").get<std::string>(),
            std::string("a word the knowledge base cannot spell ('Москва'): its names and types are written in ASCII letters"));
    }

    void repeatable()
    {
        const QByteArray text = "Rex is a dog. Every dog has an owner. Rex growls at the postman. Hens eat only grain.";
        QCOMPARE(draftOf(text).dump(), draftOf(text).dump());
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
