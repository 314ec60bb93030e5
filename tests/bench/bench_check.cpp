// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Benchmark of engine/check: a 40-entry batch (facts, memberships, genl, rules, negations,
// comments, duplicates) checked with checkBatch against synthetic KBs of 10k and 1M sentences.
// Targets (issue 5): ≤ 5 ms per batch on the 1M KB, and within 2× of the 10k KB.
#include "synthetickb.h"

#include "check/critic.h"
#include "kb/knowledgebase.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace fanva;

namespace {

// The same batch for every size: it names only low-numbered symbols, which every size has.
std::vector<check::Entry> batch()
{
    const QString cx = QStringLiteral("CxGen3");
    std::vector<check::Entry> entries;
    const auto add = [&](const QString &sentence) { entries.push_back({ sentence, cx, {} }); };
    for (int i = 0; i < 14; ++i)
        add(QStringLiteral("(kind_%1 Thing%2)").arg(1 + i).arg(i));
    for (int i = 0; i < 12; ++i)
        add(QStringLiteral("(relatesTo%1 Thing%2 Thing%3)").arg(i % 16).arg(i).arg(i + 1));
    for (int i = 0; i < 4; ++i)
        add(QStringLiteral("(genl kind_%1 kind_%2)").arg(20 + i).arg(1 + i));
    add(QStringLiteral("(not (kind_2 Thing40))"));
    add(QStringLiteral("(not (relatesTo3 Thing1 Thing2))"));
    add(QStringLiteral("(implies (and (relatesTo1 ?x ?y) (relatesTo2 ?y ?z)) (relatesTo3 ?x ?z))"));
    add(QStringLiteral("(exceptWhen (kind_5 ?x) (set/defaultRule (implies (kind_4 ?x) (kind_6 ?x))))"));
    add(QStringLiteral("(implies (kind_7 ?x) (relatesTo4 ?x ?x))"));
    add(QStringLiteral("(set/backwardRule (implies (and (relatesTo5 ?x ?y) (lessThan 1 2)) (relatesTo6 ?y ?x)))"));
    add(QStringLiteral("(comment kind_3 \"(kind_3 ?x) means that ?x is a benchmark kind.\")"));
    add(QStringLiteral("(comment Thing5 \"A benchmark thing.\")"));
    add(QStringLiteral("(kind_1 Thing0)"));
    add(QStringLiteral("(relatesTo0 Thing0 Thing1)"));
    return entries;
}

struct Timing {
    double coldMs = 0;
    double medianMs = 0;
};

Timing timeBatch(const kb::KnowledgeBase &kb, const std::vector<check::Entry> &entries)
{
    const check::Critic critic(kb);
    QElapsedTimer timer;
    timer.start();
    std::vector<std::vector<check::Problem>> results = critic.checkBatch(entries);
    Timing timing;
    timing.coldMs = double(timer.nsecsElapsed()) / 1e6;
    std::vector<double> samples;
    for (int round = 0; round < 21; ++round) {
        timer.restart();
        results = critic.checkBatch(entries);
        samples.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::nth_element(samples.begin(), samples.begin() + samples.size() / 2, samples.end());
    timing.medianMs = samples[samples.size() / 2];
    int blocking = 0;
    for (const auto &problems : results)
        blocking += check::hasBlocking(problems) ? 1 : 0;
    std::printf("  %zu entries, %d with a blocking problem\n", results.size(), blocking);
    return timing;
}

} // namespace

class BenchCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void batchAgainstSyntheticKbs();
};

void BenchCheck::batchAgainstSyntheticKbs()
{
    const std::vector<check::Entry> entries = batch();
    QCOMPARE(entries.size(), 40u);
    std::vector<Timing> timings;
    for (const int size : { 10000, 1000000 }) {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(bench::writeSyntheticKb(dir.path(), size));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(dir.path());
        QVERIFY(loaded.ok());
        std::printf("== %zu sentences\n", loaded.kb->sentenceCount());
        const Timing timing = timeBatch(*loaded.kb, entries);
        std::printf("  checkBatch of 40: first run %.3f ms (builds the rule graph), median %.3f ms\n", timing.coldMs, timing.medianMs);
        std::fflush(stdout);
        timings.push_back(timing);
    }
    const double ratio = timings[1].medianMs / timings[0].medianMs;
    std::printf("1M / 10k median ratio: %.2f\n", ratio);
    QVERIFY2(timings[1].medianMs <= 5.0, qPrintable(QStringLiteral("%1 ms against the 1M KB").arg(timings[1].medianMs)));
    QVERIFY2(ratio <= 2.0, qPrintable(QStringLiteral("1M / 10k = %1").arg(ratio)));
}

QTEST_GUILESS_MAIN(BenchCheck)
#include "bench_check.moc"
