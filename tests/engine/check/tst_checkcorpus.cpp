// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The critic on real data, for each KB corpus: the project's own zoo KB (tests/data/kb/zoo)
// always, the shared vaelii KB when FANVA_SHARED_DIR has it. Every sentence of a corpus,
// checked in its own context against that KB, is clean; real corpus forms broken in typed
// ways get the problem their breakage calls for; and the gold of the project's own fables
// (tests/data/fables) is clean in its fable's context of the zoo KB.
#include "check/critic.h"
#include "check/gates.h"
#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include "sharedcorpus.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <map>

using namespace fanva;
namespace testsupport = fanva::testsupport;

namespace {

QString verdict(const std::vector<check::Problem> &problems)
{
    for (const check::Problem &p : problems) {
        if (check::isBlocking(p.type))
            return p.type;
    }
    return problems.empty() ? QStringLiteral("ok") : problems.front().type;
}

QString snake(const QString &camel)
{
    QString result;
    for (const QChar c : camel) {
        if (c.isUpper()) {
            result += u'_';
            result += c.toLower();
        } else {
            result += c;
        }
    }
    return result;
}

bool isGroundSymbolFact(kb::Term term, std::uint32_t size)
{
    if (!term.isList() || term.size() != size || !term.functor().isSymbol() || term.functorSymbol() < kb::sym::endOfBuiltins)
        return false;
    for (std::uint32_t i = 1; i < size; ++i) {
        if (!term.at(i).isSymbol())
            return false;
    }
    return true;
}

const QString s_zoo = QStringLiteral("zoo");
const QString s_vaelii = QStringLiteral("vaelii-kb");

} // namespace

class TstCheckCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void zeroFalsePositives_data();
    void zeroFalsePositives();
    void mutations_data();
    void mutations();
    void secondFunctionalValueInBatch_data();
    void secondFunctionalValueInBatch();
    void corpusFormsPassTheGates_data();
    void corpusFormsPassTheGates();
    void fableGoldIsClean_data();
    void fableGoldIsClean();

private:
    struct Corpus {
        std::shared_ptr<const kb::KnowledgeBase> kb;
        std::unique_ptr<check::Critic> critic;
    };
    // The corpora loaded, by row name; the shared one only when it is there.
    std::map<QString, Corpus> m_corpora;

    static void addCorpusRows();
    [[nodiscard]] const Corpus *loaded(const QString &name) const;
};

void TstCheckCorpus::initTestCase()
{
    std::vector<std::pair<QString, QString>> roots { { s_zoo, testsupport::testDataPath(u"kb/zoo") } };
    if (testsupport::sharedMissing(u"corpus/vaelii-kb").isEmpty())
        roots.emplace_back(s_vaelii, testsupport::sharedPath(u"corpus/vaelii-kb"));
    for (const auto &[name, root] : roots) {
        kb::LoadResult loaded = kb::loadKnowledgeBase(root);
        for (const kb::Diagnostic &d : loaded.diagnostics)
            qWarning().noquote() << d.toString();
        QVERIFY2(loaded.ok(), qPrintable(root));
        QVERIFY2(loaded.diagnostics.empty(), qPrintable(root));
        Corpus &corpus = m_corpora[name];
        corpus.kb = loaded.kb;
        corpus.critic = std::make_unique<check::Critic>(*corpus.kb);
    }
}

// One row per corpus with the number of sentences it holds.
void TstCheckCorpus::addCorpusRows()
{
    QTest::addColumn<QString>("corpus");
    QTest::addColumn<int>("sentences");
    QTest::addRow("zoo") << s_zoo << 616;
    QTest::addRow("vaelii-kb") << s_vaelii << 1214;
}

// A loaded corpus by row name; null for the shared one when FANVA_SHARED_DIR lacks it
// (its rows skip first, with FANVA_NEED_SHARED).
const TstCheckCorpus::Corpus *TstCheckCorpus::loaded(const QString &name) const
{
    const auto found = m_corpora.find(name);
    return found == m_corpora.end() ? nullptr : &found->second;
}

