// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The nibli adapter behind the seam (nibli-kr.md §1.1, §1.3): registration, read with spans,
// load, the gates one by one and as a batch, render/key/round trip, gloss, findTerm, coined,
// bare candidates, the provenance prefix and highlighting tokens; score's operations
// (individuals, one-argument facts, renaming Names) and describeTerm.
#include "lang/nibli/niblilanguage.h"
#include "lang/registry.h"

#include "check/problem.h"
#include "lang/nibli/highlight.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;

namespace {

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

QStringList types(const std::vector<check::Problem> &problems)
{
    QStringList out;
    for (const check::Problem &p : problems)
        out.append(p.type);
    return out;
}

} // namespace

class TstNibliLanguage : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void registered();
    void readKeepsSpansAndDiagnostics();
    void parseGate();
    void criticWithBatchOverlay();
    void renderKeyRoundTrip();
    void glossAndFindTerm();
    void coined();
    void bareCandidates();
    void highlighting();
    void scoreOperations_data();
    void scoreOperations();
    void describeTerm_data();
    void describeTerm();

private:
    const lang::Language *m_nibli = nullptr;
    QTemporaryDir m_dir;
    std::shared_ptr<const lang::Kb> m_kb;
};

void TstNibliLanguage::initTestCase()
{
    m_nibli = lang::languageById(u"nibli");
    QVERIFY(m_nibli);
    QVERIFY(m_dir.isValid());
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("shop.nibli")),
        "pred stocks(shop, goods): \"{x1} stocks {x2}\".\nperson(Ilse).\nstocks(Kiosk, some water).\n"));
    QVERIFY(QDir(m_dir.path()).mkpath(QStringLiteral("old")));
    QVERIFY(writeFile(m_dir.filePath(QStringLiteral("old/past.nibli")), "person(Olaf).\n"));
    const lang::LoadResult loaded = m_nibli->load(m_dir.path());
    QVERIFY(loaded.diagnostics.empty());
    QVERIFY(loaded.ok());
    m_kb = loaded.kb;
}

void TstNibliLanguage::registered()
{
    QCOMPARE(m_nibli, &lang::nibliLanguage());
    QCOMPARE(m_nibli->id(), QStringLiteral("nibli"));
    QCOMPARE(m_nibli->lineComment(), QStringLiteral("#"));
    QCOMPARE(m_nibli->kbFilePatterns(), QStringList { QStringLiteral("*.nibli") });
    QCOMPARE(m_nibli->kbFiles(m_dir.path()).size(), 2);
    const lang::LanguageLookup found = lang::lookUp({ QStringLiteral("nibli"), {} });
    QCOMPARE(found.language, m_nibli);
    QCOMPARE(&m_kb->language(), m_nibli);
    QCOMPARE(m_kb->statementCount(), std::size_t(4));
    QCOMPARE(m_kb->targets(), QStringList { QStringLiteral("shop") });
}

void TstNibliLanguage::readKeepsSpansAndDiagnostics()
{
    const QByteArray text = "# a note\nperson(Ilse).\n  owns(Ilse, Kiosk).\nowns(Ilse,, Kiosk).\n";
    const lang::ReadResult read = m_nibli->read(text, QStringLiteral("f.nibli"));
    QCOMPARE(read.statements.size(), std::size_t(2));
    QCOMPARE(read.statements[1].text, QStringLiteral("owns(Ilse, Kiosk)."));
    QCOMPARE(read.statements[1].span.line, 3u);
    QCOMPARE(read.statements[1].span.column, 3u);
    QCOMPARE(text.mid(read.statements[1].span.begin, read.statements[1].span.end - read.statements[1].span.begin),
        QByteArray("owns(Ilse, Kiosk)."));
    QCOMPARE(read.statements[1].language, m_nibli);
    QCOMPARE(read.diagnostics.size(), std::size_t(1));
    QCOMPARE(read.diagnostics[0].file, QStringLiteral("f.nibli"));
    QCOMPARE(read.diagnostics[0].line, 4);
    QVERIFY(read.hasErrors());
}

void TstNibliLanguage::parseGate()
{
    QCOMPARE(m_nibli->readCandidate(QStringLiteral("   ")).problem->type, QStringLiteral("empty-sentence"));
    QCOMPARE(m_nibli->readCandidate(QStringLiteral("person(A). person(B).")).problem->type, QStringLiteral("several-sentences"));
    const lang::Candidate ok = m_nibli->readCandidate(QStringLiteral(" person(Ilse). "));
    QVERIFY(!ok.problem);
    QVERIFY(ok.statement);
    QCOMPARE(ok.statement->text, QStringLiteral("person(Ilse)."));
}

