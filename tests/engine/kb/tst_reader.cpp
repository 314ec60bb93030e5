// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kb/reader.h"
#include "kb/symbol.h"
#include "kb/writer.h"

#include "golden.h"
#include "sharedcorpus.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QThreadPool>

#include <string>
#include <thread>
#include <vector>

using namespace fanva::kb;
namespace testsupport = fanva::testsupport;

namespace {

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// Where two terms differ (kind, span, name, text, value or elements), or an empty string.
QString termDifference(const Term a, const Term b)
{
    const auto difference = firstDifference(a, b);
    if (!difference)
        return {};
    const auto where = [](const Term t) {
        const Span s = t.span();
        return QStringLiteral("%1:%2 [%3,%4) %5")
            .arg(s.line)
            .arg(s.column)
            .arg(s.begin)
            .arg(s.end)
            .arg(QString::fromStdString(std::string(t.text())));
    };
    return QStringLiteral("one pass: %1; in pieces: %2").arg(where(difference->first), where(difference->second));
}

QString diagnosticsText(const Document &document)
{
    QString text;
    for (const Diagnostic &d : document.diagnostics)
        text += QStringLiteral("%1:%2: %3\n").arg(d.line).arg(d.column).arg(d.message);
    return text;
}

} // namespace

class TstReader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void corpusCounts_data();
    void corpusCounts();
    void malformed_data();
    void malformed();
    void codes_data();
    void codes();
    void atoms_data();
    void atoms();
    void spans();
    void compactNodes();
    void recovery();
    void deepNesting();
    void parseSentenceOne();
    void loneCarriageReturn();
    void fileSizeCap();
    void concurrentInterning();
    void reusedNameTables();
    void piecesReadAsOne_data();
    void piecesReadAsOne();
};

// The README of a KB corpus folder lists the forms of every file; each file must read
// with no error and exactly that many sentences. Rows: the project's own zoo KB, always,
// and the shared vaelii KB when FANVA_SHARED_DIR has it (else one row that skips).
void TstReader::corpusCounts_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("forms");
    const auto addCorpus = [](const QString &name, const QString &dir, int expectedTotal) {
        const QString readme = QString::fromUtf8(readAll(dir + QStringLiteral("/README.md")));
        QVERIFY2(!readme.isEmpty(), qPrintable(dir + QStringLiteral("/README.md missing")));
        static const QRegularExpression row(
            QStringLiteral("^\\| `([^`]+\\.txt)` \\| `Cx\\w+` \\| \\d+ \\| \\d+ \\| (\\d+) \\|"), QRegularExpression::MultilineOption);
        int total = 0;
        for (auto it = row.globalMatch(readme); it.hasNext();) {
            const QRegularExpressionMatch match = it.next();
            const int forms = match.captured(2).toInt();
            total += forms;
            QTest::addRow("%s/%s", qPrintable(name), qPrintable(match.captured(1))) << dir + QLatin1Char('/') + match.captured(1) << forms;
        }
        QCOMPARE(total, expectedTotal);
    };
    addCorpus(QStringLiteral("zoo"), testsupport::testDataPath(u"kb/zoo"), 616);
    if (testsupport::sharedMissing(u"corpus/vaelii-kb").isEmpty())
        addCorpus(QStringLiteral("vaelii-kb"), testsupport::sharedPath(u"corpus/vaelii-kb"), 1214);
    else
        QTest::addRow("vaelii-kb") << QString() << 0;
}

void TstReader::corpusCounts()
{
    QFETCH(QString, path);
    QFETCH(int, forms);
    if (path.isEmpty())
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const Document document = parseDocument(readAll(path), path);
    QVERIFY2(document.diagnostics.empty(), qPrintable(diagnosticsText(document)));
    QCOMPARE(int(document.sentences.size()), forms);
    for (const Term sentence : document.sentences) {
        QVERIFY(sentence.isList());
        const Span span = sentence.span();
        QCOMPARE(document.text.at(span.begin), '(');
        QCOMPARE(document.text.at(span.end - 1), ')');
    }
}

