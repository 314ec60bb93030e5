// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "proposal/autosave.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;

namespace {

proposal::SessionFile running()
{
    proposal::SessionFile s;
    s.id = QStringLiteral("s1");
    s.events = nlohmann::json::array({ { { "type", "session-started" } }, { { "type", "attempt-started" }, { "n", 1 } },
        { { "type", "attempt-started" }, { "n", 2 } } });
    return s;
}

/// The id of a process that has already ended.
qint64 deadPid()
{
    QProcess process;
    qint64 pid = 0;
    QObject::connect(&process, &QProcess::started, &process, [&] { pid = process.processId(); });
    process.start(QStringLiteral("true"), {});
    process.waitForFinished();
    return pid;
}

} // namespace

class TstAutosave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void ownAutosaveIsNotOffered()
    {
        QTemporaryDir dir;
        proposal::Autosave autosave(dir.path(), QStringLiteral("s1"));
        QCOMPARE(autosave.save(running()).message(), QString());
        QVERIFY(QFile::exists(autosave.path()));
        QVERIFY(QFile::exists(autosave.lockPath()));
        QVERIFY(proposal::recoverableAutosaves(dir.path()).empty());
        autosave.discard();
        QVERIFY(!QFile::exists(autosave.path()));
    }

    void orphanedAutosavesAreOffered()
    {
        QTemporaryDir dir;
        QCOMPARE(running().save(dir.filePath(QStringLiteral("a.fanva"))).message(), QString());
        QCOMPARE(running().save(dir.filePath(QStringLiteral("b.fanva"))).message(), QString());
        const qint64 dead = deadPid();
        QVERIFY(dead > 0);
        QFile lock(dir.filePath(QStringLiteral("b.lock")));
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write(QByteArray::number(dead) + '\n');
        lock.close();
        const auto found = proposal::recoverableAutosaves(dir.path());
        QCOMPARE(found.size(), std::size_t(2));
        QCOMPARE(found[0].id, QStringLiteral("a"));
        QCOMPARE(found[0].pid, 0);
        QCOMPARE(found[1].id, QStringLiteral("b"));
        QCOMPARE(found[1].pid, dead);

        // A live owner keeps its autosave to itself.
        QVERIFY(lock.open(QIODevice::WriteOnly | QIODevice::Truncate));
        lock.write(QByteArray::number(QCoreApplication::applicationPid() == 1 ? 2 : 1) + '\n');
        lock.close();
        QCOMPARE(proposal::recoverableAutosaves(dir.path()).size(), std::size_t(1));
    }

    void runningSessionReopensInterrupted()
    {
        proposal::SessionFile s = running();
        QVERIFY(proposal::markInterrupted(s));
        QVERIFY(s.outcome["outcome"] == "cancelled");
        QVERIFY(s.outcome["stopReason"] == "interrupted");
        QVERIFY(s.outcome["phase"] == "formalize");
        QVERIFY(s.outcome["attempt"] == 2);
        QCOMPARE(s.events.size(), std::size_t(3));
        QVERIFY(!proposal::markInterrupted(s)); // finished sessions stay as they are
    }

    void schedulerDebouncesDecisions()
    {
        int saves = 0;
        proposal::AutosaveScheduler scheduler([&saves] { ++saves; });
        scheduler.setIntervals(50, 100000);
        scheduler.decisionChanged();
        scheduler.decisionChanged();
        scheduler.decisionChanged();
        QTRY_COMPARE(saves, 1);
        QTest::qWait(120);
        QCOMPARE(saves, 1);
        scheduler.sessionStarted();
        scheduler.sessionFinished();
        QCOMPARE(saves, 2);
    }
};

QTEST_GUILESS_MAIN(TstAutosave)
#include "tst_autosave.moc"
