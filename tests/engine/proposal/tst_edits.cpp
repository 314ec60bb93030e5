// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The splice of replace and retract entries (docs/spec/rewrite.md §4) on files a user wrote:
// their comments, CRLF line endings and two sentences on one line; a re-diff that finds a
// sentence again after the lines moved; the warning for retracting a declaration.

#include "check/problem.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/writer.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/fanvakbretract.h"
#include "lang/fanvakb/rewrite.h"
#include "proposal/apply.h"
#include "proposal/edits.h"
#include "proposal/gate.h"
#include "proposalfixture.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using formalize::EntryKind;
using formalize::ExistingSentence;
using proposal::RemovedLine;

namespace {

QDateTime appliedAt()
{
    return QDateTime::fromString(QStringLiteral("2026-12-01T21:40:00Z"), Qt::ISODate);
}

/// The sentence of `bytes` that starts on `line`, as an entry names it.
ExistingSentence sentenceOn(const QByteArray &bytes, int line)
{
    const kb::Document document = kb::parseDocument(bytes);
    for (const kb::Term s : document.sentences) {
        if (int(s.span().line) == line)
            return { line, kb::render(s), {} };
    }
    return { line, QStringLiteral("(none)"), {} };
}

formalize::Entry edit(const QString &id, EntryKind kind, const std::vector<ExistingSentence> &replaces, const QString &sentence = {})
{
    formalize::Entry e = fixture::entry(id, 1, sentence.isEmpty() ? replaces.front().text : sentence);
    e.kind = kind;
    e.replaces = replaces;
    return e;
}

proposal::Splice splice(const QByteArray &base, const std::vector<formalize::Entry> &entries)
{
    proposal::Proposal p;
    p.context = QStringLiteral("CxT");
    p.targetFile = QStringLiteral("CxT.txt");
    p.documentName = QStringLiteral("doc.md");
    std::vector<const formalize::Entry *> pointers;
    for (const formalize::Entry &e : entries)
        pointers.push_back(&e);
    return proposal::spliceEntries(p, base, pointers, appliedAt());
}

const QByteArray s_userFile = ";; CxT\n"
                              ";; fanva rocks: the author's own note\n"
                              "(penguin Pebbles) ; the vet confirmed this\n"
                              "(implies\n"
                              "  ;; only the ones we saw\n"
                              "  (fish ?x) (swims ?x))\n"
                              "(bird Tweety)\n";

} // namespace