// Golden files: tests/data/input/kb/NAME.txt is read, and its diagnostics (LINE:COL:
// MESSAGE, one a line) must equal tests/data/reference/kb/NAME.txt
// (tests/data/regenerate-kb-references.sh writes those with fanva-cli parse); a mismatch
// shows as a unified diff.
void TstReader::malformed_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("reference");
    const QDir inputs(QStringLiteral(FANVA_TEST_DATA_DIR "/input/kb"));
    const QStringList names = inputs.entryList({ QStringLiteral("*.txt") }, QDir::Files, QDir::Name);
    QVERIFY(names.size() >= 30);
    for (const QString &name : names) {
        QTest::addRow("%s", qPrintable(name)) << inputs.filePath(name) << QStringLiteral(FANVA_TEST_DATA_DIR "/reference/kb/") + name;
    }
}

void TstReader::malformed()
{
    QFETCH(QString, input);
    QFETCH(QString, reference);
    const Document document = parseDocument(readAll(input), QFileInfo(input).fileName());
    QVERIFY2(document.hasErrors(), "a malformed input must report an error");
    QString actual;
    for (const Diagnostic &d : document.diagnostics)
        actual += d.toString() + QLatin1Char('\n');
    FANVA_COMPARE_GOLDEN(actual.toUtf8(), reference);
}

// Every diagnostic carries the stable code of its kind of error: the distinct codes of each
// golden input, in order of first appearance. Every input of malformed() has a row.
void TstReader::codes_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("codes");
    const auto row = [](const char *name, const char *codes) {
        QTest::addRow("%s", name) << QStringLiteral(FANVA_TEST_DATA_DIR "/input/kb/%1.txt").arg(QLatin1String(name))
                                  << QString::fromLatin1(codes);
    };
    row("above-max-utf8", "invalid-utf8");
    row("bad-escape", "bad-escape");
    row("bad-lead-byte", "invalid-utf8");
    row("bad-namespace", "malformed-symbol");
    row("char-literal", "character-literal");
    row("control-in-string", "control-character");
    row("control-outside-string", "control-character");
    row("deref", "reader-macro");
    row("discard", "hash-form");
    row("error-then-col1-paren-in-string", "unclosed-list unterminated-string");
    row("exponent", "name-starts-with-digit");
    row("fraction", "malformed-number");
    row("integer-overflow", "integer-overflow");
    row("keyword", "keyword");
    row("leading-zero", "malformed-number");
    row("lone-surrogate-escape", "lone-surrogate");
    row("many-errors-per-file", "name-starts-with-digit");
    row("map", "map");
    row("metadata", "reader-macro");
    row("mismatched-close", "mismatched-close");
    row("name-starting-with-digit", "name-starts-with-digit");
    row("non-ascii-symbol", "non-ascii");
    row("nul-byte", "nul-byte");
    row("nul-escape", "nul-escape");
    row("nul-in-comment", "nul-byte");
    row("overlong-utf8", "invalid-utf8");
    row("pipe-in-symbol", "symbol-character");
    row("question-mark-alone", "lone-question-mark");
    row("quote", "reader-macro");
    row("set-literal", "hash-form");
    row("short-unicode-escape", "bad-unicode-escape");
    row("stray-brace", "unmatched-close");
    row("surrogate-utf8", "invalid-utf8");
    row("symbolic-value", "hash-form");
    row("syntax-quote", "reader-macro");
    row("too-deep", "too-deep");
    row("too-many-errors", "name-starts-with-digit too-many-errors");
    row("trailing-dot", "malformed-number");
    row("truncated-utf8", "invalid-utf8");
    row("two-slashes", "malformed-symbol");
    row("unbalanced-open", "unclosed-list");
    row("unclosed-at-eof", "unclosed-list");
    row("unmatched-close", "unmatched-close");
    row("unquote", "reader-macro");
    row("unterminated-string-col1", "unclosed-list");
    row("unterminated-string", "unterminated-string");
    row("utf8-in-top-comment", "invalid-utf8");
    row("variable-with-quote", "malformed-variable");
    const QStringList inputs = QDir(QStringLiteral(FANVA_TEST_DATA_DIR "/input/kb")).entryList({ QStringLiteral("*.txt") }, QDir::Files);
    QCOMPARE(inputs.size(), 48);
}