void TstNibliLanguage::criticWithBatchOverlay()
{
    const auto candidate = [this](const char *text) { return *m_nibli->readCandidate(QString::fromUtf8(text)).statement; };
    // Known: the KB's statement, whatever its file, is a note (not blocking).
    const std::vector<check::Problem> known = m_nibli->check(*m_kb, candidate("person(Olaf)."), QStringLiteral("shop"));
    QCOMPARE(types(known), QStringList { QStringLiteral("already-stored") });
    QVERIFY(!check::hasBlocking(known));
    QVERIFY(m_kb->isStored(m_nibli->key(m_kb.get(), candidate("person(Olaf).")), QStringLiteral("shop")));
    QVERIFY(!m_kb->isStored(m_nibli->key(m_kb.get(), candidate("person(Ute).")), QStringLiteral("shop")));
    // A word outside V is refused; a respelt Name too.
    QVERIFY(check::hasBlocking(m_nibli->check(*m_kb, candidate("frobnicates(Ilse)."), QStringLiteral("shop"))));
    QCOMPARE(
        types(m_nibli->check(*m_kb, candidate("person(ILSE)."), QStringLiteral("shop"))), QStringList { QStringLiteral("name-spelling") });

    // The batch: an earlier entry's declaration, key and Names count for later ones.
    const std::unique_ptr<lang::Batch> batch = m_nibli->newBatch(*m_kb);
    const lang::Statement declaration = candidate("pred repairs(mender, thing): \"{x1} repairs {x2}\".");
    const lang::Statement uses = candidate("repairs(Ilse, Kiosk).");
    QVERIFY(check::hasBlocking(m_nibli->check(*m_kb, uses, QStringLiteral("shop"), batch.get())));
    QVERIFY(m_nibli->check(*m_kb, declaration, QStringLiteral("shop"), batch.get()).empty());
    m_nibli->admit(*m_kb, *batch, declaration, QStringLiteral("shop"), 0);
    QVERIFY(m_nibli->check(*m_kb, uses, QStringLiteral("shop"), batch.get()).empty());
    m_nibli->admit(*m_kb, *batch, uses, QStringLiteral("shop"), 1);
    QCOMPARE(batch->size(), 2);
    QCOMPARE(types(m_nibli->check(*m_kb, candidate("repairs(Ilse, thing: Kiosk)."), QStringLiteral("shop"), batch.get())),
        QStringList { QStringLiteral("duplicate-in-batch") });
    m_nibli->admit(*m_kb, *batch, candidate("person(Bertil)."), QStringLiteral("shop"), 2);
    QCOMPARE(types(m_nibli->check(*m_kb, candidate("person(BERTIL)."), QStringLiteral("shop"), batch.get())),
        QStringList { QStringLiteral("name-spelling") });
    // Without the batch, none of it holds.
    QVERIFY(check::hasBlocking(m_nibli->check(*m_kb, uses, QStringLiteral("shop"))));
}

void TstNibliLanguage::renderKeyRoundTrip()
{
    const lang::Statement named = *m_nibli->readCandidate(QStringLiteral("owns( Ilse , owned: Kiosk ).")).statement;
    QCOMPARE(m_nibli->render(named), QStringLiteral("owns(Ilse, Kiosk)."));
    const lang::Statement positional = *m_nibli->readCandidate(QStringLiteral("owns(Ilse, Kiosk).")).statement;
    QCOMPARE(m_nibli->render(positional), QStringLiteral("owns(Ilse, Kiosk)."));
    QCOMPARE(m_nibli->key(nullptr, positional), m_nibli->key(m_kb.get(), positional));
    QCOMPARE(m_nibli->key(nullptr, named), m_nibli->key(nullptr, positional));
    QVERIFY(!m_nibli->roundTrip(*m_kb, positional));
    // A statement resolving only against the KB's declarations keys through the KB.
    const lang::Statement stocks = *m_nibli->readCandidate(QStringLiteral("stocks(Kiosk, some water).")).statement;
    QVERIFY(!m_nibli->roundTrip(*m_kb, stocks));
    QVERIFY(m_kb->isStored(m_nibli->key(m_kb.get(), stocks), QStringLiteral("shop")));
}

