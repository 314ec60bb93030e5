// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The Apply journal's upkeep: recovery's report, dismissing a record the user settled by
// hand, and compaction that keeps exactly what Undo can still use.
#include "applytestbase.h"
#include "proposal/journal.h"

#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using proposal::ApplyStatus;
using proposal::Transaction;
using proposal::UndoResult;

class TstJournal : public fixture::ApplyTestBase
{
    Q_OBJECT

private:
    /// Applies one entry of scenario 1 against the file as it is now.
    ApplyStatus applyOne(const QString &id)
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        if (!p.accept(id))
            return ApplyStatus::Blocked;
        return proposal::apply(p, options()).status;
    }

    /// A pending record for a file that is gone (its base existed): neither old nor new.
    void writeDangling(const QString &id)
    {
        QVERIFY(QDir().mkpath(QFileInfo(m_journal).absolutePath()));
        proposal::Journal journal(m_journal);
        Transaction t;
        t.id = id;
        t.file = QDir(m_kb).filePath(QStringLiteral("CxGone.txt"));
        t.baseSha256 = QString(64, QLatin1Char('a'));
        t.newSha256 = QString(64, QLatin1Char('b'));
        QCOMPARE(journal.appendPending(t).message(), QString());
    }

private Q_SLOTS:
    void init() { setUpFolder(); }

    void compactionKeepsWhatUndoNeeds()
    {
        QCOMPARE(applyOne(QStringLiteral("c1")), ApplyStatus::Applied);
        const QByteArray afterFirst = fixture::readAll(m_target);
        QCOMPARE(applyOne(QStringLiteral("c3")), ApplyStatus::Applied);
        QCOMPARE(proposal::undoLast(m_journal).status, UndoResult::Status::Undone); // apply-2 undone
        QCOMPARE(fixture::readAll(m_target), afterFirst);
        proposal::Journal journal(m_journal);
        QCOMPARE(journal.transactions().size(), std::size_t(2));

        QCOMPARE(journal.compact().valueOr(-1), 1); // the undone apply-2 goes
        const std::vector<Transaction> kept = journal.transactions();
        QCOMPARE(kept.size(), std::size_t(1));
        QCOMPARE(kept.front().id, QStringLiteral("apply-1"));
        QCOMPARE(kept.front().state, Transaction::State::Committed);
        QCOMPARE(journal.compact().valueOr(-1), 0);
        QCOMPARE(proposal::undoLast(m_journal).status, UndoResult::Status::Undone);
        QCOMPARE(fixture::readAll(m_target), m_original);

        // A committed Apply whose result the file no longer holds stays: the hand edit may be
        // reverted (reliability audit 2, M2).
        QCOMPARE(applyOne(QStringLiteral("c1")), ApplyStatus::Applied);
        QVERIFY(fixture::writeAll(m_target, fixture::readAll(m_target) + ";; a hand edit\n"));
        QCOMPARE(journal.compact().valueOr(-1), 1); // apply-1 (undone)
        QCOMPARE(journal.transactions().size(), std::size_t(1));
        QCOMPARE(journal.transactions().front().id, QStringLiteral("apply-3"));
    }

    void danglingRecordCanBeDismissed()
    {
        writeDangling(QStringLiteral("lost"));
        proposal::Journal journal(m_journal);
        for (int run = 0; run < 2; ++run) { // reported at every start, until dismissed
            const std::vector<proposal::Recovery> recovered = journal.recover().recoveries;
            QCOMPARE(recovered.size(), std::size_t(1));
            QCOMPARE(recovered.front().settledAs, Transaction::State::Pending);
        }
        const QStringList messages = proposal::recoverJournal(m_journal);
        QCOMPARE(messages.size(), 1);
        QVERIFY2(messages.front().endsWith(QLatin1StringView("fanva-cli apply --dismiss lost")), qPrintable(messages.front()));

        QCOMPARE(journal.dismiss(QStringLiteral("nope")).message(), QStringLiteral("No interrupted Apply nope is waiting in the journal."));
        QCOMPARE(journal.dismiss(QStringLiteral("lost")).message(), QString());
        QVERIFY(journal.recover().recoveries.empty());
        QVERIFY(proposal::recoverJournal(m_journal).isEmpty());
        QVERIFY(!fixture::readAll(m_journal).contains("lost")); // compacted away
    }

    void recoveryMessagesSaySettled()
    {
        QCOMPARE(applyOne(QStringLiteral("c1")), ApplyStatus::Applied);
        // Drop the committed line, as a crash after the rename would have.
        QByteArray lines = fixture::readAll(m_journal);
        lines.truncate(lines.indexOf('\n') + 1);
        QVERIFY(fixture::writeAll(m_journal, lines));
        const QStringList messages = proposal::recoverJournal(m_journal);
        QCOMPARE(messages, QStringList { QStringLiteral("An interrupted Apply to %1 was committed.").arg(m_target) });
        QVERIFY(proposal::recoverJournal(m_journal).isEmpty());
        QVERIFY(proposal::recoverJournal(QDir(m_kb).filePath(QStringLiteral("no-journal.jsonl"))).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstJournal)
#include "tst_journal.moc"
