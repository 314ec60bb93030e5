// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "status.h"

#include <QStringList>
#include <QTest>

#include <memory>

using fanva::Error;
using fanva::Result;
using fanva::Status;

namespace {

Status failIf(bool fail)
{
    if (fail)
        return Error { QStringLiteral("The journal is locked by another process."), QStringLiteral("journal.jsonl"), 3 };
    return {};
}

Result<int> parsePositive(const QString &text)
{
    bool ok = false;
    const int n = text.toInt(&ok);
    if (!ok || n <= 0)
        return Error { QStringLiteral("\"%1\" is not a positive whole number.").arg(text) };
    return n;
}

// A failed Result passes on as a Status, a done one as done.
Status checkPositive(const QString &text)
{
    return parsePositive(text).status();
}

} // namespace

class TstStatus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void defaultStatusIsDone()
    {
        const Status s;
        QVERIFY(s.isOk());
        QVERIFY(bool(s));
        QVERIFY(s.message().isEmpty());
        QCOMPARE(s, failIf(false));
    }

    void statusFromErrorSaysWhyNot()
    {
        const Status s = failIf(true);
        QVERIFY(!s.isOk());
        QVERIFY(!s);
        QCOMPARE(s.message(), QStringLiteral("The journal is locked by another process."));
        QCOMPARE(s.error().file, QStringLiteral("journal.jsonl"));
        QCOMPARE(s.error().line, 3);
        QCOMPARE(Status::failure(QStringLiteral("No.")).error(), Error { QStringLiteral("No.") });
        QVERIFY(s != Status());
    }

    void resultCarriesValueOrError_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("message");
        QTest::addRow("value") << QStringLiteral("42") << true << 42 << QString();
        QTest::addRow("zero") << QStringLiteral("0") << false << -1 << QStringLiteral("\"0\" is not a positive whole number.");
        QTest::addRow("word") << QStringLiteral("many") << false << -1 << QStringLiteral("\"many\" is not a positive whole number.");
    }

    void resultCarriesValueOrError()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(int, value);
        QFETCH(QString, message);
        const Result<int> r = parsePositive(text);
        QCOMPARE(r.isOk(), ok);
        QCOMPARE(bool(r), ok);
        QCOMPARE(r.message(), message);
        QCOMPARE(r.valueOr(-1), value);
        if (ok)
            QCOMPARE(*r, value);
        else
            QCOMPARE(r.error().message, message);
        const Status s = checkPositive(text);
        QCOMPARE(s.isOk(), ok);
        QCOMPARE(s.message(), message);
    }

    void resultMovesItsValueOut()
    {
        Result<std::unique_ptr<QStringList>> r = std::make_unique<QStringList>(QStringList { QStringLiteral("a") });
        QVERIFY(r);
        QCOMPARE(r->get()->size(), 1);
        const std::unique_ptr<QStringList> taken = std::move(r).value();
        QCOMPARE(taken->first(), QStringLiteral("a"));
    }

    void resultsCompare()
    {
        QCOMPARE(Result<QString>(QStringLiteral("x")), Result<QString>(QStringLiteral("x")));
        QVERIFY(Result<QString>(QStringLiteral("x")) != Result<QString>(Error { QStringLiteral("x") }));
    }
};

QTEST_GUILESS_MAIN(TstStatus)
#include "tst_status.moc"
