// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The critic against the example KB of kb-language.md §5.1: the acceptance table of §9,
// the messages of §5.3, the checkBatch table of §5.5, and zero false positives on the corpus.
#include "check/critic.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QTest>

#include <thread>

using namespace fanva;

namespace {

QString exampleKbDir()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/kb/example");
}

QStringList types(const std::vector<check::Problem> &problems)
{
    QStringList result;
    for (const check::Problem &p : problems)
        result.append(p.type);
    return result;
}

// §9's "expected": the first blocking id, else the first note, else ok.
QString verdict(const std::vector<check::Problem> &problems)
{
    for (const check::Problem &p : problems) {
        if (check::isBlocking(p.type))
            return p.type;
    }
    return problems.empty() ? QStringLiteral("ok") : problems.front().type;
}

const check::Problem *find(const std::vector<check::Problem> &problems, const QString &type)
{
    for (const check::Problem &p : problems) {
        if (p.type == type)
            return &p;
    }
    return nullptr;
}

} // namespace

class TstCritic : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();

    void isBlocking_data();
    void isBlocking();
    void acceptance_data();
    void acceptance();
    void specMessages_data();
    void specMessages();
    void messageNamesTerm_data();
    void messageNamesTerm();
    void namingReportsAllInCategoryOrder();
    void stratificationNamesTheLoop();
    void notComparedWithItself();
    void checkBatch();
    void contextShape_data();
    void contextShape();
    void reentrant();

private:
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    std::unique_ptr<check::Critic> m_critic;
};

void TstCritic::initTestCase()
{
    QVERIFY2(QFileInfo::exists(exampleKbDir() + QStringLiteral("/CxBirds.txt")), "the §5.1 example KB is missing");
    kb::LoadResult loaded = kb::loadKnowledgeBase(exampleKbDir());
    for (const kb::Diagnostic &d : loaded.diagnostics)
        qWarning().noquote() << d.toString();
    QVERIFY(loaded.ok());
    m_kb = loaded.kb;
    m_critic = std::make_unique<check::Critic>(*m_kb);
}

void TstCritic::isBlocking_data()
{
    QTest::addColumn<QString>("type");
    QTest::addColumn<bool>("blocking");
    for (const char *note :
        { "already-stored", "known", "duplicate-in-batch", "functional-coreference", "isa-membership", "no-segment", "withdrawn" })
        QTest::addRow("%s", note) << QString::fromLatin1(note) << false;
    for (const char *id : { "shape", "unknown-option", "context-escape", "not-well-formed", "context-name", "functor", "lexeme-functor",
             "functor-arity", "argument", "ist-context", "dot-marker", "not-ground", "not-range-restricted", "exception-not-closed",
             "not-indexable", "not-stratified", "arity", "arg-type", "disjoint", "asymmetric", "functional", "irreflexive", "unreadable",
             "several-sentences", "empty-sentence", "round-trip" })
        QTest::addRow("%s", id) << QString::fromLatin1(id) << true;
}

void TstCritic::isBlocking()
{
    QFETCH(QString, type);
    QFETCH(bool, blocking);
    QCOMPARE(check::isBlocking(type), blocking);
}

void TstCritic::acceptance_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("expected");

    QFile table(QStringLiteral(FANVA_TEST_DATA_DIR "/check/acceptance.tsv"));
    QVERIFY(table.open(QIODevice::ReadOnly | QIODevice::Text));
    int row = 0;
    while (!table.atEnd()) {
        const QString line = QString::fromUtf8(table.readLine()).chopped(1);
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        const QStringList cells = line.split(u'\t');
        QCOMPARE(cells.size(), 4);
        QTest::addRow("%02d %s", ++row, qPrintable(cells.at(0))) << cells.at(0) << cells.at(1) << cells.at(2) << cells.at(3);
    }
    QCOMPARE(row, 56 + 4); // §9's rows, then compound values (issue 14)
}

