// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The nibli adapter behind the seam (nibli-kr.md §1.1, §1.3): registration, read with spans,
// load, the gates one by one and as a batch, render/key/round trip, gloss, findTerm, coined,
// bare candidates, the provenance prefix and highlighting tokens.
#include "lang/niblilanguage.h"
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
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("person"), {}), kb::Role::Predicate);
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("stocks"), {}), kb::Role::Predicate);
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("Olaf"), {}), kb::Role::Individual);
    QCOMPARE(m_nibli->findTerm(*m_kb, QStringLiteral("Ute"), {}), kb::Role::None);
    QVERIFY(m_nibli->corrections(*m_kb, person, {}).rules.isEmpty());
    QVERIFY(!m_nibli->corrections(*m_kb, person, {}).to);
    QVERIFY(!m_nibli->promptGuide(*m_kb, {}).isEmpty());
}

void TstNibliLanguage::coined()
{
    const auto candidate = [this](const char *text) { return *m_nibli->readCandidate(QString::fromUtf8(text)).statement; };
    const formalize::CoinedReport report = m_nibli->coined(*m_kb, QStringLiteral("shop"),
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
    const std::vector<formalize::ReplyCandidate> found = m_nibli->bareCandidates(QStringLiteral(
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

QTEST_GUILESS_MAIN(TstNibliLanguage)
#include "tst_niblilanguage.moc"
