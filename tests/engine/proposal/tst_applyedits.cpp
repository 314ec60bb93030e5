// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Apply with replace and retract entries (docs/spec/rewrite.md §4): the splice keeps every
// untouched byte, a retracted Fanva sentence takes its comment along, a replacement is gated
// without its old sentence, Undo restores the stored base byte for byte, a crash at any
// point settles, and stored bases are pruned.

#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "proposal/apply.h"
#include "proposal/edits.h"
#include "proposal/gate.h"
#include "proposal/journal.h"
#include "proposalfixture.h"

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using proposal::ApplyStatus;
using proposal::Transaction;
using proposal::UndoResult;

class TstApplyEdits : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_target, m_journal;
    QByteArray m_original;

    static QDateTime appliedAt() { return QDateTime::fromString(QStringLiteral("2026-12-01T21:40:00Z"), Qt::ISODate); }

    proposal::ApplyOptions options() const
    {
        proposal::ApplyOptions o;
        o.gate = proposal::criticGate();
        o.journalPath = m_journal;
        o.now = [] { return appliedAt(); };
        o.newId = [] { return QStringLiteral("edit-1"); };
        return o;
    }

    /// What editProposal() with every entry accepted must leave.
    QByteArray expected(const proposal::Proposal &p) const
    {
        QByteArray out = m_original;
        out.replace(QByteArray(";; winter.md [2] \"Pingu swims.\"\n(swims Pingu)\n"), QByteArray());
        const QByteArray comment = proposal::replaceComment(*p.entry(QStringLiteral("c2")), appliedAt()).toUtf8();
        out.replace(QByteArray("(livesIn Pingu HarbourZoo)\n"), QByteArray(comment + "\n(livesIn Pingu Aquarium)\n"));
        return proposal::Proposal::appendBlock(out, p.renderBlock({ p.entry(QStringLiteral("c3")) }, appliedAt()));
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        const QString root = m_dir.filePath(QString::number(QDateTime::currentMSecsSinceEpoch()) + QTest::currentTestFunction()
            + QString::fromLatin1(QTest::currentDataTag()).remove(QLatin1Char(' ')));
        QVERIFY(QDir().mkpath(root));
        m_kb = fixture::copyKb(root);
        m_target = QDir(m_kb).filePath(QStringLiteral("CxAnimals.txt"));
        m_original = fixture::readAll(m_target) + fixture::editedTail();
        QVERIFY(fixture::writeAll(m_target, m_original));
        m_journal = QDir(root).filePath(QStringLiteral("state/journal.jsonl"));
    }

    void applyAndUndoByteForByte()
    {
        proposal::Proposal p = fixture::editProposal(m_kb);
        for (const char *id : { "c1", "c2", "c3" })
            QVERIFY(p.accept(QString::fromLatin1(id)));
        const QByteArray want = expected(p);
        const proposal::ApplyResult result = proposal::apply(p, options());
        QVERIFY2(result.status == ApplyStatus::Applied, qPrintable(result.message));
        QCOMPARE(result.message, QStringLiteral("1 added, 1 replaced, 1 retracted in CxAnimals.txt."));
        QCOMPARE(fixture::readAll(m_target), want);
        // The hand comment and the block's markers stay; the retracted sentence's comment went.
        QVERIFY(want.contains(";; by hand\n;; fanva 2026-12-01T21:40Z replaces line "));
        QVERIFY(want.contains("(penguin Pingu)\n;; ---- end fanva ----\n"));
        QVERIFY(kb::loadKnowledgeBase(m_kb).ok());

        proposal::Journal journal(m_journal);
        const Transaction t = journal.transactions().front();
        QVERIFY(t.edit);
        QCOMPARE(journal.storedBase(t.baseSha256).value_or(QByteArray()), m_original);

        const UndoResult undone = proposal::undo(p, m_journal);
        QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(fixture::readAll(m_target), m_original);
        QCOMPARE(p.entry(QStringLiteral("c2"))->decision, formalize::Decision::Accepted);
    }

    void replacementIsGatedWithoutItsOldSentence()
    {
        // (fish Tweety) clashes with (bird Tweety) (disjoint bird fish) as an add…
        QVERIFY(fixture::writeAll(m_target, m_original + "(bird Tweety)\n"));
        const int line = fixture::lineOf(fixture::readAll(m_target), "(bird Tweety)");
        proposal::Proposal p = fixture::editProposal(m_kb);
        formalize::Entry fish = fixture::entry(QStringLiteral("c1"), 1, QStringLiteral("(fish Tweety)"));
        p.entries = { fish };
        QVERIFY(p.accept(QStringLiteral("c1")));
        const proposal::ApplyResult blocked = proposal::apply(p, options());
        QCOMPARE(blocked.status, ApplyStatus::Blocked);
        // …but not as the replacement of it.
        fish.kind = formalize::EntryKind::Replace;
        fish.replaces = { { line, QStringLiteral("(bird Tweety)"), {} } };
        p.entries = { fish };
        QVERIFY(p.accept(QStringLiteral("c1")));
        const proposal::ApplyResult result = proposal::apply(p, options());
        QVERIFY2(result.status == ApplyStatus::Applied, qPrintable(result.message));
        const QByteArray tail
            = "(flies Pingu)\n;; fanva 2026-12-01T21:40Z replaces line " + QByteArray::number(line) + " \"(bird Tweety)\"\n(fish Tweety)\n";
        QVERIFY(fixture::readAll(m_target).endsWith(tail));
    }

    void rediffGatesEditsAsApplyDoes()
    {
        // The file changes under the proposal (a conflict); the re-diff must gate the
        // replacement without the sentence it replaces and leave the retraction alone.
        QVERIFY(fixture::writeAll(m_target, m_original + "(bird Tweety)\n"));
        const int line = fixture::lineOf(fixture::readAll(m_target), "(bird Tweety)");
        proposal::Proposal p = fixture::editProposal(m_kb);
        formalize::Entry fish = fixture::entry(QStringLiteral("c4"), 1, QStringLiteral("(fish Tweety)"));
        fish.kind = formalize::EntryKind::Replace;
        fish.replaces = { { line, QStringLiteral("(bird Tweety)"), {} } };
        p.entries.push_back(fish);
        formalize::Entry undecided = fish;
        undecided.id = QStringLiteral("c5");
        p.entries.push_back(undecided);
        for (const char *id : { "c1", "c2", "c3", "c4" })
            QVERIFY(p.accept(QString::fromLatin1(id)));
        const formalize::EntryState retractState = p.entry(QStringLiteral("c1"))->state;
        QVERIFY(fixture::writeAll(m_target, fixture::readAll(m_target) + "\n(penguin Tux)\n"));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        (void)proposal::rediff(p, *lang::fanvaKbOver(loaded.kb), proposal::criticGate());
        for (const char *id : { "c4", "c5" }) {
            const formalize::Entry *e = p.entry(QString::fromLatin1(id));
            QVERIFY2(!lang::hasBlocking(e->problems), id);
            QCOMPARE(e->state, formalize::EntryState::Admissible);
        }
        QCOMPARE(p.entry(QStringLiteral("c1"))->state, retractState);
        QVERIFY(p.entry(QStringLiteral("c1"))->notes.empty());
    }

    void aSentenceNoLongerThereIsAConflict()
    {
        proposal::Proposal p = fixture::editProposal(m_kb);
        p.entry(QStringLiteral("c1"))->replaces.front().line += 1; // not where the file has it
        QVERIFY(p.accept(QStringLiteral("c1")));
        const proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::Conflict);
        QVERIFY2(result.message.contains(QLatin1StringView("no longer holds (swims Pingu)")), qPrintable(result.message));
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    void crashSettlesOldOrNew_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<bool>("renamed");
        QTest::addRow("before the rename") << QStringLiteral("temp-written") << false;
        QTest::addRow("after the rename") << QStringLiteral("renamed") << true;
    }
    void crashSettlesOldOrNew()
    {
        QFETCH(QString, stage);
        QFETCH(bool, renamed);
        QProcess helper;
        helper.start(QStringLiteral(FANVA_CRASH_HELPER), { m_kb, m_journal, stage, QStringLiteral("edit") });
        QVERIFY(helper.waitForFinished(60000));
        QCOMPARE(helper.exitCode(), 42);
        const QByteArray after = fixture::readAll(m_target);
        QCOMPARE(after == m_original, !renamed);
        proposal::Journal journal(m_journal);
        const std::vector<proposal::Recovery> recovered = journal.recover().recoveries;
        QCOMPARE(recovered.size(), std::size_t(1));
        QCOMPARE(recovered.front().settledAs, renamed ? Transaction::State::Committed : Transaction::State::Aborted);
        QCOMPARE(fixture::readAll(m_target), after);
        if (renamed) {
            const UndoResult undone = proposal::undoLast(m_journal);
            QVERIFY2(undone.status == UndoResult::Status::Undone, qPrintable(undone.message));
            QCOMPARE(fixture::readAll(m_target), m_original);
        }
    }

    void basesArePruned()
    {
        proposal::Proposal p = fixture::editProposal(m_kb);
        QVERIFY(p.accept(QStringLiteral("c1")));
        QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        proposal::Journal journal(m_journal);
        const QString stray = journal.basePath(proposal::sha256Hex("stray"));
        QVERIFY(fixture::writeAll(stray, "stray"));
        QCOMPARE(journal.pruneBases(std::chrono::seconds(0)), 1);
        QVERIFY(!QFile::exists(stray));
        QVERIFY(journal.storedBase(proposal::sha256Hex(m_original)).has_value());
        // Once undone, nothing names it.
        QCOMPARE(proposal::undoLast(m_journal).status, UndoResult::Status::Undone);
        QCOMPARE(journal.pruneBases(std::chrono::seconds(0)), 1);
        QVERIFY(!journal.storedBase(proposal::sha256Hex(m_original)).has_value());
    }
};

QTEST_GUILESS_MAIN(TstApplyEdits)
#include "tst_applyedits.moc"