void TstCritic::acceptance()
{
    QFETCH(QString, sentence);
    QFETCH(QString, context);
    QFETCH(QString, options);
    QFETCH(QString, expected);

    const QJsonObject parsedOptions = options.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(options.toUtf8()).object();
    const std::vector<check::Problem> problems = m_critic->check(sentence, context, parsedOptions);
    if (verdict(problems) != expected) {
        for (const check::Problem &p : problems)
            qWarning().noquote() << p.type << p.message;
    }
    QCOMPARE(verdict(problems), expected);
    for (const check::Problem &p : problems) {
        QVERIFY(!p.message.isEmpty());
        QVERIFY2(!p.message.contains(u'\n'), "messages are one line");
    }
}

void TstCritic::specMessages_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("options");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("message");

    const auto row = [](const char *sentence, const char *context, const char *options, const char *type, const char *message) {
        QTest::addRow("%s", sentence) << QString::fromUtf8(sentence) << QString::fromUtf8(context) << QString::fromUtf8(options)
                                      << QString::fromUtf8(type) << QString::fromUtf8(message);
    };
    // The example messages of §5.3, word for word.
    row("[bird Tweety]", "CxBirds", "", "shape",
        "the sentence must be a list, not a vector: [bird Tweety] — a vector means a conjunction; write (bird Tweety)");
    row("(bird Tweety)", "CxBirds", R"({"strength":"monotonic"})", "unknown-option",
        "unknown option \"strength\" — an entry takes only \"direction\" (forward, backward, inert, both); write a default rule as "
        "(set/defaultRule …)");
    row("(genl animal penguin)", "CxBirds", "", "not-well-formed",
        "not well-formed: (genl animal penguin) would make a cycle, since penguin is already below animal");
    row("(exceptWhen (nestsIn ?y ?x) (implies (bird ?x) (flies ?x)))", "CxBirds", "", "exception-not-closed",
        "open exception: ?y in (nestsIn ?y ?x) is bound by no antecedent — an exception tests what the rule matched; bind ?y there or "
        "drop it");
    row("(implies (and (?p ?x ?y) (symmetric ?p)) (?p ?y ?x))", "CxBirds", "", "not-indexable",
        "antecedent (?p ?x ?y) has a variable predicate, so no fact can trigger the rule — write one rule per predicate, or mark it "
        "set/inertRule if it only documents");
    row("(implies (bird ?x) (livesIn ?x ?y))", "CxBirds", "", "not-range-restricted",
        "not range-restricted: ?y in the consequent is bound by no antecedent — bind it in an antecedent, or write (exists ?y …) for a "
        "new individual");
    row("(motherOf Opus Pingu Tweety)", "CxBirds", "", "arity", "motherOf takes 2 arguments through parentOf but has 3");
    row("(implies (bird ?x) (livesIn ?x))", "CxBirds", "", "arity",
        "livesIn is declared with 2 arguments but has 1 in rule consequent (livesIn ?x)");
    row("(binaryPredicate flies)", "CxBirds", "", "arity",
        "(binaryPredicate flies) gives flies 2 arguments, but it is declared with 1 — keep one arity per predicate");
    row("(livesIn Tweety Opus)", "CxBirds", "", "arg-type", "argument 2 of livesIn must be a place, but Opus is known only as penguin");
    row("(motherOf Opus Antarctica)", "CxBirds", "", "arg-type",
        "argument 2 of motherOf must be an animal (declared of parentOf), but Antarctica is known only as continent");
    row("(eatsKind Opus fish)", "CxLife", "", "arg-type", "argument 1 of eatsKind must be a subtype of animal, but Opus is an individual");
    row("(fish Tweety)", "CxBirds", "", "disjoint",
        "disjoint types: Tweety is a bird, and bird and fish share no instance ((disjoint bird fish) in CxLife)");
    row("(mammal Tweety)", "CxBirds", "", "disjoint",
        "disjoint types: Tweety is a bird, and bird and mammal share no instance (both are vertebrate_class, a disjointMetatype)");
    row("(ocean Antarctica)", "CxBirds", "", "disjoint",
        "disjoint types: Antarctica is a continent, and continent and ocean share no instance (siblings under place, a siblingDisjoint)");
    row("(parentOf Pingu Opus)", "CxBirds", "", "asymmetric",
        "asymmetric: parentOf holds one way only, and (parentOf Opus Pingu) is stated in CxBirds");
    row("(birthYearOf Tweety 2020)", "CxBirds", "", "functional",
        "functional: Tweety already has birthYearOf 2019 (CxBirds), so it cannot also have 2020");
    // A compound value is a value like any other (§5.3: "v or b not a symbol").
    row("(nestsIn Tweety (NestFn OakTree))", "CxBirds", "", "functional",
        "functional: Tweety already has nestsIn OakTree (CxBirds), so it cannot also have (NestFn OakTree)");
    row("(parentOf Tweety Tweety)", "CxBirds", "", "irreflexive",
        "irreflexive: parentOf never relates a thing to itself, yet (parentOf Tweety Tweety) does");
    row("(isa Tweety Canary)", "CxBirds", "", "isa-membership",
        "(isa Tweety Canary) is a two-place isa fact nothing reads; types are unary predicates here — write (canary Tweety)");
    row("(isa Opus FlightlessBird)", "CxLife", "", "isa-membership",
        "(isa Opus FlightlessBird) is a two-place isa fact nothing reads; types are unary predicates here — write (flightless_bird Opus)");
    row("(nestsIn Tweety Hedge)", "CxBirds", "", "functional-coreference",
        "nestsIn is functional and Tweety already has OakTree (CxBirds): this entry says Hedge and OakTree are the same thing — if they "
        "are not, it is wrong");
    row("(friendOf Opus Tweety)", "CxBirds", "", "already-stored", "already stored in CxBirds as (friendOf Tweety Opus)");
    row("(lives_in Opus Antarctica)", "CxBirds", "", "functor-arity",
        "functor lives_in in sentence (lives_in Opus Antarctica) has 2 arguments, but snake_case names a type, which takes one — write "
        "the relation camelCase as livesIn, or give lives_in one argument");
    row("(livesIn Opus South_Pole)", "CxBirds", "", "argument",
        "argument South_Pole in sentence (livesIn Opus South_Pole) matches no naming convention (individual: Tweety; type: "
        "physical_object, abrasive-grit; predicate: livesIn) — write SouthPole for an individual, or south_pole for a type");
    row("(Flies Tweety)", "CxBirds", "", "functor",
        "functor Flies in sentence (Flies Tweety) matches no naming convention (predicate: livesIn; one-argument type: physical_object, "
        "abrasive-grit) — write it flies");
    row("(bird Tweety)", "birds", "", "context-name",
        "context birds is not a context name: write Cx followed by CapitalCamelCase, e.g. CxBirds");
    row("(implies (bird ?x) (ist Tweety (flies ?x)))", "CxBirds", "", "ist-context",
        "ist files (flies ?x) in Tweety, which is not a context: name a context (CxName) or use a variable an antecedent binds");
    row("(ist CxBirds (bird Tweety))", "CxBirds", "", "context-escape",
        "entries go to the target context (CxBirds): write the sentence without ist");
}