void TstNibliLanguage::glossAndFindTerm()
{
    const lang::Statement person = *m_nibli->readCandidate(QStringLiteral("person(Ilse).")).statement;
    const lang::Gloss g = m_nibli->gloss(*m_kb, person, QStringLiteral("shop"));
    QCOMPARE(g.source, lang::Gloss::Source::Composed);
    QVERIFY2(g.text.contains(QStringLiteral("Ilse is a person")), qPrintable(g.text));
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("person"), {}), lang::TermRole::Predicate);
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("stocks"), {}), lang::TermRole::Predicate);
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("Olaf"), {}), lang::TermRole::Individual);
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("Ute"), {}), lang::TermRole::None);
    QVERIFY(m_nibli->corrections(*m_kb, person, {}).rules.isEmpty());
    QVERIFY(!m_nibli->corrections(*m_kb, person, {}).to);
    QVERIFY(!m_nibli->promptGuide(*m_kb, {}).isEmpty());
}

void TstNibliLanguage::coined()
{
    const auto candidate = [this](const char *text) { return *m_nibli->readCandidate(QString::fromUtf8(text)).statement; };
    const lang::CoinedReport report = m_nibli->coined(*m_kb, QStringLiteral("shop"),
        { { QStringLiteral("e1"), candidate("pred repairs(mender, thing): \"{x1} repairs {x2}\".") },
            { QStringLiteral("e2"), candidate("repairs(Ilse, Kiosk).") }, { QStringLiteral("e3"), candidate("person(Bertil).") } });
    QCOMPARE(report.literals, 2);
    QCOMPARE(report.coined, 1);
    QCOMPARE(report.reused, 1);
    QCOMPARE(report.relations, 1);
    QCOMPARE(report.properties, 0);
    QCOMPARE(report.introduced, 1); // Bertil; Ilse and Kiosk are known
    QCOMPARE(report.functors.size(), std::size_t(1));
    QCOMPARE(report.functors[0].functor, QStringLiteral("repairs"));
    QCOMPARE(report.functors[0].entries, (QStringList { QStringLiteral("e1"), QStringLiteral("e2") }));
}

void TstNibliLanguage::bareCandidates()
{
    const std::vector<lang::ReplyCandidate> found = m_nibli->bareCandidates(QStringLiteral(
        "Here you are:\n```\n[1] Ilse is a person.\nperson(Ilse).\n# not this.\nowns(Ilse, Kiosk). # [3]\nno period here\n```\n"));
    QCOMPARE(found.size(), std::size_t(2));
    QCOMPARE(found[0].sentence, QStringLiteral("person(Ilse)."));
    QCOMPARE(found[0].segment, std::optional<int>(1));
    QCOMPARE(found[1].sentence, QStringLiteral("owns(Ilse, Kiosk)."));
    QCOMPARE(found[1].segment, std::optional<int>(3));
    QVERIFY(m_nibli->bareCandidates(QStringLiteral("I cannot help with that")).empty());
}

void TstNibliLanguage::highlighting()
{
    int state = 0;
    const QList<lang::Token> tokens = m_nibli->tokenizeLine(u"person(Ilse). /* open", state);
    QCOMPARE(state, 1);
    QVERIFY(!tokens.isEmpty());
    QCOMPARE(tokens.constFirst().tokenClass, lang::TokenClass::Predicate);
    QCOMPARE(tokens.constLast().tokenClass, lang::TokenClass::Comment);
    const QList<lang::Token> next = m_nibli->tokenizeLine(u"still */ person(Ilse).", state);
    QCOMPARE(state, 0);
    QCOMPARE(next.constFirst().tokenClass, lang::TokenClass::Comment);
}

