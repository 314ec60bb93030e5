// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Session files and autosaves from outside (issue 14, M5, M11, M12): a wrong type or a number
// that does not fit the document is a clear load error naming the file and the member, never
// an abort, a hang or a huge allocation; no URL is stored with its user information.

#include "proposal/autosave.h"
#include "proposal/sessionfile.h"
#include "proposalfixture.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using nlohmann::json;
using namespace Qt::StringLiterals;

namespace {

/// A small valid session over winter.md, as its JSON document.
json sampleJson(const QString &dir)
{
    proposal::SessionFile s;
    s.id = QStringLiteral("session-1");
    s.documentPath = QDir(dir).filePath(QStringLiteral("winter.md"));
    s.documentText = QString::fromUtf8(fixture::readAll(fixture::sourceDir() + QStringLiteral("/winter.md")));
    s.segments = json::array({ { { "number", 1 }, { "start", 0 }, { "end", 44 }, { "kind", "prose" } },
        { { "number", 2 }, { "start", 45 }, { "end", 63 }, { "kind", "prose" } } });
    s.events = json::array({ { { "seq", 1 }, { "t", 0 }, { "type", "session-started" } } });
    s.proposal = fixture::scenarioOne(QDir(dir).filePath(QStringLiteral("kb")));
    return s.toJson(dir);
}

/// Sets the member at a JSON pointer (e.g. "/segments/0/number") to `value`.
json with(json j, const std::string &pointer, const json &value)
{
    j[json::json_pointer(pointer)] = value;
    return j;
}

} // namespace