void TstCritic::specMessages()
{
    QFETCH(QString, sentence);
    QFETCH(QString, context);
    QFETCH(QString, options);
    QFETCH(QString, type);
    QFETCH(QString, message);

    const QJsonObject parsedOptions = options.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(options.toUtf8()).object();
    const std::vector<check::Problem> problems = m_critic->check(sentence, context, parsedOptions);
    const check::Problem *problem = find(problems, type);
    QVERIFY2(problem, qPrintable(types(problems).join(u',')));
    QCOMPARE(problem->message, message);
}

void TstCritic::messageNamesTerm_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("type");
    QTest::addColumn<QString>("term");

    const auto row = [](const char *type, const char *sentence, const char *context, const char *term) {
        QTest::addRow("%s: %s", type, sentence)
            << QString::fromUtf8(sentence) << QString::fromUtf8(context) << QString::fromUtf8(type) << QString::fromUtf8(term);
    };
    row("shape", "Tweety", "CxBirds", "Tweety");
    row("shape", "(bird Tweety)", "Cx Birds", "Cx Birds");
    row("unknown-option", "(bird Tweety)", "CxBirds", "direction");
    row("context-escape", "(ist CxFish (fish Nemo))", "CxBirds", "CxBirds");
    row("not-well-formed", "(comment bird 42)", "CxLife", "42");
    row("not-well-formed", "(not (implies (bird ?x) (flies ?x)))", "CxBirds", "(implies (bird ?x) (flies ?x))");
    row("not-well-formed", "(genl bird animal thing)", "CxBirds", "genl");
    row("not-well-formed", "(lessThan 1 2)", "CxBirds", "lessThan");
    row("not-well-formed", "(implies (ist CxLife (bird ?x)) (flies ?x))", "CxBirds", "(ist CxLife (bird ?x))");
    row("not-well-formed", "(genl Tweety bird)", "CxBirds", "Tweety");
    row("context-name", "(bird Tweety)", "cxBirds", "cxBirds");
    row("functor", "(implies (bird ?x) (CanFly ?x))", "CxBirds", "CanFly");
    row("lexeme-functor", "(lex/flies Tweety)", "CxBirds", "lex/flies");
    row("functor-arity", "(abrasive-grit Opus Tweety)", "CxBirds", "abrasive-grit");
    row("argument", "(friendOf Baby_Penguin Opus)", "CxBirds", "Baby_Penguin");
    row("ist-context", "(implies (bird ?x) (ist birds (flies ?x)))", "CxBirds", "birds");
    row("dot-marker", "(livesIn Opus . Antarctica)", "CxBirds", "'.'");
    row("not-ground", "(livesIn Opus ?where)", "CxBirds", "?where");
    row("not-ground", "(bird _)", "CxBirds", "_");
    row("not-range-restricted", "(implies (and (bird ?x) (lessThan ?year 2000)) (flies ?x))", "CxBirds", "?year");
    row("exception-not-closed", "(exceptWhen (penguin _) (set/defaultRule (implies (bird ?x) (flies ?x))))", "CxBirds", "(penguin _)");
    row("not-indexable", "(implies (?pred . ?args) (ist CxLife (?pred . ?args)))", "CxCore", "(?pred . ?args)");
    row("not-stratified", "(implies (flies ?x) (penguin ?x))", "CxBirds", "penguin");
    row("not-stratified", "(genl travels penguin)", "CxBirds", "(genl travels penguin)");
    row("not-stratified", "(implies (and (bird ?x) (unknown (flies ?x))) (penguin ?x))", "CxBirds", "tests unknown flies");
    row("arity", "(migrates Tweety Antarctica)", "CxBirds", "migrates");
    row("arity", "(arg livesIn 3 place)", "CxBirds", "livesIn");
    row("arity", "(genl migrates livesIn)", "CxBirds", "migrates");
    row("arg-type", "(livesIn Tweety Opus)", "CxBirds", "Opus");
    row("disjoint", "(fish Opus)", "CxBirds", "Opus");
    row("asymmetric", "(motherOf Pingu Opus)", "CxBirds", "(parentOf Opus Pingu)");
    row("functional", "(nestsIn Tweety 42)", "CxBirds", "42");
    row("irreflexive", "(motherOf Pingu Pingu)", "CxBirds", "(motherOf Pingu Pingu)");
    row("isa-membership", "(isa Tweety Canary)", "CxBirds", "Canary");
    row("functional-coreference", "(nestsIn Tweety Garden)", "CxBirds", "Garden");
    row("already-stored", "(set/forwardRule (exceptWhen (penguin ?x) (implies (bird ?x) (flies ?x))))", "CxBirds", "CxBirds");
}

