// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "applytestbase.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "proposal/apply.h"
#include "proposal/gate.h"
#include "proposal/journal.h"

#include <QDeadlineTimer>
#include <QProcess>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <functional>
#include <memory>

#include <sys/stat.h>
#include <unistd.h>

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

using fixture::applyTime;

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

/// A gate that lets every sentence through, so a test reaches the write whatever the KB says.
std::vector<std::vector<lang::Problem>> letEverythingThrough(const lang::Kb &, const QString &, const QStringList &sentences)
{
    return std::vector<std::vector<lang::Problem>>(sentences.size());
}

/// Runs `work` on a thread and waits for it at most `ms`: true if it finished by then. A
/// piece of work that waits for a lock the caller holds is still running when this returns
/// false; the caller joins it later (the returned thread).
std::unique_ptr<QThread> startAndWait(const std::function<void()> &work, int ms, bool *finished)
{
    std::unique_ptr<QThread> thread(QThread::create(work));
    thread->start();
    *finished = thread->wait(QDeadlineTimer(ms));
    return thread;
}

} // namespace

class TstApply : public fixture::ApplyTestBase
{
    Q_OBJECT

private:
    proposal::Proposal acceptedScenarioOne()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        if (!p.accept(QStringLiteral("c1")) || !p.accept(QStringLiteral("c3")))
            qFatal("the fixture's entries cannot be accepted");
        return p;
    }

