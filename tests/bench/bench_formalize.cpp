// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Preparing a large document for formalize (audit 2026-12-07 M9): the session input (segments,
// resolutions, card) and Session::start up to its first call — segmenting, the document turn and
// the cut into rounds — for documents of 100 KB and 1 MB of short sentences, against the demo KB
// in the default window (8,192 tokens). Before the fix the cut grew with the square of the
// sentences (400 KB: 185 s in a Debug build). Times go to stdout.
#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "llm/scriptedprovider.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <cstdio>

using namespace fanva;
using nlohmann::json;

namespace {

/// About `bytes` of short sentences drawn at random, as the audit's d100k.md.
QByteArray document(qsizetype bytes)
{
    static const char *const names[] = { "Pebbles", "Biscuit", "Mango", "Saffron", "Silver" };
    static const char *const predicates[] = { "lives in the Atlantic Ocean", "weighs 23 kilograms", "is a penguin", "swims", "eats fish" };
    quint32 seed = 2;
    auto next = [&seed](quint32 n) {
        seed = seed * 1103515245u + 12345u;
        return (seed >> 16) % n;
    };
    QByteArray doc;
    while (doc.size() < bytes) {
        doc += names[next(5)];
        doc += ' ';
        doc += predicates[next(5)];
        doc += ". ";
    }
    return doc + '\n';
}

} // namespace

class BenchFormalize final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void prepare_data()
    {
        QTest::addColumn<int>("kilobytes");
        QTest::addRow("100 KB") << 100;
        QTest::addRow("1 MB") << 1000;
    }

    void prepare()
    {
        QFETCH(int, kilobytes);
        const kb::LoadResult loaded = kb::loadKnowledgeBase(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb"));
        QVERIFY(loaded.ok());
        const QByteArray doc = document(qsizetype(kilobytes) * 1000);
        const json reply
            = { { "text", R"~({"candidates":[{"sentence":"(penguin Pebbles)","segment":1}]})~" }, { "stop_reason", "end_turn" } };
        const json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "reuse", true },
            { "turns", json::array({ reply }) } };
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        QVERIFY(provider);
        formalize::SessionSettings settings;
        settings.judge = false;

        QElapsedTimer timer;
        timer.start();
        const formalize::SessionInput input = formalize::makeSessionInput(
            lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals"), doc, QStringLiteral("doc.md"), settings);
        const qint64 inputMs = timer.restart();
        formalize::Session session(provider.get(), input);
        qint64 startedMs = -1;
        int rounds = 0;
        connect(&session, &formalize::Session::eventAdded, this, [&](const json &event) {
            if (event.value("type", std::string()) == "attempt-started" && startedMs < 0)
                startedMs = timer.elapsed();
            if (event.value("type", std::string()) == "round-started")
                rounds = event.value("rounds", 0);
        });
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        const qint64 returnedMs = timer.elapsed();
        QVERIFY(session.isFinished() || finished.wait(600000));
        std::printf("formalize prepare %d KB: %lld sentences, %d rounds; session input %lld ms, start() returned after %lld ms, "
                    "first call after %lld ms, whole run %lld ms\n",
            kilobytes, qlonglong(session.segments().size()), rounds, qlonglong(inputMs), qlonglong(returnedMs), qlonglong(startedMs),
            qlonglong(timer.elapsed()));
    }
};

QTEST_GUILESS_MAIN(BenchFormalize)
#include "bench_formalize.moc"
