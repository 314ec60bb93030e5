// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The set-up tst_apply and tst_journal share: per test function (and data row), a fresh copy
// of the fixture KB, its target file and a journal beside it, and Apply options with a fixed
// clock and numbered ids ("apply-1", "apply-2", …).

#include "proposal/apply.h"
#include "proposal/gate.h"
#include "proposalfixture.h"

#include <QDateTime>
#include <QObject>
#include <QTemporaryDir>
#include <QTest>

namespace fixture {

/// The clock every Apply of these tests reads.
inline QDateTime applyTime()
{
    return QDateTime::fromString(QStringLiteral("2026-11-29T14:03:00Z"), Qt::ISODate);
}

class ApplyTestBase : public QObject
{
protected:
    QTemporaryDir m_dir;
    QString m_kb;
    QString m_target;
    QString m_journal;
    QByteArray m_original;
    int m_ids = 0;

    fanva::proposal::ApplyOptions options()
    {
        fanva::proposal::ApplyOptions o;
        o.gate = fanva::proposal::criticGate();
        o.journalPath = m_journal;
        o.now = applyTime;
        o.newId = [this] { return QStringLiteral("apply-%1").arg(++m_ids); };
        return o;
    }

    /// Call from init(): a folder named after the current test function and data row.
    void setUpFolder()
    {
        QVERIFY(m_dir.isValid());
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        const QString dir = m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + tag);
        QVERIFY(QDir().mkpath(dir));
        m_kb = copyKb(dir);
        m_target = QDir(m_kb).filePath(QStringLiteral("CxAnimals.txt"));
        m_journal = QDir(dir).filePath(QStringLiteral("appdata/journal.jsonl"));
        m_original = readAll(m_target);
        QVERIFY(!m_original.isEmpty());
        m_ids = 0;
    }
};

} // namespace fixture
