// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The language-neutral edit path (docs/spec/rewrite.md §4, issue 34) for every KB language
// from one source: Apply with an add, a replacement and a retraction, Undo byte for byte, a
// retraction alone, the rewrite selection and input, and a re-diff that follows a moved
// statement. One `_data` row per language, each with a small KB in a temporary folder.

#include "formalize/entry.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "lang/rewritesetup.h"
#include "lang/sentenceedits.h"
#include "proposal/apply.h"
#include "proposal/edits.h"
#include "proposal/gate.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using formalize::EntryKind;
using proposal::ApplyStatus;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

int lineOf(const QByteArray &bytes, const QByteArray &line)
{
    return int(bytes.split('\n').indexOf(line)) + 1;
}

QDateTime appliedAt()
{
    return QDateTime::fromString(QStringLiteral("2026-12-01T21:40:00Z"), Qt::ISODate);
}

} // namespace

class TstApplyLanguages : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_target, m_journal;
    QByteArray m_base;

    /// The KB of the row's language: a file with a retracted, a replaced and a kept statement.
    void makeKb()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QByteArray, text);
        const QString root = m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + QLatin1Char('-') + language);
        m_kb = QDir(root).filePath(QStringLiteral("kb"));
        QVERIFY(QDir().mkpath(m_kb));
        m_target = QDir(m_kb).filePath(file);
        m_base = text;
        QVERIFY(writeAll(m_target, m_base));
        m_journal = QDir(root).filePath(QStringLiteral("state/journal.jsonl"));
    }

    static const lang::Language &languageOf(const QString &id) { return *lang::languageById(id); }

    /// The statement starting on the line that reads `line`, as an edit entry names it.
    formalize::ExistingSentence statementOn(const QByteArray &line) const
    {
        QFETCH(QString, language);
        const lang::LoadResult loaded = languageOf(language).load(m_kb);
        if (!loaded.ok())
            return {};
        const int at = lineOf(m_base, line);
        const lang::StatementSelection selected = lang::selectStatements(*loaded.kb, m_base, m_target, at, at);
        return selected.ok() ? selected.statements.front() : formalize::ExistingSentence {};
    }

    static formalize::Entry entry(const QString &id, int segment, const QString &sentence)
    {
        formalize::Entry e;
        e.id = id;
        e.segment = segment;
        e.state = formalize::EntryState::Admissible;
        e.attempt = 1;
        e.candidate = sentence;
        e.shapes = QStringList { sentence };
        return e;
    }

    /// c1 retracts `retracted`, c2 replaces `replaced` by `replacement`, c3 adds `added`.
    proposal::Proposal editProposal()
    {
        QFETCH(QString, language);
        QFETCH(QString, target);
        QFETCH(QString, file);
        QFETCH(QByteArray, retracted);
        QFETCH(QByteArray, replaced);
        QFETCH(QString, replacement);
        QFETCH(QString, added);
        proposal::Proposal p;
        p.language = language;
        p.kbDir = m_kb;
        p.context = target;
        p.targetFile = file;
        p.baseSha256 = proposal::sha256Hex(m_base);
        p.documentName = file;
        formalize::Entry retract = entry(QStringLiteral("c1"), 1, QString::fromUtf8(retracted));
        retract.kind = EntryKind::Retract;
        retract.replaces = { statementOn(retracted) };
        formalize::Entry replace = entry(QStringLiteral("c2"), 2, replacement);
        replace.kind = EntryKind::Replace;
        replace.replaces = { statementOn(replaced) };
        p.entries = { retract, replace, entry(QStringLiteral("c3"), 0, added) };
        return p;
    }

    proposal::ApplyOptions options() const
    {
        proposal::ApplyOptions o;
        o.gate = proposal::criticGate();
        o.journalPath = m_journal;
        o.now = [] { return appliedAt(); };
        o.newId = [] { return QStringLiteral("edit-1"); };
        return o;
    }

    static void rows()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("retracted");
        QTest::addColumn<QByteArray>("replaced");
        QTest::addColumn<QString>("replacement");
        QTest::addColumn<QString>("added");
        QTest::addColumn<QByteArray>("kept");

        QTest::newRow("fanva-kb") << QStringLiteral("fanva-kb") << QStringLiteral("CxZoo") << QStringLiteral("CxZoo.txt")
                                  << QByteArray(";; CxZoo: a small zoo.\n\n(unaryPredicate penguin)\n(unaryPredicate swims)\n"
                                                "(binaryPredicate livesIn)\n\n;; the residents\n(penguin Pingu)\n(swims Pingu)\n"
                                                "(livesIn Pingu HarbourZoo)\n;; the end\n")
                                  << QByteArray("(swims Pingu)") << QByteArray("(livesIn Pingu HarbourZoo)")
                                  << QStringLiteral("(livesIn Pingu Aquarium)") << QStringLiteral("(penguin Tux)")
                                  << QByteArray("(penguin Pingu)");
        QTest::newRow("nibli") << QStringLiteral("nibli") << QStringLiteral("zoo") << QStringLiteral("zoo.nibli")
                               << QByteArray("# zoo: a small town.\npred resident(who, town): \"{x1} lives in {x2}\".\n\n"
                                             "# the people\nperson(Mara).\nswim(Mara).\nresident(Mara, Millbrook).\n# the end\n")
                               << QByteArray("swim(Mara).") << QByteArray("resident(Mara, Millbrook).")
                               << QStringLiteral("resident(Mara, Riverton).") << QStringLiteral("person(Tobin).")
                               << QByteArray("person(Mara).");
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everyLanguageLocatesItsStatements_data() { rows(); }
    void everyLanguageLocatesItsStatements()
    {
        makeKb();
        QFETCH(QString, language);
        QFETCH(QByteArray, kept);
        const lang::SentenceEdits *edits = languageOf(language).edits();
        QVERIFY(edits);
        const lang::LocatedFile located = edits->locate(m_base, m_target);
        QVERIFY2(located.ok(), qPrintable(located.error));
        const auto it = std::find_if(located.statements.begin(), located.statements.end(),
            [&](const lang::LocatedStatement &s) { return s.line == lineOf(m_base, kept); });
        QVERIFY(it != located.statements.end());
        QCOMPARE(m_base.mid(it->begin, it->end - it->begin), kept);
        // The comment lines are the language's own.
        const std::set<qsizetype> comments = edits->commentOnlyLines(m_base, 0, m_base.size());
        QVERIFY(comments.contains(0));
        QVERIFY(!comments.contains(m_base.indexOf(kept)));
    }

    // Apply and Re-diff run the injected gate on a KB of any language, handed over behind the
    // seam: before, only a fanva-kb KB reached it and another language's skipped it.
    void injectedGateSeesEveryLanguage_data() { rows(); }
    void injectedGateSeesEveryLanguage()
    {
        makeKb();
        QFETCH(QString, language);
        QFETCH(QString, target);
        QFETCH(QString, added);
        proposal::Proposal p = editProposal();
        QVERIFY(p.accept(QStringLiteral("c3")));
        QStringList seen;
        proposal::ApplyOptions o = options();
        o.gate = [&seen](const lang::Kb &kb, const QString &gateTarget, const QStringList &sentences) {
            seen.append(kb.language().id() + QLatin1Char(' ') + gateTarget + QLatin1Char(' ') + sentences.join(QLatin1Char('|')));
            return std::vector<std::vector<check::Problem>>(
                std::size_t(sentences.size()), { { QStringLiteral("arity"), QStringLiteral("refused by the test's gate"), std::nullopt } });
        };
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::Blocked);
        QCOMPARE(seen, QStringList { language + QLatin1Char(' ') + target + QLatin1Char(' ') + added });
        QCOMPARE(readAll(m_target), m_base);

        // Re-diff with the same gate: the accepted entry takes the gate's problem.
        const lang::LoadResult loaded = languageOf(language).load(m_kb);
        QVERIFY(loaded.ok());
        (void)proposal::rediff(p, *loaded.kb, o.gate);
        QCOMPARE(seen.at(1), language + QLatin1Char(' ') + target + QLatin1Char(' ') + added);
        QCOMPARE(p.entry(QStringLiteral("c3"))->problems.size(), std::size_t(1));
        QCOMPARE(p.entry(QStringLiteral("c3"))->problems.front().message, QStringLiteral("refused by the test's gate"));
    }

    void applyAndUndoByteForByte_data() { rows(); }
    void applyAndUndoByteForByte()
    {
        makeKb();
        QFETCH(QByteArray, retracted);
        QFETCH(QByteArray, replaced);
        proposal::Proposal p = editProposal();
        for (const char *id : { "c1", "c2", "c3" })
            QVERIFY(p.accept(QString::fromLatin1(id)));
        const lang::Language &language = p.kbLanguage();
        QByteArray want = m_base;
        want.replace(QByteArray(retracted + '\n'), QByteArray());
        const QString comment = proposal::replaceComment(*p.entry(QStringLiteral("c2")), appliedAt(), language);
        QVERIFY2(comment.startsWith(language.lineComment() + QStringLiteral(" fanva ")), qPrintable(comment));
        want.replace(QByteArray(replaced + '\n'),
            (comment + QLatin1Char('\n') + proposal::renderSentence(p.entry(QStringLiteral("c2"))->sentence(), language)
                + QLatin1Char('\n'))
                .toUtf8());
        want = proposal::Proposal::appendBlock(want, p.renderBlock({ p.entry(QStringLiteral("c3")) }, appliedAt()));

        const proposal::ApplyResult result = proposal::apply(p, options());
        QVERIFY2(result.status == ApplyStatus::Applied, qPrintable(result.message));
        QCOMPARE(result.message, QStringLiteral("1 added, 1 replaced, 1 retracted in %1.").arg(p.targetFile));
        QCOMPARE(readAll(m_target), want);
        QCOMPARE(result.removedLines.size(), std::size_t(2));
        QCOMPARE(result.removedLines.front().text, QString::fromUtf8(retracted));

        const proposal::UndoResult undone = proposal::undo(p, m_journal);
        QVERIFY2(undone.status == proposal::UndoResult::Status::Undone, qPrintable(undone.message));
        QCOMPARE(readAll(m_target), m_base);
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, formalize::Decision::Accepted);
    }

    void retractAloneRemovesExactlyItsLine_data() { rows(); }
    void retractAloneRemovesExactlyItsLine()
    {
        makeKb();
        QFETCH(QByteArray, retracted);
        proposal::Proposal p = editProposal();
        QVERIFY(p.accept(QStringLiteral("c1")));
        const proposal::ApplyResult result = proposal::apply(p, options());
        QVERIFY2(result.status == ApplyStatus::Applied, qPrintable(result.message));
        QByteArray want = m_base;
        want.replace(QByteArray(retracted + '\n'), QByteArray());
        QCOMPARE(readAll(m_target), want);
        QCOMPARE(result.removedLines.size(), std::size_t(1));
        QCOMPARE(result.removedLines.front().line, lineOf(m_base, retracted));
        QVERIFY(proposal::undo(p, m_journal).status == proposal::UndoResult::Status::Undone);
        QCOMPARE(readAll(m_target), m_base);
    }

    void rewriteSelectsAndGatesWithoutTheSelection_data() { rows(); }
    void rewriteSelectsAndGatesWithoutTheSelection()
    {
        makeKb();
        QFETCH(QString, language);
        QFETCH(QString, target);
        QFETCH(QByteArray, retracted);
        QFETCH(QByteArray, replaced);
        const lang::LoadResult loaded = languageOf(language).load(m_kb);
        QVERIFY(loaded.ok());
        const int first = lineOf(m_base, retracted);
        const int last = lineOf(m_base, replaced);
        const lang::StatementSelection selected = lang::selectStatements(*loaded.kb, m_base, m_target, first, last);
        QVERIFY2(selected.ok(), qPrintable(selected.error));
        QCOMPARE(selected.statements.size(), std::size_t(2));
        QCOMPARE(selected.statements.front().line, first);
        QVERIFY(!lang::selectStatements(*loaded.kb, m_base, m_target, 1, 1).ok());

        formalize::SessionSettings settings;
        const formalize::SessionInput input
            = lang::makeRewriteSessionInput(loaded.kb, target, m_target, m_base, selected.statements, settings, QStringLiteral("keep it"));
        QCOMPARE(input.rewrite.size(), std::size_t(2));
        QCOMPARE(input.document.count('\n'), 2);
        QCOMPARE(input.context, target);
    }

    void rediffFollowsAMovedStatement_data() { rows(); }
    void rediffFollowsAMovedStatement()
    {
        makeKb();
        QFETCH(QString, language);
        QFETCH(QByteArray, retracted);
        proposal::Proposal p = editProposal();
        const QByteArray moved
            = language == QLatin1StringView("nibli") ? QByteArray("# a new first line\n") : QByteArray(";; a new first line\n");
        QVERIFY(writeAll(m_target, moved + m_base));
        const lang::LoadResult loaded = languageOf(language).load(m_kb);
        QVERIFY(loaded.ok());
        (void)proposal::rediff(p, *loaded.kb);
        const formalize::Entry *retract = p.entry(QStringLiteral("c1"));
        QCOMPARE(retract->replaces.front().line, lineOf(m_base, retracted) + 1);
        QVERIFY(std::any_of(
            retract->notes.begin(), retract->notes.end(), [](const lang::Problem &n) { return n.type == lang::problem::sentenceMoved; }));
    }
};

QTEST_GUILESS_MAIN(TstApplyLanguages)
#include "tst_applylanguages.moc"
