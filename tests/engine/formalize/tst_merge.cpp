// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Formalize again (docs/formalize.md §9.5): the merge of a new run into a review.
#include "formalize/merge.h"

#include <QTest>

using namespace fanva::formalize;

namespace {

Entry E(const QString &id, int segment, const QString &candidate, Decision decision = Decision::Undecided,
    EntryState state = EntryState::Admissible)
{
    Entry e;
    e.id = id;
    e.segment = segment;
    e.candidate = candidate;
    e.shapes = { candidate };
    e.selectedShape = 1;
    e.state = state;
    e.decision = decision;
    return e;
}

Entry edited(Entry e, const QString &edit)
{
    e.edit = edit;
    e.selectedShape = 0;
    e.decision = Decision::Edited;
    return e;
}

/// "c1 accepted [2] (a X)" per entry, in the merge's order; a withdrawn entry ends " W".
QStringList summary(const std::vector<Entry> &entries)
{
    QStringList out;
    for (const Entry &e : entries) {
        const bool withdrawn = std::any_of(
            e.notes.begin(), e.notes.end(), [](const fanva::lang::Problem &p) { return p.type == QLatin1StringView("withdrawn"); });
        out.append(QStringLiteral("%1 %2 [%3] %4%5")
                       .arg(e.id, decisionName(e.decision))
                       .arg(e.segment)
                       .arg(e.sentence(), withdrawn ? QStringLiteral(" W") : QString()));
    }
    return out;
}

const QStringList s_ab = { QStringLiteral("Pingu is a penguin."), QStringLiteral("Penguins eat fish.") };

} // namespace

Q_DECLARE_METATYPE(MergeInput)

class TstMerge : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void merge_data();
    void merge();
    void mapSegments_data();
    void mapSegments();
    void highestEntryNumber();
    void mergeLinesSayWhatHappened();
};

