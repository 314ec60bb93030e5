// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/segmenter.h"

#include <QTest>

using fanva::formalize::Segment;
using fanva::formalize::SegmentationError;

class TstSegmenter : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void segments_data();
    void segments();
    void spansIndexTheDocument();
    void kinds();
    void bomIsOutsideEverySpan();
    void refusals_data();
    void refusals();
};

void TstSegmenter::segments_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QStringList>("expected");

    const auto list = [](std::initializer_list<const char *> items) {
        QStringList out;
        for (const char *item : items)
            out << QString::fromUtf8(item);
        return out;
    };
    QTest::addRow("two sentences") << QByteArray("Pingu swims. Penguins eat fish.") << list({ "Pingu swims.", "Penguins eat fish." });
    QTest::addRow("exclamation and question") << QByteArray("Run! Who ate it? Nobody.") << list({ "Run!", "Who ate it?", "Nobody." });
    QTest::addRow("ellipsis run") << QByteArray("Wait... Then it came.") << list({ "Wait...", "Then it came." });
    QTest::addRow("unicode ellipsis") << QByteArray("Wait\xE2\x80\xA6 Then it came.") << list({ "Wait\xE2\x80\xA6", "Then it came." });
    QTest::addRow("closers follow") << QByteArray("He said \"Go.\" Then he left.") << list({ "He said \"Go.\"", "Then he left." });
    QTest::addRow("lowercase after") << QByteArray("\"Run!\" she said. Then he ran.") << list({ "\"Run!\" she said.", "Then he ran." });
    QTest::addRow("comma after") << QByteArray("Go! , he said. Done.") << list({ "Go! , he said.", "Done." });
    QTest::addRow("abbreviation") << QByteArray("Mr. Smith met Dr. Jones. They talked.")
                                  << list({ "Mr. Smith met Dr. Jones.", "They talked." });
    QTest::addRow("abbreviation case-insensitive") << QByteArray("See FIG. Two below. Fine.") << list({ "See FIG. Two below.", "Fine." });
    QTest::addRow("e.g.") << QByteArray("Birds, e.g. Penguins, swim. Yes.") << list({ "Birds, e.g. Penguins, swim.", "Yes." });
    QTest::addRow("approx lowercase") << QByteArray("It weighs approx. three kilos. Good.")
                                      << list({ "It weighs approx. three kilos.", "Good." });
    QTest::addRow("initials") << QByteArray("J. R. Smith lives in the U.S. Now he swims.")
                              << list({ "J. R. Smith lives in the U.S. Now he swims." });
    QTest::addRow("not an abbreviation") << QByteArray("He was tall. So was she.") << list({ "He was tall.", "So was she." });
    QTest::addRow("two dots after abbreviation cut") << QByteArray("Ask Dr.. Then go.") << list({ "Ask Dr..", "Then go." });
    QTest::addRow("decimal") << QByteArray("It is 3.5 metres long. It swims.") << list({ "It is 3.5 metres long.", "It swims." });
    QTest::addRow("semicolon and colon") << QByteArray("It swims; it flies: it runs. Done.")
                                         << list({ "It swims; it flies: it runs.", "Done." });
    QTest::addRow("newline inside a paragraph")
        << QByteArray("Pingu is a\npenguin. Birds fly.") << list({ "Pingu is a\npenguin.", "Birds fly." });
    QTest::addRow("blank line ends a segment") << QByteArray("A heading without stop\n\nText here.")
                                               << list({ "A heading without stop", "Text here." });
    QTest::addRow("blank line with spaces") << QByteArray("One\n \t \nTwo") << list({ "One", "Two" });
    QTest::addRow("CRLF") << QByteArray("One two.\r\nThree four.\r\n\r\nFive") << list({ "One two.", "Three four.", "Five" });
    QTest::addRow("heading") << QByteArray("# Winter\nPingu swims.") << list({ "Winter", "Pingu swims." });
    QTest::addRow("hash without space is prose") << QByteArray("#tag is here.") << list({ "#tag is here." });
    QTest::addRow("seven hashes is prose") << QByteArray("####### x") << list({ "####### x" });
    QTest::addRow("list items") << QByteArray("Facts:\n- Pingu swims\n* Birds fly. Fish swim.\n2. Last one\n3) Really")
                                << list({ "Facts:", "Pingu swims", "Birds fly.", "Fish swim.", "Last one", "Really" });
    QTest::addRow("bullet") << QByteArray("\xE2\x80\xA2 one\n\xE2\x80\xA2 two") << list({ "one", "two" });
    QTest::addRow("four digits is no marker") << QByteArray("2024. It was cold.") << list({ "2024.", "It was cold." });
    QTest::addRow("item continues on the next line") << QByteArray("- Pingu\n  swims\n\nDone") << list({ "Pingu\n  swims", "Done" });
    QTest::addRow("whitespace trimmed") << QByteArray("   Pingu swims.   ") << list({ "Pingu swims." });
}

