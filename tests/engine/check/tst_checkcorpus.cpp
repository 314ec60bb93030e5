// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The critic on real data: every sentence of the shared vaelii KB corpus, checked in its own
// context against that KB, is clean; and real corpus forms broken in typed ways get the
// problem their breakage calls for.
#include "check/critic.h"
#include "check/gates.h"
#include "kb/knowledgebase.h"
#include "kb/roles.h"
#include "kb/writer.h"

#include <QRegularExpression>
#include <QTest>

using namespace fanva;

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

} // namespace

class TstCheckCorpus : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void zeroFalsePositives();
    void mutations_data();
    void mutations();
    void secondFunctionalValueInBatch();
    void corpusFormsPassTheGates();

private:
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    std::unique_ptr<check::Critic> m_critic;
};

void TstCheckCorpus::initTestCase()
{
    kb::LoadResult loaded = kb::loadKnowledgeBase(QStringLiteral(FANVA_SHARED_DIR "/corpus/vaelii-kb"));
    for (const kb::Diagnostic &d : loaded.diagnostics)
        qWarning().noquote() << d.toString();
    QVERIFY(loaded.ok());
    m_kb = loaded.kb;
    m_critic = std::make_unique<check::Critic>(*m_kb);
}

void TstCheckCorpus::zeroFalsePositives()
{
    int checked = 0;
    QStringList falsePositives;
    for (const kb::SymbolId context : m_kb->contexts()) {
        const QString cx = kb::symbolString(context);
        for (const kb::SentenceId id : m_kb->sentencesIn(context)) {
            const kb::Term term = m_kb->sentence(id).term;
            ++checked;
            for (const check::Problem &p : m_critic->check(term, cx, {}, check::Origin::StoredHere)) {
                if (check::isBlocking(p.type))
                    falsePositives.append(QStringLiteral("%1:%2: %3: %4").arg(cx).arg(term.span().line).arg(p.type, p.message));
            }
        }
    }
    qInfo("checked %d corpus sentences, %lld blocking problems", checked, qlonglong(falsePositives.size()));
    QCOMPARE(checked, 1214);
    QCOMPARE(falsePositives, QStringList());
}

void TstCheckCorpus::mutations_data()
{
    QTest::addColumn<QString>("sentence");
    QTest::addColumn<QString>("context");
    QTest::addColumn<QString>("expected");

    bool snakeFunctor = false, freeVariable = false, extraArgument = false, istWrapper = false, unboundConsequent = false;
    bool disjointType = false;
    // Memberships (T X) stated in the corpus, by type, for the disjoint mutation.
    std::unordered_map<kb::SymbolId, std::pair<kb::SymbolId, kb::SymbolId>> memberOf; // T -> (X, context)
    for (const kb::SymbolId context : m_kb->contexts()) {
        for (const kb::SentenceId id : m_kb->sentencesIn(context)) {
            const kb::Term t = m_kb->sentence(id).term;
            if (t.isList() && t.size() == 2 && t.functor().isSymbol() && t.at(1).isSymbol())
                memberOf.try_emplace(t.functorSymbol(), t.at(1).symbol(), context);
        }
    }

    for (const kb::SymbolId context : m_kb->contexts()) {
        const QString cx = kb::symbolString(context);
        for (const kb::SentenceId id : m_kb->sentencesIn(context)) {
            const kb::Term t = m_kb->sentence(id).term;
            const QString p = t.isList() && t.functor().isSymbol() ? kb::symbolString(t.functorSymbol()) : QString();
            if (!snakeFunctor && isGroundSymbolFact(t, 3) && p.contains(QRegularExpression(QStringLiteral("^[a-z]+[A-Z]")))) {
                snakeFunctor = true;
                QTest::addRow("two-argument snake_case functor: %s", qPrintable(kb::renderFlat(t)))
                    << QStringLiteral("(%1 %2 %3)").arg(snake(p), kb::renderFlat(t.at(1)), kb::renderFlat(t.at(2))) << cx
                    << QStringLiteral("functor-arity");
            }
            if (!freeVariable && isGroundSymbolFact(t, 3)) {
                freeVariable = true;
                QTest::addRow("free variable in a fact: %s", qPrintable(kb::renderFlat(t)))
                    << QStringLiteral("(%1 %2 ?what)").arg(p, kb::renderFlat(t.at(1))) << cx << QStringLiteral("not-ground");
            }
            if (!extraArgument && isGroundSymbolFact(t, 3) && m_kb->arityOf(t.functorSymbol(), kb::Scope { context })) {
                extraArgument = true;
                QTest::addRow("wrong arity: %s", qPrintable(kb::renderFlat(t)))
                    << QStringLiteral("(%1 %2 %3 %2)").arg(p, kb::renderFlat(t.at(1)), kb::renderFlat(t.at(2))) << cx
                    << QStringLiteral("arity");
            }
            if (!istWrapper && t.isList() && !t.isForm(kb::sym::implies)) {
                istWrapper = true;
                QTest::addRow("ist wrapper: %s", qPrintable(kb::renderFlat(t)))
                    << QStringLiteral("(ist %1 %2)").arg(cx, kb::renderFlat(t)) << cx << QStringLiteral("context-escape");
            }
            if (!unboundConsequent && t.isForm(kb::sym::implies) && t.size() == 3 && t.at(2).isList() && t.at(2).size() >= 2
                && t.at(2).at(1).isVariable()) {
                unboundConsequent = true;
                const QString variable = kb::renderFlat(t.at(2).at(1));
                QString consequent = kb::renderFlat(t.at(2));
                consequent.replace(QRegularExpression(QRegularExpression::escape(variable) + QStringLiteral("(?![A-Za-z0-9_-])")),
                    QStringLiteral("?unbound"));
                QTest::addRow("consequent variable missing from the antecedents: %s", qPrintable(kb::renderFlat(t)))
                    << QStringLiteral("(implies %1 %2)").arg(kb::renderFlat(t.at(1)), consequent) << cx
                    << QStringLiteral("not-range-restricted");
            }
            if (!disjointType && t.isForm(kb::sym::disjoint) && t.size() == 3 && t.at(1).isSymbol() && t.at(2).isSymbol()) {
                for (const auto &[member, other] : { std::pair { t.at(1), t.at(2) }, std::pair { t.at(2), t.at(1) } }) {
                    const auto found = memberOf.find(member.symbol());
                    if (disjointType || found == memberOf.end() || !m_kb->sees(found->second.second, context))
                        continue;
                    disjointType = true;
                    QTest::addRow("argument of a disjoint type: %s", qPrintable(kb::renderFlat(t)))
                        << QStringLiteral("(%1 %2)").arg(kb::renderFlat(other), kb::symbolString(found->second.first))
                        << kb::symbolString(found->second.second) << QStringLiteral("disjoint");
                }
            }
        }
    }
    QVERIFY(snakeFunctor && freeVariable && extraArgument && istWrapper && unboundConsequent && disjointType);
}

