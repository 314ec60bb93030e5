// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// nibli-kr.md §8: every row of the acceptance table, checked by the three gates (parse,
// critic, round trip) against the fixture KB, word for word.
#include "lang/nibli/card.h"
#include "lang/nibli/checks.h"
#include "lang/nibli/knowledgebase.h"
#include "lang/nibli/promptguide.h"

#include "sharedcorpus.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva::lang::nibli;

namespace {

struct GateResult {
    QString id; ///< the first problem's id, else "ok"
    QString position; ///< its LINE:COL
    QString render;
    QStringList notes;
};

GateResult runGates(const KnowledgeBase &kb, const QByteArray &candidate)
{
    GateResult out;
    ParsedCandidate parsed = parseCandidate(std::string_view(candidate.constData(), static_cast<size_t>(candidate.size())));
    const auto report = [&](const Diagnostic &d) {
        out.id = QString::fromStdString(d.id);
        out.position = QString::number(d.line) + QLatin1Char(':') + QString::number(d.column);
        return out;
    };
    if (parsed.problem)
        return report(*parsed.problem);
    Statement &s = *parsed.statement;
    CheckResult checked = check(&kb, kb.vocabulary(), s, Batch {});
    if (!checked.problems.empty()) {
        locate(checked.problems, LineIndex(std::string_view(candidate.constData(), static_cast<size_t>(candidate.size()))));
        return report(checked.problems.front());
    }
    if (const auto problem = roundTrip(s, kb.vocabulary()))
        return report(*problem);
    out.id = QStringLiteral("ok");
    out.render = QString::fromStdString(render(s));
    for (const Diagnostic &note : checked.notes)
        out.notes << QString::fromStdString(note.id);
    return out;
}

} // namespace

class TstNibliAcceptance final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void acceptance_data();
    void acceptance();
    void suggestions();
    void fixtureLoadsClean();
    void card();
    void promptGuideExamples();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const KnowledgeBase> m_kb;
    QString m_missing;
};

void TstNibliAcceptance::initTestCase()
{
    m_missing = fanva::testsupport::sharedMissing(u"corpus/nibli");
    if (!m_missing.isEmpty())
        return;
    QVERIFY(m_dir.isValid());
    const QString corpus = fanva::testsupport::sharedPath(u"corpus/nibli");
    for (const QString &name :
        { QStringLiteral("gdpr.nibli"), QStringLiteral("drug-interactions.nibli"), QStringLiteral("syllogism.nibli") })
        QVERIFY(QFile::copy(corpus + QLatin1Char('/') + name, m_dir.filePath(name)));
    QVERIFY(QFile::copy(fanva::testsupport::testDataPath(u"nibli/extra.nibli"), m_dir.filePath(QStringLiteral("extra.nibli"))));
    KnowledgeBase::LoadResult loaded = KnowledgeBase::load(m_dir.path());
    for (const FileDiagnostic &d : loaded.diagnostics)
        qWarning("%s", qPrintable(d.toString()));
    QVERIFY(loaded.kb);
    m_kb = loaded.kb;
}

void TstNibliAcceptance::fixtureLoadsClean()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    // 24 + 16 + 3 corpus statements and the 3 of extra.nibli, no warning.
    QCOMPARE(m_kb->statements().size(), size_t(46));
    QCOMPARE(m_kb->vocabulary().declarations().size(), size_t(1));
    QVERIFY(!m_kb->withName("HighSec").empty());
    QVERIFY(!m_kb->withHead("consents").empty());
}