class TstSessionLoad : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sampleLoads()
    {
        QTemporaryDir dir;
        const proposal::SessionLoad loaded = proposal::sessionFromJson(sampleJson(dir.path()), dir.path());
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->proposal.segmentTexts.size(), 2);
    }

    void refusesWhatDoesNotFit_data()
    {
        QTest::addColumn<QByteArray>("pointer");
        QTest::addColumn<QByteArray>("value"); // JSON text
        QTest::addColumn<QString>("error");
        // M11: a segment number beyond the document's sentences (one huge number cost 39 s and 2.4 GB).
        QTest::addRow("huge segment number") << QByteArray("/segments/1/number") << QByteArray("1099511627776")
                                             << u"segments[1].number: 1099511627776 is not a sentence of the document, which has 2"_s;
        QTest::addRow("segment number past the count")
            << QByteArray("/segments/1/number") << QByteArray("100000") << u"segments[1].number: 100000 is not a sentence"_s;
        QTest::addRow("segment number zero") << QByteArray("/segments/0/number") << QByteArray("0") << u"segments[0].number: 0 is not"_s;
        QTest::addRow("span past the document")
            << QByteArray("/segments/0/end") << QByteArray("99999") << u"segments[0]: the span 0–99999 is not inside the document's"_s;
        QTest::addRow("segment number a string")
            << QByteArray("/segments/0/number") << QByteArray("\"1\"") << u"segments[0].number: expected an integer, found a string"_s;
        QTest::addRow("segment not an object") << QByteArray("/segments/0") << QByteArray("7") << u"segments[0]: expected an object"_s;
        QTest::addRow("entry segment past the count")
            << QByteArray("/entries/0/segment") << QByteArray("4096") << u"entries[0].segment: 4096 is not a sentence of the document"_s;
        QTest::addRow("entry segment huge") << QByteArray("/entries/0/segment") << QByteArray("1099511627776")
                                            << u"entries[0].segment: 1099511627776 is out of range"_s;
        // M12: wrong types anywhere are load errors, never nlohmann::type_error.
        QTest::addRow("entry candidate a number")
            << QByteArray("/entries/1/candidate") << QByteArray("5") << u"entries[1].candidate: expected a string, found an integer"_s;
        QTest::addRow("entry shapes an object")
            << QByteArray("/entries/0/shapes") << QByteArray("{}") << u"entries[0].shapes: expected an array, found an object"_s;
        QTest::addRow("entry gloss text null is absent, a number is not")
            << QByteArray("/entries/0/gloss/text") << QByteArray("1.5") << u"entries[0].gloss.text: expected a string"_s;
        QTest::addRow("history problems a string") << QByteArray("/entries/0/history") << QByteArray(R"([{"id":"c0","problems":"x"}])")
                                                   << u"entries[0].history[0].problems: expected an array"_s;
        QTest::addRow("entry state unknown") << QByteArray("/entries/0/state") << QByteArray("\"maybe\"")
                                             << u"entries[0].state: \"maybe\" is not an entry state"_s;
        QTest::addRow("entry not an object") << QByteArray("/entries/0") << QByteArray("[]") << u"entries[0]: expected an object"_s;
        QTest::addRow("document text a number") << QByteArray("/document/text") << QByteArray("5") << u"document.text: expected a string"_s;
        QTest::addRow("target absent a string")
            << QByteArray("/target/absent") << QByteArray("\"no\"") << u"target.absent: expected true or false, found a string"_s;
        QTest::addRow("events an object") << QByteArray("/events") << QByteArray("{}") << u"events: expected an array, found an object"_s;
        QTest::addRow("provider a list") << QByteArray("/provider") << QByteArray("[1]") << u"provider: expected an object"_s;
    }

    void refusesWhatDoesNotFit()
    {
        QFETCH(QByteArray, pointer);
        QFETCH(QByteArray, value);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const json j = with(sampleJson(dir.path()), pointer.toStdString(), json::parse(value.toStdString()));
        const QString path = dir.filePath(QStringLiteral("bad.fanva"));
        QVERIFY(fixture::writeAll(path, QByteArray::fromStdString(j.dump(1))));
        QElapsedTimer timer;
        timer.start();
        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        QVERIFY(timer.elapsed() < 2000);
        QVERIFY(!loaded.session);
        QVERIFY2(loaded.error.startsWith(path + QStringLiteral(": the session file does not read: ")), qPrintable(loaded.error));
        QVERIFY2(loaded.error.contains(error), qPrintable(loaded.error));
    }

    void oddEventsStillLoad()
    {
        // Events are the log as written; the session loads and recovery reads them without throwing.
        QTemporaryDir dir;
        json j = sampleJson(dir.path());
        j["events"] = json::parse(R"([{"type":5},{"type":"attempt-started","n":"2"},{"type":"attempt-started","n":3},7,null,
            {"type":"judge-started"},{"type":["x"]}])");
        const proposal::SessionLoad loaded = proposal::sessionFromJson(j, dir.path());
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        proposal::SessionFile s = *loaded.session;
        QVERIFY(proposal::markInterrupted(s));
        QCOMPARE(s.outcome.value("phase", std::string()), std::string("judge"));
        QCOMPARE(s.outcome.value("attempt", 0), 3);
    }

    void markInterruptedReadsAnyTypes_data()
    {
        QTest::addColumn<QByteArray>("events");
        QTest::addColumn<QByteArray>("outcome");
        QTest::addRow("type a number") << QByteArray(R"([{"type":5}])") << QByteArray("{}");
        QTest::addRow("event a number") << QByteArray(R"([5, "x", null])") << QByteArray("{}");
        QTest::addRow("n a string") << QByteArray(R"([{"type":"attempt-started","n":"4"}])") << QByteArray("{}");
        QTest::addRow("events an object") << QByteArray(R"({"type":"attempt-started"})") << QByteArray("{}");
        QTest::addRow("outcome an array") << QByteArray(R"([])") << QByteArray("[1]");
        QTest::addRow("outcome a string") << QByteArray(R"([])") << QByteArray("\"done\"");
    }

    void markInterruptedReadsAnyTypes()
    {
        QFETCH(QByteArray, events);
        QFETCH(QByteArray, outcome);
        proposal::SessionFile s;
        s.events = json::parse(events.toStdString());
        s.outcome = json::parse(outcome.toStdString());
        QVERIFY(proposal::markInterrupted(s));
        QCOMPARE(s.outcome.value("stopReason", std::string()), std::string("interrupted"));
        QCOMPARE(s.outcome.value("phase", std::string()), std::string("formalize"));
    }

    void urlsAreStoredWithoutUserInfo_data()
    {
        QTest::addColumn<QString>("baseUrl");
        QTest::addColumn<QString>("stored");
        QTest::addRow("user and password") << u"http://alice:s3cret-pass@127.0.0.1:11434/v1"_s << u"http://127.0.0.1:11434/v1"_s;
        QTest::addRow("user only") << u"https://s3cret-pass@example.org"_s << u"https://example.org"_s;
        QTest::addRow("plain") << u"http://127.0.0.1:11434"_s << u"http://127.0.0.1:11434"_s;
        QTest::addRow("none") << QString() << QString();
    }

    void urlsAreStoredWithoutUserInfo()
    {
        QFETCH(QString, baseUrl);
        QFETCH(QString, stored);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.fanva"));

        // Saved from memory: the file never holds the user information.
        proposal::SessionLoad loaded = proposal::sessionFromJson(sampleJson(dir.path()), dir.path());
        QVERIFY(loaded.session);
        proposal::SessionFile s = *loaded.session;
        s.baseUrl = baseUrl;
        QCOMPARE(s.save(path).message(), QString());
        const QByteArray bytes = fixture::readAll(path);
        QVERIFY(!bytes.contains("s3cret-pass"));
        QVERIFY(!bytes.contains("alice"));
        loaded = proposal::loadSessionFile(path);
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->baseUrl, stored);

        // Read from a file that holds it (an older Fanva wrote it): dropped on load.
        QVERIFY(fixture::writeAll(
            path, QByteArray::fromStdString(with(sampleJson(dir.path()), "/provider/baseUrl", baseUrl.toStdString()).dump(1))));
        loaded = proposal::loadSessionFile(path);
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->baseUrl, stored);
    }

    void notJsonSaysWhere()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("torn.fanva"));
        QVERIFY(fixture::writeAll(path, "{\"format\": \"fanva-session\", \"version\": 1, \"id\": "));
        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        QVERIFY(!loaded.session);
        QVERIFY2(loaded.error.startsWith(path + QStringLiteral(" is not JSON: ")), qPrintable(loaded.error));
    }
};

QTEST_GUILESS_MAIN(TstSessionLoad)
#include "tst_sessionload.moc"
