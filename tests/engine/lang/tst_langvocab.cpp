// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The language-neutral vocabulary (fanva_engine_langvocab, docs/spec/language-seam.md §1.0):
// this test links nothing but it and Qt. Its values (names of roles and gates, blocking
// problems, the gate report's states, a diagnostic's line, UTF-8 steps), and that the seam's
// interface and formalize's language-neutral files speak it and nothing of fanva-kb's.
#include "lang/diagnostic.h"
#include "lang/gatereport.h"
#include "lang/problem.h"
#include "lang/span.h"
#include "lang/statement.h"
#include "lang/termid.h"
#include "lang/termrole.h"
#include "lang/utf8.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <vector>

using namespace fanva;

namespace {

/// The lines of `path` (relative to the source tree) that name fanva-kb's libraries: an
/// include of kb/ or check/, or a kb:: or check:: name outside a `//` comment.
QStringList fanvaKbLines(const QString &path)
{
    QFile file(QStringLiteral(FANVA_SOURCE_DIR "/") + path);
    if (!file.open(QIODevice::ReadOnly))
        return { QStringLiteral("%1: cannot be read").arg(path) };
    static const QRegularExpression named(QStringLiteral(R"((\bkb::|\bcheck::|#include "(kb|check)/))"));
    QStringList found;
    int number = 0;
    for (const QByteArray &line : file.readAll().split('\n')) {
        ++number;
        const QString text = QString::fromUtf8(line);
        const qsizetype comment = text.trimmed().startsWith(QLatin1String("#include")) ? -1 : text.indexOf(QLatin1String("//"));
        if (named.match(comment < 0 ? text : text.left(comment)).hasMatch())
            found << QStringLiteral("%1:%2: %3").arg(path).arg(number).arg(text.trimmed());
    }
    return found;
}

} // namespace

class TstLangVocab : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roleNames()
    {
        QCOMPARE(lang::roleName(lang::TermRole::None), QLatin1StringView("none"));
        QCOMPARE(lang::roleName(lang::TermRole::Predicate), QLatin1StringView("predicate"));
        QCOMPARE(lang::roleName(lang::TermRole::Individual), QLatin1StringView("individual"));
        QCOMPARE(lang::roleName(lang::TermRole::Function), QLatin1StringView("function"));
        QCOMPARE(lang::roleName(lang::TermRole::Type), QLatin1StringView("type"));
        QCOMPARE(lang::noTerm, lang::TermId(0));
    }

    void gateIds()
    {
        QCOMPARE(lang::gateId(lang::Gate::Parse), QStringLiteral("parse"));
        QCOMPARE(lang::gateId(lang::Gate::Critic), QStringLiteral("critic"));
        QCOMPARE(lang::gateId(lang::Gate::RoundTrip), QStringLiteral("round-trip"));
    }

    void blocking()
    {
        QVERIFY(lang::isBlocking(QString(lang::problem::arity)));
        QVERIFY(lang::isBlocking(QString(lang::problem::unreadable)));
        QVERIFY(!lang::isBlocking(QString(lang::problem::alreadyStored)));
        QVERIFY(!lang::isBlocking(QString(lang::problem::retractDependents)));
        const std::vector<lang::Problem> notes { { QString(lang::problem::known), QStringLiteral("stored"), std::nullopt } };
        QVERIFY(!lang::hasBlocking(notes));
        std::vector<lang::Problem> refused = notes;
        refused.push_back({ QString(lang::problem::disjoint), QStringLiteral("clash"), lang::Span { 3, 9, 1, 4 } });
        QVERIFY(lang::hasBlocking(refused));
    }

    void reportStates()
    {
        lang::GateReport report;
        QVERIFY(report.isAdmissible());
        QVERIFY(!report.isKnown());
        report.notes.push_back({ QString(lang::problem::alreadyStored), QStringLiteral("stored"), std::nullopt });
        QVERIFY(report.isKnown());
        QVERIFY(!report.isDuplicate());
        report.notes.push_back({ QString(lang::problem::duplicateInBatch), QStringLiteral("again"), std::nullopt });
        QVERIFY(report.isDuplicate());
        report.failedGate = lang::Gate::Critic;
        QVERIFY(!report.isKnown());
        QVERIFY(!report.isDuplicate());
        QVERIFY(lang::Statement().isNull());
    }

    void diagnosticLine()
    {
        lang::Diagnostic d { QStringLiteral("unclosed-list"), QStringLiteral("birds.txt"), 3, 7, 40, QStringLiteral("( is not closed") };
        QCOMPARE(d.toString(), QStringLiteral("birds.txt:3:7: error: ( is not closed"));
        d.severity = lang::Diagnostic::Severity::Warning;
        d.line = 0;
        QVERIFY(!d.isError());
        QCOMPARE(d.toString(), QStringLiteral("birds.txt: warning: ( is not closed"));
    }

    void utf8Steps()
    {
        const QByteArray text = QByteArrayLiteral("\xC3\xA9\xC0");
        const auto *begin = reinterpret_cast<const unsigned char *>(text.constData());
        const lang::Utf8Step e = lang::decodeUtf8(begin, begin + text.size());
        QCOMPARE(e.length, 2);
        QCOMPARE(e.codePoint, char32_t(0xE9));
        const lang::Utf8Step bad = lang::decodeUtf8(begin + 2, begin + text.size());
        QCOMPARE(bad.error, lang::Utf8Step::Error::Overlong);
        QVERIFY(lang::utf8ErrorMessage(bad.error, 0xC0).contains(QLatin1String("0xC0")));
    }

    /// The seam's interface and formalize's language-neutral files name nothing of fanva-kb's.
    void seamSpeaksOnlyTheVocabulary_data()
    {
        QTest::addColumn<QString>("path");
        for (const char *name : { "language.h", "drafting.h", "gates.h", "claim.h", "claimwriter.h", "toolservices.h", "turnvocabulary.h",
                 "token.h", "drafting.cpp", "gates.cpp", "language.cpp", "diagnostic.h", "gatereport.h", "problem.h", "span.h",
                 "statement.h", "termid.h", "termrole.h", "utf8.h" })
            QTest::newRow(name) << QStringLiteral("engine/lang/") + QLatin1String(name);
        for (const char *name : { "entry.h", "prompts.h", "prompts.cpp", "session.cpp", "segmenter.cpp" })
            QTest::newRow(name) << QStringLiteral("engine/formalize/") + QLatin1String(name);
    }
    void seamSpeaksOnlyTheVocabulary()
    {
        QFETCH(QString, path);
        const QStringList found = fanvaKbLines(path);
        if (!found.isEmpty())
            qWarning().noquote() << found.join(QLatin1Char('\n'));
        QVERIFY(found.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstLangVocab)
#include "tst_langvocab.moc"