void TstNibliLanguage::scoreOperations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("scored");
    QTest::addColumn<QStringList>("individuals");
    QTest::addColumn<QString>("fact"); ///< "predicate individual", empty for none
    QTest::addColumn<QString>("renamed"); ///< with Ilse → Anna, Kiosk → Shop1

    QTest::addRow("one-argument fact") << QStringLiteral("bird(Ilse).") << true << QStringList { QStringLiteral("Ilse") }
                                       << QStringLiteral("bird Ilse") << QStringLiteral("bird(Anna).");
    QTest::addRow("place 1 by label") << QStringLiteral("bird(bird: Ilse).") << true << QStringList { QStringLiteral("Ilse") }
                                      << QStringLiteral("bird Ilse") << QStringLiteral("bird(Anna).");
    QTest::addRow("negated") << QStringLiteral("~person(Ilse).") << true << QStringList { QStringLiteral("Ilse") } << QString()
                             << QStringLiteral("~person(Anna).");
    QTest::addRow("prefixed") << QStringLiteral("past person(Ilse).") << true << QStringList { QStringLiteral("Ilse") } << QString()
                              << QStringLiteral("past person(Anna).");
    QTest::addRow("place 2 only") << QStringLiteral("owns(_, Kiosk).") << true << QStringList { QStringLiteral("Kiosk") } << QString()
                                  << QStringLiteral("owns(_, Shop1).");
    QTest::addRow("KB declaration") << QStringLiteral("stocks(Kiosk, Ilse).") << true
                                    << QStringList { QStringLiteral("Kiosk"), QStringLiteral("Ilse") } << QString()
                                    << QStringLiteral("stocks(Shop1, Anna).");
    QTest::addRow("rule, each Name once") << QStringLiteral("person(Ilse) & owns(Ilse, Kiosk) -> person(Kiosk).") << true
                                          << QStringList { QStringLiteral("Ilse"), QStringLiteral("Kiosk") } << QString()
                                          << QStringLiteral("person(Anna) & owns(Anna, Shop1) -> person(Shop1).");
    QTest::addRow("inside a phrase") << QStringLiteral("owns(Ilse, some water where owns(Kiosk, it)).") << true
                                     << QStringList { QStringLiteral("Ilse"), QStringLiteral("Kiosk") } << QString()
                                     << QStringLiteral("owns(Anna, some water where owns(Shop1, it)).");
    QTest::addRow("nothing to rename") << QStringLiteral("person(Olaf).") << true << QStringList { QStringLiteral("Olaf") }
                                       << QStringLiteral("person Olaf") << QStringLiteral("person(Olaf).");
    QTest::addRow("declaration") << QStringLiteral("pred sells(seller, goods): \"{x1} sells {x2}\".") << false << QStringList() << QString()
                                 << QStringLiteral("pred sells(seller, goods): \"{x1} sells {x2}\".");
}

void TstNibliLanguage::scoreOperations()
{
    QFETCH(QString, text);
    QFETCH(bool, scored);
    QFETCH(QStringList, individuals);
    QFETCH(QString, fact);
    QFETCH(QString, renamed);
    const lang::Candidate read = m_nibli->readCandidate(text);
    QVERIFY(read.statement);
    const lang::Statement &s = *read.statement;
    QCOMPARE(m_nibli->isScored(s, true), scored);
    QCOMPARE(m_nibli->isScored(s, false), scored);
    QCOMPARE(m_nibli->individuals(s), individuals);
    const std::optional<lang::OneArgumentFact> found = m_nibli->oneArgumentFact(m_kb.get(), s);
    QCOMPARE(found ? found->predicate + QLatin1Char(' ') + found->individual : QString(), fact);

    const std::map<QString, QString> renaming { { QStringLiteral("Ilse"), QStringLiteral("Anna") },
        { QStringLiteral("Kiosk"), QStringLiteral("Shop1") } };
    const lang::Statement out = m_nibli->renamed(m_kb.get(), s, renaming);
    QCOMPARE(out.language, m_nibli);
    QCOMPARE(m_nibli->render(out), renamed);
    // The renamed statement reads back as its own text and keys as that text does.
    const lang::Statement again = *m_nibli->readCandidate(m_nibli->render(out)).statement;
    QCOMPARE(m_nibli->key(m_kb.get(), out), m_nibli->key(m_kb.get(), again));
    // An empty renaming changes nothing.
    QCOMPARE(m_nibli->renamed(m_kb.get(), s, {}).data, s.data);
}