void TstCritic::messageNamesTerm()
{
    QFETCH(QString, sentence);
    QFETCH(QString, context);
    QFETCH(QString, type);
    QFETCH(QString, term);

    const QJsonObject options = type == QLatin1String("unknown-option")
        ? QJsonObject { { QStringLiteral("direction"), QStringLiteral("forward") } }
        : QJsonObject();
    const std::vector<check::Problem> problems = m_critic->check(sentence, context, options);
    const check::Problem *problem = find(problems, type);
    QVERIFY2(problem, qPrintable(types(problems).join(u',')));
    QVERIFY2(problem->message.contains(term), qPrintable(problem->message));
}

void TstCritic::namingReportsAllInCategoryOrder()
{
    // Context first, then functors, then arguments, then ist slots, then dot markers.
    const std::vector<check::Problem> problems
        = m_critic->check(QStringLiteral("(implies (Bird ?x) (ist Tweety (livesIn ?x South_Pole . Far_Away)))"), QStringLiteral("birds"));
    QCOMPARE(types(problems),
        QStringList({ QStringLiteral("context-name"), QStringLiteral("functor"), QStringLiteral("argument"), QStringLiteral("argument"),
            QStringLiteral("ist-context"), QStringLiteral("dot-marker") }));
    QVERIFY(problems.at(2).message.contains(QLatin1String("South_Pole")));
    QVERIFY(problems.at(3).message.contains(QLatin1String("Far_Away")));
    // Spans point at the named sub-term of the candidate text.
    QVERIFY(problems.at(1).span.has_value());
    QCOMPARE(problems.at(1).span->column, 11u);
}

