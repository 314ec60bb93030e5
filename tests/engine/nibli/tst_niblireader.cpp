// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The nibli reader (nibli-kr.md §2): lexical errors, positions, recovery and limits; the
// resolver's declaration rules (§3.6); fmt (§5.5); keys (§5.3); KB load (§1.2).
#include "lang/nibli/checks.h"
#include "lang/nibli/highlight.h"
#include "lang/nibli/knowledgebase.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva::lang::nibli;

namespace {

QString firstDiagnostic(const std::string &text)
{
    const ReadResult r = read(text);
    if (r.diagnostics.empty())
        return QStringLiteral("ok");
    const Diagnostic &d = r.diagnostics.front();
    return QString::fromStdString(d.id) + QLatin1Char(' ') + QString::number(d.line) + QLatin1Char(':') + QString::number(d.column);
}

QString firstProblem(const std::string &text)
{
    ReadResult r = read(text);
    if (!r.diagnostics.empty() || r.statements.size() != 1)
        return QStringLiteral("unread");
    const Vocabulary vocabulary(Lexicon::builtin());
    auto problems = resolve(r.statements.front(), vocabulary);
    if (problems.empty())
        return QStringLiteral("ok");
    locate(problems, LineIndex(text));
    return QString::fromStdString(problems.front().id) + QLatin1Char(' ') + QString::number(problems.front().line) + QLatin1Char(':')
        + QString::number(problems.front().column);
}

} // namespace

class TstNibliReader final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void diagnostics_data();
    void diagnostics();
    void messages();
    void recovery();
    void limits();
    void spans();
    void declarations_data();
    void declarations();
    void keys_data();
    void keys();
    void formatKeepsComments();
    void load();
    void highlight();
};

void TstNibliReader::diagnostics_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    const auto row
        = [](const char *text, const char *expected) { QTest::addRow("%s", text) << QByteArray(text) << QString::fromUtf8(expected); };
    row("goes(me).", "ok");
    row("\xEF\xBB\xBFgoes(me).", "ok");
    row("goes(me).\r\n", "ok");
    row("goes(\"naïve\", me).", "ok");
    row("# naïve\ngoes(λ).", "character 2:6");
    row("goes(me)\x01.", "character 1:9");
    row("goes(me) - eats(you).", "character 1:10");
    row("goes(me) < eats(you).", "character 1:10");
    row("goes(me) / eats(you).", "character 1:10");
    row("goes(me); eats(you).", "character 1:9");
    row("goes(\"a\xFF\").", "encoding 1:8");
    row("goesTo(me).", "word-malformed 1:1");
    row("goes(_me).", "word-malformed 1:6");
    row("goes(2x).", "number-malformed 1:6");
    row("goes(2.5x).", "number-malformed 1:6");
    row("goes($X).", "variable-malformed 1:6");
    row("goes($).", "variable-malformed 1:6");
    row("goes(\"open).", "string-unterminated 1:6");
    row("goes(\"a\\n\").", "string-escape 1:8");
    row("goes(\"a\rb\").", "character 1:8");
    row("goes(me). /* never closed", "comment-unterminated 1:11");
    row("goes(me /* a */ ).", "ok");
    row("it(me).", "reserved-word 1:1");
    row("goes(me, the: you).", "reserved-word 1:10");
    row("pred all(x).", "reserved-word 1:6");
    row("pred consents(who, it).", "reserved-word 1:20");
    row("past past goes(me).", "prefix-duplicate 1:6");
    row("must may goes(me).", "prefix-duplicate 1:6");
    row("~~goes(me).", "negation-double 1:2");
    row("red(exactly 2.5 red).", "count-not-whole 1:13");
    row("goes(me)", "syntax 1:9");
    row("goes me.", "syntax 1:6");
    row("goes(me) & all $x: dog($x).", "syntax 1:12");
    row("goes(me) & some dog $d: dog($d).", "syntax 1:12");
    row("goes(dog).", "syntax 1:6");
    row("goes(me) via (me).", "reserved-word 1:10");
    row("goes(me) via person.", "syntax 1:20");
    row("goes(a +b).", "syntax 1:6");
    row("computer + user(me).", "syntax 1:10");
    row("goes(me) .eats(you).", "ok");
    row("Kim = every person where approves.dog(Rex).", "ok");
    row("goes(2.).", "syntax 1:7");
    row("exactly x dog $d: goes($d).", "syntax 1:9");
    row("goes(event goes(me)).", "syntax 1:12");
}

void TstNibliReader::diagnostics()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QCOMPARE(firstDiagnostic(text.toStdString()), expected);
}

