// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// nibli-kr.md §6.1–§6.2: readings from the lexicon's templates, with their source.
#include "lang/nibli/checks.h"
#include "lang/nibli/gloss.h"

#include <QTest>

using namespace fanva::lang::nibli;

class TstNibliGloss final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void gloss_data();
    void gloss();
    void fill_data();
    void fill();
};

void TstNibliGloss::gloss_data()
{
    QTest::addColumn<QString>("statement");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("source");
    const auto row = [](const char *statement, const char *text, const char *source) {
        QTest::addRow("%s", statement) << QString::fromUtf8(statement) << QString::fromUtf8(text) << QString::fromUtf8(source);
    };
    // §6.2's table, word for word.
    row("animal(every dog).", "Every dog is an animal.", "composed");
    row("goes(me).", "Me goes to something.", "composed");
    row("metabolized_by(Varfarin, Siptucin).", "Siptucin cuts Varfarin.", "composed");
    row("prevents(Flukonazol, Siptucin) & metabolized_by(Varfarin, Siptucin) -> increases(Varfarin).",
        "If Flukonazol prevents Siptucin, and Siptucin cuts Varfarin, then Varfarin increases.", "composed");
    row("permitted(every person where approves).", "Something permits every person such that it approves of something.", "composed");
    row("obliged(every data, event { correct() }).", "Every data is obligated to the event that correct().", "partial");
    row("healthy data(Kanrek).", "Kanrek is data (kind: healthy data).", "composed");
    row("animal(Rex, Wolf).", "Rex is an animal (species: Wolf).", "composed");
    row("flaw(Akmes).", "Flaw(subject: Akmes).", "named");
    row("goes(me) via uses(this).", "Me goes to something (via uses: this uses me).", "composed");
    // §6.1's other forms.
    row("Kim = Djan_Smit.", "Kim is the same as Djan Smit.", "composed");
    row("past ~goes(me).", "In the past, it is not true that me goes to something.", "composed");
    row("must eats(we).", "It is obligatory that we eats something.", "composed");
    row("dog(Rex) ^ cat(Rex).", "Either Rex is a dog or Rex is a cat, but not both.", "composed");
    row("all $x, $y, $z: loves($x, $y) -> loves($y, $z).", "For every x, y and z, if x loves y, then y loves z.", "composed");
    row("some dog $d: eats($d).", "There is some dog d such that d eats something.", "composed");
    row("exactly 2 the dog $d: eats($d).", "For exactly 2 of the dog d, d eats something.", "composed");
    row("eats(Adam where loves(it, Bob)).", "Adam such that it loves Bob eats something.", "composed");
    row("eats(Adam also ~dog).", "Adam (also, it is not true that it is a dog) eats something.", "composed");
    row("loves(Adam, every loves.loved).", "Adam loves every thing such that something loves it.", "composed");
    row("uses(some ~dog, 2.50, \"x\").", "Some non-dog uses 2.5 (purpose: \"x\").", "composed");
}

void TstNibliGloss::gloss()
{
    QFETCH(QString, statement);
    QFETCH(QString, text);
    QFETCH(QString, source);
    const Vocabulary vocabulary(Lexicon::builtin());
    ReadResult r = read(statement.toStdString());
    QCOMPARE(r.statements.size(), size_t(1));
    QVERIFY(resolve(r.statements.front(), vocabulary).empty());
    const Gloss g = fanva::lang::nibli::gloss(r.statements.front(), vocabulary);
    QCOMPARE(QString::fromStdString(g.text), text);
    QCOMPARE(QString::fromLatin1(sourceName(g.source)), source);
}

void TstNibliGloss::fill_data()
{
    QTest::addColumn<QString>("reading");
    QTest::addColumn<QString>("filled");
    QTest::addColumn<QString>("expected");
    QTest::newRow("chain dropped") << "{x1} goes to {x2} from {x3} via {x4} using {x5}"
                                   << "1"
                                   << "A goes to something";
    QTest::newRow("stops at a filled place") << "{x1} goes to {x2} from {x3} via {x4} using {x5}"
                                             << "13"
                                             << "A goes to something from C";
    QTest::newRow("the only placeholder") << "to {x1}"
                                          << ""
                                          << "to something";
    QTest::newRow("no preposition") << "{x1} approves of {x2}"
                                    << "1"
                                    << "A approves of something";
    QTest::newRow("text after the last") << "{x1} is in {x2} now"
                                         << "1"
                                         << "A is in something now";
    QTest::newRow("reversed") << "{x2} cuts {x1}"
                              << "1"
                              << "something cuts A";
}

void TstNibliGloss::fill()
{
    QFETCH(QString, reading);
    QFETCH(QString, filled);
    QFETCH(QString, expected);
    std::map<int, std::string> places;
    for (const QChar c : filled)
        places[c.digitValue()] = std::string(1, static_cast<char>('A' + c.digitValue() - 1));
    QCOMPARE(QString::fromStdString(fillTemplate(reading.toStdString(), places)), expected);
}

QTEST_GUILESS_MAIN(TstNibliGloss)
#include "tst_nibligloss.moc"
