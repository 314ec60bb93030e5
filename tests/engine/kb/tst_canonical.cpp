// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/canonical.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include "sharedcorpus.h"

#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva::kb;

namespace {

OwnedTerm read(const QString &text)
{
    SentenceParse parsed = parseSentence(text);
    if (!parsed.sentence)
        return {};
    return *parsed.sentence;
}

QStringList kbFiles(const QString &dir)
{
    QStringList files;
    QDirIterator it(dir, { QStringLiteral("*.txt") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

// Every file of the example KB, the zoo KB and (when FANVA_SHARED_DIR has it) the shared
// vaelii KB; without the shared KB, one empty path stands for it, and its row skips.
QStringList sources()
{
    using namespace fanva::testsupport;
    const QStringList shared
        = sharedMissing(u"corpus/vaelii-kb").isEmpty() ? kbFiles(sharedPath(u"corpus/vaelii-kb")) : QStringList { QString() };
    return shared + kbFiles(testDataPath(u"kb/example")) + kbFiles(testDataPath(u"kb/zoo"));
}

Document readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return parseDocument(file.readAll(), path);
}

SymbolSet symmetricIn(const std::vector<Document> &documents)
{
    SymbolSet symmetric;
    for (const Document &document : documents) {
        for (const Term s : document.sentences) {
            if (s.isForm(sym::symmetric) && s.size() == 2)
                symmetric.insert(s.at(1).symbol());
        }
    }
    return symmetric;
}

} // namespace

class TstCanonical : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identity_data();
    void identity();
    void canonicalText_data();
    void canonicalText();
    void roles_data();
    void roles();
    void literalWalk_data();
    void literalWalk();
    void layout_data();
    void layout();
    void roundTrip_data();
    void roundTrip();
    void formatDocument_data();
    void formatDocument();
    void formatKeepsTrivia();
};

// kb-language.md §6: the must-be-equal / must-differ table (friendOf is symmetric).
void TstCanonical::identity_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("equal");
    const QString r = QStringLiteral("(implies (bird ?x) (flies ?x))");
    QTest::addRow("and of one") << QStringLiteral("(implies (bird ?x) (flies ?x))")
                                << QStringLiteral("(implies (and (bird ?y)) (flies ?y))") << true;
    QTest::addRow("wrappers peeled") << QStringLiteral("(set/forwardRule (set/defaultRule %1))").arg(r) << r << true;
    QTest::addRow("symmetric ground") << QStringLiteral("(friendOf Tweety Opus)") << QStringLiteral("(friendOf Opus Tweety)") << true;
    QTest::addRow("antecedent order") << QStringLiteral("(implies (and (parentOf ?a ?b) (parentOf ?b ?c)) (grandparentOf ?a ?c))")
                                      << QStringLiteral("(implies (and (parentOf ?y ?z) (parentOf ?x ?y)) (grandparentOf ?x ?z))") << true;
    QTest::addRow("exceptions collected") << QStringLiteral("(exceptWhen [(penguin ?x) (sick ?x)] %1)").arg(r)
                                          << QStringLiteral("(exceptWhen (sick ?x) (exceptWhen (penguin ?x) %1))").arg(r) << true;
    QTest::addRow("greaterThan turned") << QStringLiteral("(implies (and (birthYearOf ?x ?a) (greaterThan ?a 2000)) (young ?x))")
                                        << QStringLiteral("(implies (and (birthYearOf ?x ?a) (lessThan 2000 ?a)) (young ?x))") << true;
    QTest::addRow("double negation") << QStringLiteral("(not (not (bird Tweety)))") << QStringLiteral("(bird Tweety)") << true;
    QTest::addRow("unknown conjunction sorted")
        << QStringLiteral("(implies (and (bird ?x) (unknown (and (sick ?x) (penguin ?x) (sick ?x)))) (flies ?x))")
        << QStringLiteral("(implies (and (bird ?x) (unknown (and (penguin ?x) (sick ?x)))) (flies ?x))") << true;
    QTest::addRow("chain of four, scrambled") << QStringLiteral("(implies (and (p ?a ?b) (p ?b ?c) (p ?c ?d) (p ?d ?e)) (q ?a ?e))")
                                              << QStringLiteral("(implies (and (p ?w ?v) (p ?y ?x) (p ?z ?y) (p ?x ?w)) (q ?z ?v))")
                                              << true;
    // Past the search's budget (§6 "Search", Fanva's rule) a run of alike literals keeps
    // its written order. Alike literals over variables of their own still number the same;
    // the order they were written in decides which one a shared variable numbers first.
    QString alike;
    QString alikeReversed;
    for (int i = 0; i < 300; ++i) {
        alike += QStringLiteral(" (p ?v%1)").arg(i);
        alikeReversed += QStringLiteral(" (p ?v%1)").arg(299 - i);
    }
    QTest::addRow("300 alike antecedents") << QStringLiteral("(implies (and%1) (q ?w))").arg(alike)
                                           << QStringLiteral("(implies (and%1) (q ?w))").arg(alikeReversed) << true;
    QTest::addRow("number text") << QStringLiteral("(heightOf Tower 2.50)") << QStringLiteral("(heightOf Tower +2.5)") << true;