void TstNibliLanguage::describeTerm_data()
{
    QTest::addColumn<QString>("word");
    QTest::addColumn<int>("maxUses");
    QTest::addColumn<QString>("role"); ///< lang::roleName()
    QTest::addColumn<QStringList>("sources"); ///< kind, or "kind FILE:LINE:COL"
    QTest::addColumn<int>("arity"); ///< -1: none
    QTest::addColumn<QStringList>("places");
    QTest::addColumn<QString>("reading");
    QTest::addColumn<QStringList>("uses"); ///< "FILE:LINE:COL TEXT"
    QTest::addColumn<int>("useCount");
    QTest::addColumn<QStringList>("suggestions");

    const QString personIlse = QStringLiteral("shop.nibli:2:1 person(Ilse).");
    const QString personOlaf = QStringLiteral("old/past.nibli:1:1 person(Olaf).");
    const QString stocks = QStringLiteral("shop.nibli:3:1 stocks(Kiosk, some water).");
    QTest::addRow("lexicon predicate") << QStringLiteral("person") << 10 << QStringLiteral("predicate")
                                       << QStringList { QStringLiteral("lexicon") } << 1 << QStringList { QStringLiteral("person") }
                                       << QStringLiteral("{x1} is a person") << QStringList { personOlaf, personIlse } << 2
                                       << QStringList();
    QTest::addRow("uses capped") << QStringLiteral("person") << 1 << QStringLiteral("predicate")
                                 << QStringList { QStringLiteral("lexicon") } << 1 << QStringList { QStringLiteral("person") }
                                 << QStringLiteral("{x1} is a person") << QStringList { personOlaf } << 2 << QStringList();
    QTest::addRow("declared predicate") << QStringLiteral("stocks") << 10 << QStringLiteral("predicate")
                                        << QStringList { QStringLiteral("declaration shop.nibli:1:1") } << 2
                                        << QStringList { QStringLiteral("shop"), QStringLiteral("goods") }
                                        << QStringLiteral("{x1} stocks {x2}") << QStringList { stocks } << 1 << QStringList();
    QTest::addRow("unused lexicon word") << QStringLiteral("bird") << 10 << QStringLiteral("predicate")
                                         << QStringList { QStringLiteral("lexicon") } << 2
                                         << QStringList { QStringLiteral("bird"), QStringLiteral("species") }
                                         << QStringLiteral("{x1} is a bird") << QStringList() << 0 << QStringList();
    QTest::addRow("Name") << QStringLiteral("Kiosk") << 10 << QStringLiteral("individual") << QStringList() << -1 << QStringList()
                          << QString() << QStringList { stocks } << 1 << QStringList();
    QTest::addRow("respelt Name") << QStringLiteral("ILSE") << 10 << QStringLiteral("none") << QStringList() << -1 << QStringList()
                                  << QString() << QStringList() << 0 << QStringList { QStringLiteral("Ilse") };
    QTest::addRow("misspelt predicate") << QStringLiteral("stoks") << 10 << QStringLiteral("none") << QStringList() << -1 << QStringList()
                                        << QString() << QStringList() << 0 << QStringList { QStringLiteral("stocks") };
}

void TstNibliLanguage::describeTerm()
{
    QFETCH(QString, word);
    QFETCH(int, maxUses);
    QFETCH(QString, role);
    QFETCH(QStringList, sources);
    QFETCH(int, arity);
    QFETCH(QStringList, places);
    QFETCH(QString, reading);
    QFETCH(QStringList, uses);
    QFETCH(int, useCount);
    QFETCH(QStringList, suggestions);
    const auto where = [](const lang::KbPlace &p) { return QStringLiteral("%1:%2:%3").arg(p.file).arg(p.line).arg(p.column); };
    const lang::TermDescription term = m_nibli->describeTerm(*m_kb, word, {}, maxUses);
    QCOMPARE(term.term, word);
    QCOMPARE(QString(lang::roleName(term.role)), role);
    QCOMPARE(term.used, useCount > 0);
    QStringList gotSources;
    for (const lang::TermDescription::Source &source : term.sources)
        gotSources.append(source.place.file.isEmpty() ? source.kind : source.kind + QLatin1Char(' ') + where(source.place));
    QCOMPARE(gotSources, sources);
    QCOMPARE(term.arity.value_or(-1), arity);
    QCOMPARE(term.places, places);
    QCOMPARE(term.reading, reading);
    QStringList gotUses;
    for (const lang::KbPlace &use : term.uses)
        gotUses.append(where(use) + QLatin1Char(' ') + use.text);
    QCOMPARE(gotUses, uses);
    QCOMPARE(term.useCount, useCount);
    QCOMPARE(term.suggestions.mid(0, suggestions.size()), suggestions);
}

QTEST_GUILESS_MAIN(TstNibliLanguage)
#include "tst_niblilanguage.moc"
