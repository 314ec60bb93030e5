// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/knowledgebase.h"
#include "proposal/apply.h"
#include "proposal/gate.h"
#include "proposal/journal.h"
#include "proposalfixture.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using formalize::Decision;
using proposal::ApplyStatus;
using proposal::Transaction;
using proposal::UndoResult;

namespace {

const QByteArray s_expectedBlock = ";; ---- fanva 2026-11-29T14:03Z from winter.md ----\n"
                                   ";; winter.md [1] \"Pingu is a penguin who lives in Harbour Zoo.\"\n"
                                   "(penguin Pingu)\n"
                                   ";; winter.md [1] \"Pingu is a penguin who lives in Harbour Zoo.\"\n"
                                   "(livesIn Pingu HarbourZoo)\n"
                                   ";; ---- end fanva ----\n";

QDateTime applyTime()
{
    return QDateTime::fromString(QStringLiteral("2026-11-29T14:03:00Z"), Qt::ISODate);
}

/// Reads the journal's raw lines as JSON objects.
std::vector<nlohmann::json> journalLines(const QString &path)
{
    std::vector<nlohmann::json> lines;
    const QByteArray bytes = fixture::readAll(path);
    for (const QByteArray &line : bytes.split('\n')) {
        if (!line.isEmpty())
            lines.push_back(nlohmann::json::parse(line.constData(), line.constData() + line.size(), nullptr, false));
    }
    return lines;
}

} // namespace