void TstCheckCorpus::zeroFalsePositives_data()
{
    addCorpusRows();
}

void TstCheckCorpus::zeroFalsePositives()
{
    QFETCH(QString, corpus);
    QFETCH(int, sentences);
    if (corpus == s_vaelii)
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const Corpus *c = loaded(corpus);
    QVERIFY(c);
    int checked = 0;
    QStringList falsePositives;
    for (const kb::SymbolId context : c->kb->contexts()) {
        const QString cx = kb::symbolString(context);
        for (const kb::SentenceId id : c->kb->sentencesIn(context)) {
            const kb::Term term = c->kb->sentence(id).term;
            ++checked;
            for (const check::Problem &p : c->critic->check(term, cx, {}, check::Origin::StoredHere)) {
                if (check::isBlocking(p.type))
                    falsePositives.append(QStringLiteral("%1:%2: %3: %4").arg(cx).arg(term.span().line).arg(p.type, p.message));
            }
        }
    }
    qInfo("checked %d %s sentences, %lld blocking problems", checked, qPrintable(corpus), qlonglong(falsePositives.size()));
    QCOMPARE(checked, sentences);
    QCOMPARE(falsePositives, QStringList());
}

void TstCheckCorpus::mutations_data()
{
    QTest::addColumn<QString>("corpus");
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("expected");
    for (const QString &name : { s_zoo, s_vaelii }) {
        const Corpus *c = loaded(name);
        if (!c) {
            // Not loaded: the shared corpus is absent, and this row skips.
            QTest::addRow("%s", qPrintable(name)) << name << QString() << QString() << QString();
            continue;
        }
        const kb::KnowledgeBase &kb = *c->kb;
        const char *tag = name == s_zoo ? "zoo" : "vaelii-kb";

        bool snakeFunctor = false, freeVariable = false, extraArgument = false, istWrapper = false, unboundConsequent = false;
        bool disjointType = false;
        // Memberships (T X) stated in the corpus, by type, for the disjoint mutation.
        std::unordered_map<kb::SymbolId, std::pair<kb::SymbolId, kb::SymbolId>> memberOf; // T -> (X, context)
        for (const kb::SymbolId context : kb.contexts()) {
            for (const kb::SentenceId id : kb.sentencesIn(context)) {
                const kb::Term t = kb.sentence(id).term;
                if (t.isList() && t.size() == 2 && t.functor().isSymbol() && t.at(1).isSymbol())
                    memberOf.try_emplace(t.functorSymbol(), t.at(1).symbol(), context);
            }
        }

        for (const kb::SymbolId context : kb.contexts()) {
            const QString cx = kb::symbolString(context);
            for (const kb::SentenceId id : kb.sentencesIn(context)) {
                const kb::Term t = kb.sentence(id).term;
                const QString p = t.isList() && t.functor().isSymbol() ? kb::symbolString(t.functorSymbol()) : QString();
                if (!snakeFunctor && isGroundSymbolFact(t, 3) && p.contains(QRegularExpression(QStringLiteral("^[a-z]+[A-Z]")))) {
                    snakeFunctor = true;
                    QTest::addRow("%s: two-argument snake_case functor: %s", tag, qPrintable(kb::renderFlat(t)))
                        << name << QStringLiteral("(%1 %2 %3)").arg(snake(p), kb::renderFlat(t.at(1)), kb::renderFlat(t.at(2))) << cx
                        << QStringLiteral("functor-arity");
                }
                if (!freeVariable && isGroundSymbolFact(t, 3)) {
                    freeVariable = true;
                    QTest::addRow("%s: free variable in a fact: %s", tag, qPrintable(kb::renderFlat(t)))
                        << name << QStringLiteral("(%1 %2 ?what)").arg(p, kb::renderFlat(t.at(1))) << cx << QStringLiteral("not-ground");
                }
                if (!extraArgument && isGroundSymbolFact(t, 3) && kb.arityOf(t.functorSymbol(), kb::Scope { context })) {
                    extraArgument = true;
                    QTest::addRow("%s: wrong arity: %s", tag, qPrintable(kb::renderFlat(t)))
                        << name << QStringLiteral("(%1 %2 %3 %2)").arg(p, kb::renderFlat(t.at(1)), kb::renderFlat(t.at(2))) << cx
                        << QStringLiteral("arity");
                }
                if (!istWrapper && t.isList() && !t.isForm(kb::sym::implies)) {
                    istWrapper = true;
                    QTest::addRow("%s: ist wrapper: %s", tag, qPrintable(kb::renderFlat(t)))
                        << name << QStringLiteral("(ist %1 %2)").arg(cx, kb::renderFlat(t)) << cx << QStringLiteral("context-escape");
                }
                if (!unboundConsequent && t.isForm(kb::sym::implies) && t.size() == 3 && t.at(2).isList() && t.at(2).size() >= 2
                    && t.at(2).at(1).isVariable()) {
                    unboundConsequent = true;
                    const QString variable = kb::renderFlat(t.at(2).at(1));
                    QString consequent = kb::renderFlat(t.at(2));
                    consequent.replace(QRegularExpression(QRegularExpression::escape(variable) + QStringLiteral("(?![A-Za-z0-9_-])")),
                        QStringLiteral("?unbound"));
                    QTest::addRow("%s: consequent variable missing from the antecedents: %s", tag, qPrintable(kb::renderFlat(t)))
                        << name << QStringLiteral("(implies %1 %2)").arg(kb::renderFlat(t.at(1)), consequent) << cx
                        << QStringLiteral("not-range-restricted");
                }
                if (!disjointType && t.isForm(kb::sym::disjoint) && t.size() == 3 && t.at(1).isSymbol() && t.at(2).isSymbol()) {
                    for (const auto &[member, other] : { std::pair { t.at(1), t.at(2) }, std::pair { t.at(2), t.at(1) } }) {
                        const auto found = memberOf.find(member.symbol());
                        if (disjointType || found == memberOf.end() || !kb.sees(found->second.second, context))
                            continue;
                        disjointType = true;
                        QTest::addRow("%s: argument of a disjoint type: %s", tag, qPrintable(kb::renderFlat(t)))
                            << name << QStringLiteral("(%1 %2)").arg(kb::renderFlat(other), kb::symbolString(found->second.first))
                            << kb::symbolString(found->second.second) << QStringLiteral("disjoint");
                    }
                }
            }
        }
        QVERIFY2(snakeFunctor && freeVariable && extraArgument && istWrapper && unboundConsequent && disjointType, tag);
    }
}