// Messages are pinned word for word where §7 gives them whole.
void TstNibliReader::messages()
{
    const auto message = [](const std::string &text) { return read(text).diagnostics.front().message; };
    QCOMPARE(message("goes(λ)."),
        std::string("non-ASCII character U+03BB outside a string or comment: nibli KR syntax is ASCII — put text in \"…\" or a # comment"));
    QCOMPARE(message("a - b."), std::string("character '-' is not part of nibli KR; '-' appears only in ->"));
    QCOMPARE(message("goesTo(me)."),
        std::string(
            "'goesTo' mixes cases: predicate words and labels are lowercase with underscores (write goes_to); Names start with a capital"));
    QCOMPARE(message("goes(me)"), std::string("expected '.' to end the statement, found the end of the text"));
    QCOMPARE(message("goes(me) \"x\"."), std::string("expected '.' to end the statement, found a string"));
    QCOMPARE(message("goes(\"a\xC3\")."), std::string("invalid UTF-8 (byte 0xC3) — save the file as UTF-8"));
    QCOMPARE(message("~past goes(me)."), std::string("'~' cannot stand before 'past': write the prefix first, then '~' (past ~goes(me))"));
    QCOMPARE(message("must past goes(me)."),
        std::string("'past' after 'must': an atom takes one tense (past, now, future) or one deontic (must, may), never both"));
}

// One diagnostic per failing statement; reading resumes after the next non-joined '.'.
void TstNibliReader::recovery()
{
    const ReadResult r = read("goes(me.eats(you)). eats(you).\ngoes(2x). dog(Rex).\nbad - one. good(X).");
    QCOMPARE(r.diagnostics.size(), size_t(3));
    QCOMPARE(r.diagnostics[0].id, std::string("syntax"));
    QCOMPARE(r.diagnostics[1].id, std::string("number-malformed"));
    QCOMPARE(r.diagnostics[2].id, std::string("character"));
    // `me.eats` is a joined dot, so reading resumes after `(you)).`
    QCOMPARE(r.statements.size(), size_t(3));
    QCOMPARE(r.statements[0].line, 1);
    QCOMPARE(r.statements[0].column, 21);
    QCOMPARE(r.statements[1].line, 2);
    QCOMPARE(r.statements[1].column, 11);
    QCOMPARE(r.statements[2].line, 3);
    QCOMPARE(r.statements[2].column, 12);
    // An encoding error ends reading: nothing after it is read.
    const ReadResult stopped = read(std::string("dog(Rex). \xFF cat(Rex). bird(Rex)."));
    QCOMPARE(stopped.statements.size(), size_t(1));
    QCOMPARE(stopped.diagnostics.size(), size_t(1));
    QCOMPARE(stopped.diagnostics[0].id, std::string("encoding"));
    const ReadResult nul = read(std::string("dog(Rex).\0cat(Rex).", 19));
    QCOMPARE(nul.diagnostics.size(), size_t(1));
    QCOMPARE(nul.diagnostics[0].message, std::string("NUL character — remove it"));
    QCOMPARE(nul.diagnostics[0].column, 10);
}

void TstNibliReader::limits()
{
    std::string deep = "goes(";
    for (int i = 0; i < 300; ++i)
        deep += "event { goes(";
    ReadResult r = read(deep + "me).");
    QCOMPARE(r.diagnostics.front().id, std::string("too-deep"));
    std::string nested;
    for (int i = 0; i < 100; ++i)
        nested += "event { goes(";
    nested = "goes(" + nested + "me";
    for (int i = 0; i < 100; ++i)
        nested += ") }";
    r = read(nested + ").");
    QVERIFY(r.diagnostics.empty());
    // A chain's operands count against the same limit (audit M10: 100,000 overflowed the stack).
    std::string chain = "goes(me)";
    for (int i = 1; i < 100000; ++i)
        chain += i % 2 ? " & goes(me)" : " | goes(me)";
    r = read(chain + ".");
    QCOMPARE(r.diagnostics.size(), size_t(1));
    QCOMPARE(r.diagnostics.front().id, std::string("too-deep"));
    std::string shortChain = "goes(me)";
    for (int i = 1; i < 200; ++i)
        shortChain += " & goes(me)";
    r = read(shortChain + ".");
    QVERIFY(r.diagnostics.empty());
    std::string errors;
    for (int i = 0; i < 150; ++i)
        errors += "goes(2x).\n";
    r = read(errors + "goes(me).");
    QCOMPARE(r.diagnostics.size(), size_t(101));
    QCOMPARE(r.diagnostics.back().id, std::string("too-many-errors"));
    QCOMPARE(r.diagnostics.back().line, 101);
    QVERIFY(r.statements.empty());
    std::string big = "goes(";
    big += std::string(309, '9');
    QCOMPARE(read(big + ").").diagnostics.front().id, std::string("number-range"));
    QVERIFY(read("goes(" + std::string(20, '0') + std::string(308, '9') + ").").diagnostics.empty());
}