    QTest::addRow("exception is identity") << QStringLiteral("(exceptWhen (penguin ?x) %1)").arg(r) << r << false;
    QTest::addRow("negation") << QStringLiteral("(not (bird Tweety))") << QStringLiteral("(bird Tweety)") << false;
    QTest::addRow("pattern never reordered") << QStringLiteral("(implies (friendOf ?x Opus) (bird ?x))")
                                             << QStringLiteral("(implies (friendOf Opus ?x) (bird ?x))") << false;
    QTest::addRow("integer and decimal") << QStringLiteral("(birthYearOf Tweety 2019)") << QStringLiteral("(birthYearOf Tweety 2019.0)")
                                         << false;
    QTest::addRow("held order kept") << QStringLiteral("(implies (and (p ?x ?y) (evaluate ?z (+ ?y 1)) (lessThan ?z 9)) (q ?x))")
                                     << QStringLiteral("(implies (and (p ?x ?y) (lessThan ?z 9) (evaluate ?z (+ ?y 1))) (q ?x))") << false;
    QTest::addRow("exists is identity") << QStringLiteral("(implies (bird ?x) (exists ?y (nestsIn ?x ?y)))")
                                        << QStringLiteral("(implies (bird ?x) (nestsIn ?x ?y))") << false;
    QTest::addRow("non-symmetric ground") << QStringLiteral("(parentOf Opus Pingu)") << QStringLiteral("(parentOf Pingu Opus)") << false;
}

void TstCanonical::identity()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, equal);
    const SymbolSet symmetric { intern("friendOf") };
    const OwnedTerm ta = read(a);
    const OwnedTerm tb = read(b);
    QVERIFY(!ta.term.isNull());
    QVERIFY(!tb.term.isNull());
    const QString keyA = QString::fromStdString(canonicalKey(ta.term, symmetric));
    const QString keyB = QString::fromStdString(canonicalKey(tb.term, symmetric));
    if (equal)
        QCOMPARE(keyA, keyB);
    else
        QVERIFY2(keyA != keyB, qPrintable(keyA));
}

