// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "jsonutil.h"
#include "status.h"

#include <QTest>

using fanva::Result;
using fanva::jsonutil::Json;

class TstJsonUtil : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesOneValue()
    {
        const Result<Json> parsed = fanva::jsonutil::parse(QByteArray(R"({"a": [1, 2], "b": "x"})"));
        QVERIFY2(parsed, qPrintable(parsed.message()));
        QCOMPARE(parsed->at("b").get<std::string>(), std::string("x"));
    }

    // A malformed file is a sentence a person reads: nlohmann's position and reason without its
    // internal tag, and the line it stopped at for the caller's FILE:LINE.
    void saysWhereAndWhyATextIsNotJson()
    {
        const Result<Json> parsed = fanva::jsonutil::parse(QByteArray("{\n  \"a\": 1,\n  \"b\": ]\n}\n"));
        QVERIFY(!parsed);
        QCOMPARE(parsed.error().line, 3);
        QVERIFY2(!parsed.message().startsWith(QLatin1Char('[')), qPrintable(parsed.message()));
        QVERIFY2(parsed.message().contains(QLatin1String("line 3")), qPrintable(parsed.message()));
        QVERIFY(!fanva::jsonutil::parse(QByteArray()));
        QVERIFY(!fanva::jsonutil::parse(QByteArray("{} {}")));
    }

    // No reader throws on a value of another type or a non-object parent.
    void readersAnswerAbsentForMistypedMembers()
    {
        const Json j = Json::parse(R"({"n": "7", "s": 3, "o": [1]})");
        QVERIFY(!fanva::jsonutil::optInteger(j, "n"));
        QVERIFY(!fanva::jsonutil::optString(j, "s"));
        QVERIFY(!fanva::jsonutil::object(j, "o"));
        QVERIFY(fanva::jsonutil::array(j, "o"));
        QCOMPARE(fanva::jsonutil::integer(Json::array(), "n", 5), 5);
        QCOMPARE(fanva::jsonutil::string(j, "missing", QStringLiteral("d")), QStringLiteral("d"));
    }
};

QTEST_GUILESS_MAIN(TstJsonUtil)
#include "tst_jsonutil.moc"