private Q_SLOTS:
    void init() { setUpFolder(); }

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
        QCOMPARE(p.resolveIds(QStringLiteral("all")).valueOr({}), (QStringList { QStringLiteral("c1"), QStringLiteral("c3") }));
        const fanva::Result<QStringList> unknown = p.resolveIds(QStringLiteral("c1,c9"));
        QVERIFY(!unknown);
        QCOMPARE(unknown.message(), QStringLiteral("no reviewable entry c9 in this proposal"));
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

    void authorProvenance_data()
    {
        QTest::addColumn<int>("segment");
        QTest::addColumn<int>("shape");
        QTest::addColumn<bool>("forced");
        QTest::addColumn<QString>("documentName");
        QTest::addColumn<QString>("comment");
        QTest::addRow("after a sentence") << 2 << 1 << false << QStringLiteral("winter.md")
                                          << QStringLiteral(";; written by the author, after winter.md [2]");
        QTest::addRow("no sentence") << 0 << 1 << false << QStringLiteral("winter.md") << QStringLiteral(";; written by the author");
        QTest::addRow("no document") << 2 << 1 << false << QString() << QStringLiteral(";; written by the author");
        QTest::addRow("edited again") << 2 << 0 << false << QStringLiteral("winter.md")
                                      << QStringLiteral(";; written by the author, after winter.md [2]");
        QTest::addRow("forced") << 0 << 1 << true << QStringLiteral("winter.md")
                                << QStringLiteral(";; written by the author (forced: arity)");
    }

    void authorProvenance()
    {
        QFETCH(int, segment);
        QFETCH(int, shape);
        QFETCH(bool, forced);
        QFETCH(QString, documentName);
        QFETCH(QString, comment);
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), segment, QStringLiteral("(eats Pingu Herring1)"));
        e.origin = formalize::Origin::Author;
        e.selectedShape = shape;
        e.edit = QStringLiteral("(eats Pingu Herring2)");
        if (forced) {
            e.decision = Decision::Forced;
            e.forced = QStringList { QStringLiteral("arity") };
        }
        // The author's text is never quoted from the document.
        QCOMPARE(proposal::provenanceComment(e, documentName, p.segmentTexts), comment);
    }

    void authorBlockWithoutDocument()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        p.documentName.clear();
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 0, QStringLiteral("(eats Pingu Herring1)"));
        e.origin = formalize::Origin::Author;
        const QString block = QString::fromUtf8(p.renderBlock({ &e }, applyTime()));
        QCOMPARE(block,
            QStringLiteral(";; ---- fanva %1 by the author ----\n;; written by the author\n(eats Pingu Herring1)\n;; ---- end fanva ----\n")
                .arg(applyTime().toUTC().toString(QStringLiteral("yyyy-MM-ddTHH:mm")) + QLatin1Char('Z')));
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
        QCOMPARE(proposal::rediff(p, *lang::fanvaKbOver(loaded.kb), proposal::criticGate()), QStringList());
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
        QVERIFY(lang::hasBlocking(result.blocked.front().problems));
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
        const auto problems = proposal::criticGate()(*lang::fanvaKbOver(loaded.kb), p.context,
            { QStringLiteral("(livesIn Pingu HarbourZoo)"), QStringLiteral("(livesIn Pingu CityZoo)") });
        QCOMPARE(problems.size(), std::size_t(2));
        QVERIFY(problems[0].empty());
        QVERIFY(std::any_of(problems[1].begin(), problems[1].end(),
            [](const lang::Problem &pr) { return pr.type == QLatin1StringView("functional-coreference"); }));
    }

    void forcedEntryIsWrittenAndStated()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(livesIn Pingu)"), formalize::EntryState::Refused);
        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        e.problems = proposal::criticGate()(*lang::fanvaKbOver(loaded.kb), p.context, { e.candidate }).front();
        QVERIFY(lang::hasBlocking(e.problems));
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
        // A gate that lets anything through, so a sentence that reads but is not stored in the
        // context after the reload is written (a text that does not read is never written).
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        p.entries.push_back(fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(ist CxNowhere (eats Pingu))")));
        QVERIFY(p.accept(QStringLiteral("c4")));
        proposal::ApplyOptions o = options();
        o.gate = [](const lang::Kb &, const QString &, const QStringList &sentences) {
            return std::vector<std::vector<lang::Problem>>(sentences.size());
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
        o.gate = [](const lang::Kb &, const QString &, const QStringList &sentences) {
            return std::vector<std::vector<lang::Problem>>(sentences.size());
        };
        QCOMPARE(proposal::apply(p, o).status, ApplyStatus::Applied);
        QCOMPARE(fixture::readAll(m_target), s_expectedBlock);
        QCOMPARE(proposal::undo(p, m_journal).status, UndoResult::Status::Undone);
        QVERIFY(!QFile::exists(m_target));
        QVERIFY(p.absent);
    }

    // A new context (docs/formalize.md §11.3): Apply creates its file, header first, gated as
    // if the header were there; Undo removes the file.
    void newContextFileStartsWithItsHeader()
    {
        proposal::Proposal p = acceptedScenarioOne();
        p.context = QStringLiteral("CxBirds");
        p.targetFile = QStringLiteral("CxBirds.txt");
        p.absent = true;
        p.baseSha256.clear();
        // A name that is not a context name is left out of the header.
        p.sees = QStringList { QStringLiteral("CxAnimals"), QStringLiteral("CxA)\n(evil") };
        const QString file = QDir(m_kb).filePath(QStringLiteral("CxBirds.txt"));
        QVERIFY(!QFile::exists(file));
        const QByteArray header = ";; CxBirds.txt — the context CxBirds, made in Fanva.\n\n(genlCx CxBirds CxAnimals)\n";
        QCOMPARE(p.newFileHeader(), header);
        proposal::ApplyOptions o = options();
        bool sawParent = false;
        o.gate = [&sawParent](const lang::Kb &kb, const QString &context, const QStringList &sentences) {
            const kb::KnowledgeBase *knowledge = lang::knowledgeBaseOf(kb);
            sawParent
                = context == QLatin1StringView("CxBirds") && knowledge && knowledge->sees(kb::intern("CxBirds"), kb::intern("CxAnimals"));
            return std::vector<std::vector<lang::Problem>>(sentences.size());
        };
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::Applied);
        QVERIFY(sawParent);
        QCOMPARE(fixture::readAll(file), header + "\n" + s_expectedBlock);
        QVERIFY(p.newFileHeader().isEmpty()); // the file exists now
        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        QVERIFY(loaded.kb->sees(kb::intern("CxBirds"), kb::intern("CxAnimals")));
        QCOMPARE(fixture::readAll(m_target), m_original);

        QCOMPARE(proposal::undo(p, m_journal).status, UndoResult::Status::Undone);
        QVERIFY(!QFile::exists(file));
        QVERIFY(p.absent);
        QCOMPARE(p.newFileHeader(), header);
    }

    // H1: a session's target must be a file inside its KB folder.
    void targetOutsideTheKbIsRefused_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("written"); // relative to the test folder
        QTest::addRow("parent folder") << QStringLiteral("../CxOutside.txt") << QStringLiteral("CxOutside.txt");
        QTest::addRow("down and out") << QStringLiteral("sub/../../CxOutside.txt") << QStringLiteral("CxOutside.txt");
        QTest::addRow("absolute") << QStringLiteral("@/CxAbsolute.txt") << QStringLiteral("CxAbsolute.txt");
        QTest::addRow("through a folder link") << QStringLiteral("linked/CxOutside.txt") << QStringLiteral("outside/CxOutside.txt");
    }

    void targetOutsideTheKbIsRefused()
    {
        QFETCH(QString, target);
        QFETCH(QString, written);
        const QDir testDir(QFileInfo(m_kb).absolutePath());
        QVERIFY(testDir.mkpath(QStringLiteral("outside")));
        QVERIFY(QFile::link(testDir.filePath(QStringLiteral("outside")), QDir(m_kb).filePath(QStringLiteral("linked"))));
        proposal::Proposal p = acceptedScenarioOne();
        p.targetFile = target.replace(QLatin1Char('@'), testDir.absolutePath());
        p.absent = true;
        p.baseSha256.clear();
        proposal::ApplyOptions o = options();
        o.gate = letEverythingThrough;
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::IoError);
        QVERIFY2(result.message.contains(QLatin1StringView("is not a file inside the knowledge base"))
                || result.message.contains(QLatin1StringView("is not the file the knowledge base")),
            qPrintable(result.message));
        QVERIFY(result.message.endsWith(QLatin1StringView(". Nothing was written.")));
        QVERIFY(!QFile::exists(testDir.filePath(written)));
        QVERIFY(!QFile::exists(m_journal));
    }

    // M8, M6 and the FIFO: only a regular file with one link is replaced.
    void unsafeTargetIsRefused_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("message");
        QTest::addRow("symbolic link") << QStringLiteral("symlink") << QStringLiteral("is a symbolic link");
        QTest::addRow("hard link") << QStringLiteral("hardlink") << QStringLiteral("has 2 hard links; replacing it would split them");
        QTest::addRow("fifo") << QStringLiteral("fifo") << QStringLiteral("is not a regular file");
    }

    void unsafeTargetIsRefused()
    {
        QFETCH(QString, kind);
        QFETCH(QString, message);
        // Another KB file keeps the folder a KB folder once the target is no regular file.
        QVERIFY(fixture::writeAll(QDir(m_kb).filePath(QStringLiteral("CxZoo.txt")), "(genlCx CxZoo CxAnimals)\n"));
        const QString other = QDir(QFileInfo(m_kb).absolutePath()).filePath(QStringLiteral("elsewhere.txt"));
        proposal::Proposal p = acceptedScenarioOne();
        const QByteArray target = QFile::encodeName(m_target);
        if (kind == QLatin1StringView("symlink")) {
            QVERIFY(QFile::rename(m_target, other));
            QVERIFY(QFile::link(other, m_target));
        } else if (kind == QLatin1StringView("hardlink")) {
            QCOMPARE(::link(target.constData(), QFile::encodeName(other).constData()), 0);
        } else {
            QVERIFY(QFile::remove(m_target));
            QCOMPARE(::mkfifo(target.constData(), 0644), 0);
        }
        proposal::ApplyOptions o = options();
        o.gate = letEverythingThrough;
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::IoError);
        QVERIFY2(result.message.contains(message), qPrintable(result.message));
        QVERIFY(result.message.endsWith(QLatin1StringView(". Nothing was written.")));
        if (kind != QLatin1StringView("fifo"))
            QCOMPARE(fixture::readAll(other), m_original);
        QVERIFY(!QFile::exists(m_journal));
    }

    // M6: Apply and Undo keep the file's owner and group (the test gives the file away: root only).
    void ownerAndGroupAreKept()
    {
        if (::geteuid() != 0)
            QSKIP("giving a file to another owner needs root");
        const QByteArray target = QFile::encodeName(m_target);
        QCOMPARE(::chown(target.constData(), 4242, 4343), 0);
        proposal::Proposal p = acceptedScenarioOne();
        QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        struct stat st {
        };
        QCOMPARE(::stat(target.constData(), &st), 0);
        QCOMPARE(st.st_uid, uid_t(4242));
        QCOMPARE(st.st_gid, gid_t(4343));
        QCOMPARE(st.st_mode & 0777, mode_t(0640));
        QCOMPARE(proposal::undo(p, m_journal).status, UndoResult::Status::Undone);
        QCOMPARE(::stat(target.constData(), &st), 0);
        QCOMPARE(st.st_uid, uid_t(4242));
        QCOMPARE(st.st_gid, gid_t(4343));
    }

    // H2: an edit made while Apply runs is not overwritten.
    void editDuringApplyIsNotOverwritten()
    {
        proposal::Proposal p = acceptedScenarioOne();
        const QByteArray edited = m_original + ";; edited while Apply ran\n";
        proposal::ApplyOptions o = options();
        o.probe = [&](proposal::ApplyStage stage) {
            if (stage == proposal::ApplyStage::TempWritten)
                QVERIFY(fixture::writeAll(m_target, edited));
        };
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::Conflict);
        QVERIFY2(result.message.contains(QLatin1StringView("changed on disk")), qPrintable(result.message));
        QCOMPARE(fixture::readAll(m_target), edited);
        QCOMPARE(proposal::Journal(m_journal).transactions().front().state, Transaction::State::Aborted);
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, Decision::Accepted);
    }

    // H2: two Applies from the same base: one writes, the other finds a conflict; no entry is lost.
    void concurrentAppliesLoseNothing()
    {
        proposal::Proposal first = fixture::scenarioOne(m_kb);
        QVERIFY(first.accept(QStringLiteral("c1")));
        proposal::Proposal second = fixture::scenarioOne(m_kb);
        QVERIFY(second.accept(QStringLiteral("c3")));
        proposal::ApplyResult secondResult;
        std::unique_ptr<QThread> other;
        bool secondFinishedFirst = false;
        proposal::ApplyOptions o = options();
        o.probe = [&](proposal::ApplyStage stage) {
            if (stage != proposal::ApplyStage::TempWritten || other)
                return;
            // The second Apply starts while the first holds its temporary file.
            proposal::ApplyOptions o2 = options();
            o2.newId = [] { return QStringLiteral("second"); };
            other = startAndWait([&, o2] { secondResult = proposal::apply(second, o2); }, 1500, &secondFinishedFirst);
        };
        const proposal::ApplyResult firstResult = proposal::apply(first, o);
        QVERIFY(other);
        QVERIFY(other->wait(QDeadlineTimer(60000)));
        // The outcome first (no entry lost), then how it came about (the second one waited).
        QCOMPARE(firstResult.status, ApplyStatus::Applied);
        QCOMPARE(secondResult.status, ApplyStatus::Conflict);
        const QByteArray after = fixture::readAll(m_target);
        QVERIFY(after.contains("\n(penguin Pingu)\n"));
        QVERIFY(!after.contains("(livesIn Pingu HarbourZoo)"));
        QVERIFY(!secondFinishedFirst); // it waited for the first one's lock
    }

    // M2: recovery in another process waits for a live Apply instead of calling it aborted.
    void recoveryWaitsForALiveApply()
    {
        proposal::Proposal p = acceptedScenarioOne();
        std::vector<proposal::Recovery> recovered;
        std::unique_ptr<QThread> other;
        bool recoveryFinishedFirst = false;
        proposal::ApplyOptions o = options();
        o.probe = [&](proposal::ApplyStage stage) {
            if (stage == proposal::ApplyStage::TempWritten && !other)
                other = startAndWait([&] { recovered = proposal::Journal(m_journal).recover().recoveries; }, 1500, &recoveryFinishedFirst);
        };
        QCOMPARE(proposal::apply(p, o).status, ApplyStatus::Applied);
        QVERIFY(other && other->wait(QDeadlineTimer(60000)));
        // The outcome first (nothing called aborted), then how it came about (recovery waited).
        for (const nlohmann::json &line : journalLines(m_journal))
            QVERIFY2(line["state"] != "aborted", line.dump().c_str());
        QCOMPARE(recovered.size(), std::size_t(0));
        QCOMPARE(proposal::Journal(m_journal).transactions().front().state, Transaction::State::Committed);
        QVERIFY(!recoveryFinishedFirst);
    }

    // M1: a torn last line does not swallow the next Apply's pending record.
    void tornJournalLineSwallowsNothing()
    {
        QVERIFY(QDir().mkpath(QFileInfo(m_journal).absolutePath()));
        const QByteArray torn = "{\"id\":\"old\",\"state\":\"committed\"}\n{\"id\":\"torn\",\"state\":\"pen";
        QVERIFY(fixture::writeAll(m_journal, torn));
        proposal::Proposal p = acceptedScenarioOne();
        QCOMPARE(proposal::apply(p, options()).status, ApplyStatus::Applied);
        const std::vector<Transaction> all = proposal::Journal(m_journal).transactions();
        QCOMPARE(all.size(), std::size_t(1));
        QCOMPARE(all.front().id, QStringLiteral("apply-1"));
        QCOMPARE(all.front().state, Transaction::State::Committed);
        QCOMPARE(proposal::undo(p, m_journal).status, UndoResult::Status::Undone);
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    // M4: the document's name cannot inject a sentence; every provenance line stays one line.
    void documentNameCannotInjectSentences_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shown");
        QTest::addRow("newline") << QStringLiteral("evil\n(penguin Mallory)\n.md")
                                 << QStringLiteral("evil\\u000a(penguin Mallory)\\u000a.md");
        QTest::addRow("carriage return") << QStringLiteral("evil\r(penguin Mallory).md")
                                         << QStringLiteral("evil\\u000d(penguin Mallory).md");
        QTest::addRow("line separator") << QStringLiteral("evil\u2028(penguin Mallory).md")
                                        << QStringLiteral("evil\\u2028(penguin Mallory).md");
    }

    void documentNameCannotInjectSentences()
    {
        QFETCH(QString, name);
        QFETCH(QString, shown);
        proposal::Proposal p = acceptedScenarioOne();
        p.documentName = name;
        const proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::Applied);
        const QByteArray after = fixture::readAll(m_target);
        QCOMPARE(after.count('\n'), m_original.count('\n') + 7);
        QVERIFY(after.contains(shown.toUtf8()));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(m_kb);
        QVERIFY(loaded.ok());
        QVERIFY(!after.contains("\n(penguin Mallory)"));
    }

    // M7: a text that is not one sentence cannot be forced into the KB.
    void readerProblemsCannotBeForced_data()
    {
        QTest::addColumn<QString>("type");
        QTest::addColumn<bool>("forceable");
        QTest::addRow("unreadable") << QStringLiteral("unreadable") << false;
        QTest::addRow("several sentences") << QStringLiteral("several-sentences") << false;
        QTest::addRow("empty") << QStringLiteral("empty-sentence") << false;
        QTest::addRow("arity") << QStringLiteral("arity") << true;
    }

    void readerProblemsCannotBeForced()
    {
        QFETCH(QString, type);
        QFETCH(bool, forceable);
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 2, QStringLiteral("(eats Pingu"), formalize::EntryState::Refused);
        e.problems = { { type, QStringLiteral("test"), std::nullopt } };
        p.entries.push_back(e);
        QCOMPARE(p.force(QStringLiteral("c4")), forceable);

        // A session saved with such a force is still refused by Apply's re-gate.
        formalize::Entry *entry = p.entry(QStringLiteral("c4"));
        entry->decision = Decision::Forced;
        entry->forced = QStringList { type };
        proposal::ApplyOptions o = options();
        o.gate = [type](const lang::Kb &, const QString &, const QStringList &sentences) {
            return std::vector<std::vector<lang::Problem>>(sentences.size(), { { type, QStringLiteral("test"), std::nullopt } });
        };
        // "(eats Pingu" does not read, so Apply refuses it however it was forced (issue 33, M11).
        QCOMPARE(proposal::apply(p, o).status, ApplyStatus::Blocked);
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    // Low: a full disk under the journal says so, as a sentence.
    void fullDiskIsNamed()
    {
        if (!QFileInfo::exists(QStringLiteral("/dev/full")))
            QSKIP("needs /dev/full");
        QVERIFY(QDir().mkpath(QFileInfo(m_journal).absolutePath()));
        QVERIFY(QFile::link(QStringLiteral("/dev/full"), m_journal));
        proposal::Proposal p = acceptedScenarioOne();
        const proposal::ApplyResult result = proposal::apply(p, options());
        QCOMPARE(result.status, ApplyStatus::IoError);
        QVERIFY2(result.message.contains(QLatin1StringView("the disk is full. Nothing was written.")), qPrintable(result.message));
        QCOMPARE(fixture::readAll(m_target), m_original);
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

        const std::vector<proposal::Recovery> recovered = journal.recover().recoveries;
        QCOMPARE(recovered.size(), std::size_t(1));
        const Transaction::State settled = renamed ? Transaction::State::Committed : Transaction::State::Aborted;
        QCOMPARE(recovered.front().settledAs, settled);
        // The temporary file the crash left behind is gone.
        QCOMPARE(QDir(m_kb).entryList(QDir::Files | QDir::Hidden | QDir::System), QStringList { QStringLiteral("CxAnimals.txt") });
        // Recovery compacts: an aborted Apply has nothing left to undo, a committed one stays.
        const std::vector<Transaction> kept = journal.transactions();
        QCOMPARE(kept.size(), std::size_t(renamed ? 1 : 0));
        if (renamed)
            QCOMPARE(kept.front().state, settled);
        QVERIFY(journal.recover().recoveries.empty()); // settled once
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
        const std::vector<proposal::Recovery> recovered = journal.recover().recoveries;
        QCOMPARE(recovered.size(), std::size_t(1));
        QCOMPARE(recovered.front().settledAs, Transaction::State::Pending);
        QCOMPARE(journal.transactions().front().state, Transaction::State::Pending);
    }
};

QTEST_GUILESS_MAIN(TstApply)
#include "tst_apply.moc"