void TstReader::codes()
{
    QFETCH(QString, input);
    QFETCH(QString, codes);
    const Document document = parseDocument(readAll(input), QFileInfo(input).fileName());
    QStringList actual;
    for (const Diagnostic &d : document.diagnostics) {
        QVERIFY2(!d.code.isEmpty(), qPrintable(d.toString()));
        if (!actual.contains(d.code))
            actual << d.code;
    }
    QCOMPARE(actual.join(QLatin1Char(' ')), codes);
}

void TstReader::atoms_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("flat");
    QTest::addRow("integer") << QByteArray("(p 42)") << QStringLiteral("(p 42)");
    QTest::addRow("plus integer") << QByteArray("(p +7)") << QStringLiteral("(p 7)");
    QTest::addRow("minus zero") << QByteArray("(p -0)") << QStringLiteral("(p 0)");
    QTest::addRow("int64 min") << QByteArray("(p -9223372036854775808)") << QStringLiteral("(p -9223372036854775808)");
    QTest::addRow("decimal trailing zeros") << QByteArray("(p 0.50)") << QStringLiteral("(p 0.5)");
    QTest::addRow("decimal keeps one digit") << QByteArray("(p 2.000)") << QStringLiteral("(p 2.0)");
    QTest::addRow("decimal plus") << QByteArray("(p +1.10)") << QStringLiteral("(p 1.1)");
    QTest::addRow("negative decimal zero") << QByteArray("(p -0.0)") << QStringLiteral("(p 0.0)");
    QTest::addRow("escapes") << QByteArray(R"((comment x "a\"b\\c\nd\te\u00e9\uD83D\uDE00"))")
                             << QStringLiteral("(comment x \"a\\\"b\\\\c\\nd\\te\u00e9\U0001F600\")");
    QTest::addRow("dotted rest") << QByteArray("(implies (?pred . ?args) (ist CxUniverse (?pred . ?args)))")
                                 << QStringLiteral("(implies (?pred . ?args) (ist CxUniverse (?pred . ?args)))");
    QTest::addRow("namespaced") << QByteArray("(sense lex/fool's_gold agg/count /)")
                                << QStringLiteral("(sense lex/fool's_gold agg/count /)");
    QTest::addRow("commas and CRLF") << QByteArray("(a,b\r\n c)") << QStringLiteral("(a b c)");
    QTest::addRow("vector") << QByteArray("(exceptWhen [(p ?x) (q _)] (r ?x))") << QStringLiteral("(exceptWhen [(p ?x) (q _)] (r ?x))");
    QTest::addRow("plain symbols") << QByteArray("(true false nil <=> a.b x*)") << QStringLiteral("(true false nil <=> a.b x*)");
}

void TstReader::atoms()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, flat);
    const Document document = parseDocument(text);
    QVERIFY2(document.diagnostics.empty(), qPrintable(diagnosticsText(document)));
    QCOMPARE(document.sentences.size(), std::size_t(1));
    QCOMPARE(renderFlat(document.sentences.front()), flat);
}