void TstMerge::merge_data()
{
    QTest::addColumn<MergeInput>("input");
    QTest::addColumn<QStringList>("entries");
    QTest::addColumn<QStringList>("lost");
    QTest::addColumn<QStringList>("withdrawn");
    QTest::addColumn<QStringList>("added");

    auto input = [](std::vector<Entry> previous, std::vector<Entry> fresh, QStringList freshSegments = s_ab, std::set<int> scope = {}) {
        MergeInput in;
        in.previous = std::move(previous);
        in.previousSegments = s_ab;
        in.fresh = std::move(fresh);
        in.freshSegments = std::move(freshSegments);
        in.scope = std::move(scope);
        // A stand-in for the KB's canonical key: spacing does not count, as in canon(s).
        in.key = [](const QString &s) { return s.simplified().remove(QLatin1Char(' ')); };
        return in;
    };
    const QString a = QStringLiteral("(penguin Pingu)");
    const QString b = QStringLiteral("(eats Pingu Fish1)");
    const QString c = QStringLiteral("(fish Fish1)");

    QTest::addRow("surviving key keeps the decision")
        << input({ E(QStringLiteral("c1"), 1, a, Decision::Accepted) }, { E(QStringLiteral("c2"), 1, QStringLiteral("(penguin  Pingu)")) })
        << QStringList { QStringLiteral("c1 accepted [1] (penguin Pingu)") } << QStringList() << QStringList() << QStringList();
    QTest::addRow("an edit survives when the run proposes the edited sentence")
        << input({ edited(E(QStringLiteral("c1"), 2, QStringLiteral("(eats Pingu)")), b) }, { E(QStringLiteral("c2"), 2, b) })
        << QStringList { QStringLiteral("c1 edited [2] ") + b } << QStringList() << QStringList() << QStringList();
    QTest::addRow("an edit survives when the run proposes the candidate again")
        << input({ edited(E(QStringLiteral("c1"), 2, QStringLiteral("(eats Pingu)")), b) },
               { E(QStringLiteral("c2"), 2, QStringLiteral("(eats Pingu)"), Decision::Undecided, EntryState::Refused) })
        << QStringList { QStringLiteral("c1 edited [2] ") + b } << QStringList() << QStringList() << QStringList();
    QTest::addRow("a rejected entry proposed again stays rejected")
        << input({ E(QStringLiteral("c1"), 1, a, Decision::Rejected) }, { E(QStringLiteral("c2"), 1, a) })
        << QStringList { QStringLiteral("c1 rejected [1] ") + a } << QStringList() << QStringList() << QStringList();
    QTest::addRow("what is new arrives undecided; an undecided entry not proposed again goes")
        << input({ E(QStringLiteral("c1"), 1, a) }, { E(QStringLiteral("c2"), 1, c) })
        << QStringList { QStringLiteral("c2 undecided [1] ") + c } << QStringList() << QStringList()
        << QStringList { QStringLiteral("c2") };
    QTest::addRow("a decided entry not proposed again is lost, kept withdrawn")
        << input({ E(QStringLiteral("c1"), 1, a, Decision::Accepted) }, { E(QStringLiteral("c2"), 1, c) })
        << QStringList { QStringLiteral("c1 accepted [1] %1 W").arg(a), QStringLiteral("c2 undecided [1] ") + c }
        << QStringList { QStringLiteral("c1") } << QStringList { QStringLiteral("c1") } << QStringList { QStringLiteral("c2") };
    {
        MergeInput dropLost = input({ E(QStringLiteral("c1"), 1, a, Decision::Accepted) }, { E(QStringLiteral("c2"), 1, c) });
        dropLost.keepLost = false;
        QTest::addRow("a lost entry dropped on request")
            << dropLost << QStringList { QStringLiteral("c2 undecided [1] ") + c } << QStringList { QStringLiteral("c1") } << QStringList()
            << QStringList { QStringLiteral("c2") };
    }
    QTest::addRow("a rejected entry not proposed again goes without loss") << input({ E(QStringLiteral("c1"), 1, a, Decision::Rejected) },
        {}) << QStringList() << QStringList() << QStringList() << QStringList();
    QTest::addRow("sentence gone: withdrawn, decision kept")
        << input({ E(QStringLiteral("c1"), 2, b, Decision::Accepted), E(QStringLiteral("c2"), 2, c) }, {},
               { QStringLiteral("Pingu is a penguin.") })
        << QStringList { QStringLiteral("c1 accepted [0] %1 W").arg(b), QStringLiteral("c2 undecided [0] %1 W").arg(c) } << QStringList()
        << QStringList { QStringLiteral("c1"), QStringLiteral("c2") } << QStringList();
    QTest::addRow("sentence gone and rejected: dropped")
        << input({ E(QStringLiteral("c1"), 2, b, Decision::Rejected) }, {}, { QStringLiteral("Pingu is a penguin.") }) << QStringList()
        << QStringList() << QStringList() << QStringList();
    QTest::addRow("outside the scope: kept, renumbered")
        << input({ E(QStringLiteral("c1"), 1, a, Decision::Accepted), E(QStringLiteral("c2"), 2, b) }, { E(QStringLiteral("c3"), 3, c) },
               { QStringLiteral("Intro."), s_ab.at(0), s_ab.at(1) }, { 3 })
        << QStringList { QStringLiteral("c1 accepted [2] ") + a, QStringLiteral("c3 undecided [3] ") + c } << QStringList() << QStringList()
        << QStringList { QStringLiteral("c3") };
    {
        Entry applied = E(QStringLiteral("c1"), 1, a, Decision::Applied);
        applied.applied = QStringLiteral("j1");
        QTest::addRow("applied stays applied") << input({ applied }, { E(QStringLiteral("c2"), 1, c) })
                                               << QStringList { QStringLiteral("c1 applied [1] ") + a,
                                                      QStringLiteral("c2 undecided [1] ") + c }
                                               << QStringList() << QStringList() << QStringList { QStringLiteral("c2") };
    }
    QTest::addRow("a matched entry moves with its sentence")
        << input({ E(QStringLiteral("c1"), 1, a, Decision::Accepted) }, { E(QStringLiteral("c2"), 2, a) },
               { QStringLiteral("Intro."), s_ab.at(0), s_ab.at(1) })
        << QStringList { QStringLiteral("c1 accepted [2] ") + a } << QStringList() << QStringList() << QStringList();
    QTest::addRow("a previous run's history is not kept") << input(
        { E(QStringLiteral("c1"), 1, a, Decision::Undecided, EntryState::Superseded), E(QStringLiteral("c2"), 1, a, Decision::Accepted) },
        { E(QStringLiteral("c3"), 1, a) }) << QStringList { QStringLiteral("c2 accepted [1] ") + a }
                                                          << QStringList() << QStringList() << QStringList();
    QTest::addRow("the new run's history is kept") << input({},
        { E(QStringLiteral("c1"), 1, QStringLiteral("(p)"), Decision::Undecided, EntryState::Superseded), E(QStringLiteral("c2"), 1, a) })
                                                   << QStringList { QStringLiteral("c1 undecided [1] (p)"),
                                                          QStringLiteral("c2 undecided [1] ") + a }
                                                   << QStringList() << QStringList() << QStringList { QStringLiteral("c2") };
    QTest::addRow("colliding ids are moved past the review's")
        << input({ E(QStringLiteral("c1"), 1, a, Decision::Accepted), E(QStringLiteral("c2"), 2, b, Decision::Accepted) },
               { E(QStringLiteral("c1"), 1, a), E(QStringLiteral("c2"), 2, b), E(QStringLiteral("c3"), 2, c) })
        << QStringList { QStringLiteral("c1 accepted [1] ") + a, QStringLiteral("c2 accepted [2] ") + b,
               QStringLiteral("c5 undecided [2] ") + c }
        << QStringList() << QStringList() << QStringList { QStringLiteral("c5") };
    {
        Entry withdrawn = E(QStringLiteral("c1"), 0, b, Decision::Accepted);
        withdrawn.notes.push_back(
            { QStringLiteral("withdrawn"), QStringLiteral("Its source sentence is no longer in the document."), std::nullopt });
        QTest::addRow("a withdrawn entry proposed again is no longer withdrawn")
            << input({ withdrawn }, { E(QStringLiteral("c2"), 2, b) }) << QStringList { QStringLiteral("c1 accepted [2] ") + b }
            << QStringList() << QStringList() << QStringList();
    }
}