void TstCritic::stratificationNamesTheLoop()
{
    // R1 is the exceptWhen rule of CxBirds; the message names it by file line.
    std::uint32_t r1Line = 0;
    for (const kb::SentenceId id : m_kb->sentencesIn(*kb::findSymbol("CxBirds"))) {
        if (m_kb->sentence(id).term.isForm(kb::sym::exceptWhen))
            r1Line = m_kb->sentence(id).term.span().line;
    }
    QVERIFY(r1Line > 0);
    const std::vector<check::Problem> problems
        = m_critic->check(QStringLiteral("(implies (flies ?x) (penguin ?x))"), QStringLiteral("CxBirds"));
    QCOMPARE(problems.size(), 1u);
    QCOMPARE(problems.front().message,
        QStringLiteral("not stratified: this rule closes a loop through negation: this rule -> depends on flies -> rule CxBirds:%1 -> "
                       "excepts on penguin -> this rule")
            .arg(r1Line));
    // Positive recursion is fine, and an inert rule is no node.
    QCOMPARE(
        verdict(m_critic->check(QStringLiteral("(implies (travels ?x) (flies ?x))"), QStringLiteral("CxBirds"))), QStringLiteral("ok"));
    QCOMPARE(verdict(m_critic->check(QStringLiteral("(set/inertRule (implies (flies ?x) (penguin ?x)))"), QStringLiteral("CxBirds"))),
        QStringLiteral("ok"));
}

void TstCritic::notComparedWithItself()
{
    // Every sentence of the example KB, checked in its own context as stored there, is clean.
    for (const kb::SymbolId context : m_kb->contexts()) {
        for (const kb::SentenceId id : m_kb->sentencesIn(context)) {
            const kb::SentenceInfo &info = m_kb->sentence(id);
            const std::vector<check::Problem> problems
                = m_critic->check(info.term, kb::symbolString(context), {}, check::Origin::StoredHere);
            QVERIFY2(problems.empty(), qPrintable(kb::symbolString(context) + QLatin1String(": ") + types(problems).join(u',')));
        }
    }
}

