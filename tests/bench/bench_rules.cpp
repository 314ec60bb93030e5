// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Benchmark of the rules provider (docs/spec/rules.md, issue 18) on the demo KB: a 45-sentence
// document drafted end to end in a fresh process (Link Grammar and WordNet loaded by the first
// draft), then each sentence drafted alone. Targets (release): ≤ 3 s for the document including
// the load; median ≤ 10 ms per sentence after the load.
#include "formalize/segmenter.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/rulesturn.h"
#include "rules/drafter.h"
#include "rules/lexicon.h"

#include <QElapsedTimer>
#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace fanva;

namespace {

const char *const s_sentences[] = {
    "Pebbles is a penguin who lives on the Ross Ice Shelf.",
    "Pebbles weighs 23 kilograms.",
    "Biscuit is a seal, and he lives in the Atlantic Ocean.",
    "Biscuit weighs 85 kilograms.",
    "Mango is a parrot whose mother is Saffron.",
    "Mango whistles at the visitors every morning before the gates open.",
    "Birds usually fly, but penguins do not.",
    "Penguins eat fish.",
    "Seals are mammals that hunt in the sea.",
    "Silver is a salmon, and salmon can swim.",
    "Herbivores eat nothing but plants.",
    "Every animal has a mother.",
    "The penguin pool is the most charming corner of the whole zoo.",
    "Saffron is a parrot.",
    "Silver is not a penguin.",
    "Every seal is a mammal.",
    "All parrots are birds.",
    "Each salmon is a fish.",
    "Parrots are birds.",
    "Fish swim.",
    "Seals usually swim.",
    "Saffron is the mother of Mango.",
    "Mango's mother is Saffron.",
    "Every bird has a mother.",
    "Carnivores eat only animals.",
    "Saffron lives in the Amazon Basin.",
    "Silver weighs 4 kilograms.",
    "Biscuit eats Silver.",
    "Pebbles swims.",
    "Mango is a parrot who lives in the Amazon Basin.",
    "Pebbles does not fly.",
    "Biscuit is a carnivore.",
    "Salmon are fish.",
    "Penguins are birds that swim.",
    "Every penguin is a bird.",
    "Mango might fly to the harbour.",
    "The keeper says that Biscuit is hungry.",
    "When the gates open, Mango whistles.",
    "Is Pebbles a penguin?",
    "Pebbles is a penguin, and she swims.",
    "Saffron eats plants.",
    "Birds usually fly, but penguins do not.",
    "Every seal has a mother.",
    "Mango whistles at Saffron.",
    "Herbivores eat only plants.",
};

std::shared_ptr<const kb::KnowledgeBase> demo()
{
    static const kb::LoadResult result = kb::loadKnowledgeBase(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"));
    return result.kb;
}

nlohmann::json turnOf(const QByteArray &text)
{
    const formalize::Segmentation segmentation = formalize::segment(text);
    return lang::fanvakb::rulesTurn(*demo(), QStringLiteral("CxAnimals"), text, segmentation.segments, {});
}

} // namespace

class BenchRules : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bench()
    {
        QVERIFY(demo());
        QByteArray document;
        for (const char *s : s_sentences)
            document += QByteArray(s) + '\n' + '\n';
        QCOMPARE(int(std::size(s_sentences)), 45);

        QElapsedTimer whole;
        whole.start();
        const nlohmann::json reply = rules::draft(turnOf(document), rules::Lexicon::instance());
        const qint64 documentMs = whole.elapsed();
        if (!rules::Lexicon::instance().available())
            QSKIP(qPrintable(rules::Lexicon::instance().problem()));

        std::vector<double> perSentence;
        for (int round = 0; round < 5; ++round) {
            for (const char *s : s_sentences) {
                const nlohmann::json turn = turnOf(QByteArray(s));
                QElapsedTimer timer;
                timer.start();
                const nlohmann::json one = rules::draft(turn, rules::Lexicon::instance());
                perSentence.push_back(double(timer.nsecsElapsed()) / 1e6);
                QVERIFY(one.contains("candidates"));
            }
        }
        std::sort(perSentence.begin(), perSentence.end());
        const double median = perSentence[perSentence.size() / 2];
        std::printf("bench_rules: 45-sentence document end to end (load included) %lld ms, %zu candidates\n", documentMs,
            reply.at("candidates").size());
        std::printf("bench_rules: per sentence after load: median %.2f ms, max %.2f ms\n", median, perSentence.back());
#ifdef NDEBUG
        QVERIFY2(documentMs <= 3000, "45 sentences within 3 s including the load");
        QVERIFY2(median <= 10.0, "median within 10 ms per sentence");
#endif
    }
};

QTEST_GUILESS_MAIN(BenchRules)
#include "bench_rules.moc"