void TstCanonical::canonicalText_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("key");
    QTest::addRow("rule") << QStringLiteral("(set/defaultRule (implies (and (parentOf ?y ?z) (parentOf ?x ?y)) (grandparentOf ?x ?z)))")
                          << QStringLiteral("(implies (and (parentOf ?0 ?1) (parentOf ?1 ?2)) (grandparentOf ?0 ?2))");
    QTest::addRow("exceptions") << QStringLiteral("(exceptWhen (sick ?x) (exceptWhen (penguin ?x) (implies (bird ?x) (flies ?x))))")
                                << QStringLiteral("(exceptWhen [(penguin ?0) (sick ?0)] (implies (bird ?0) (flies ?0)))");
    QTest::addRow("held after generators")
        << QStringLiteral("(implies (and (lessThan ?bx ?by) (birthYearOf ?y ?by) (birthYearOf ?x ?bx)) (olderThan ?x ?y))")
        << QStringLiteral("(implies (and (birthYearOf ?0 ?1) (birthYearOf ?2 ?3) (lessThan ?1 ?3)) (olderThan ?0 ?2))");
    QTest::addRow("anonymous apart") << QStringLiteral("(implies (livesIn ?x _) (placed ?x _))")
                                     << QStringLiteral("(implies (livesIn ?0 ?1) (placed ?0 ?2))");
    QTest::addRow("fact") << QStringLiteral("(friendOf Tweety Opus)") << QStringLiteral("(friendOf Opus Tweety)");
    QTest::addRow("negated rule") << QStringLiteral("(not (implies (bird ?q) (flies ?q)))")
                                  << QStringLiteral("(not (implies (bird ?0) (flies ?0)))");
}

void TstCanonical::canonicalText()
{
    QFETCH(QString, sentence);
    QFETCH(QString, key);
    const SymbolSet symmetric { intern("friendOf") };
    const OwnedTerm term = read(sentence);
    QCOMPARE(QString::fromStdString(canonicalKey(term.term, symmetric)), key);
    QCOMPARE(renderFlat(canonicalize(term.term, symmetric).term), key);
}

// kb-language.md §3: roles from spelling alone.
void TstCanonical::roles_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("role");
    QTest::addColumn<bool>("type");
    QTest::addRow("variable") << QStringLiteral("?x") << QStringLiteral("variable") << false;
    QTest::addRow("anonymous") << QStringLiteral("_") << QStringLiteral("variable") << false;
    QTest::addRow("integer") << QStringLiteral("2019") << QStringLiteral("number") << false;
    QTest::addRow("string") << QStringLiteral("\"text\"") << QStringLiteral("string") << false;
    QTest::addRow("lexeme") << QStringLiteral("lex/fool's_gold") << QStringLiteral("lexeme") << false;
    QTest::addRow("context") << QStringLiteral("CxBirds") << QStringLiteral("context") << false;
    QTest::addRow("cx namespace") << QStringLiteral("cx/birds") << QStringLiteral("context") << false;
    QTest::addRow("individual") << QStringLiteral("Tweety") << QStringLiteral("individual") << false;
    QTest::addRow("Cx alone is an individual") << QStringLiteral("Cxbirds") << QStringLiteral("individual") << false;
    QTest::addRow("predicate") << QStringLiteral("livesIn") << QStringLiteral("predicate") << false;
    QTest::addRow("bare word is predicate and type") << QStringLiteral("bird") << QStringLiteral("predicate") << true;
    QTest::addRow("sense") << QStringLiteral("abrasive-grit") << QStringLiteral("sense") << true;
    QTest::addRow("type") << QStringLiteral("physical_object") << QStringLiteral("type") << true;
    QTest::addRow("other namespace reads the name") << QStringLiteral("agg/count") << QStringLiteral("predicate") << true;
    QTest::addRow("none") << QStringLiteral("Baby_Penguin") << QStringLiteral("none") << false;
    QTest::addRow("function spelled as individual") << QStringLiteral("QuantityFn") << QStringLiteral("individual") << false;
}

void TstCanonical::roles()
{
    QFETCH(QString, text);
    QFETCH(QString, role);
    QFETCH(bool, type);
    const OwnedTerm term = read(QStringLiteral("(p %1)").arg(text));
    QVERIFY(!term.term.isNull());
    const Term atom = term.term.at(1);
    QCOMPARE(QString(roleName(termRole(atom))), role);
    if (atom.isSymbol())
        QCOMPARE(isTypeName(atom.name()), type);
}