void TstReader::spans()
{
    // Columns count code points; a BOM is skipped; byte offsets are into the raw file.
    const QByteArray text("\xEF\xBB\xBF;; caf\xC3\xA9\n(a \"\xC3\xA9\xC3\xA9\" (b ?x))\n  (c)");
    const Document document = parseDocument(text);
    QVERIFY2(document.diagnostics.empty(), qPrintable(diagnosticsText(document)));
    QCOMPARE(document.sentences.size(), std::size_t(2));
    const Term first = document.sentences[0];
    QCOMPARE(first.span(), (Span { 12, 29, 2, 1 }));
    QCOMPARE(first.at(1).span(), (Span { 15, 21, 2, 4 }));
    QCOMPARE(first.at(2).span(), (Span { 22, 28, 2, 9 }));
    QCOMPARE(first.at(2).at(1).span(), (Span { 25, 27, 2, 12 }));
    QCOMPARE(document.sentences[1].span(), (Span { 32, 35, 3, 3 }));
}

void TstReader::compactNodes()
{
    // A plain string points into the document's text, an escaped one is kept in the arena;
    // both outlive the text they were read from, and a copy keeps the contents.
    std::shared_ptr<const TermArena> arena;
    Term plain;
    Term escaped;
    {
        QByteArray text("(comment x \"plain words\")\n(comment y \"a\\\"b\")\n(comment z \"\")");
        const Document document = parseDocument(text);
        QVERIFY2(document.diagnostics.empty(), qPrintable(diagnosticsText(document)));
        QCOMPARE(document.sentences.size(), std::size_t(3));
        arena = document.arena;
        plain = document.sentences[0].at(2);
        escaped = document.sentences[1].at(2);
        QCOMPARE(document.sentences[2].at(2).text(), std::string_view());
        QCOMPARE(plain.span(), (Span { 11, 24, 1, 12 }));
        text.fill('#'); // the caller's copy changes; the arena's shared one does not
    }
    QVERIFY(plain.isString());
    QCOMPARE(plain.text(), std::string_view("plain words"));
    QVERIFY(escaped.isString());
    QCOMPARE(escaped.text(), std::string_view("a\"b"));
    TermArena copies;
    QCOMPARE(copies.term(copies.copy(plain)).text(), std::string_view("plain words"));
    QCOMPARE(copies.term(copies.copy(plain)).span(), plain.span());

    // Every kind survives beside a column at the limit, and larger columns saturate.
    const Span far { 7, 9, 3, 4000000000U };
    const Term symbol = copies.term(copies.addSymbol(intern("far"), far));
    QVERIFY(symbol.isSymbol());
    QCOMPARE(symbol.name(), std::string_view("far"));
    QCOMPARE(symbol.span(), (Span { 7, 9, 3, detail::Node::maxColumn }));
    const Term number = copies.term(copies.addInteger(-5, { 1, 2, 3, detail::Node::maxColumn }));
    QCOMPARE(number.kind(), TermKind::Integer);
    QCOMPARE(number.integer(), std::int64_t(-5));
    QCOMPARE(number.span().column, detail::Node::maxColumn);
    const std::uint32_t element = copies.addAnonymous();
    const Term vector = copies.term(copies.addCompound(TermKind::Vector, std::span(&element, 1), { 0, 1, 1, 2 }));
    QVERIFY(vector.isVector());
    QCOMPARE(vector.at(0).kind(), TermKind::Anonymous);
    QCOMPARE(vector.span(), (Span { 0, 1, 1, 2 }));
}