void TstCritic::checkBatch()
{
    // §5.5's table.
    const QStringList sentences { QStringLiteral("(birthYearOf Opus 2018)"), QStringLiteral("(birthYearOf Opus 2020)"),
        QStringLiteral("(nestsIn Opus Iceberg)"), QStringLiteral("(nestsIn Opus Floe)"), QStringLiteral("(birthYearOf Opus 2018)"),
        QStringLiteral("(friendOf Pingu Opus)"), QStringLiteral("(friendOf Opus Pingu)") };
    const QStringList expected { QStringLiteral("ok"), QStringLiteral("functional"), QStringLiteral("ok"),
        QStringLiteral("functional-coreference"), QStringLiteral("duplicate-in-batch"), QStringLiteral("ok"),
        QStringLiteral("duplicate-in-batch") };
    std::vector<check::Entry> entries;
    for (const QString &s : sentences)
        entries.push_back({ s, QStringLiteral("CxBirds"), {} });
    const std::vector<std::vector<check::Problem>> results = m_critic->checkBatch(entries);
    QCOMPARE(results.size(), entries.size());
    QStringList verdicts;
    for (const auto &problems : results)
        verdicts.append(verdict(problems));
    QCOMPARE(verdicts, expected);
    QCOMPARE(find(results[1], QStringLiteral("functional"))->message,
        QStringLiteral("functional: Opus already has birthYearOf 2018 (entry 0 in this batch), so it cannot also have 2020"));
    QCOMPARE(find(results[4], QStringLiteral("duplicate-in-batch"))->message, QStringLiteral("duplicate of entry 0 in this batch"));

    // Each entry alone passes: the clashes come from the overlay only.
    for (const check::Entry &entry : entries)
        QVERIFY(!check::hasBlocking(m_critic->check(entry.sentence, entry.context)));
    // An entry in a context that does not see the earlier one does not clash with it.
    const auto apart = m_critic->checkBatch({ { QStringLiteral("(birthYearOf Opus 2018)"), QStringLiteral("CxFish"), {} },
        { QStringLiteral("(birthYearOf Opus 2020)"), QStringLiteral("CxBirds"), {} } });
    QCOMPARE(verdict(apart[1]), QStringLiteral("ok"));
    // A refused entry does not enter the overlay.
    const auto refused = m_critic->checkBatch({ { QStringLiteral("(birthYearOf Opus ?y)"), QStringLiteral("CxBirds"), {} },
        { QStringLiteral("(birthYearOf Opus ?y)"), QStringLiteral("CxBirds"), {} } });
    QCOMPARE(verdict(refused[1]), QStringLiteral("not-ground"));

    // Compound values clash like symbols, stored first or checked second.
    const auto compound = m_critic->checkBatch({ { QStringLiteral("(nestsIn Opus (NestFn Iceberg))"), QStringLiteral("CxBirds"), {} },
        { QStringLiteral("(nestsIn Opus Floe)"), QStringLiteral("CxBirds"), {} },
        { QStringLiteral("(nestsIn Opus (NestFn Floe))"), QStringLiteral("CxBirds"), {} },
        { QStringLiteral("(nestsIn Opus (NestFn Iceberg))"), QStringLiteral("CxBirds"), {} } });
    QCOMPARE(verdict(compound[0]), QStringLiteral("ok"));
    QCOMPARE(verdict(compound[1]), QStringLiteral("functional"));
    QCOMPARE(find(compound[1], QStringLiteral("functional"))->message,
        QStringLiteral("functional: Opus already has nestsIn (NestFn Iceberg) (entry 0 in this batch), so it cannot also have Floe"));
    QCOMPARE(verdict(compound[2]), QStringLiteral("functional"));
    QCOMPARE(verdict(compound[3]), QStringLiteral("duplicate-in-batch"));
}

void TstCritic::contextShape_data()
{
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("expected");
    QTest::addRow("empty") << QString() << QStringLiteral("shape");
    QTest::addRow("two symbols") << QStringLiteral("Cx Birds") << QStringLiteral("shape");
    QTest::addRow("a list") << QStringLiteral("(CxBirds)") << QStringLiteral("shape");
    QTest::addRow("a variable") << QStringLiteral("?cx") << QStringLiteral("shape");
    QTest::addRow("not a context name") << QStringLiteral("Birds") << QStringLiteral("context-name");
    QTest::addRow("unknown context") << QStringLiteral("CxNowhere") << QStringLiteral("ok");
}

void TstCritic::contextShape()
{
    QFETCH(QString, context);
    QFETCH(QString, expected);
    QCOMPARE(verdict(m_critic->check(QStringLiteral("(bird Tweety)"), context)), expected);
}

void TstCritic::reentrant()
{
    // One critic, many threads: the same answers as one thread (the rule graph is built once).
    const check::Critic critic(*m_kb);
    std::vector<check::Entry> entries;
    QFile table(QStringLiteral(FANVA_TEST_DATA_DIR "/check/acceptance.tsv"));
    QVERIFY(table.open(QIODevice::ReadOnly | QIODevice::Text));
    while (!table.atEnd()) {
        const QStringList cells = QString::fromUtf8(table.readLine()).chopped(1).split(u'\t');
        if (cells.size() == 4 && cells.at(2).isEmpty())
            entries.push_back({ cells.at(0), cells.at(1), {} });
    }
    std::vector<std::vector<check::Problem>> expected;
    for (const check::Entry &entry : entries)
        expected.push_back(m_critic->check(entry.sentence, entry.context));

    std::vector<std::vector<std::vector<check::Problem>>> results(4);
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
        threads.emplace_back([&, t] {
            for (const check::Entry &entry : entries)
                results[t].push_back(critic.check(entry.sentence, entry.context));
        });
    }
    for (std::thread &thread : threads)
        thread.join();
    for (const auto &result : results)
        QVERIFY(result == expected);
}

QTEST_GUILESS_MAIN(TstCritic)
#include "tst_critic.moc"
