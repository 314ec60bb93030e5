// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// nibli-kr.md's conformance on the shared corpus: every statement line of the six corpus
// files reads, resolves and meets the round-trip contract; all but the five named in the
// spec pass the critic; fmt is idempotent and keeps every key; the pins reproduce what §4
// says they do. Skips, naming what is missing, without ../shared.
#include "lang/nibli/checks.h"
#include "lang/nibli/knowledgebase.h"

#include "sharedcorpus.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

using namespace fanva::lang::nibli;

namespace {

const QStringList s_corpus { QStringLiteral("acceptance"), QStringLiteral("gdpr"), QStringLiteral("drug-interactions"),
    QStringLiteral("readme"), QStringLiteral("utopia"), QStringLiteral("syllogism") };

std::string readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray bytes = file.readAll();
    return std::string(bytes.constData(), static_cast<size_t>(bytes.size()));
}

/// The statement lines of a .nibli text: trimmed, not blank, not a comment, directive or query.
QStringList statementLines(const std::string &text)
{
    QStringList out;
    const QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QString t = line.trimmed();
        if (t.isEmpty() || t.startsWith(QLatin1Char('#')) || t.startsWith(QLatin1Char(':')) || t.startsWith(QLatin1Char('?')))
            continue;
        out << t;
    }
    return out;
}

std::string_view view(const std::string &s)
{
    return s;
}

} // namespace

class TstNibliCorpus final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void files_data();
    void files();
    void refusedAndReshaped();
    void pins();
    void reservedWords();
    void highlightingKeywords();

private:
    QString m_corpus = fanva::testsupport::sharedPath(u"corpus/nibli");
};

void TstNibliCorpus::files_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : s_corpus)
        QTest::newRow(qPrintable(name)) << name;
}

// Each file reads whole with one statement per statement line; each line alone reads as one
// statement, resolves and meets §5.4; fmt is idempotent and keeps every key.
void TstNibliCorpus::files()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    QFETCH(QString, name);
    const std::string text = readFile(m_corpus + QLatin1Char('/') + name + QLatin1String(".nibli"));
    QVERIFY(!text.empty());
    const QStringList lines = statementLines(text);
    ReadResult whole = read(text);
    QVERIFY(whole.diagnostics.empty());
    QCOMPARE(whole.statements.size(), size_t(lines.size()));

    const Vocabulary vocabulary(Lexicon::builtin());
    for (const QString &line : lines) {
        const std::string bytes = line.toStdString();
        ParsedCandidate parsed = parseCandidate(bytes);
        QVERIFY2(parsed.statement, qPrintable(line));
        const auto problems = resolve(*parsed.statement, vocabulary);
        if (!problems.empty())
            QFAIL(qPrintable(line + QLatin1String(": ") + QString::fromStdString(problems.front().message)));
        const auto trip = roundTrip(*parsed.statement, vocabulary);
        QVERIFY2(!trip, qPrintable(line));
    }

    const auto formatted = format(text, vocabulary);
    QVERIFY(formatted);
    QCOMPARE(format(*formatted, vocabulary), formatted);
    ReadResult after = read(*formatted);
    QCOMPARE(after.statements.size(), whole.statements.size());
    for (size_t i = 0; i < whole.statements.size(); ++i) {
        QVERIFY(resolve(whole.statements[i], vocabulary).empty());
        QVERIFY(resolve(after.statements[i], vocabulary).empty());
        QCOMPARE(key(after.statements[i]), key(whole.statements[i]));
    }
}

// §4.1: only the four count rows and product(50, 5, 10). of acceptance.nibli are refused;
// 9 accepted lines render differently from their source.
void TstNibliCorpus::refusedAndReshaped()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    QStringList refused;
    QStringList reshaped;
    int lines = 0;
    for (const QString &name : s_corpus) {
        const std::string text = readFile(m_corpus + QLatin1Char('/') + name + QLatin1String(".nibli"));
        const KnowledgeBase::LoadResult loaded = KnowledgeBase::fromTexts({ { name + QLatin1String(".nibli"), text } });
        QVERIFY2(loaded.kb, qPrintable(name));
        const KnowledgeBase &kb = *loaded.kb;
        for (size_t i = 0; i < kb.statements().size(); ++i) {
            ++lines;
            const Statement &stored = kb.statements()[i].statement;
            const std::string source(view(text).substr(stored.begin, stored.end - stored.begin));
            ReadResult again = read(source);
            QCOMPARE(again.statements.size(), size_t(1));
            Statement &s = again.statements.front();
            const CheckResult checked = check(&kb, kb.vocabulary(), s, Batch {}, i);
            if (!checked.problems.empty()) {
                refused << QString::fromStdString(checked.problems.front().id + " " + source);
                continue;
            }
            if (render(s) != source)
                reshaped << QString::fromStdString(source);
        }
    }
    QCOMPARE(lines, 236);
    const QStringList expected { QStringLiteral("count-query-only red(exactly 2 red)."), QStringLiteral("count-query-only goes(no dog)."),
        QStringLiteral("compute-query-only product(50, 5, 10)."), QStringLiteral("count-query-only exactly 2 dog $d: goes($d)."),
        QStringLiteral("count-query-only exactly 2 the dog $d: goes($d).") };
    QCOMPARE(refused, expected);
    QCOMPARE(reshaped.size(), 9);
}