void TstNibliReader::spans()
{
    const std::string text = "# head\n  goes(me) .\n/* a */ pred consents(who, what): \"{x1} consents to {x2}\".";
    const ReadResult r = read(text);
    QVERIFY(r.diagnostics.empty());
    QCOMPARE(r.statements.size(), size_t(2));
    QCOMPARE(text.substr(r.statements[0].begin, r.statements[0].end - r.statements[0].begin), std::string("goes(me) ."));
    QCOMPARE(r.statements[0].line, 2);
    QCOMPARE(r.statements[0].column, 3);
    QVERIFY(r.statements[1].isDeclaration);
    QCOMPARE(r.statements[1].declaration.reading, std::string("{x1} consents to {x2}"));
    QCOMPARE(r.statements[1].column, 9);
    QCOMPARE(r.statements[0].claim->predication.arguments.front().term.offset, uint32_t(14));
}

void TstNibliReader::declarations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected");
    const auto row = [](const char *text, const char *expected) {
        QTest::addRow("%s", text) << QString::fromUtf8(text) << QString::fromUtf8(expected);
    };
    row("pred consents(who, what).", "ok");
    row("pred pred(who).", "declaration-conflict 1:1");
    row("pred goes(who).", "declaration-conflict 1:1");
    row("pred consents(who, who).", "declaration-label 1:20");
    row("pred consents(x1, what).", "declaration-label 1:15");
    row("pred many(a, b, c, d, e, f).", "declaration-label 1:1");
    row("pred consents(who, what): \"{x1} consents to {x3}\".", "declaration-label 1:1");
    row("pred consents(who, what): \"{x1} consents to {x2}\".", "ok");
    row("goes(me, it).", "it-outside 1:10");
    row("goes(property { goes(slot) }).", "ok");
    row("goes(every loves(it)).", "linked-it 1:18");
    row("goes(every loves(loved: it, lover: it)).", "linked-it 1:29");
    row("goes(every goes(Ab, Bc, Cd, De, Ef)).", "too-many-arguments 1:33");
    row("goes(me, We).", "name-pronoun 1:10");
    row("goes(me, We_All, It).", "ok");
    row("klama+user(me).", "unknown-compound 1:1");
    row("goes(me, x2: you, destination: we).", "place-twice 1:19");
    row("klama(me) & zzz(me).", "unknown-predicate 1:1");
    row("dog(me) & zzz(me).", "unknown-predicate 1:11");
}

void TstNibliReader::declarations()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QCOMPARE(firstProblem(text.toStdString()), expected);
}

void TstNibliReader::keys_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<bool>("same");
    QTest::newRow("empty place") << "loves(_, Adam)."
                                 << "loves(loved: Adam)." << true;
    QTest::newRow("nested prenex") << "all $a: all $b: loves($a, $b)."
                                   << "all $x, $y: loves($x, $y)." << true;
    QTest::newRow("variable names") << "all $x: dog($x) -> animal($x)."
                                    << "all $d: dog($d) -> animal($d)." << true;
    QTest::newRow("raw labels") << "goes(me, x3: Adam)."
                                << "goes(me, origin: Adam)." << true;
    QTest::newRow("no") << "goes(no dog)."
                        << "goes(exactly 0 dog)." << true;
    QTest::newRow("converse kept") << "permitted(Adam)."
                                   << "permits(_, Adam)." << false;
    QTest::newRow("order kept") << "loves(lover: Adam, loved: Bob)."
                                << "loves(loved: Bob, lover: Adam)." << false;
    QTest::newRow("name case kept") << "dog(Adam)."
                                    << "dog(ADAM)." << false;
}

void TstNibliReader::keys()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(bool, same);
    const Vocabulary vocabulary(Lexicon::builtin());
    ReadResult ra = read(a.toStdString());
    ReadResult rb = read(b.toStdString());
    QVERIFY(resolve(ra.statements.front(), vocabulary).empty());
    QVERIFY(resolve(rb.statements.front(), vocabulary).empty());
    QCOMPARE(key(ra.statements.front()) == key(rb.statements.front()), same);
}

void TstNibliReader::formatKeepsComments()
{
    const Vocabulary vocabulary(Lexicon::builtin());
    const std::string text
        = "# a rule\ngoes( me ,destination:some market ).  # trailing\n\ngoes(me /* kept */, x2: you).\nloves(x1: Adam).";
    const auto formatted = format(text, vocabulary);
    QVERIFY(formatted);
    QCOMPARE(*formatted, std::string("# a rule\ngoes(me, some market).  # trailing\n\ngoes(me /* kept */, x2: you).\nloves(Adam)."));
    QCOMPARE(format(*formatted, vocabulary), formatted);
    QVERIFY(!format("goes(me", vocabulary));
    QVERIFY(!format("klama(me).", vocabulary));
}

