// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The NDJSON and SSE stream parsers, fed every fixture whole, at every 2-way split and byte by
// byte; and the fakes' renderers checked byte for byte against the fixtures.
#include "replyspec.h"

#include "llm/ndjsonparser.h"
#include "llm/sseparser.h"

#include <QDir>
#include <QTest>

using fanva::llm::NdjsonParser;
using fanva::llm::SseEvent;
using fanva::llm::SseParser;
using namespace fanva::fakes;

namespace QTest {
template<> char *toString(const SseEvent &event)
{
    return QTest::toString(QByteArray("event=" + event.event + " data=" + event.data));
}
} // namespace QTest

class TstLlmParsers : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ndjsonSplits_data();
    void ndjsonSplits();
    void ndjsonEdges();
    void sseSplits_data();
    void sseSplits();
    void sseFields();
    void sseLineEnds_data();
    void sseLineEnds();
    void sseEndlessEvent();
    void sseEndedMidEvent_data();
    void sseEndedMidEvent();
    void rendered_data();
    void rendered();
};

namespace {

QStringList fixtures(const QString &suffix)
{
    QStringList names;
    for (const QString &folder : { QStringLiteral("ollama"), QStringLiteral("anthropic"), QStringLiteral("openai") }) {
        const QDir dir(QStringLiteral(FANVA_TEST_DATA_DIR "/llm/") + folder);
        for (const QString &file : dir.entryList({ QStringLiteral("*") + suffix }, QDir::Files, QDir::Name))
            names << folder + QLatin1Char('/') + file;
    }
    return names;
}

std::vector<QByteArray> ndjson(const QList<QByteArray> &pieces)
{
    NdjsonParser parser;
    std::vector<QByteArray> lines;
    for (const QByteArray &piece : pieces) {
        for (QByteArray &line : parser.feed(piece))
            lines.push_back(std::move(line));
    }
    if (auto rest = parser.finish())
        lines.push_back(std::move(*rest));
    return lines;
}

std::vector<SseEvent> sse(const QList<QByteArray> &pieces)
{
    SseParser parser;
    std::vector<SseEvent> events;
    for (const QByteArray &piece : pieces) {
        for (SseEvent &event : parser.feed(piece))
            events.push_back(std::move(event));
    }
    for (SseEvent &event : parser.finish())
        events.push_back(std::move(event));
    return events;
}

QList<QByteArray> bytes(const QByteArray &all)
{
    QList<QByteArray> pieces;
    for (char c : all)
        pieces << QByteArray(1, c);
    return pieces;
}

} // namespace

void TstLlmParsers::ndjsonSplits_data()
{
    QTest::addColumn<QString>("fixture");
    for (const QString &name : fixtures(QStringLiteral(".ndjson")))
        QTest::addRow("%s", qPrintable(name)) << name;
}

void TstLlmParsers::ndjsonSplits()
{
    QFETCH(QString, fixture);
    const QByteArray all = readFixture(fixture);
    QVERIFY(!all.isEmpty());
    const std::vector<QByteArray> whole = ndjson({ all });
    QCOMPARE(qsizetype(whole.size()), all.count('\n'));
    for (const QByteArray &line : whole)
        QVERIFY(line.startsWith('{') && line.endsWith('}'));
    for (qsizetype at = 0; at <= all.size(); ++at)
        QCOMPARE(ndjson({ all.left(at), all.mid(at) }), whole);
    QCOMPARE(ndjson(bytes(all)), whole);
    QByteArray crlf = all;
    crlf.replace("\n", "\r\n");
    QCOMPARE(ndjson(bytes(crlf)), whole);
}

void TstLlmParsers::ndjsonEdges()
{
    // A last line without "\n" still counts; an empty line is returned for the caller to refuse.
    QCOMPARE(ndjson({ "{\"a\":1}\n\n{\"b\"", ":2}" }), (std::vector<QByteArray> { "{\"a\":1}", "", "{\"b\":2}" }));
    NdjsonParser parser;
    QVERIFY(parser.feed(QByteArray(NdjsonParser::kMaxLineBytes + 1, 'x')).empty());
    QVERIFY(parser.overflowed());
    QVERIFY(parser.feed("\n{}\n").empty());
}

void TstLlmParsers::sseSplits_data()
{
    QTest::addColumn<QString>("fixture");
    for (const QString &name : fixtures(QStringLiteral(".sse")))
        QTest::addRow("%s", qPrintable(name)) << name;
}

