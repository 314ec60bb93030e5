// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// What Apply keeps beside its journal and how it waits (reliability audit 2, H1, M1, M2, L10,
// L11): the stored bases of edit Applies live in the journal's own folder and only what Fanva
// wrote and no Apply still names is pruned; a hand edit does not make the journal forget an
// Apply; journal, bases and locks are private; a held file lock is reported, cancellable and
// bounded; Undo can name the Apply it undoes.
#include "applytestbase.h"
#include "proposal/apply.h"
#include "proposal/filelock_p.h"
#include "proposal/journal.h"

#include <QDeadlineTimer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <sys/stat.h>

using namespace fanva;
using proposal::ApplyStatus;
using proposal::Transaction;
using proposal::UndoResult;

namespace {

QFile::Permissions privateFile()
{
    return QFile::ReadOwner | QFile::WriteOwner | QFile::ReadUser | QFile::WriteUser;
}

QFile::Permissions privateFolder()
{
    return privateFile() | QFile::ExeOwner | QFile::ExeUser;
}

/// Makes `path` look `seconds` old to pruning.
bool age(const QString &path, int seconds)
{
    QFile file(path);
    return file.open(QIODevice::ReadWrite)
        && file.setFileTime(QDateTime::currentDateTimeUtc().addSecs(-seconds), QFileDevice::FileModificationTime);
}

} // namespace

class TstApplyStore : public fixture::ApplyTestBase
{
    Q_OBJECT

private:
    QByteArray m_edited; ///< the KB file with fixture::editedTail(), the base of edit Applies

    /// An edit Apply (retract (swims Pingu)) through the journal `journal`.
    proposal::ApplyResult retractSwims(const QString &journal)
    {
        proposal::Proposal p = fixture::editProposal(m_kb);
        if (!p.accept(QStringLiteral("c1")))
            qFatal("c1 cannot be accepted");
        proposal::ApplyOptions o = options();
        o.journalPath = journal;
        return proposal::apply(p, o);
    }

    QString journalIn(const QString &name) const { return QFileInfo(m_journal).dir().filePath(name); }

private Q_SLOTS:
    void init()
    {
        setUpFolder();
        m_edited = m_original + fixture::editedTail();
        QVERIFY(fixture::writeAll(m_target, m_edited));
    }

    // H1: the bases live in `<journal>.bases/`; a `bases/` folder beside the journal (the
    // user's, or an older Fanva's) is never pruned, and two journals in one folder keep
    // each other's bases.
    void basesLiveInTheJournalsOwnFolder()
    {
        const QString folder = QFileInfo(m_journal).absolutePath();
        const QString userBases = folder + QStringLiteral("/bases");
        QVERIFY(QDir().mkpath(userBases));
        const QString hexName = userBases + QLatin1Char('/') + proposal::sha256Hex("user");
        QVERIFY(fixture::writeAll(userBases + QStringLiteral("/genome.fa"), "precious\n"));
        QVERIFY(fixture::writeAll(hexName, "user"));

        const proposal::ApplyResult a = retractSwims(journalIn(QStringLiteral("a.jsonl")));
        QVERIFY2(a.status == ApplyStatus::Applied, qPrintable(a.message));
        const QString aBase = journalIn(QStringLiteral("a.jsonl.bases/")) + proposal::sha256Hex(m_edited);
        QCOMPARE(fixture::readAll(aBase), m_edited);
        QCOMPARE(proposal::Journal(journalIn(QStringLiteral("a.jsonl"))).basePath(proposal::sha256Hex(m_edited)), aBase);

        // Journal b retracts (swims Pingu) from another base: its prune leaves a's base alone.
        const QByteArray other = m_edited + "(penguin Tux)\n";
        QVERIFY(fixture::writeAll(m_target, other));
        const proposal::ApplyResult b = retractSwims(journalIn(QStringLiteral("b.jsonl")));
        QVERIFY2(b.status == ApplyStatus::Applied, qPrintable(b.message));
        for (const QString &name : { QStringLiteral("a.jsonl"), QStringLiteral("b.jsonl") })
            QCOMPARE(proposal::Journal(journalIn(name)).pruneBases(std::chrono::seconds(0)), 0);
        QCOMPARE(fixture::readAll(userBases + QStringLiteral("/genome.fa")), QByteArray("precious\n"));
        QCOMPARE(fixture::readAll(hexName), QByteArray("user"));
        QVERIFY(QFile::exists(aBase));

        // Inside its own folder only 64-hex names nobody names are pruned.
        const QString bBases = journalIn(QStringLiteral("b.jsonl.bases/"));
        QVERIFY(fixture::writeAll(bBases + QStringLiteral("notes.txt"), "mine"));
        const QString stray = bBases + proposal::sha256Hex("stray");
        QVERIFY(fixture::writeAll(stray, "stray"));
        QVERIFY(age(stray, 3600));
        QCOMPARE(proposal::Journal(journalIn(QStringLiteral("b.jsonl"))).pruneBases(), 1);
        QVERIFY(!QFile::exists(stray));
        QVERIFY(QFile::exists(bBases + QStringLiteral("notes.txt")));

        const UndoResult undone = proposal::undoLast(journalIn(QStringLiteral("b.jsonl")));
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(fixture::readAll(m_target), other);
    }