void TstReader::recovery()
{
    // An error inside a form skips to the next line starting with '(' (the form's own
    // later lines are not read); every form after it is read.
    const QByteArray text("(a 1x\n  (b 2y))\n(c ?)\n(d)\n) (e)\n");
    const Document document = parseDocument(text, QStringLiteral("f.txt"));
    QStringList messages;
    for (const Diagnostic &d : document.diagnostics)
        messages << d.toString();
    QCOMPARE(messages,
        QStringList({ QStringLiteral("f.txt:1:4: error: malformed number — a name cannot start with a digit; escape it as _1x"),
            QStringLiteral("f.txt:3:4: error: ? alone is not a variable — write ?name"),
            QStringLiteral("f.txt:5:1: error: unmatched ) — no list is open") }));
    QCOMPARE(document.sentences.size(), std::size_t(2));
    QCOMPARE(renderFlat(document.sentences[0]), QStringLiteral("(d)"));
    QCOMPARE(renderFlat(document.sentences[1]), QStringLiteral("(e)"));

    // A '(' in column 1 inside a form means the form lost its ')'.
    const Document lost = parseDocument("(a (b c)\n(d e)\n", QStringLiteral("g.txt"));
    QCOMPARE(lost.diagnostics.size(), std::size_t(1));
    QCOMPARE(lost.diagnostics.front().toString(), QStringLiteral("g.txt:1:1: error: unclosed ( — expected a ) to close it"));
    QCOMPARE(lost.sentences.size(), std::size_t(1));
    QCOMPARE(renderFlat(lost.sentences[0]), QStringLiteral("(d e)"));
}

void TstReader::deepNesting()
{
    QByteArray ok(256, '(');
    ok += QByteArray(256, ')');
    QVERIFY(parseDocument(ok).diagnostics.empty());

    QByteArray deep(100000, '(');
    deep += QByteArray(100000, ')');
    const Document document = parseDocument(deep);
    QCOMPARE(document.diagnostics.size(), std::size_t(1));
    QCOMPARE(document.diagnostics.front().column, 257);
    QCOMPARE(document.diagnostics.front().message, QStringLiteral("nesting deeper than 256 levels — write a flatter term"));
}

void TstReader::parseSentenceOne()
{
    const SentenceParse one = parseSentence(QStringLiteral("(bird Tweety)"));
    QVERIFY(one.sentence.has_value());
    QCOMPARE(renderFlat(one.sentence->term), QStringLiteral("(bird Tweety)"));

    const SentenceParse two = parseSentence(QStringLiteral("(bird Tweety) (bird Opus)"));
    QVERIFY(!two.sentence);
    QCOMPARE(two.formCount, 2);
    QCOMPARE(two.diagnostics.front().message, QStringLiteral("expected one sentence, found 2"));
    QCOMPARE(two.diagnostics.front().code, codes::notOneSentence);
    QCOMPARE(two.diagnostics.front().column, 15);

    const SentenceParse none = parseSentence(QStringLiteral("  ; nothing"));
    QVERIFY(!none.sentence);
    QCOMPARE(none.diagnostics.front().message, QStringLiteral("expected one sentence, found none"));
    QCOMPARE(none.diagnostics.front().code, codes::notOneSentence);
}

// Issue 14: a comment in a file with lone-CR line endings ran to the end of the file, and
// every sentence after it was silently lost. It now ends at the CR, with one warning.
void TstReader::loneCarriageReturn()
{
    const Document document = parseDocument(";; header\r(bird Tweety)\r;; more\r(fish Nemo)\r", QStringLiteral("cr.txt"));
    QVERIFY(!document.hasErrors());
    QCOMPARE(document.sentences.size(), std::size_t(2));
    QCOMPARE(renderFlat(document.sentences[1]), QStringLiteral("(fish Nemo)"));
    QCOMPARE(document.diagnostics.size(), std::size_t(1));
    QCOMPARE(document.diagnostics.front().code, codes::loneCr);
    QVERIFY(!document.diagnostics.front().isError());
    QCOMPARE(document.diagnostics.front().toString(),
        QStringLiteral("cr.txt:1:10: warning: a comment ends at a lone CR (U+000D with no line feed after it) — Fanva ends lines at LF; "
                       "save the file with LF line endings"));
    // CRLF is one terminator: no warning.
    QVERIFY(parseDocument(";; header\r\n(bird Tweety)\r\n").diagnostics.empty());
    // A candidate with a lone CR still reads as one sentence.
    QVERIFY(parseSentence(QStringLiteral("; note\r(bird Tweety)")).sentence.has_value());
}

