// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The judge alone (Re-judge, docs/formalize.md §9.3): one judge call outside a session, its
// verdicts by item, and every way it fails open.
#include "formalize/judgealone.h"
#include "llm/call.h"
#include "llm/scriptedprovider.h"

#include <QPointer>
#include <QSignalSpy>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace fanva;
using nlohmann::json;

Q_DECLARE_METATYPE(json)

namespace {

json text(const std::string &reply, const char *stop = "end_turn")
{
    return { { "text", reply }, { "stop_reason", stop } };
}

} // namespace

class TestJudgeAlone : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void verdicts_data()
    {
        QTest::addColumn<json>("turn");
        QTest::addColumn<QStringList>("expected"); // per item: verdict name, then " — note"
        QTest::addRow("both answered") << text(
            R"({"verdicts":[{"item":2,"verdict":"agree","note":""},{"item":1,"verdict":"disagree","note":"no weight is said"}]})")
                                       << QStringList { QStringLiteral("disagree — no weight is said"), QStringLiteral("agree — ") };
        QTest::addRow("one missing, one unknown")
            << text(R"(Here: {"verdicts":[{"item":1,"verdict":"maybe"}]})")
            << QStringList { QStringLiteral("none — judge failed (unknown-verdict): maybe"),
                   QStringLiteral("none — judge failed (missing-item): the judge gave no verdict for this item") };
        QTest::addRow("no verdicts") << text("I cannot say.")
                                     << QStringList { QStringLiteral(
                                                          "none — judge failed (unreadable): the judge's answer held no verdicts"),
                                            QStringLiteral("none — judge failed (unreadable): the judge's answer held no verdicts") };
        QTest::addRow("cut off") << text(R"({"verdicts":[)", "max_tokens")
                                 << QStringList { QStringLiteral("none — judge failed (truncated): the judge's answer was cut off"),
                                        QStringLiteral("none — judge failed (truncated): the judge's answer was cut off") };
        QTest::addRow("transport") << json { { "fail", { { "kind", "connect" } } } }
                                   << QStringList { QStringLiteral("none — judge failed (transport): "),
                                          QStringLiteral("none — judge failed (transport): ") };
    }

    void verdicts()
    {
        QFETCH(json, turn);
        QFETCH(QStringList, expected);
        const json script
            = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "turns", json::array({ turn }) } };
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        QVERIFY(provider);
        formalize::JudgeAloneInput input;
        input.model = QStringLiteral("judge-model");
        input.segments = { { 5, QStringLiteral("Biscuit weighs 85 kilograms."), false },
            { 6, QStringLiteral("Mango is a parrot whose mother is Saffron."), false } };
        input.items = { { QStringLiteral("c3"), 6, QStringLiteral("The animal Mango weighs 2 kilograms.") },
            { QStringLiteral("c4"), 5, QStringLiteral("The animal Biscuit weighs 85 kilograms.") } };
        QObject receiver;
        std::vector<formalize::JudgeAloneVerdict> got;
        int calls = 0;
        formalize::judgeAlone(*provider, input, &receiver, [&](const std::vector<formalize::JudgeAloneVerdict> &verdicts) {
            got = verdicts;
            ++calls;
        });
        // Asynchronous: nothing has arrived when judgeAlone() returns.
        QCOMPARE(calls, 0);
        QTRY_COMPARE(calls, 1);
        QCOMPARE(got.size(), std::size_t(2));
        QCOMPARE(got[0].id, QStringLiteral("c3"));
        QCOMPARE(got[1].id, QStringLiteral("c4"));
        for (std::size_t i = 0; i < got.size(); ++i) {
            const QString actual = formalize::verdictName(got[i].verdict) + QStringLiteral(" — ") + got[i].note;
            QVERIFY2(actual.startsWith(expected.at(qsizetype(i))), qPrintable(actual));
        }
        // One judge call with §3.4's system prompt, the readings and the quoted sentences.
        QCOMPARE(provider->received().size(), std::size_t(1));
        const llm::Request &request = provider->received().front();
        QCOMPARE(request.purpose, std::string("judge"));
        QCOMPARE(request.model, std::string("judge-model"));
        QVERIFY(QString::fromStdString(request.system.front().text).startsWith(QStringLiteral("You check translations.")));
        const QString turnText = QString::fromStdString(request.messages.front().text);
        QVERIFY(turnText.contains(QStringLiteral("[6] Mango is a parrot whose mother is Saffron.")));
        QVERIFY(turnText.contains(QStringLiteral("item 1 — from sentence [6]: The animal Mango weighs 2 kilograms.")));
    }

    void receiverGoneMeansNoCallback()
    {
        const json script = { { "format", "fanva-script/1" }, { "on_exhausted", "error" },
            { "turns", json::array({ text(R"({"verdicts":[{"item":1,"verdict":"agree"}]})") }) } };
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        QVERIFY(provider);
        formalize::JudgeAloneInput input;
        input.items = { { QStringLiteral("c1"), 1, QStringLiteral("gloss") } };
        bool called = false;
        QPointer<llm::Call> call;
        {
            QObject receiver;
            call = formalize::judgeAlone(*provider, input, &receiver, [&called](const auto &) { called = true; });
        }
        QTRY_VERIFY(call.isNull());
        QVERIFY(!called);
    }
};

QTEST_MAIN(TestJudgeAlone)
#include "tst_judgealone.moc"