void TstNibliAcceptance::acceptance_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("position"); // LINE:COL when the table gives it
    QTest::addColumn<QString>("renders"); // the render when the table gives it
    QTest::addColumn<QString>("note");

    const auto row
        = [](const char *statement, const char *expected, const char *position = "", const char *renders = "", const char *note = "") {
              QTest::addRow("%s", statement) << QString::fromUtf8(statement) << QString::fromUtf8(expected) << QString::fromUtf8(position)
                                             << QString::fromUtf8(renders) << QString::fromUtf8(note);
          };
    const auto same = [&](const char *statement) { row(statement, "ok", "", statement); };
    row("person(Adam).", "ok", "", "", "already-stored");
    row("metabolized_by(Varfarin, Siptucin).", "ok", "", "", "already-stored");
    row("healthy data(Kanrek).", "ok", "", "", "already-stored");
    row("obliged(every data, x2: event { correct() }).", "ok", "", "obliged(every data, event { correct() }).", "already-stored");
    row("all $x: dangerous($x) & uses(Adam, $x) -> warns($x).", "ok", "", "", "already-stored");
    row("prevents(Flukonazol, Siptucin) & metabolized_by(Varfarin, Siptucin) -> increases(Varfarin).", "ok", "", "", "already-stored");
    row("pred consents(who, what): \"{x1} consents to {x2}\".", "ok", "", "", "already-stored");
    row("Kim = Adam.", "ok");
    row("past dog(Dan).", "ok");
    row("permitted(every tends(some data)).", "ok");
    row("goes(?, destination: some market).", "ok", "", "goes(?, some market).");
    row("some dog $d: big($d) & goes($d).", "ok");
    row("permitted(every loves.loved).", "ok");
    row("goes(Adam where dog).", "ok");
    row("must goes(me).", "ok");
    row("past ~goes(me).", "ok");
    row("goes(me) via uses(this).", "ok");
    row("computer+user(me).", "ok");
    row("name(\"any text here\", Adam).", "ok");
    row("every the dog $d: goes($d).", "ok");
    row("mind owned(every person).", "ok");
    same("desires(desired: every teaches, desirer: event { studies() }).");
    row("every obligated_by $x: permitted($x) & ~prevents(prevented: $x).", "ok");
    row("attribute(x2: every big).", "ok", "", "attribute(object: every big).");
    row("greater(Alis, Bob).", "ok");
    row("believe(me, fact { exponential(8, 2, 3) }).", "ok");
    row("consents(Gugli, Kanrek).", "ok");
    same("(Kim = Adam where big(it)) & goes(me).");
    row("goes(me, 2.50).", "ok", "", "goes(me, 2.5).");
    row("red(exactly 2 red).", "count-query-only");
    row("goes(no dog).", "count-query-only");
    row("exactly 2 dog $d: goes($d).", "count-query-only");
    row("product(50, 5, 10).", "compute-query-only");
    row("exponential(8, 2, 3).", "compute-query-only");
    row("greater(3, 1).", "comparison-query-only");
    row("all $x: all $n: person($x) & quantity($x, $n) & ~greater($n, 15) -> rotten($x).", "comparison-query-only");
    row("past owns(every person, some mind).", "prefix-over-rule");
    row("dog(Rex) ^ cat(Rex).", "no-content");
    row("prisoner(HIGHSEC).", "name-spelling");
    row("klama(me).", "unknown-predicate");
    row("dog(Adam, you, me).", "too-many-arguments");
    row("goes(me, zzlabel: you).", "unknown-label");
    row("goes(me, x1: you).", "place-twice");
    row("goes(every loves(x1: you)).", "linked-x1");
    row("permitted(every loves.zzplace).", "unknown-label");
    row("goes(Me).", "name-pronoun");
    row("goes(slot).", "slot-outside");
    row("desires(me, event { goes(it) }).", "it-outside");
    row("goes(me) via person(this).", "via-arity");
    row("pred governs(ruler, ruled).", "declaration-conflict");
    row("~past goes(me).", "negation-outside", "1:2");
    row("must past goes(me).", "prefix-stacked", "1:6");
    row("past (goes(me) & eats(you)).", "prefix-compound", "1:6");
    row("goes(to: some market, me).", "positional-after-named", "1:23");
    row("red(exactly 4294967296 red).", "count-range", "1:13");
    row("goes(some dog where goes(me)).", "clause-without-it", "1:15");
    row("Kim = every dog.eats(me).", "syntax", "1:21");
    row("dog($x) -> all $y: dog($y).", "syntax", "1:12");
    row("goes(λ).", "character", "1:6");
    row("goes(me). eats(you).", "several-sentences", "1:11");
    row("# only a comment", "empty-sentence");
}

void TstNibliAcceptance::acceptance()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    QFETCH(QString, statement);
    QFETCH(QString, expected);
    QFETCH(QString, position);
    QFETCH(QString, renders);
    QFETCH(QString, note);
    const GateResult got = runGates(*m_kb, statement.toUtf8());
    QCOMPARE(got.id, expected);
    if (!position.isEmpty())
        QCOMPARE(got.position, position);
    if (!renders.isEmpty())
        QCOMPARE(got.render, renders);
    if (expected == QLatin1String("ok"))
        QCOMPARE(got.notes, note.isEmpty() ? QStringList() : QStringList { note });
}

// §3.2's examples of nearest-name suggestions, with the fixture's declaration in V.
void TstNibliAcceptance::suggestions()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    QCOMPARE(fanva::lang::nibli::suggestions("obligated", m_kb->vocabulary()), (std::vector<std::string> { "obliged", "obligated_by" }));
    QCOMPARE(
        fanva::lang::nibli::suggestions("consent", m_kb->vocabulary()), (std::vector<std::string> { "consents", "comment", "constant" }));
    ParsedCandidate parsed = parseCandidate("klama(me).");
    QVERIFY(parsed.statement);
    const auto problems = resolve(*parsed.statement, m_kb->vocabulary());
    QCOMPARE(problems.size(), size_t(1));
    QVERIFY2(problems.front().message.starts_with("unknown predicate klama: not in the vocabulary; "), problems.front().message.c_str());
}