// Issue 14: parse and fmt read any file whole (200 MB: 56 s, 2.27 GB); readKbFile refuses
// one above the loader's 64 MiB, naming it, as load does.
void TstReader::fileSizeCap()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString big = dir.filePath(QStringLiteral("CxBig.txt"));
    QFile file(big);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(maxFileSize + 1)); // sparse: no 64 MiB written
    file.close();
    const FileText refused = readKbFile(big);
    QVERIFY(refused.error.has_value());
    QVERIFY(refused.text.isEmpty());
    QCOMPARE(refused.error->code, codes::fileTooLarge);
    QCOMPARE(refused.error->toString(),
        big + QStringLiteral(": error: file is larger than 64 MiB — split the context's content across smaller contexts"));

    const QString small = dir.filePath(QStringLiteral("CxSmall.txt"));
    QFile smallFile(small);
    QVERIFY(smallFile.open(QIODevice::WriteOnly));
    smallFile.write("(bird Tweety)\n");
    smallFile.close();
    const FileText read = readKbFile(small);
    QVERIFY(!read.error);
    QCOMPARE(read.text, QByteArray("(bird Tweety)\n"));

    const FileText missing = readKbFile(dir.filePath(QStringLiteral("CxMissing.txt")));
    QVERIFY(missing.error.has_value());
    QCOMPARE(missing.error->code, codes::unreadableFile);
}

// Files are read in parallel: threads interning overlapping names at once must agree on
// one id per name, and every id must spell its name (short names live in the table's
// slots, long ones only in its blocks).
void TstReader::concurrentInterning()
{
    const std::size_t before = SymbolTable::instance().size();
    constexpr int threads = 4;
    constexpr int names = 20000;
    const auto nameOf = [](int i) {
        // Every fourth name is longer than a slot holds.
        return (i % 4 == 0 ? std::string("concurrentInterningLongName_") : std::string("cI")) + std::to_string(i);
    };
    std::vector<std::vector<SymbolId>> ids(threads, std::vector<SymbolId>(names));
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            // Each thread walks the names in its own order: steps prime to the count.
            constexpr int steps[threads] = { 1, 3, 7, 9 };
            for (int k = 0; k < names; ++k) {
                const int i = (k * steps[t] + t * 7919) % names;
                ids[std::size_t(t)][std::size_t(i)] = intern(nameOf(i));
            }
        });
    }
    for (std::thread &worker : workers)
        worker.join();
    QCOMPARE(SymbolTable::instance().size(), before + names);
    for (int i = 0; i < names; ++i) {
        const SymbolId id = ids[0][std::size_t(i)];
        for (int t = 1; t < threads; ++t)
            QCOMPARE(ids[std::size_t(t)][std::size_t(i)], id);
        QCOMPARE(std::string(symbolName(id)), nameOf(i));
        QCOMPARE(findSymbol(nameOf(i)), std::optional<SymbolId>(id));
    }
    QCOMPARE(findSymbol("concurrentInterningNeverInterned"), std::optional<SymbolId>());
}