void TstMerge::merge()
{
    QFETCH(MergeInput, input);
    QFETCH(QStringList, entries);
    const MergeResult result = mergeEntries(input);
    QCOMPARE(summary(result.entries), entries);
    QTEST(result.lost, "lost");
    QTEST(result.withdrawn, "withdrawn");
    QTEST(result.added, "added");
    // Every new reviewable entry either arrives or is matched to the previous entry standing for it.
    qsizetype reviewable = 0;
    for (const Entry &f : input.fresh)
        reviewable += f.isReviewable();
    QCOMPARE(qsizetype(result.matched.size()) + result.added.size(), reviewable);
}

void TstMerge::mapSegments_data()
{
    QTest::addColumn<QStringList>("previous");
    QTest::addColumn<QStringList>("current");
    QTest::addColumn<QList<int>>("expected");
    QTest::addRow("same") << s_ab << s_ab << QList<int> { 1, 2 };
    QTest::addRow("inserted before") << s_ab << QStringList { QStringLiteral("New."), s_ab.at(0), s_ab.at(1) } << QList<int> { 2, 3 };
    QTest::addRow("one gone") << s_ab << QStringList { s_ab.at(1) } << QList<int> { 0, 1 };
    QTest::addRow("whitespace does not count") << s_ab << QStringList { QStringLiteral("Pingu is a\npenguin."), s_ab.at(1) }
                                               << QList<int> { 1, 2 };
    QTest::addRow("repeated text, nearest first")
        << QStringList { QStringLiteral("A."), QStringLiteral("B."), QStringLiteral("A.") }
        << QStringList { QStringLiteral("A."), QStringLiteral("A."), QStringLiteral("B."), QStringLiteral("A.") } << QList<int> { 1, 3, 2 };
}

void TstMerge::mapSegments()
{
    QFETCH(QStringList, previous);
    QFETCH(QStringList, current);
    QFETCH(QList<int>, expected);
    const std::vector<int> map = fanva::formalize::mapSegments(previous, current);
    QCOMPARE(QList<int>(map.begin(), map.end()), expected);
}

void TstMerge::highestEntryNumber()
{
    QCOMPARE(fanva::formalize::highestEntryNumber({}), 0);
    QCOMPARE(fanva::formalize::highestEntryNumber({ E(QStringLiteral("c3"), 1, {}), E(QStringLiteral("c12"), 1, {}) }), 12);
}

void TstMerge::mergeLinesSayWhatHappened()
{
    // c1 accepted, proposed again (as c6); c2 edited, not proposed again; c3 undecided, replaced;
    // c4 accepted, its sentence gone; c5 rejected, its sentence gone; c7 new.
    const QString a = QStringLiteral("(penguin Pingu)");
    MergeInput in;
    in.previous = { E(QStringLiteral("c1"), 1, a, Decision::Accepted),
        edited(E(QStringLiteral("c2"), 1, QStringLiteral("(p)")), QStringLiteral("(q)")), E(QStringLiteral("c3"), 1, QStringLiteral("(r)")),
        E(QStringLiteral("c4"), 2, QStringLiteral("(s)"), Decision::Accepted),
        E(QStringLiteral("c5"), 2, QStringLiteral("(t)"), Decision::Rejected) };
    in.previousSegments = s_ab;
    in.fresh = { E(QStringLiteral("c6"), 1, a), E(QStringLiteral("c7"), 1, QStringLiteral("(u)")) };
    in.freshSegments = { s_ab.at(0) };
    in.key = [](const QString &s) { return s.simplified(); };
    const MergeResult result = mergeEntries(in);
    QCOMPARE(result.gone, QStringList { QStringLiteral("c4") });
    QCOMPARE(result.replaced, (QStringList { QStringLiteral("c3"), QStringLiteral("c5") }));
    QStringList lines;
    for (const MergeLine &line : mergeLines(result))
        lines.append(mergeLineText(line));
    QCOMPARE(lines,
        (QStringList { QStringLiteral("c6 matches c1: kept, accepted"), QStringLiteral("c7 is new: undecided"),
            QStringLiteral("c2 withdrawn: the new run did not propose it again"),
            QStringLiteral("c4 withdrawn: its sentence is no longer in the document"),
            QStringLiteral("c3 replaced: undecided or rejected, the new run proposed its sentence afresh"),
            QStringLiteral("c5 replaced: undecided or rejected, the new run proposed its sentence afresh") }));

    in.keepLost = false;
    QStringList dropped;
    for (const MergeLine &line : mergeLines(mergeEntries(in))) {
        if (line.kind == MergeLine::Kind::Lost)
            dropped.append(mergeLineText(line));
    }
    QCOMPARE(dropped, QStringList { QStringLiteral("c2 dropped: the new run did not propose it again") });
}

QTEST_GUILESS_MAIN(TstMerge)
#include "tst_merge.moc"