// §6.3: tiers, line shapes, the budget and its stated cut.
void TstNibliAcceptance::card()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    const Vocabulary &v = m_kb->vocabulary();
    QCOMPARE(findTerm(m_kb.get(), v, "goes"), TermRole::Predicate);
    QCOMPARE(findTerm(m_kb.get(), v, "computer+user"), TermRole::Predicate);
    QCOMPARE(findTerm(m_kb.get(), v, "consents"), TermRole::Predicate);
    QCOMPARE(findTerm(m_kb.get(), v, "HighSec"), TermRole::Individual);
    QCOMPARE(findTerm(m_kb.get(), v, "Highsec"), TermRole::None);
    QCOMPARE(profile(*m_kb, "Adam"), (std::vector<std::string> { "person", "approves", "dog" }));

    const Card full
        = fanva::lang::nibli::card(m_kb.get(), v, { "goes", "Flukonazol", "metabolized_by" }, QStringLiteral("extra.nibli"), 8000);
    QVERIFY(!full.isCut());
    QCOMPARE(std::vector<std::string>(full.predicates.begin(), full.predicates.begin() + 4),
        (std::vector<std::string> { "goes", "metabolized_by", "consents", "building" }));
    QCOMPARE(std::vector<std::string>(full.names.begin(), full.names.begin() + 4),
        (std::vector<std::string> { "Flukonazol", "Adam", "Akmes", "HighSec" }));
    QVERIFY(full.text.starts_with(
        "### Predicates you may use\n\nEach line: `name(places)` — reading. Only these words are predicates; any "
        "other word is refused. Put specifics in the places.\n"
        "- `goes(goer, destination, origin, route, means)` — goer goes to destination from origin via route using means\n"
        "- `metabolized_by(subject, object, pieces)` — object cuts subject [converse of cuts]\n"
        "- `consents(who, what)` — who consents to what\n"));
    QVERIFY(full.text.find("### Names already used\n\nUse these spellings.\n- `Flukonazol`") != std::string::npos);
    QVERIFY(full.text.find("- `Adam` : person, approves, dog\n") != std::string::npos);

    const Card cut = fanva::lang::nibli::card(m_kb.get(), v, { "goes" }, QStringLiteral("extra.nibli"), 200);
    QVERIFY(cut.isCut());
    QVERIFY2(cut.tokens <= 200 + 130, qPrintable(QString::number(cut.tokens))); // headers and cut statements are outside the shares
    QVERIFY(cut.text.find("further predicates not listed._") != std::string::npos);
    QVERIFY(cut.text.ends_with("whenever you coin a name._\n"));
    QCOMPARE(cut.predicates.front(), std::string("goes"));
}

// §1.4's guard: every positive example of the prompt guide (the table's `write` column, the
// `pred` example, the example's candidates) passes the three gates against the fixture KB,
// `already-stored` allowed; the guide's shape is checked so that the guard cannot pass empty.
void TstNibliAcceptance::promptGuideExamples()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    const QString guide = QString::fromUtf8(promptGuide().data(), static_cast<qsizetype>(promptGuide().size()));
    QVERIFY(guide.startsWith(QLatin1String("## Spelling (a wrong spelling is refused)\n")));
    QVERIFY(guide.endsWith(QLatin1String("\"reason\": \"weather; no claim\"}]}\n")));
    QStringList examples;
    static const QRegularExpression row(QStringLiteral("^\\| `([^`]+)` \\|"), QRegularExpression::MultilineOption);
    for (auto it = row.globalMatch(guide); it.hasNext();)
        examples << it.next().captured(1);
    static const QRegularExpression candidate(QStringLiteral("\"sentence\": \"([^\"]+)\""));
    for (auto it = candidate.globalMatch(guide); it.hasNext();)
        examples << it.next().captured(1);
    static const QRegularExpression declaration(QStringLiteral("(pred [^:]+: \"[^\"]+\"\\.)"));
    examples << declaration.match(guide).captured(1).replace(QLatin1String("consents"), QLatin1String("agrees_to"));
    QCOMPARE(examples.size(), 7 + 4 + 1);
    for (const QString &example : std::as_const(examples)) {
        const GateResult got = runGates(*m_kb, example.toUtf8());
        QVERIFY2(got.id == QLatin1String("ok"), qPrintable(example + QLatin1String(" → ") + got.id));
    }
}

QTEST_GUILESS_MAIN(TstNibliAcceptance)
#include "tst_nibliacceptance.moc"