// A reader's local name table is a spare another document left behind, cleared: every
// symbol must still name what its source text says, whatever documents of whatever sizes
// went before it, on whichever thread. Sizes cross the table's first size and its growth.
void TstReader::reusedNameTables()
{
    constexpr int threads = 3;
    constexpr int documents = 24;
    std::vector<QString> failures(threads);
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t) {
        workers.emplace_back([&failures, t] {
            for (int d = t; d < documents && failures[std::size_t(t)].isEmpty(); d += threads) {
                const int names = (d % 4 == 0) ? 5 : (d % 4 == 1 ? 40 : (d % 4 == 2 ? 3000 : 70000));
                QByteArray text;
                for (int i = 0; i < names; ++i)
                    text += "(rT" + QByteArray::number(d) + '_' + QByteArray::number(i) + " (reusedTableArgument"
                        + QByteArray::number(i % 7) + " ?v" + QByteArray::number(i % 3) + "))\n";
                const Document document = parseDocument(text, QStringLiteral("reused.txt"));
                if (!document.diagnostics.empty() || document.sentences.size() != std::size_t(names)) {
                    failures[std::size_t(t)] = QStringLiteral("document %1 did not read cleanly").arg(d);
                    break;
                }
                const auto source = [&text](const Term term) {
                    const Span span = term.span();
                    return std::string(text.constData() + span.begin, span.end - span.begin);
                };
                for (const Term sentence : document.sentences) {
                    const Term inner = sentence.at(1);
                    for (const Term term : { sentence.at(0), inner.at(0), inner.at(1) }) {
                        if (std::string(symbolName(term.symbol())) != source(term)) {
                            failures[std::size_t(t)]
                                = QStringLiteral("document %1: %2 read as %3")
                                      .arg(d)
                                      .arg(QString::fromStdString(source(term)), QString::fromUtf8(symbolName(term.symbol())));
                            break;
                        }
                    }
                }
            }
        });
    }
    for (std::thread &worker : workers)
        worker.join();
    for (const QString &failure : failures)
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

// A large text read in pieces on several threads is the same document as read in one pass:
// every term's kind, span (line, column, offsets), name, text and value, and every message.
// A cut inside a multi-line string, or an error anywhere, sends it back to one pass.
void TstReader::piecesReadAsOne_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("pieces");
    QByteArray clean = "\xEF\xBB\xBF;; a header\r\n(genlCx CxPieces CxUniverse)\r\n";
    for (int i = 0; i < 3000; ++i) {
        const QByteArray n = QByteArray::number(i);
        clean += ";; ---- block " + n + " ----\n(comment term" + n + " \"a \\\"quoted\\\" gloss of é " + n + "\")\n";
        clean += "(implies\n  (and (isa ?x type" + n + ")\n       (relatesTo ?x [" + n + " -" + n + ".50 _]))\n  (holds ?x (fn" + n
            + " . ?rest)))\n";
        clean += "(weightOf item" + n + " " + n + ".25 \"line one\nline two\\n\") ; trailing\n\n";
    }
    QTest::addRow("clean") << clean << 4;

    // The cut falls inside a string whose lines start with '(' (column 1).
    QByteArray string = clean.left(clean.size() / 2) + "(comment trap \"";
    for (int i = 0; i < 4000; ++i)
        string += "\n(not a sentence " + QByteArray::number(i) + ")";
    string += "\")\n" + clean.mid(clean.size() / 2);
    QTest::addRow("cut in a string") << string << 1;

    QByteArray error = clean;
    error.insert(error.indexOf("\n(", error.size() * 7 / 8) + 1, "(broken {map} here)\n");
    QTest::addRow("an error") << error << 1;
}

void TstReader::piecesReadAsOne()
{
    QFETCH(QByteArray, text);
    QFETCH(int, pieces);
    QThreadPool pool;
    pool.setMaxThreadCount(4);
    const Document one = parseDocument(text, QStringLiteral("pieces.txt"));
    int read = 0;
    const Document parallel = parseDocument(text, QStringLiteral("pieces.txt"), ParallelReading { 4, 16 * 1024, &pool, &read });
    QCOMPARE(read, pieces);
    QCOMPARE(parallel.file, one.file);
    QCOMPARE(parallel.diagnostics, one.diagnostics);
    QCOMPARE(parallel.sentences.size(), one.sentences.size());
    QVERIFY(one.sentences.size() > 9000);
    for (std::size_t i = 0; i < one.sentences.size(); ++i) {
        const QString difference = termDifference(one.sentences[i], parallel.sentences[i]);
        QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("sentence %1: %2").arg(i).arg(difference)));
    }
}

QTEST_GUILESS_MAIN(TstReader)
#include "tst_reader.moc"