void TstLlmParsers::sseSplits()
{
    QFETCH(QString, fixture);
    const QByteArray all = readFixture(fixture);
    QVERIFY(!all.isEmpty());
    const std::vector<SseEvent> whole = sse({ all });
    QVERIFY(!whole.empty());
    QCOMPARE(qsizetype(whole.size()), all.count("data:"));
    for (qsizetype at = 0; at <= all.size(); ++at)
        QCOMPARE(sse({ all.left(at), all.mid(at) }), whole);
    QCOMPARE(sse(bytes(all)), whole);
    for (const char *end : { "\r\n", "\r" }) {
        QByteArray variant = all;
        variant.replace("\n", end);
        QCOMPARE(sse(bytes(variant)), whole);
        for (qsizetype at = 0; at <= variant.size(); at += 7)
            QCOMPARE(sse({ variant.left(at), variant.mid(at) }), whole);
    }
}

void TstLlmParsers::sseFields()
{
    // Comments, several data lines, one leading space dropped, unknown fields ignored, and the
    // end of the body dispatching a pending event.
    const std::vector<SseEvent> events
        = sse({ ": OPENROUTER PROCESSING\n\nevent: a\ndata:x\ndata:  y\nid: 3\nretry: 10\n\n", "data: tail" });
    QCOMPARE(events, (std::vector<SseEvent> { { "a", "x\n y" }, { "", "tail" } }));
    // An event type without data is not dispatched, and does not leak into the next event.
    QCOMPARE(sse({ "event: ping\n\ndata: 1\n\n" }), (std::vector<SseEvent> { { "", "1" } }));
    // A "\r" at the end of a feed waits: "\r\n" is one line end, not two.
    SseParser parser;
    QVERIFY(parser.feed("data: 1\r").empty());
    QCOMPARE(parser.feed("\n\r\n"), (std::vector<SseEvent> { { "", "1" } }));
}

void TstLlmParsers::sseLineEnds_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addRow("lf") << QByteArray("event: e\ndata: {}\n\n");
    QTest::addRow("crlf") << QByteArray("event: e\r\ndata: {}\r\n\r\n");
    QTest::addRow("cr") << QByteArray("event: e\rdata: {}\r\r");
    QTest::addRow("mixed") << QByteArray("event: e\r\ndata: {}\r\n");
}

void TstLlmParsers::sseLineEnds()
{
    QFETCH(QByteArray, body);
    QCOMPARE(sse(bytes(body)), (std::vector<SseEvent> { { "e", "{}" } }));
}

void TstLlmParsers::sseEndlessEvent()
{
    // Short data lines with no blank line between them: one event that never ends must not
    // grow without bound (issue 14 M9); it stops the parser past the line limit.
    SseParser parser;
    const QByteArray lines = QByteArray("data: ").append(QByteArray(1000, 'x')).append('\n').repeated(1024);
    qsizetype fed = 0;
    while (!parser.overflowed() && fed <= 2 * SseParser::kMaxLineBytes) {
        QVERIFY(parser.feed(lines).empty());
        fed += lines.size();
    }
    QVERIFY(parser.overflowed());
    QVERIFY(fed <= SseParser::kMaxLineBytes + lines.size());
    QVERIFY(parser.finish().empty());
}

void TstLlmParsers::sseEndedMidEvent_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("midEvent");
    QTest::addRow("blank line") << QByteArray("data: 1\n\n") << false;
    QTest::addRow("no blank line") << QByteArray("data: 1\n") << true;
    QTest::addRow("no line end") << QByteArray("data: {\"a\":") << true;
    QTest::addRow("event type only") << QByteArray("data: 1\n\nevent: e\n") << false;
    QTest::addRow("empty") << QByteArray() << false;
}

void TstLlmParsers::sseEndedMidEvent()
{
    QFETCH(QByteArray, body);
    QFETCH(bool, midEvent);
    SseParser parser;
    const auto events = parser.feed(body);
    Q_UNUSED(events)
    const auto rest = parser.finish();
    Q_UNUSED(rest)
    QCOMPARE(parser.endedMidEvent(), midEvent);
}