// pins/: every statement line reads; fed one by one to the critic (introduction: no KB, the
// batch so far), every :accept statement passes, and of the :refuse pins exactly those on
// name resolution, compute and numeric comparison are refused, with the matching id.
void TstNibliCorpus::pins()
{
    FANVA_NEED_SHARED(u"corpus/nibli/pins");
    const QStringList files = QDir(m_corpus + QLatin1String("/pins")).entryList({ QStringLiteral("*.nibli") }, QDir::Files, QDir::Name);
    QCOMPARE(files.size(), 10);
    int accepted = 0;
    int refusePins = 0;
    int reproduced = 0;
    const Vocabulary lexicon(Lexicon::builtin());
    static const QRegularExpression refuse(QStringLiteral("^:refuse \\w+ /(.*)/$"));
    for (const QString &file : files) {
        const std::string text = readFile(m_corpus + QLatin1String("/pins/") + file);
        Vocabulary vocabulary = lexicon;
        Batch batch;
        QString pending; // the directive that applies to the next statement
        const QStringList lines = QString::fromStdString(text).split(QLatin1Char('\n'));
        for (const QString &raw : lines) {
            const QString line = raw.trimmed();
            if (line.startsWith(QLatin1String(":accept")) || line.startsWith(QLatin1String(":refuse"))) {
                pending = line;
                continue;
            }
            if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(':'))
                || line.startsWith(QLatin1Char('?')))
                continue;
            ParsedCandidate parsed = parseCandidate(line.toStdString());
            QVERIFY2(parsed.statement, qPrintable(file + QLatin1String(": ") + line));
            const CheckResult checked = check(nullptr, vocabulary, *parsed.statement, batch);
            const QString id = checked.problems.empty() ? QStringLiteral("ok") : QString::fromStdString(checked.problems.front().id);
            if (pending.startsWith(QLatin1String(":accept"))) {
                QVERIFY2(id == QLatin1String("ok"), qPrintable(file + QLatin1String(": ") + line + QLatin1String(" → ") + id));
                ++accepted;
            } else if (pending.startsWith(QLatin1String(":refuse"))) {
                ++refusePins;
                const QString needle = refuse.match(pending).captured(1);
                QString expected = QStringLiteral("ok"); // tier A leaves the rest out (§4.6)
                if (needle.contains(QLatin1String("unknown predicate")))
                    expected = QStringLiteral("unknown-predicate");
                else if (needle.contains(QLatin1String("EXTERNAL COMPUTE")))
                    expected = QStringLiteral("compute-query-only");
                else if (needle.contains(QLatin1String("computed comparison")))
                    expected = QStringLiteral("comparison-query-only");
                QVERIFY2(id == expected, qPrintable(file + QLatin1String(": ") + line + QLatin1String(" → ") + id));
                reproduced += id != QLatin1String("ok") ? 1 : 0;
            }
            pending.clear();
            if (checked.problems.empty()) {
                batch.keys.push_back(key(*parsed.statement));
                for (const std::string &n : namesOf(*parsed.statement))
                    batch.names.push_back(n);
                if (parsed.statement->isDeclaration)
                    vocabulary.declare(parsed.statement->declaration, render(*parsed.statement));
            }
        }
    }
    QCOMPARE(accepted, 27);
    QCOMPARE(refusePins, 26);
    QCOMPARE(reproduced, 11);
}

void TstNibliCorpus::reservedWords()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    const QString path = m_corpus + QLatin1String("/reserved.txt");
    const QString text = QString::fromStdString(readFile(path));
    const QStringList listed = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QStringList ours;
    for (const std::string_view w : fanva::lang::nibli::reservedWords())
        ours << QString::fromUtf8(w.data(), static_cast<qsizetype>(w.size()));
    QCOMPARE(ours, listed);
}

// §1.5: resources/syntax/nibli-kr.xml is well-formed and its keyword list is reserved.txt.
void TstNibliCorpus::highlightingKeywords()
{
    FANVA_NEED_SHARED(u"corpus/nibli");
    QFile file(QStringLiteral(FANVA_SOURCE_DIR "/resources/syntax/nibli-kr.xml"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&file);
    QStringList keywords;
    QString list;
    QString language;
    QStringList itemDatas;
    QStringList attributes;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("itemData"))
            itemDatas << xml.attributes().value(QLatin1String("name")).toString();
        else if (xml.isStartElement() && xml.attributes().hasAttribute(QLatin1String("attribute")))
            attributes << xml.attributes().value(QLatin1String("attribute")).toString();
        if (xml.isStartElement() && xml.name() == QLatin1String("language"))
            language = xml.attributes().value(QLatin1String("name")).toString() + QLatin1Char(' ')
                + xml.attributes().value(QLatin1String("extensions")).toString();
        if (xml.isStartElement() && xml.name() == QLatin1String("list"))
            list = xml.attributes().value(QLatin1String("name")).toString();
        if (xml.isStartElement() && xml.name() == QLatin1String("item") && list == QLatin1String("reserved"))
            keywords << xml.readElementText();
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(language, QStringLiteral("nibli KR *.nibli"));
    for (const QString &attribute : std::as_const(attributes))
        QVERIFY2(itemDatas.contains(attribute), qPrintable(attribute));
    QVERIFY(attributes.contains(QLatin1String("Predicate")) && attributes.contains(QLatin1String("Keyword")));
    const QString text = QString::fromStdString(readFile(m_corpus + QLatin1String("/reserved.txt")));
    QCOMPARE(keywords, text.split(QLatin1Char('\n'), Qt::SkipEmptyParts));
}

QTEST_GUILESS_MAIN(TstNibliCorpus)
#include "tst_niblicorpus.moc"