void TstCanonical::literalWalk_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QStringList>("expected");
    QTest::addRow("fact") << QStringLiteral("(mass Rock1 (QuantityFn 5 Kilogram))")
                          << QStringList { QStringLiteral("sentence (mass Rock1 (QuantityFn 5 Kilogram))") };
    QTest::addRow("rule") << QStringLiteral("(implies (and (bird ?x) (not (penguin ?x))) (flies ?x))")
                          << QStringList { QStringLiteral("rule antecedent (bird ?x)"), QStringLiteral("rule antecedent (penguin ?x)"),
                                 QStringLiteral("rule consequent (flies ?x)") };
    QTest::addRow("exception") << QStringLiteral(
        "(exceptWhen [(penguin ?x) (sick ?x)] (set/defaultRule (implies (bird ?x) (ist CxBirds (flies ?x)))))")
                               << QStringList { QStringLiteral("exceptWhen exception (penguin ?x)"),
                                      QStringLiteral("exceptWhen exception (sick ?x)"), QStringLiteral("rule antecedent (bird ?x)"),
                                      QStringLiteral("rule consequent (flies ?x)") };
    QTest::addRow("aggregate and unknown") << QStringLiteral(
        "(implies (and (agg/count ?n ?c (childOf ?c ?x)) (unknown (adopted ?x))) (childCount ?x ?n))")
                                           << QStringList { QStringLiteral("rule antecedent (childOf ?c ?x)"),
                                                  QStringLiteral("rule antecedent (adopted ?x)"),
                                                  QStringLiteral("rule consequent (childCount ?x ?n)") };
    QTest::addRow("dotted") << QStringLiteral("(implies (?pred . ?args) (ist CxUniverse (?pred . ?args)))")
                            << QStringList { QStringLiteral("rule antecedent (?pred . ?args)"),
                                   QStringLiteral("rule consequent (?pred . ?args)") };
}

void TstCanonical::literalWalk()
{
    QFETCH(QString, sentence);
    QFETCH(QStringList, expected);
    const OwnedTerm term = read(sentence);
    QStringList actual;
    for (const Literal &literal : literals(term.term))
        actual << QString(literalRoleName(literal.role)) + QLatin1Char(' ') + renderFlat(literal.term);
    QCOMPARE(actual, expected);
    if (sentence.contains(QLatin1String("ist CxBirds"))) {
        const std::vector<Term> slots = istSlots(term.term);
        QCOMPARE(slots.size(), std::size_t(1));
        QCOMPARE(renderFlat(slots.front()), QStringLiteral("CxBirds"));
    }
}

// kb-language.md §7: the layout rules, with the shipped example.
void TstCanonical::layout_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("rendered");
    QTest::addRow("flat") << QStringLiteral("(genl  bird\n animal)") << QStringLiteral("(genl bird animal)");
    QTest::addRow("backward rule") << QStringLiteral(
        "(set/backwardRule (implies (and (birthYearOf ?x ?bx) (birthYearOf ?y ?by) (lessThan ?bx ?by)) (olderThan ?x ?y)))")
                                   << QStringLiteral("(set/backwardRule\n"
                                                     "  (implies (and (birthYearOf ?x ?bx) (birthYearOf ?y ?by) (lessThan ?bx ?by))\n"
                                                     "           (olderThan ?x ?y)))");
    QTest::addRow("exceptWhen always breaks") << QStringLiteral(
        "(exceptWhen (penguin ?x) (set/defaultRule (implies (bird ?x) (flies ?x))))")
                                              << QStringLiteral(
                                                     "(exceptWhen (penguin ?x)\n  (set/defaultRule (implies (bird ?x) (flies ?x))))");
    QTest::addRow("comment")
        << QStringLiteral("(comment livesIn \"(livesIn ?a ?p) means that the animal ?a lives in the place ?p, most of the year.\")")
        << QStringLiteral(
               "(comment livesIn\n         \"(livesIn ?a ?p) means that the animal ?a lives in the place ?p, most of the year.\")");
    QTest::addRow("escapes") << QStringLiteral("(comment x \"tab\\there \\u0001\")")
                             << QStringLiteral("(comment x \"tab\\there \\u0001\")");
    QTest::addRow("column 80 is flat") << QStringLiteral("(p %1)").arg(QString(75, QLatin1Char('a')))
                                       << QStringLiteral("(p %1)").arg(QString(75, QLatin1Char('a')));
    QTest::addRow("column 80 with more elements is flat")
        << QStringLiteral("(p %1 b)").arg(QString(74, QLatin1Char('a'))) << QStringLiteral("(p %1 b)").arg(QString(74, QLatin1Char('a')));
    QTest::addRow("column 81 breaks") << QStringLiteral("(p %1 b)").arg(QString(75, QLatin1Char('a')))
                                      << QStringLiteral("(p %1\n   b)").arg(QString(75, QLatin1Char('a')));
}