    // H1: an undo recorded before the move still finds its base in the old `bases/` folder.
    void oldBasesFolderIsStillRead()
    {
        const proposal::ApplyResult a = retractSwims(m_journal);
        QVERIFY2(a.status == ApplyStatus::Applied, qPrintable(a.message));
        const QString sha = proposal::sha256Hex(m_edited);
        const QString oldPlace = QFileInfo(m_journal).absolutePath() + QStringLiteral("/bases/") + sha;
        QVERIFY(QDir().mkpath(QFileInfo(oldPlace).absolutePath()));
        QVERIFY(QFile::rename(proposal::Journal(m_journal).basePath(sha), oldPlace));
        const UndoResult undone = proposal::undoLast(m_journal);
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(fixture::readAll(m_target), m_edited);
    }

    // M1: a base no line names yet (stored by an Apply whose pending line is still to come) is
    // kept while it is young; a committed Apply's base is kept however old; an undone one's goes.
    void pruningKeepsWhatAnApplyStillNeeds()
    {
        proposal::Journal journal(m_journal);
        QCOMPARE(journal.storeBase("in flight").message(), QString());
        const QString inFlight = journal.basePath(proposal::sha256Hex("in flight"));
        QCOMPARE(journal.pruneBases(), 0);
        QVERIFY(QFile::exists(inFlight));

        const proposal::ApplyResult a = retractSwims(m_journal);
        QVERIFY2(a.status == ApplyStatus::Applied, qPrintable(a.message));
        const QString committed = journal.basePath(proposal::sha256Hex(m_edited));
        QVERIFY(age(committed, 86400) && age(inFlight, 86400));
        QCOMPARE(journal.pruneBases(), 1); // the one in flight, now old and still unnamed
        QVERIFY(!QFile::exists(inFlight));
        QVERIFY(QFile::exists(committed));

        // Storing a base again makes it young again (the Apply about to name it is protected).
        QVERIFY(age(committed, 86400));
        QCOMPARE(journal.storeBase(m_edited).message(), QString());
        QVERIFY(QFileInfo(committed).lastModified().secsTo(QDateTime::currentDateTime()) < 60);

        QCOMPARE(proposal::undoLast(m_journal).status, UndoResult::Status::Undone);
        QVERIFY(age(committed, 86400));
        QCOMPARE(journal.pruneBases(), 1);
        QVERIFY(!QFile::exists(committed));
    }