void TstCheckCorpus::mutations()
{
    QFETCH(QString, corpus);
    QFETCH(QString, sentence);
    QFETCH(QString, context);
    QFETCH(QString, expected);
    if (corpus == s_vaelii)
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const Corpus *c = loaded(corpus);
    QVERIFY(c);
    const std::vector<check::Problem> problems = c->critic->check(sentence, context);
    if (verdict(problems) != expected) {
        for (const check::Problem &p : problems)
            qWarning().noquote() << p.type << p.message;
    }
    QCOMPARE(verdict(problems), expected);
}

void TstCheckCorpus::secondFunctionalValueInBatch_data()
{
    addCorpusRows();
}

void TstCheckCorpus::secondFunctionalValueInBatch()
{
    QFETCH(QString, corpus);
    if (corpus == s_vaelii)
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const Corpus *c = loaded(corpus);
    QVERIFY(c);
    // A predicate the corpus marks functional, given two values for one subject in a batch.
    std::optional<std::pair<QString, QString>> functional; // predicate, context
    for (const kb::SymbolId context : c->kb->contexts()) {
        for (const kb::SentenceId id : c->kb->sentencesIn(context)) {
            const kb::Term t = c->kb->sentence(id).term;
            if (!functional && t.isForm(kb::sym::functional) && t.size() == 2 && t.at(1).isSymbol()
                && t.at(1).symbol() >= kb::sym::endOfBuiltins)
                functional.emplace(kb::symbolString(t.at(1).symbol()), kb::symbolString(context));
        }
    }
    QVERIFY(functional);
    const auto &[predicate, context] = *functional;
    const auto results = c->critic->checkBatch({ { QStringLiteral("(%1 Mutant1 1999)").arg(predicate), context, {} },
        { QStringLiteral("(%1 Mutant1 2001)").arg(predicate), context, {} } });
    QCOMPARE(verdict(results[0]), QStringLiteral("ok"));
    QCOMPARE(verdict(results[1]), QStringLiteral("functional"));
}

