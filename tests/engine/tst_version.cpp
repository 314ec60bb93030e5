// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "version.h"

#include <QRegularExpression>
#include <QTest>

class TstVersion : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void versionIsSemantic()
    {
        QVERIFY(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$")).match(fanva::version()).hasMatch());
        QCOMPARE(fanva::applicationName(), QStringLiteral("fanva"));
    }
};

QTEST_GUILESS_MAIN(TstVersion)
#include "tst_version.moc"