    // M2: a hand edit does not make recovery or compaction forget the Apply; Undo says why
    // it cannot run, and runs once the hand edit is reverted.
    void handEditKeepsTheApply()
    {
        QVERIFY(fixture::writeAll(m_target, m_original));
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        QVERIFY(p.accept(QStringLiteral("c1")));
        QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        const QByteArray applied = fixture::readAll(m_target);
        QVERIFY(fixture::writeAll(m_target, applied + ";; typo fixed by hand\n"));

        proposal::Journal journal(m_journal);
        QVERIFY(journal.recover().recoveries.empty());
        QCOMPARE(journal.compact().valueOr(-1), 0);
        QCOMPARE(journal.transactions().size(), std::size_t(1));

        UndoResult undone = proposal::undoLast(m_journal);
        QCOMPARE(undone.status, UndoResult::Status::Changed);
        QVERIFY2(
            undone.message.contains(QLatin1StringView("changed since the Apply; undo would lose those edits")), qPrintable(undone.message));

        QVERIFY(fixture::writeAll(m_target, applied));
        undone = proposal::undoLast(m_journal);
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    // M2: compaction goes by count, never by the file's bytes.
    void compactionKeepsTheNewestCommittedApplies()
    {
        QVERIFY(fixture::writeAll(m_target, m_original));
        for (int i = 0; i < 3; ++i) {
            proposal::Proposal p = fixture::scenarioOne(m_kb);
            p.entries.front().candidate = p.entries.front().shapes.front() = QStringLiteral("(penguin Pingu%1)").arg(i);
            QVERIFY(p.accept(QStringLiteral("c1")));
            QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        }
        proposal::Journal journal(m_journal);
        QCOMPARE(journal.compact(2).valueOr(-1), 1);
        const std::vector<Transaction> kept = journal.transactions();
        QCOMPARE(kept.size(), std::size_t(2));
        QCOMPARE(kept.front().id, QStringLiteral("apply-2"));
    }

    // L10: journal, bases, locks and the folders Fanva makes for them are the user's alone.
    void storeIsPrivate()
    {
        const mode_t old = ::umask(022);
        const proposal::ApplyResult a = retractSwims(m_journal);
        ::umask(old);
        QVERIFY2(a.status == ApplyStatus::Applied, qPrintable(a.message));
        QCOMPARE(QFile::permissions(m_journal), privateFile());
        QCOMPARE(QFile::permissions(QFileInfo(m_journal).absolutePath()), privateFolder());
        const QString bases = m_journal + QStringLiteral(".bases");
        QCOMPARE(QFile::permissions(bases), privateFolder());
        QCOMPARE(QFile::permissions(bases + QLatin1Char('/') + proposal::sha256Hex(m_edited)), privateFile());
        const QString lock = proposal::detail::kbFileLockPath(m_journal, m_target);
        QCOMPARE(QFile::permissions(lock), privateFile());
        QCOMPARE(QFile::permissions(QFileInfo(lock).absolutePath()), privateFolder());
        QCOMPARE(QFile::permissions(proposal::detail::journalLockPath(m_journal)), privateFile());
    }

    // L11: a held lock is reported once, can be cancelled, and is given up after the timeout;
    // nothing is written either way.
    void heldLockIsReportedCancellableAndBounded_data()
    {
        QTest::addColumn<bool>("undo");
        QTest::addColumn<bool>("cancel");
        QTest::addRow("apply, timeout") << false << false;
        QTest::addRow("apply, cancel") << false << true;
        QTest::addRow("undo, timeout") << true << false;
        QTest::addRow("undo, cancel") << true << true;
    }
    void heldLockIsReportedCancellableAndBounded()
    {
        QFETCH(bool, undo);
        QFETCH(bool, cancel);
        QVERIFY(fixture::writeAll(m_target, m_original));
        if (undo) {
            proposal::Proposal p = fixture::scenarioOne(m_kb);
            QVERIFY(p.accept(QStringLiteral("c1")));
            QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        }
        const QByteArray before = fixture::readAll(m_target);
        const QByteArray journalBefore = fixture::readAll(m_journal);
        auto held = std::make_unique<proposal::detail::FileLock>(proposal::detail::kbFileLockPath(m_journal, m_target));
        QVERIFY(held->isLocked());

        QStringList progress;
        proposal::ApplyControl control;
        control.progress = [&](const QString &message) { progress.append(message); };
        control.cancelled = [&] { return cancel && !progress.isEmpty(); };
        control.lockTimeoutMs = 400;
        QString message;
        bool failed = false;
        std::unique_ptr<QThread> thread(QThread::create([&] {
            if (undo) {
                const UndoResult r = proposal::undoLast(m_journal, {}, false, control);
                failed = r.status == UndoResult::Status::IoError;
                message = r.message;
            } else {
                proposal::Proposal p = fixture::scenarioOne(m_kb);
                (void)p.accept(QStringLiteral("c3"));
                proposal::ApplyOptions o = options();
                o.control = control;
                const proposal::ApplyResult r = proposal::apply(p, o);
                failed = r.status == ApplyStatus::IoError;
                message = r.message;
            }
        }));
        thread->start();
        const bool finished = thread->wait(QDeadlineTimer(10000));
        held.reset(); // lets a thread that ignored the timeout finish
        QVERIFY(thread->wait(QDeadlineTimer(60000)));
        QVERIFY2(finished, "the wait for the lock was neither cancelled nor bounded");
        QVERIFY(failed);
        QCOMPARE(progress, QStringList { QStringLiteral("Waiting for another Apply to CxAnimals.txt…") });
        const QString expected = cancel ? QStringLiteral("Cancelled while waiting for another Apply to CxAnimals.txt. Nothing was written.")
                                        : QStringLiteral("Gave up after 0.4 s waiting for another Apply to CxAnimals.txt");
        QVERIFY2(message.startsWith(expected), qPrintable(message));
        QCOMPARE(fixture::readAll(m_target), before);
        QCOMPARE(fixture::readAll(m_journal), journalBefore);
    }

    // L11: start-up recovery does not wait for the lock of a file that has nothing pending.
    void recoveryDoesNotWaitForASettledFile()
    {
        QVERIFY(fixture::writeAll(m_target, m_original));
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        QVERIFY(p.accept(QStringLiteral("c1")));
        QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        auto held = std::make_unique<proposal::detail::FileLock>(proposal::detail::kbFileLockPath(m_journal, m_target));
        QVERIFY(held->isLocked());
        QString error;
        std::unique_ptr<QThread> thread(QThread::create([&] { error = proposal::Journal(m_journal).recover().status.message(); }));
        thread->start();
        const bool finished = thread->wait(QDeadlineTimer(5000));
        held.reset();
        QVERIFY(thread->wait(QDeadlineTimer(180000)));
        QVERIFY2(finished, "recovery waited for a lock it had no need of");
        QCOMPARE(error, QString());
    }

    // M1: Undo can name the Apply (by id) or the file; an Apply that is not its file's last
    // one is refused, naming the one to undo first.
    void undoNamesItsApply()
    {
        QVERIFY(fixture::writeAll(m_target, m_original));
        for (const char *id : { "c1", "c3" }) {
            proposal::Proposal p = fixture::scenarioOne(m_kb);
            QVERIFY(p.accept(QString::fromLatin1(id)));
            QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        }
        UndoResult undone = proposal::undoTransaction(m_journal, QStringLiteral("apply-1"));
        QCOMPARE(undone.status, UndoResult::Status::Changed);
        QCOMPARE(
            undone.message, QStringLiteral("apply-1 is not the last Apply to CxAnimals.txt; undo apply-2 first. Nothing was written."));
        undone = proposal::undoTransaction(m_journal, QStringLiteral("nope"));
        QCOMPARE(undone.status, UndoResult::Status::NothingToUndo);
        QCOMPARE(undone.message, QStringLiteral("The journal holds no committed Apply nope."));
        undone = proposal::undoTransaction(m_journal, QStringLiteral("apply-2"));
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(undone.transaction.id, QStringLiteral("apply-2"));
        undone = proposal::undoTransaction(m_journal, QStringLiteral("apply-1"));
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(fixture::readAll(m_target), m_original);
    }
};

QTEST_GUILESS_MAIN(TstApplyStore)
#include "tst_applystore.moc"