class TstApply : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb;
    QString m_target;
    QString m_journal;
    QByteArray m_original;
    int m_ids = 0;

    proposal::ApplyOptions options()
    {
        proposal::ApplyOptions o;
        o.gate = proposal::criticGate();
        o.journalPath = m_journal;
        o.now = applyTime;
        o.newId = [this] { return QStringLiteral("apply-%1").arg(++m_ids); };
        return o;
    }

    proposal::Proposal acceptedScenarioOne()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        if (!p.accept(QStringLiteral("c1")) || !p.accept(QStringLiteral("c3")))
            qFatal("the fixture's entries cannot be accepted");
        return p;
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_dir.isValid());
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-'));
        const QString dir = m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + tag);
        QDir().mkpath(dir);
        m_kb = fixture::copyKb(dir);
        m_target = QDir(m_kb).filePath(QStringLiteral("CxAnimals.txt"));
        m_journal = QDir(dir).filePath(QStringLiteral("appdata/journal.jsonl"));
        m_original = fixture::readAll(m_target);
        QVERIFY(!m_original.isEmpty());
        m_ids = 0;
    }

    void decisions()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        // Every entry starts undecided, clean ones included.
        for (const formalize::Entry &e : p.entries)
            QCOMPARE(e.decision, Decision::Undecided);
        QVERIFY(!p.accept(QStringLiteral("c2"))); // superseded: not reviewable
        QVERIFY(p.accept(QStringLiteral("c1")));
        QVERIFY(p.reject(QStringLiteral("c3")));
        QCOMPARE(p.toWrite().size(), std::size_t(1));

        formalize::Entry refused
            = fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(eats penguin fish)"), formalize::EntryState::Refused);
        refused.problems = { { QStringLiteral("arg-type"), QStringLiteral("penguin is a type"), std::nullopt } };
        p.entries.push_back(refused);
        QVERIFY(!p.accept(QStringLiteral("c4")));
        QVERIFY(p.force(QStringLiteral("c4")));
        QCOMPARE(p.entry(QStringLiteral("c4"))->forced, QStringList { QStringLiteral("arg-type") });
        QCOMPARE(p.resolveIds(QStringLiteral("all")), (QStringList { QStringLiteral("c1"), QStringLiteral("c3") }));
        QString error;
        QVERIFY(p.resolveIds(QStringLiteral("c1,c9"), &error).isEmpty());
        QVERIFY(error.contains(QLatin1StringView("c9")));
    }

    void provenance_data()
    {
        QTest::addColumn<int>("shape");
        QTest::addColumn<bool>("forced");
        QTest::addColumn<QString>("comment");
        QTest::addRow("as written") << 1 << false << QStringLiteral(";; winter.md [2] \"Penguins eat fish.\"");
        QTest::addRow("shape 2") << 2 << false << QStringLiteral(";; winter.md [2] \"Penguins eat fish.\" (shape 2)");
        QTest::addRow("edited") << 0 << false << QStringLiteral(";; winter.md [2] \"Penguins eat fish.\" (edited)");
        QTest::addRow("forced") << 1 << true << QStringLiteral(";; winter.md [2] \"Penguins eat fish.\" (forced: arity, disjoint)");
    }

    void provenance()
    {
        QFETCH(int, shape);
        QFETCH(bool, forced);
        QFETCH(QString, comment);
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(eats penguin fish)"));
        e.shapes.append(QStringLiteral("(set/defaultRule (implies (penguin ?x) (exists ?y (and (fish ?y) (eats ?x ?y)))))"));
        e.selectedShape = shape;
        e.edit = QStringLiteral("(eats Pingu Herring1)");
        if (forced) {
            e.decision = Decision::Forced;
            e.forced = QStringList { QStringLiteral("arity"), QStringLiteral("disjoint") };
        }
        QCOMPARE(proposal::provenanceComment(e, p.documentName, p.segmentTexts), comment);
    }

    void quoteIsClipped()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        p.segmentTexts[0] = QString(298, QLatin1Char('a')) + QStringLiteral("éé\nmore");
        const QString comment = proposal::provenanceComment(*p.entry(QStringLiteral("c1")), p.documentName, p.segmentTexts);
        // 298 + one two-byte character fit in 300 bytes; the second does not.
        QVERIFY(comment.endsWith(QString(298, QLatin1Char('a')) + QStringLiteral("é…\"")));
    }

    void diffView()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        QVERIFY(p.accept(QStringLiteral("c1")));
        QVERIFY(p.reject(QStringLiteral("c3")));
        const std::vector<proposal::DiffLine> all = p.diff(m_original, applyTime());
        QCOMPARE(all.front().text, QStringLiteral("CxAnimals.txt — base %1").arg(p.baseSha256.left(8)));
        QCOMPARE(all[1].kind, proposal::DiffLine::Kind::Context);
        QCOMPARE(all[3].text, QStringLiteral("(genl zoo place)"));
        auto sentenceRow = [](const std::vector<proposal::DiffLine> &lines, const QString &id) {
            return std::find_if(lines.begin(), lines.end(), [&](const proposal::DiffLine &l) { return l.entryId == id && l.firstOfEntry; });
        };
        QVERIFY(sentenceRow(all, QStringLiteral("c3")) != all.end());
        QVERIFY(sentenceRow(all, QStringLiteral("c3"))->struck);
        QVERIFY(!sentenceRow(all, QStringLiteral("c1"))->struck);
        const std::vector<proposal::DiffLine> exact = p.diff(m_original, applyTime(), true);
        QVERIFY(sentenceRow(exact, QStringLiteral("c3")) == exact.end());
        QCOMPARE(sentenceRow(exact, QStringLiteral("c1"))->text, QStringLiteral("(penguin Pingu)"));
    }

    // formalize.md §14 scenario 12.
    void applyThenUndo()
    {
        proposal::Proposal p = acceptedScenarioOne();
        const QFile::Permissions permissions = QFileInfo(m_target).permissions();
        const proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(proposal::applyStatusName(result.status), QStringLiteral("applied"));
        QCOMPARE(result.block, s_expectedBlock);
        const QByteArray applied = fixture::readAll(m_target);
        QCOMPARE(applied, m_original + '\n' + s_expectedBlock);
        QCOMPARE(applied.count("[1] \"Pingu is a penguin who lives in Harbour Zoo.\""), 2);
        QCOMPARE(QFileInfo(m_target).permissions(), permissions); // 0640 from the fixture, kept

        const std::vector<nlohmann::json> lines = journalLines(m_journal);
        QCOMPARE(lines.size(), std::size_t(2));
        QVERIFY(lines[0]["state"] == "pending");
        QCOMPARE(lines[0]["offset"].get<qint64>(), m_original.size());
        QCOMPARE(lines[0]["baseSha256"].get<std::string>(), proposal::sha256Hex(m_original).toStdString());
        QCOMPARE(lines[0]["newSha256"].get<std::string>(), proposal::sha256Hex(applied).toStdString());
        QCOMPARE(lines[0]["entries"].size(), std::size_t(2));
        QVERIFY(lines[1] == (nlohmann::json { { "id", "apply-1" }, { "state", "committed" } }));
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, Decision::Applied);
        QCOMPARE(p.entry(QStringLiteral("c3"))->applied, QStringLiteral("apply-1"));
        QCOMPARE(p.baseSha256, proposal::sha256Hex(applied));
        QVERIFY(!p.accept(QStringLiteral("c1"))); // applied entries are locked

        UndoResult undone = proposal::undo(p, m_journal);
        QCOMPARE(undone.status, UndoResult::Status::Undone);
        QCOMPARE(fixture::readAll(m_target), m_original);
        QVERIFY(journalLines(m_journal).back() == (nlohmann::json { { "id", "apply-1" }, { "state", "undone" } }));
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, Decision::Accepted);
        QCOMPARE(p.entry(QStringLiteral("c3"))->decision, Decision::Accepted);
        QCOMPARE(p.baseSha256, proposal::sha256Hex(m_original));

        undone = proposal::undo(p, m_journal);
        QCOMPARE(undone.status, UndoResult::Status::NothingToUndo);
        QCOMPARE(undone.message, QStringLiteral("Nothing to undo"));
    }

    void undoRefusedAfterEdit()
    {
        proposal::Proposal p = acceptedScenarioOne();
        QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        const QByteArray edited = fixture::readAll(m_target) + ";; a later hand edit\n";
        QVERIFY(fixture::writeAll(m_target, edited));
        const UndoResult undone = proposal::undo(p, m_journal);
        QCOMPARE(undone.status, UndoResult::Status::Changed);
        QCOMPARE(
            undone.message, QStringLiteral("CxAnimals.txt changed since the Apply; undo would lose those edits. Nothing was written."));
        QCOMPARE(fixture::readAll(m_target), edited);
        QVERIFY(journalLines(m_journal).back()["state"] == "committed");
    }

    // formalize.md §14 scenario 11.
    void conflictThenRediff()
    {
        proposal::Proposal p = acceptedScenarioOne();
        const QByteArray edited = m_original + ";; edited by hand\n";
        QVERIFY(fixture::writeAll(m_target, edited));
        proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::Conflict);
        QCOMPARE(fixture::readAll(m_target), edited);
        QVERIFY(!QFile::exists(m_journal));
        QCOMPARE(result.expectedSha256, proposal::sha256Hex(m_original));
        QCOMPARE(result.foundSha256, proposal::sha256Hex(edited));
        QVERIFY(result.message.contains(proposal::sha256Hex(m_original).left(8)));
        QVERIFY(result.message.contains(proposal::sha256Hex(edited).left(8)));
        QVERIFY(result.message.startsWith(QLatin1StringView("CxAnimals.txt changed on disk since this proposal was made")));

        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        QCOMPARE(proposal::rediff(p, *loaded.kb, proposal::criticGate()), QStringList());
        QCOMPARE(p.baseSha256, proposal::sha256Hex(edited));
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, Decision::Accepted);
        result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::Applied);
        QCOMPARE(fixture::readAll(m_target), edited + '\n' + s_expectedBlock);
    }

    void blockedByTheReloadedKb()
    {
        // Accepted when the KB allowed it; the KB on disk now declares livesIn binary.
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        p.entries.push_back(fixture::entry(QStringLiteral("c4"), 1, QStringLiteral("(livesIn Pingu)")));
        QVERIFY(p.accept(QStringLiteral("c1")));
        QVERIFY(p.accept(QStringLiteral("c4")));
        const proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::Blocked);
        QCOMPARE(result.blocked.size(), std::size_t(1));
        QCOMPARE(result.blocked.front().id, QStringLiteral("c4"));
        QVERIFY(check::hasBlocking(result.blocked.front().problems));
        QCOMPARE(fixture::readAll(m_target), m_original);
        QVERIFY(!QFile::exists(m_journal));
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, Decision::Accepted);
    }

    void batchSeesEarlierEntries()
    {
        // Two places for a functional relation: the later entry is told they must be the same.
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        p.entries.push_back(fixture::entry(QStringLiteral("c4"), 1, QStringLiteral("(livesIn Pingu CityZoo)")));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        const auto problems = proposal::criticGate()(
            *loaded.kb, p.context, { QStringLiteral("(livesIn Pingu HarbourZoo)"), QStringLiteral("(livesIn Pingu CityZoo)") });
        QCOMPARE(problems.size(), std::size_t(2));
        QVERIFY(problems[0].empty());
        QVERIFY(std::any_of(problems[1].begin(), problems[1].end(),
            [](const check::Problem &pr) { return pr.type == QLatin1StringView("functional-coreference"); }));
    }

    void forcedEntryIsWrittenAndStated()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(livesIn Pingu)"), formalize::EntryState::Refused);
        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        e.problems = proposal::criticGate()(*loaded.kb, p.context, { e.candidate }).front();
        QVERIFY(check::hasBlocking(e.problems));
        p.entries.push_back(e);
        QVERIFY(p.force(QStringLiteral("c4")));
        const proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::Applied);
        QVERIFY(result.block.contains(QStringLiteral("[2] \"Penguins eat fish.\" (forced: %1)")
                                          .arg(p.entry(QStringLiteral("c4"))->forced.join(QStringLiteral(", ")))
                                          .toUtf8()));

        // A force covers the problems it was given, not new ones.
        proposal::Proposal q = fixture::scenarioOne(m_kb);
        formalize::Entry stale = e;
        stale.forced = QStringList { QStringLiteral("no-such-problem") };
        stale.decision = Decision::Forced;
        q.entries.push_back(stale);
        q.baseSha256 = proposal::sha256Hex(fixture::readAll(m_target));
        QCOMPARE(proposal::apply(q, options()).status, ApplyStatus::Blocked);
    }

    void verifyFailedOffersUndo()
    {
        // A gate that lets anything through, so a sentence the reader refuses is written.
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        p.entries.push_back(fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(eats Pingu")));
        QVERIFY(p.accept(QStringLiteral("c4")));
        proposal::ApplyOptions o = options();
        o.gate = [](const kb::KnowledgeBase &, const QString &, const QStringList &sentences) {
            return std::vector<std::vector<check::Problem>>(sentences.size());
        };
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::VerifyFailed);
        QCOMPARE(result.missing, QStringList { QStringLiteral("c4") });
        QCOMPARE(proposal::undo(p, m_journal).status, UndoResult::Status::Undone);
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    void absentTargetIsCreatedAndUndoRemovesIt()
    {
        proposal::Proposal p = acceptedScenarioOne();
        QVERIFY(QFile::remove(m_target));
        QVERIFY(fixture::writeAll(QDir(m_kb).filePath(QStringLiteral("CxLife.txt")),
            fixture::readAll(fixture::sourceDir() + QStringLiteral("/kb/CxAnimals.txt")).replace("CxAnimals", "CxLife")));
        p.absent = true;
        p.baseSha256.clear();
        // The KB now lives in CxLife; the proposal still targets a CxAnimals that does not exist.
        proposal::ApplyOptions o = options();
        o.gate = [](const kb::KnowledgeBase &, const QString &, const QStringList &sentences) {
            return std::vector<std::vector<check::Problem>>(sentences.size());
        };
        QCOMPARE(proposal::apply(p, o).status, ApplyStatus::Applied);
        QCOMPARE(fixture::readAll(m_target), s_expectedBlock);
        QCOMPARE(proposal::undo(p, m_journal).status, UndoResult::Status::Undone);
        QVERIFY(!QFile::exists(m_target));
        QVERIFY(p.absent);
    }

    void crashLeavesOldOrNewBytes_data()
    {
        QTest::addColumn<QString>("stage");
        QTest::addColumn<bool>("renamed");
        QTest::addRow("between the temp write and the rename") << QStringLiteral("temp-written") << false;
        QTest::addRow("after the rename, before committed") << QStringLiteral("renamed") << true;
    }

    void crashLeavesOldOrNewBytes()
    {
        QFETCH(QString, stage);
        QFETCH(bool, renamed);
        QProcess helper;
        helper.start(QStringLiteral(FANVA_CRASH_HELPER), { m_kb, m_journal, stage });
        QVERIFY(helper.waitForFinished(60000));
        QCOMPARE(helper.exitCode(), 42);

        const QByteArray expected = renamed ? m_original + '\n' + s_expectedBlock : m_original;
        QCOMPARE(fixture::readAll(m_target), expected);
        proposal::Journal journal(m_journal);
        QCOMPARE(journal.transactions().size(), std::size_t(1));
        QCOMPARE(journal.transactions().front().state, Transaction::State::Pending);

        const std::vector<proposal::Recovery> recovered = journal.recover();
        QCOMPARE(recovered.size(), std::size_t(1));
        const Transaction::State settled = renamed ? Transaction::State::Committed : Transaction::State::Aborted;
        QCOMPARE(recovered.front().settledAs, settled);
        QCOMPARE(journal.transactions().front().state, settled);
        QVERIFY(journal.recover().empty()); // settled once
        QCOMPARE(fixture::readAll(m_target), expected);
        if (renamed) {
            QCOMPARE(proposal::undoLast(m_journal).status, UndoResult::Status::Undone);
            QCOMPARE(fixture::readAll(m_target), m_original);
        }
    }

    void recoveryReportsAFileThatMatchesNeither()
    {
        QProcess helper;
        helper.start(QStringLiteral(FANVA_CRASH_HELPER), { m_kb, m_journal, QStringLiteral("temp-written") });
        QVERIFY(helper.waitForFinished(60000));
        QVERIFY(fixture::writeAll(m_target, m_original + ";; someone else\n"));
        proposal::Journal journal(m_journal);
        const std::vector<proposal::Recovery> recovered = journal.recover();
        QCOMPARE(recovered.size(), std::size_t(1));
        QCOMPARE(recovered.front().settledAs, Transaction::State::Pending);
        QCOMPARE(journal.transactions().front().state, Transaction::State::Pending);
    }
};

QTEST_GUILESS_MAIN(TstApply)
#include "tst_apply.moc"