void TstCanonical::layout()
{
    QFETCH(QString, sentence);
    QFETCH(QString, rendered);
    const OwnedTerm term = read(sentence);
    QVERIFY(!term.term.isNull());
    QCOMPARE(render(term.term), rendered);
}

// §7's round-trip contract on every sentence of the corpus, the example and the zoo KB.
void TstCanonical::roundTrip_data()
{
    QTest::addColumn<QString>("path");
    for (const QString &path : sources()) {
        if (path.isEmpty())
            QTest::addRow("vaelii-kb") << path;
        else
            QTest::addRow("%s/%s", qPrintable(QFileInfo(path).dir().dirName()), qPrintable(QFileInfo(path).fileName())) << path;
    }
}

void TstCanonical::roundTrip()
{
    QFETCH(QString, path);
    if (path.isEmpty())
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const std::vector<Document> documents { readFile(path) };
    const Document &document = documents.front();
    QVERIFY(!document.sentences.empty());
    QVERIFY(!document.hasErrors());
    const SymbolSet symmetric = symmetricIn(documents);
    for (const Term s : document.sentences) {
        const std::string key = canonicalKey(s, symmetric);
        // The loader's fast path, copying symbols from the text, gives the same key.
        QCOMPARE(canonicalKey(s, symmetric, std::string_view(document.text.constData(), std::size_t(document.text.size()))), key);
        for (const bool canonical : { false, true }) {
            const QString text = canonical ? renderCanonical(s, symmetric) : render(s);
            const SentenceParse again = parseSentence(text);
            QVERIFY2(again.sentence, qPrintable(text));
            if (!canonical)
                QVERIFY2(sameTerm(again.sentence->term, s), qPrintable(text));
            QCOMPARE(canonicalKey(again.sentence->term, symmetric), key);
            QCOMPARE(render(again.sentence->term), text);
        }
    }
}

// fmt: the corpus, the example and the zoo KB reformat to text with the same keys, and
// formatting again changes nothing.
void TstCanonical::formatDocument_data()
{
    roundTrip_data();
}

void TstCanonical::formatDocument()
{
    QFETCH(QString, path);
    if (path.isEmpty())
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const Document original = readFile(path);
    const QByteArray once = fanva::kb::formatDocument(original);
    const Document reread = parseDocument(once, path);
    QVERIFY(!reread.hasErrors());
    QCOMPARE(reread.sentences.size(), original.sentences.size());
    for (std::size_t i = 0; i < original.sentences.size(); ++i)
        QCOMPARE(canonicalKey(reread.sentences[i]), canonicalKey(original.sentences[i]));
    QCOMPARE(fanva::kb::formatDocument(reread), once);
}

void TstCanonical::formatKeepsTrivia()
{
    const QByteArray text(";; header   \n\n(genl  bird animal)   ; why\n   (genl fish animal) (genl mammal animal)\r\n\n\n;; end\n\n");
    const QByteArray expected(";; header\n\n(genl bird animal)   ; why\n(genl fish animal)\n(genl mammal animal)\n\n\n;; end\n");
    QCOMPARE(fanva::kb::formatDocument(parseDocument(text)), expected);
}

QTEST_GUILESS_MAIN(TstCanonical)
#include "tst_canonical.moc"
