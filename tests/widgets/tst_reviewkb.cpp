// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
//
// ReviewKb, the review controller's KB: loaded by language, an unknown language or a KB that
// does not load said in a sentence, and a batch gated against the KB without the statements
// the entries remove — for fanva-kb and nibli KR from one source.

#include "review/reviewkb.h"

#include "lang/problem.h"
#include "lang/sentenceedits.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace fanva;

namespace {

bool hasCode(const std::vector<lang::Problem> &problems, QLatin1StringView code)
{
    return std::any_of(problems.begin(), problems.end(), [&](const lang::Problem &p) { return p.type == code; });
}

} // namespace

class TstReviewKb : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gatesWithoutRemoved_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QByteArray>("kbText");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("stored");
        QTest::addRow("fanva-kb") << QStringLiteral("fanva-kb") << QStringLiteral("CxShop.txt")
                                  << QByteArray("(comment person \"A human being.\")\n(isa Ilse person)\n(isa Ute person)\n")
                                  << QStringLiteral("CxShop") << QStringLiteral("(isa Ute person)");
        QTest::addRow("nibli") << QStringLiteral("nibli") << QStringLiteral("shop.nibli") << QByteArray("person(Ilse).\nperson(Ute).\n")
                               << QStringLiteral("shop") << QStringLiteral("person(Ute).");
    }

    void gatesWithoutRemoved()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QByteArray, kbText);
        QFETCH(QString, target);
        QFETCH(QString, stored);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(file);
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        QCOMPARE(out.write(kbText), kbText.size());
        out.close();

        ReviewKb kb;
        QVERIFY(!kb.isLoaded());
        QVERIFY(kb.gate(target, { stored }).empty()); // no KB, no gate
        const std::optional<QString> failure = kb.load(dir.path(), language, nullptr);
        QVERIFY2(!failure, qPrintable(failure.value_or(QString())));
        QVERIFY(kb.isLoaded());
        QCOMPARE(kb.kb()->language().id(), language);
        QVERIFY(!kb.key(stored).isEmpty());

        // Stored: already there. Without its line (a replacement of it): not any more.
        const std::vector<std::vector<lang::Problem>> asIs = kb.gate(target, { stored });
        QCOMPARE(asIs.size(), std::size_t(1));
        QVERIFY(hasCode(asIs.front(), lang::problem::alreadyStored));
        const int line = int(kbText.split('\n').indexOf(stored.toUtf8())) + 1;
        const std::vector<formalize::ExistingSentence> removed { { line, stored, {} } };
        const std::vector<std::vector<lang::Problem>> without = kb.gate(target, { stored }, path, kbText, removed);
        QCOMPARE(without.size(), std::size_t(1));
        QVERIFY(!hasCode(without.front(), lang::problem::alreadyStored));
        QVERIFY(!lang::hasBlocking(without.front()));
        // The KB without it is kept for the same text, and dropped with a new KB.
        QVERIFY(!hasCode(kb.gate(target, { stored }, path, kbText, removed).front(), lang::problem::alreadyStored));
        kb.adopt(kb.kb());
        QVERIFY(!hasCode(kb.gate(target, { stored }, path, kbText, removed).front(), lang::problem::alreadyStored));
    }

    void loadFailuresAreSentences()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        ReviewKb kb;
        const std::optional<QString> unknown = kb.load(dir.path(), QStringLiteral("klingon"), nullptr);
        QVERIFY(unknown);
        QVERIFY2(unknown->contains(QLatin1StringView("no KB language \"klingon\"")) && unknown->contains(QLatin1StringView("nibli")),
            qPrintable(*unknown));
        QFile out(dir.filePath(QStringLiteral("CxBroken.txt")));
        QVERIFY(out.open(QIODevice::WriteOnly));
        QVERIFY(out.write("(isa Ute person\n") > 0);
        out.close();
        const std::optional<QString> broken = kb.load(dir.path(), QStringLiteral("fanva-kb"), nullptr);
        QVERIFY(broken);
        QVERIFY2(broken->contains(QLatin1StringView("does not load")) && broken->contains(QLatin1StringView("CxBroken.txt")),
            qPrintable(*broken));
        QVERIFY(!kb.isLoaded());
    }
};

QTEST_GUILESS_MAIN(TstReviewKb)
#include "tst_reviewkb.moc"
