// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// What reaches the rules from outside (docs/spec/rules.md §5): sentences too long for Link
// Grammar are refused with the reason, never handed to it (it corrupts its heap on them, so a
// regression crashes this test), and a cancelled call stops its worker.
#include "llm/call.h"
#include "rules/drafter.h"
#include "rules/lexicon.h"
#include "rules/rulesprovider.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThreadPool>

using namespace fanva;
using nlohmann::json;

namespace {

/// A turn of `sentences` (segments 1, 2, …) over a small vocabulary: a penguin that swims.
json turnOf(const QStringList &sentences)
{
    json segments = json::array();
    for (qsizetype i = 0; i < sentences.size(); ++i)
        segments.push_back({ { "number", i + 1 }, { "text", sentences.at(i).toStdString() }, { "kind", "prose" } });
    const json vocabulary {
        { "relations",
            json::array({ { { "name", "swims" }, { "arity", 1 }, { "args", json::array({ "animal" }) },
                              { "argKinds", json::array({ "arg" }) }, { "comment", "(swims ?a) means ?a swims." } },
                { { "name", "livesIn" }, { "arity", 2 }, { "args", json::array({ "animal", "place" }) },
                    { "argKinds", json::array({ "arg", "arg" }) }, { "comment", "(livesIn ?a ?p) means ?a lives in the place ?p." } } }) },
        { "types",
            json::array({ { { "name", "penguin" }, { "genls", json::array({ "animal" }) } },
                { { "name", "animal" }, { "genls", json::array() } }, { { "name", "place" }, { "genls", json::array() } } }) },
        { "individuals", json::array({ { { "name", "Pebbles" }, { "types", json::array({ "penguin" }) } } }) }
    };
    return json { { "format", "fanva-rules-turn/1" }, { "context", "CxAnimals" }, { "purpose", "formalize" }, { "segments", segments },
        { "vocabulary", vocabulary } };
}

QString repeated(const QString &word, int count)
{
    QStringList words;
    for (int i = 0; i < count; ++i)
        words << word;
    return words.join(QLatin1Char(' '));
}

/// The reason the reply gives for segment `number`, empty when it gives none.
QString reasonFor(const json &reply, int number)
{
    for (const json &u : reply.at("untranslated")) {
        if (u.at("segment").get<int>() == number)
            return QString::fromStdString(u.at("reason").get<std::string>());
    }
    return {};
}

} // namespace

class TestRulesInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!rules::Lexicon::instance().available())
            QSKIP(qPrintable(rules::Lexicon::instance().problem()));
    }

    // The audit's inputs (H3): each one crashed Link Grammar in a Debug build.
    void longInputIsRefused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("5500 words") << QStringLiteral("Pebbles ") + repeated(QStringLiteral("swims"), 5499) + QLatin1Char('.')
                                    << QStringLiteral("too long for the rules: 5500 words, at most 100");
        QTest::newRow("8200 words") << QStringLiteral("Pebbles ") + repeated(QStringLiteral("swims"), 8199) + QLatin1Char('.')
                                    << QStringLiteral("too long for the rules: 8200 words, at most 100");
        QTest::newRow("40000-letter word") << QStringLiteral("Pebbles likes %1.").arg(QString(40000, QLatin1Char('a')))
                                           << QStringLiteral(
                                                  "too long for the rules: a word of 40000 bytes ('aaaaaaaaaaaaaaaa…'), at most 64");
        QTest::newRow("70000-letter word") << QStringLiteral("Pebbles likes %1.").arg(QString(70000, QLatin1Char('b')))
                                           << QStringLiteral(
                                                  "too long for the rules: a word of 70000 bytes ('bbbbbbbbbbbbbbbb…'), at most 64");
        // A Markdown image inlined as base64: thousands of short words between the digits.
        QByteArray image;
        for (int i = 0; i < 30000; ++i)
            image.append(char((i * 7919) % 251));
        QTest::newRow("base64 image")
            << QStringLiteral("Pebbles swims ![photo](data:image/png;base64,%1).").arg(QString::fromLatin1(image.toBase64())) << QString();
        QTest::newRow("101 words") << QStringLiteral("Pebbles ") + repeated(QStringLiteral("swims"), 100)
                                   << QStringLiteral("too long for the rules: 101 words, at most 100");
    }

    void longInputIsRefused()
    {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        const json reply = rules::draft(turnOf({ text, QStringLiteral("Pebbles swims.") }), rules::Lexicon::instance());
        const QString given = reasonFor(reply, 1);
        if (reason.isEmpty())
            QVERIFY2(given.startsWith(QLatin1String("too long for the rules: ")), qPrintable(given));
        else
            QCOMPARE(given, reason);
        // The next sentence is drafted as ever.
        QCOMPARE(reply.at("candidates").size(), std::size_t(1));
        QCOMPARE(reply.at("candidates")[0].at("sentence").get<std::string>(), std::string("(swims Pebbles)"));
    }

    // At the limit the sentence is still read (and tagged).
    void hundredWordsAreRead()
    {
        const QString text = QStringLiteral("Pebbles lives in the Deep Blue Pool") + QString(QStringLiteral(" and swims")).repeated(46)
            + QStringLiteral(" today.");
        const json reply = rules::draft(turnOf({ text }), rules::Lexicon::instance());
        QVERIFY2(!reasonFor(reply, 1).startsWith(QLatin1String("too long")), qPrintable(reasonFor(reply, 1)));
    }

    // The lexicon never hands such a text to Link Grammar, whoever asks.
    void tagsOfALongSentence()
    {
        QStringList words { QStringLiteral("Pebbles") };
        for (int i = 0; i < 5499; ++i)
            words << QStringLiteral("swims");
        const std::vector<QString> tags = rules::Lexicon::instance().tags(words);
        QCOMPARE(tags.size(), std::size_t(words.size()));
        QVERIFY(std::all_of(tags.begin(), tags.end(), [](const QString &t) { return t.isEmpty(); }));
        QVERIFY(rules::Lexicon::instance().tags({ QString(40000, QLatin1Char('a')) }).front().isEmpty());
    }

    // The reason reaches the attempt log as a notice of the call.
    void noticeNamesTheSentence()
    {
        rules::RulesProvider provider;
        llm::Request request;
        request.purpose = "formalize";
        request.structured
            = turnOf({ QStringLiteral("Pebbles swims."), QStringLiteral("Pebbles ") + repeated(QStringLiteral("swims"), 5499) });
        QPointer<llm::Call> call = provider.start(request);
        QSignalSpy notices(call.data(), &llm::Call::notice);
        QSignalSpy done(call.data(), &llm::Call::done);
        QVERIFY(done.wait(60000));
        QStringList texts;
        for (const QList<QVariant> &n : notices)
            texts << n.at(0).toString();
        QVERIFY2(texts.contains(QStringLiteral("sentence 2 is left untranslated: too long for the rules: 5500 words, at most 100")),
            qPrintable(texts.join(QLatin1Char('\n'))));
    }

    // L13: a cancelled call stops its worker at the next sentence; before, the pool (and the
    // process's exit, which waits for it) waited for the whole draft.
    void cancelStopsTheWorker()
    {
        QStringList sentences;
        for (int i = 0; i < 3000; ++i)
            sentences
                << QStringLiteral("Pebbles the old penguin lives in the Deep Blue Pool %1 with her friend Biscuit, and she swims.").arg(i);
        rules::RulesProvider provider;
        llm::Request request;
        request.purpose = "formalize";
        request.structured = turnOf(sentences);
        QPointer<llm::Call> call = provider.start(request);
        QSignalSpy error(call.data(), &llm::Call::error);
        QTRY_VERIFY(QThreadPool::globalInstance()->activeThreadCount() > 0);
        QTest::qWait(200);
        QElapsedTimer timer;
        timer.start();
        call->cancel();
        QVERIFY(error.wait());
        QVERIFY2(QThreadPool::globalInstance()->waitForDone(5000), "the draft went on after the call was cancelled");
        qInfo("the worker stopped %lld ms after the cancel", timer.elapsed());
    }
};

QTEST_GUILESS_MAIN(TestRulesInput)
#include "tst_rulesinput.moc"