void TstLlmParsers::rendered_data()
{
    QTest::addColumn<QString>("fixture");
    QTest::addColumn<QByteArray>("rendered");
    const auto join = [](const QList<QByteArray> &pieces) { return pieces.join(); };

    QTest::addRow("O2") << "ollama/chat-basic.ndjson" << join(renderOllama(ollamaBasic()));
    ReplySpec o3 = ollamaBasic();
    o3.thinking = QStringLiteral("Rex is an individual.");
    QTest::addRow("O3") << "ollama/chat-thinking.ndjson" << join(renderOllama(o3));
    ReplySpec o4 = ollamaBasic();
    o4.pieces = { QStringLiteral("{\"candidates\":"), QStringLiteral("[\"(dog Rex)\"") };
    o4.finalPiece = QStringLiteral("]}");
    QTest::addRow("O4") << "ollama/chat-split-done.ndjson" << join(renderOllama(o4));
    ReplySpec o5 = ollamaBasic();
    o5.stopReason = QStringLiteral("length");
    QTest::addRow("O5") << "ollama/chat-length.ndjson" << join(renderOllama(o5));
    ReplySpec o6 = ollamaBasic();
    o6.pieces << QStringLiteral("unused");
    o6.errorAfter = 2;
    o6.errorText = QStringLiteral("an error was encountered while running the model");
    QTest::addRow("O6") << "ollama/chat-error.ndjson" << join(renderOllama(o6));
    ReplySpec o7 = ollamaBasic();
    o7.promptEvalCount = 2050;
    QTest::addRow("O7") << "ollama/chat-truncated.ndjson" << join(renderOllama(o7));
    QTest::addRow("O8 show") << "ollama/show.json" << ollamaShowJson();
    QTest::addRow("O8 tags") << "ollama/tags.json" << ollamaTagsJson();
    QTest::addRow("O8 version") << "ollama/version.json" << ollamaVersionJson();

    QTest::addRow("A2") << "anthropic/stream-basic.sse" << join(renderAnthropic(anthropicBasic()));
    ReplySpec a3 = anthropicBasic();
    a3.thinking = QStringLiteral("Rex is an individual.");
    QTest::addRow("A3") << "anthropic/stream-thinking.sse" << join(renderAnthropic(a3));
    ReplySpec a4 = anthropicBasic();
    a4.pieces = { QStringLiteral("Hello..") };
    a4.stopReason = QStringLiteral("refusal");
    a4.usage.output = 4;
    a4.refusal = qMakePair(QStringLiteral("cyber"), QStringLiteral("This request was declined because it could enable cyber harm."));
    QTest::addRow("A4") << "anthropic/stream-refusal.sse" << join(renderAnthropic(a4));
    ReplySpec a5 = anthropicBasic();
    a5.pieces = { QStringLiteral("{\"candidates\":"), QStringLiteral("unused") };
    a5.errorAfter = 1;
    a5.errorText = QStringLiteral("Overloaded");
    QTest::addRow("A5") << "anthropic/stream-error.sse" << join(renderAnthropic(a5));
    ReplySpec a6 = anthropicBasic();
    a6.stopReason = QStringLiteral("max_tokens");
    QTest::addRow("A6") << "anthropic/stream-max-tokens.sse" << join(renderAnthropic(a6));
    ReplySpec a7 = anthropicBasic();
    a7.usage.input = 4235;
    a7.usage.cacheRead = 0;
    QTest::addRow("A7") << "anthropic/stream-no-cache.sse" << join(renderAnthropic(a7));

    QTest::addRow("P2") << "openai/stream-basic.sse" << join(renderOpenAi(openAiBasic()));
    ReplySpec p2a = openAiBasic();
    p2a.comments = true;
    QTest::addRow("P2a") << "openai/stream-comments.sse" << join(renderOpenAi(p2a));
    ReplySpec p2b = openAiBasic();
    p2b.doneMarker = false;
    QTest::addRow("P2b") << "openai/stream-no-done.sse" << join(renderOpenAi(p2b));
    ReplySpec p3 = openAiBasic();
    p3.thinking = QStringLiteral("Rex is an individual.");
    QTest::addRow("P3") << "openai/stream-reasoning.sse" << join(renderOpenAi(p3));
    ReplySpec p5 = openAiBasic();
    p5.pieces = { QStringLiteral("{\"candidates\":"), QStringLiteral("unused") };
    p5.errorAfter = 1;
    p5.errorText = QStringLiteral("upstream model crashed");
    QTest::addRow("P5") << "openai/stream-error.sse" << join(renderOpenAi(p5));
    ReplySpec p6 = openAiBasic();
    p6.stopReason = QStringLiteral("length");
    QTest::addRow("P6") << "openai/stream-length.sse" << join(renderOpenAi(p6));
    ReplySpec p7 = openAiBasic();
    p7.pieces = { QStringLiteral("Hello..") };
    p7.stopReason = QStringLiteral("content_filter");
    QTest::addRow("P7") << "openai/stream-content-filter.sse" << join(renderOpenAi(p7));
    QTest::addRow("P8") << "openai/models.json" << openAiModelsJson();
    ReplySpec p9 = openAiBasic();
    p9.usage.cached = 384;
    QTest::addRow("P9") << "openai/stream-cached.sse" << join(renderOpenAi(p9));
}

void TstLlmParsers::rendered()
{
    QFETCH(QString, fixture);
    QFETCH(QByteArray, rendered);
    QCOMPARE(rendered, readFixture(fixture));
}

QTEST_GUILESS_MAIN(TstLlmParsers)
#include "tst_llm_parsers.moc"
