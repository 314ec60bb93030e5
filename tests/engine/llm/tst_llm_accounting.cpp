// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Token and cost accounting (providers.md §8): sums with unknown parts, price files, cost.
#include "llm/accounting.h"

#include <QTest>

using namespace fanva::llm;

namespace {

Usage usage(std::optional<int64_t> input, std::optional<int64_t> output, std::optional<int64_t> cacheRead = {},
    std::optional<int64_t> cacheWrite = {})
{
    return Usage { input, output, cacheRead, cacheWrite };
}

} // namespace

class TstLlmAccounting : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sumsEveryKnownField()
    {
        UsageTotal total;
        total.add(usage(1000, 200, 600, 0));
        total.add(usage(1200, 300, 800, 0));
        QCOMPARE(total.sum(), usage(2200, 500, 1400, 0));
        QVERIFY(total.isComplete());
        QCOMPARE(total.toJson().dump(), std::string(R"({"cacheRead":1400,"cacheWrite":0,"complete":true,"input":2200,"output":500})"));
    }

    void unknownStaysUnknown()
    {
        // Ollama reports no cache counters: they stay null and do not make the total incomplete.
        UsageTotal total;
        total.add(usage(100, 20));
        total.add(usage(150, 30));
        QCOMPARE(total.sum(), usage(250, 50));
        QVERIFY(total.isComplete());
        QVERIFY(total.toJson()["cacheRead"].is_null());
    }

    void aPartlyUnknownFieldIsALowerBound()
    {
        UsageTotal total;
        total.add(usage(100, 20, 50));
        total.add(usage(std::nullopt, 30));
        QCOMPARE(total.sum().input, std::optional<int64_t>(100));
        QCOMPARE(total.sum().cacheRead, std::optional<int64_t>(50));
        QVERIFY(!total.isComplete());
        QCOMPARE(total.toJson()["complete"].get<bool>(), false);
    }

    void parsesAPriceFile()
    {
        const auto parsed = PriceTable::parse(
            R"({"anthropic/claude-x": {"input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75, "currency": "USD"},
                "openai/local": {"input": 0.5, "output": 1.5, "currency": "EUR"}})");
        QVERIFY2(parsed, qPrintable(parsed.message()));
        const PriceTable &table = *parsed;
        const std::optional<Price> price = table.price("anthropic", "claude-x");
        QVERIFY(price);
        QCOMPARE(price->cacheWrite, std::optional<double>(3.75));
        QCOMPARE(table.price("openai", "local")->currency, std::string("EUR"));
        QVERIFY(!table.price("anthropic", "other"));
    }

    void rejectsABadPriceFile_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("mentions");
        QTest::addRow("not json") << QByteArray("{") << QStringLiteral("JSON object");
        QTest::addRow("no model") << QByteArray(R"({"anthropic": {"input": 3}})") << QStringLiteral("\"anthropic\"");
        QTest::addRow("negative") << QByteArray(R"({"a/m": {"input": -1}})") << QStringLiteral("\"a/m\".input");
        QTest::addRow("text price") << QByteArray(R"({"a/m": {"output": "3"}})") << QStringLiteral("\"a/m\".output");
        QTest::addRow("currency") << QByteArray(R"({"a/m": {"currency": 1}})") << QStringLiteral("\"a/m\".currency");
        // The first wrong price is named, as everywhere an outside file is read.
        QTest::addRow("two wrong") << QByteArray(R"({"a/m": {"input": -1, "output": "3"}})") << QStringLiteral("\"a/m\".input");
    }

    void rejectsABadPriceFile()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, mentions);
        const auto parsed = PriceTable::parse(text);
        QVERIFY(!parsed);
        QVERIFY2(parsed.message().contains(mentions), qPrintable(parsed.message()));
    }

    void costIsTokensTimesPricePerMillion()
    {
        const Price price { 3, 15, 0.3, 3.75, "USD" };
        const Cost cost = costOf(usage(1000, 200, 4210, 0), true, price);
        // 1000×3 + 200×15 + 4210×0.3 = 7263 per million tokens.
        QCOMPARE(cost.amount, 0.007263);
        QVERIFY(cost.complete);
        QCOMPARE(formatCost(cost), QStringLiteral("$0.0073"));
        QCOMPARE(costToJson(cost).dump(), std::string(R"({"amount":0.007263,"complete":true,"currency":"USD"})"));
    }

    void aCountWithoutAPriceIsIncomplete()
    {
        const Price price { 3, 15, std::nullopt, std::nullopt, "EUR" };
        const Cost cost = costOf(usage(1000, 1000, 500, 0), true, price);
        QCOMPARE(cost.amount, 0.018);
        QVERIFY(!cost.complete);
        QCOMPARE(formatCost(cost), QStringLiteral("≥ 0.0180 EUR"));
    }

    void unknownUsageIsIncomplete()
    {
        const Price price { 3, 15, 0.3, 3.75, "USD" };
        QVERIFY(!costOf(usage(std::nullopt, 10), true, price).complete);
        QVERIFY(!costOf(usage(10, 10), false, price).complete);
        QVERIFY(costToJson(std::nullopt).is_null());
    }
};

QTEST_GUILESS_MAIN(TstLlmAccounting)
#include "tst_llm_accounting.moc"