void TstCheckCorpus::mutations()
{
    QFETCH(QString, sentence);
    QFETCH(QString, context);
    QFETCH(QString, expected);
    const std::vector<check::Problem> problems = m_critic->check(sentence, context);
    if (verdict(problems) != expected) {
        for (const check::Problem &p : problems)
            qWarning().noquote() << p.type << p.message;
    }
    QCOMPARE(verdict(problems), expected);
}

void TstCheckCorpus::secondFunctionalValueInBatch()
{
    // A predicate the corpus marks functional, given two values for one subject in a batch.
    std::optional<std::pair<QString, QString>> functional; // predicate, context
    for (const kb::SymbolId context : m_kb->contexts()) {
        for (const kb::SentenceId id : m_kb->sentencesIn(context)) {
            const kb::Term t = m_kb->sentence(id).term;
            if (!functional && t.isForm(kb::sym::functional) && t.size() == 2 && t.at(1).isSymbol()
                && t.at(1).symbol() >= kb::sym::endOfBuiltins)
                functional.emplace(kb::symbolString(t.at(1).symbol()), kb::symbolString(context));
        }
    }
    QVERIFY(functional);
    const auto &[predicate, context] = *functional;
    const auto results = m_critic->checkBatch({ { QStringLiteral("(%1 Mutant1 1999)").arg(predicate), context, {} },
        { QStringLiteral("(%1 Mutant1 2001)").arg(predicate), context, {} } });
    QCOMPARE(verdict(results[0]), QStringLiteral("ok"));
    QCOMPARE(verdict(results[1]), QStringLiteral("functional"));
}

void TstCheckCorpus::corpusFormsPassTheGates()
{
    // Each corpus sentence, written back as a candidate string in its own context, is
    // admissible and known: parse, critic and round-trip all accept real data.
    int known = 0;
    for (const kb::SymbolId context : m_kb->contexts()) {
        const QString cx = kb::symbolString(context);
        for (const kb::SentenceId id : m_kb->sentencesIn(context)) {
            const QString text = kb::render(m_kb->sentence(id).term);
            const check::GateReport report = check::runGates(*m_critic, text, cx);
            QVERIFY2(report.isAdmissible(),
                qPrintable(text + QLatin1String(": ") + (report.problems.empty() ? QString() : report.problems.front().message)));
            known += report.isKnown() ? 1 : 0;
        }
    }
    QCOMPARE(known, 1214);
}

QTEST_GUILESS_MAIN(TstCheckCorpus)
#include "tst_checkcorpus.moc"