void TstCheckCorpus::corpusFormsPassTheGates_data()
{
    addCorpusRows();
}

void TstCheckCorpus::corpusFormsPassTheGates()
{
    QFETCH(QString, corpus);
    QFETCH(int, sentences);
    if (corpus == s_vaelii)
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const Corpus *c = loaded(corpus);
    QVERIFY(c);
    // Each corpus sentence, written back as a candidate string in its own context, is
    // admissible and known: parse, critic and round-trip all accept real data.
    int known = 0;
    for (const kb::SymbolId context : c->kb->contexts()) {
        const QString cx = kb::symbolString(context);
        for (const kb::SentenceId id : c->kb->sentencesIn(context)) {
            const QString text = kb::render(c->kb->sentence(id).term);
            const lang::GateReport report = check::runGates(*c->critic, text, cx);
            QVERIFY2(report.isAdmissible(),
                qPrintable(text + QLatin1String(": ") + (report.problems.empty() ? QString() : report.problems.front().message)));
            known += report.isKnown() ? 1 : 0;
        }
    }
    QCOMPARE(known, sentences);
}

// The gold of the project's own fables, each line checked in its fable's context (line 1:
// ";; context: Cx…") against the zoo KB, which declares their vocabulary: no blocking
// problem, and nothing already stored.
void TstCheckCorpus::fableGoldIsClean_data()
{
    QTest::addColumn<QString>("goldFile");
    const QDir fables(testsupport::testDataPath(u"fables"));
    const QStringList files = fables.entryList({ QStringLiteral("*.gold.txt") }, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 3);
    for (const QString &file : files)
        QTest::addRow("%s", qPrintable(file)) << fables.filePath(file);
}

void TstCheckCorpus::fableGoldIsClean()
{
    QFETCH(QString, goldFile);
    const Corpus *zoo = loaded(s_zoo);
    QVERIFY(zoo);
    QFile file(goldFile);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    static const QRegularExpression contextLine(QStringLiteral("^;; context: (Cx\\w+)$"));
    const QRegularExpressionMatch match = contextLine.match(lines.value(0));
    QVERIFY2(match.hasMatch(), qPrintable(lines.value(0)));
    const QString context = match.captured(1);
    QVERIFY2(zoo->kb->hasContext(kb::intern(context.toStdString())), qPrintable(context));
    int checked = 0;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String(";;")))
            continue;
        ++checked;
        const std::vector<check::Problem> problems = zoo->critic->check(line, context);
        QStringList found;
        for (const check::Problem &p : problems)
            found.append(p.type + QStringLiteral(": ") + p.message);
        QVERIFY2(problems.empty(), qPrintable(line + QStringLiteral(" → ") + found.join(QStringLiteral("; "))));
    }
    QVERIFY(checked >= 5);
}

QTEST_GUILESS_MAIN(TstCheckCorpus)
#include "tst_checkcorpus.moc"