class TstEdits : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void userCommentsStayOrAreListed()
    {
        const std::vector<formalize::Entry> entries { edit(QStringLiteral("c1"), EntryKind::Retract, { sentenceOn(s_userFile, 3) }),
            edit(QStringLiteral("c2"), EntryKind::Retract, { sentenceOn(s_userFile, 4) }) };
        const proposal::Splice result = splice(s_userFile, entries);
        QVERIFY2(result.ok(), qPrintable(result.error));
        // The user's ";; fanva …" note is not Fanva's; the comment line inside the rule stays.
        QCOMPARE(result.bytes, QByteArray(";; CxT\n;; fanva rocks: the author's own note\n  ;; only the ones we saw\n(bird Tweety)\n"));
        // Every removed line is listed, the trailing comment with its sentence.
        const std::vector<RemovedLine> want { { 3, QStringLiteral("(penguin Pebbles) ; the vet confirmed this") },
            { 4, QStringLiteral("(implies") }, { 6, QStringLiteral("  (fish ?x) (swims ?x))") } };
        QCOMPARE(result.removedLines, want);
    }

    void interiorCommentGoesAboveTheReplacement()
    {
        const std::vector<formalize::Entry> entries { edit(
            QStringLiteral("c1"), EntryKind::Replace, { sentenceOn(s_userFile, 4) }, QStringLiteral("(implies (fish ?x) (wet ?x))")) };
        const proposal::Splice result = splice(s_userFile, entries);
        QVERIFY2(result.ok(), qPrintable(result.error));
        const QByteArray comment = proposal::replaceComment(entries.front(), appliedAt()).toUtf8();
        QVERIFY2(
            result.bytes.contains(QByteArray("  ;; only the ones we saw\n" + comment + "\n(implies (fish ?x) (wet ?x))\n(bird Tweety)\n")),
            result.bytes.constData());
    }

    void fanvaCommentsGoWithTheirSentence()
    {
        // Fanva's own comments go, and are listed; a hand note inside Fanva's block stays.
        const QByteArray base = ";; ---- fanva 2026-11-29T14:03Z from winter.md ----\n"
                                ";; winter.md [1] \"Pingu is a penguin.\"\n(penguin Pingu)\n"
                                ";; my own note\n(swims Pingu)\n"
                                ";; ---- end fanva ----\n"
                                ";; fanva 2026-11-30T10:00Z replaces line 3 \"(bird Pingu)\"\n(flies Pingu)\n";
        const std::vector<formalize::Entry> entries { edit(QStringLiteral("c1"), EntryKind::Retract, { sentenceOn(base, 3) }),
            edit(QStringLiteral("c2"), EntryKind::Retract, { sentenceOn(base, 5) }),
            edit(QStringLiteral("c3"), EntryKind::Retract, { sentenceOn(base, 8) }) };
        const proposal::Splice result = splice(base, entries);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.bytes, QByteArray(";; ---- fanva 2026-11-29T14:03Z from winter.md ----\n;; my own note\n;; ---- end fanva ----\n"));
        QCOMPARE(result.removedLines.size(), std::size_t(5));
        QCOMPARE(result.removedLines.front(), (RemovedLine { 2, QStringLiteral(";; winter.md [1] \"Pingu is a penguin.\"") }));
        QCOMPARE(result.removedLines.back(), (RemovedLine { 8, QStringLiteral("(flies Pingu)") }));
    }

    void crlfFilesKeepCrlf()
    {
        const QByteArray base = ";; CxT\r\n(penguin Pingu)\r\n(swims Pingu)\r\n";
        std::vector<formalize::Entry> entries { edit(
            QStringLiteral("c1"), EntryKind::Replace, { sentenceOn(base, 2) }, QStringLiteral("(penguin Mango)")) };
        entries.push_back(fixture::entry(QStringLiteral("c2"), 1, QStringLiteral("(bird Mango)")));
        const proposal::Splice result = splice(base, entries);
        QVERIFY2(result.ok(), qPrintable(result.error));
        QVERIFY(result.bytes.contains("\r\n(penguin Mango)\r\n(swims Pingu)\r\n"));
        QVERIFY(result.bytes.contains("\r\n(bird Mango)\r\n"));
        QCOMPARE(result.bytes.count("\n"), result.bytes.count("\r\n"));
        // An Apply without edits appends its block with the file's line ending too.
        const QByteArray appended = proposal::Proposal::appendBlock(base, ";; ---- fanva x ----\n(bird Mango)\n;; ---- end fanva ----\n");
        QCOMPARE(appended.count("\n"), appended.count("\r\n"));
        QVERIFY(appended.startsWith(QByteArray(base + "\r\n;; ---- fanva x ----\r\n")));
    }

    void bothSentencesOfOneLine()
    {
        const QByteArray base = ";; CxT\n(penguin A) (parrot B)\n(bird C)\n";
        const ExistingSentence penguin { 2, QStringLiteral("(penguin A)"), {} };
        const ExistingSentence parrot { 2, QStringLiteral("(parrot B)"), {} };
        proposal::Splice result = splice(base,
            { edit(QStringLiteral("c1"), EntryKind::Retract, { penguin }), edit(QStringLiteral("c2"), EntryKind::Retract, { parrot }) });
        QVERIFY2(result.ok(), qPrintable(result.error));
        QCOMPARE(result.bytes, QByteArray(";; CxT\n(bird C)\n"));
        QCOMPARE(result.removedLines, (std::vector<RemovedLine> { { 2, QStringLiteral("(penguin A) (parrot B)") } }));
        QCOMPARE(result.sentences, QStringList { QStringLiteral("(bird C)") });
        // Both replaced in one entry: the new sentence stands where the line was.
        result = splice(base, { edit(QStringLiteral("c1"), EntryKind::Replace, { penguin, parrot }, QStringLiteral("(bird A)")) });
        QVERIFY2(result.ok(), qPrintable(result.error));
        QVERIFY2(result.bytes.endsWith("\n(bird A)\n(bird C)\n"), result.bytes.constData());
        QVERIFY(lang::fanvakb::withoutSentences(base, { penguin, parrot }) == QByteArray(";; CxT\n(bird C)\n"));
        // One of the two is still refused.
        result = splice(base, { edit(QStringLiteral("c1"), EntryKind::Retract, { penguin }) });
        QVERIFY(!result.ok());
        QVERIFY2(result.error.contains(QLatin1StringView("shares its line with another sentence on line 2")), qPrintable(result.error));
    }

    void rediffFindsAMovedSentence()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString kbDir = fixture::copyKb(dir.path());
        const QString target = QDir(kbDir).filePath(QStringLiteral("CxAnimals.txt"));
        QVERIFY(fixture::writeAll(target, fixture::readAll(target) + fixture::editedTail()));
        proposal::Proposal p = fixture::editProposal(kbDir);
        QVERIFY(p.accept(QStringLiteral("c1")));
        QVERIFY(p.accept(QStringLiteral("c2")));
        const int swimsLine = p.entry(QStringLiteral("c1"))->replaces.front().line;
        // Two lines at the top: the lines move, the Apply conflicts, the re-diff finds them again.
        QVERIFY(fixture::writeAll(target, ";; moved\n;; down\n" + fixture::readAll(target)));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
        QVERIFY(loaded.ok());
        (void)proposal::rediff(p, *lang::fanvaKbOver(loaded.kb), proposal::criticGate());
        const formalize::Entry *retract = p.entry(QStringLiteral("c1"));
        QCOMPARE(retract->replaces.front().line, swimsLine + 2);
        QVERIFY(std::any_of(retract->notes.begin(), retract->notes.end(), [&](const check::Problem &n) {
            return n.type == check::problem::sentenceMoved
                && n.message.contains(QStringLiteral("from line %1 to line %2").arg(swimsLine).arg(swimsLine + 2));
        }));
        proposal::ApplyOptions options;
        options.gate = proposal::criticGate();
        options.journalPath = QDir(dir.path()).filePath(QStringLiteral("state/journal.jsonl"));
        options.now = [] { return appliedAt(); };
        options.newId = [] { return QStringLiteral("edit-1"); };
        const proposal::ApplyResult result = proposal::apply(p, options);
        QVERIFY2(result.status == proposal::ApplyStatus::Applied, qPrintable(result.message));
        QVERIFY(!fixture::readAll(target).contains("(swims Pingu)"));

        // A sentence the file holds twice is not guessed at: the line stays, Apply says so.
        proposal::Proposal twice = fixture::editProposal(kbDir);
        formalize::Entry flies = edit(QStringLiteral("c9"), EntryKind::Retract, { { 1, QStringLiteral("(flies Pingu)"), {} } });
        twice.entries = { flies };
        QVERIFY(twice.accept(QStringLiteral("c9")));
        QVERIFY(fixture::writeAll(target, fixture::readAll(target) + "(flies Pingu)\n"));
        (void)proposal::rediff(twice, *lang::fanvaKbOver(kb::loadKnowledgeBase(kbDir).kb), proposal::criticGate());
        QCOMPARE(twice.entry(QStringLiteral("c9"))->replaces.front().line, 1);
    }

    void retractingADeclarationWarns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString kbDir = fixture::copyKb(dir.path());
        const QString target = QDir(kbDir).filePath(QStringLiteral("CxAnimals.txt"));
        QByteArray bytes = fixture::readAll(target) + "\n(penguin Pingu)\n(livesIn Pingu HarbourZoo)\n(swims Pingu)\n";
        for (int i = 0; i < 6; ++i)
            bytes += "(livesIn Pingu" + QByteArray::number(i) + " HarbourZoo)\n";
        QVERIFY(fixture::writeAll(target, bytes));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
        QVERIFY(loaded.ok());
        const auto on = [&](const QByteArray &line) { return sentenceOn(bytes, fixture::lineOf(bytes, line)); };

        const std::optional<check::Problem> warning
            = lang::fanvaKbRetractionWarning(*loaded.kb, QStringLiteral("CxAnimals"), target, bytes, { on("(binaryPredicate livesIn)") });
        QVERIFY(warning);
        QCOMPARE(warning->type, check::problem::retractDependents);
        QVERIFY2(warning->message.contains(QLatin1StringView("(binaryPredicate livesIn)")), qPrintable(warning->message));
        QVERIFY2(warning->message.contains(QLatin1StringView("(livesIn Pingu HarbourZoo)")), qPrintable(warning->message));
        QVERIFY2(warning->message.contains(QLatin1StringView("and 4 more")), qPrintable(warning->message));
        QVERIFY(!check::isBlocking(warning->type));

        // A fact is no declaration; a declaration nothing uses any more goes quietly.
        QVERIFY(!lang::fanvaKbRetractionWarning(*loaded.kb, QStringLiteral("CxAnimals"), target, bytes, { on("(swims Pingu)") }));
        QVERIFY(!lang::fanvaKbRetractionWarning(
            *loaded.kb, QStringLiteral("CxAnimals"), target, bytes, { on("(unaryPredicate captive)"), on("(arg captive 1 animal)") }));
    }

    void retractingGenlCxWarns()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString source = QStringLiteral(FANVA_TEST_DATA_DIR "/kb/example");
        for (const QString &name : QDir(source).entryList({ QStringLiteral("*.txt") }, QDir::Files))
            QVERIFY(QFile::copy(QDir(source).filePath(name), dir.filePath(name)));
        const QString target = dir.filePath(QStringLiteral("CxBirds.txt"));
        const QByteArray bytes = fixture::readAll(target);
        const kb::LoadResult loaded = kb::loadKnowledgeBase(dir.path());
        QVERIFY(loaded.ok());
        const std::optional<check::Problem> warning = lang::fanvaKbRetractionWarning(
            *loaded.kb, QStringLiteral("CxBirds"), target, bytes, { sentenceOn(bytes, fixture::lineOf(bytes, "(genlCx CxBirds CxLife)")) });
        QVERIFY(warning);
        QVERIFY2(warning->message.contains(QLatin1StringView("(genlCx CxBirds CxLife)")), qPrintable(warning->message));
    }
};

QTEST_GUILESS_MAIN(TstEdits)
#include "tst_edits.moc"