void TstSegmenter::segments()
{
    QFETCH(QByteArray, document);
    QFETCH(QStringList, expected);
    const auto result = fanva::formalize::segment(document);
    QVERIFY(result.ok());
    QStringList texts;
    for (const Segment &s : result.segments)
        texts << fanva::formalize::segmentText(document, s);
    QCOMPARE(texts, expected);
    for (std::size_t i = 0; i < result.segments.size(); ++i)
        QCOMPARE(result.segments[i].number, int(i) + 1);
}

void TstSegmenter::spansIndexTheDocument()
{
    const QByteArray doc("Pingu is a penguin who lives in Harbour Zoo. Penguins eat fish.\nBirds usually fly, but penguins do not.\n\nIt "
                         "was a cold morning.\n");
    const auto result = fanva::formalize::segment(doc);
    QCOMPARE(result.segments.size(), 4u);
    QCOMPARE(result.segments[0], (Segment { 1, 0, 44, Segment::Kind::Prose }));
    QCOMPARE(doc.mid(result.segments[1].start, result.segments[1].length()), QByteArray("Penguins eat fish."));
    QCOMPARE(doc.mid(result.segments[3].start, result.segments[3].length()), QByteArray("It was a cold morning."));
}

void TstSegmenter::kinds()
{
    const QByteArray doc("## Facts\n- Pingu swims.\nBirds fly.");
    const auto result = fanva::formalize::segment(doc);
    QCOMPARE(result.segments.size(), 3u);
    QCOMPARE(result.segments[0].kind, Segment::Kind::Heading);
    QCOMPARE(result.segments[1].kind, Segment::Kind::Item);
    // A prose line after an item continues that item: only a blank line or a marker ends it.
    QCOMPARE(result.segments[2].kind, Segment::Kind::Item);
    QCOMPARE(fanva::formalize::segmentKindName(Segment::Kind::Heading), QLatin1StringView("heading"));
}

void TstSegmenter::bomIsOutsideEverySpan()
{
    const QByteArray doc("\xEF\xBB\xBFPingu swims.");
    const auto result = fanva::formalize::segment(doc);
    QCOMPARE(result.segments.size(), 1u);
    QCOMPARE(result.segments[0].start, 3);
    QCOMPARE(result.segments[0].end, doc.size());
}

void TstSegmenter::refusals_data()
{
    QTest::addColumn<QByteArray>("document");
    QTest::addColumn<QString>("id");
    QTest::addColumn<int>("offset");
    QTest::addRow("empty") << QByteArray() << QStringLiteral("empty-document") << 0;
    QTest::addRow("blank lines") << QByteArray(" \n\t\r\n\n") << QStringLiteral("empty-document") << 0;
    QTest::addRow("bom only") << QByteArray("\xEF\xBB\xBF") << QStringLiteral("empty-document") << 0;
    QTest::addRow("bad lead byte") << QByteArray("Pingu \xFF swims.") << QStringLiteral("document-encoding") << 6;
    QTest::addRow("truncated") << QByteArray("ok \xC3") << QStringLiteral("document-encoding") << 3;
    QTest::addRow("surrogate") << QByteArray("a\xED\xA0\x80") << QStringLiteral("document-encoding") << 1;
}

void TstSegmenter::refusals()
{
    QFETCH(QByteArray, document);
    QFETCH(QString, id);
    QFETCH(int, offset);
    const auto result = fanva::formalize::segment(document);
    QVERIFY(!result.ok());
    QCOMPARE(QString(result.error->id()), id);
    QCOMPARE(result.error->byteOffset, offset);
    QVERIFY(result.segments.empty());
}

QTEST_GUILESS_MAIN(TstSegmenter)
#include "tst_segmenter.moc"