void TstNibliReader::load()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto write = [&](const QString &name, const QByteArray &bytes) {
        QDir(dir.path()).mkpath(QFileInfo(dir.filePath(name)).path());
        QFile f(dir.filePath(name));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    };
    write(QStringLiteral("b.nibli"), "consents(Adam, Akmes).\ndog(Rex).\n");
    write(QStringLiteral("a.nibli"), "pred consents(who, what).\n");
    write(QStringLiteral("sub/c.nibli"), "dog( Rex ).\n");
    write(QStringLiteral(".hidden/d.nibli"), "klama(me).\n");
    write(QStringLiteral("notes.txt"), "not nibli\n");
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("b.nibli")), dir.filePath(QStringLiteral("link.nibli"))));
    KnowledgeBase::LoadResult loaded = KnowledgeBase::load(dir.path());
    QVERIFY(loaded.kb);
    QCOMPARE(KnowledgeBase::files(dir.path()),
        (QStringList { QStringLiteral("a.nibli"), QStringLiteral("b.nibli"), QStringLiteral("sub/c.nibli") }));
    QCOMPARE(loaded.kb->statements().size(), size_t(4));
    QStringList printed;
    for (const FileDiagnostic &d : loaded.diagnostics)
        printed << d.toString();
    QCOMPARE(printed,
        (QStringList { QStringLiteral("link.nibli:1:1: warning: symlink link.nibli not followed"),
            QStringLiteral("sub/c.nibli:1:1: warning: b.nibli:2 states the same claim") }));
    QCOMPARE(loaded.kb->withKey("dog(Rex).").size(), size_t(1));
    QCOMPARE(loaded.kb->spellingOf("ADAM"), std::string("Adam"));

    write(QStringLiteral("e.nibli"), "pred consents(who, what, when).\ngoes(me, 2x).\n");
    loaded = KnowledgeBase::load(dir.path());
    QVERIFY(!loaded.kb);
    printed.clear();
    for (const FileDiagnostic &d : loaded.diagnostics)
        if (!d.warning)
            printed << d.toString();
    QCOMPARE(printed.size(), 2);
    QVERIFY2(printed[0].startsWith(QLatin1String("e.nibli:1:1: error: consents is already declared as pred consents(who, what).")),
        qPrintable(printed[0]));
    QVERIFY2(printed[1].startsWith(QLatin1String("e.nibli:2:10: error: malformed number '2x'")), qPrintable(printed[1]));
    QVERIFY(!KnowledgeBase::load(dir.filePath(QStringLiteral("missing"))).kb);
}

// §1.5's token classes, one line at a time with the block-comment state carried over.
void TstNibliReader::highlight()
{
    const auto classes = [](const QString &line, LineState &state) {
        QString out;
        for (const TokenSpan &s : highlightLine(line, state)) {
            static const char *const names[] = { "C", "S", "N", "V", "I", "K", "P", "O" };
            out += QString::fromLatin1(names[static_cast<int>(s.tokenClass)]) + QLatin1Char('(') + line.mid(s.start, s.length)
                + QLatin1String(") ");
        }
        return out.trimmed();
    };
    LineState state = LineState::Normal;
    QCOMPARE(classes(QStringLiteral("past ~goes(me, to: some market) # note"), state),
        QStringLiteral("K(past) O(~) P(goes) O(() K(me) O(,) O(to) O(:) K(some) P(market) O()) C(# note)"));
    QCOMPARE(classes(QStringLiteral("permitted(every loves.loved, $x, ?, _, 2.5, \"a \\\" b\") -> computer+user(Djan_Smit)."), state),
        QStringLiteral(
            "P(permitted) O(() K(every) P(loves) O(.) O(loved) O(,) V($x) O(,) V(?) O(,) V(_) O(,) N(2.5) O(,) S(\"a \\\" b\") O()) O(->) "
            "P(computer+user) O(() I(Djan_Smit) O()) O(.)"));
    QCOMPARE(classes(QStringLiteral("it_a everyday /* open"), state), QStringLiteral("K(it_a) P(everyday) C(/* open)"));
    QCOMPARE(state, LineState::InBlockComment);
    QCOMPARE(classes(QStringLiteral("still */ dog(Rex)."), state), QStringLiteral("C(still */) P(dog) O(() I(Rex) O()) O(.)"));
    QCOMPARE(state, LineState::Normal);
}

QTEST_GUILESS_MAIN(TstNibliReader)
#include "tst_niblireader.moc"
