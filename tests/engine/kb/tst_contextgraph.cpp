// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The genlCx visibility closure on its own (kb/contextgraph.h): chains, cycles, contexts
// without a file, and rows wider than one word.
#include "kb/contextgraph.h"

#include <QTest>

using fanva::kb::detail::ContextVisibility;
using fanva::kb::detail::contextVisibility;

namespace {

using Graph = std::vector<std::vector<std::uint32_t>>;

/// The file contexts `context` sees, in order.
std::vector<std::uint32_t> seen(const ContextVisibility &v, std::uint32_t context, std::uint32_t fileContexts)
{
    std::vector<std::uint32_t> out;
    for (std::uint32_t f = 0; f < fileContexts; ++f) {
        if (v.visible(context, f))
            out.push_back(f);
    }
    return out;
}

} // namespace

class TstContextGraph : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noEdges()
    {
        const ContextVisibility v = contextVisibility(Graph(3), 3);
        QCOMPARE(v.words, std::size_t(1));
        for (std::uint32_t c = 0; c < 3; ++c)
            QCOMPARE(seen(v, c, 3), std::vector<std::uint32_t> { c });
    }

    void chainSeesUpward()
    {
        // 0 below 1 below 2: 0 sees all three, 2 only itself.
        const ContextVisibility v = contextVisibility(Graph { { 1 }, { 2 }, {} }, 3);
        QCOMPARE(seen(v, 0, 3), (std::vector<std::uint32_t> { 0, 1, 2 }));
        QCOMPARE(seen(v, 1, 3), (std::vector<std::uint32_t> { 1, 2 }));
        QCOMPARE(seen(v, 2, 3), (std::vector<std::uint32_t> { 2 }));
    }

    void cycleSharesOneRow()
    {
        // 0 and 1 see each other; 2 is below the cycle and 3 above it.
        const ContextVisibility v = contextVisibility(Graph { { 1, 3 }, { 0 }, { 0 }, {} }, 4);
        QCOMPARE(v.row[0], v.row[1]);
        QVERIFY(v.row[0] != v.row[2]);
        QCOMPARE(seen(v, 0, 4), (std::vector<std::uint32_t> { 0, 1, 3 }));
        QCOMPARE(seen(v, 1, 4), (std::vector<std::uint32_t> { 0, 1, 3 }));
        QCOMPARE(seen(v, 2, 4), (std::vector<std::uint32_t> { 0, 1, 2, 3 }));
        QCOMPARE(seen(v, 3, 4), (std::vector<std::uint32_t> { 3 }));
    }

    void contextWithoutFileTakesNoBit()
    {
        // Context 2 has no file (it is only named by genlCx): 0 sees through it to 1.
        const ContextVisibility v = contextVisibility(Graph { { 2 }, {}, { 1 } }, 2);
        QCOMPARE(seen(v, 0, 2), (std::vector<std::uint32_t> { 0, 1 }));
        QCOMPARE(seen(v, 2, 2), (std::vector<std::uint32_t> { 1 }));
    }

    void rowsWiderThanOneWord()
    {
        // 130 file contexts in one chain: three words a row, and the first sees them all.
        constexpr std::uint32_t n = 130;
        Graph up(n);
        for (std::uint32_t c = 0; c + 1 < n; ++c)
            up[c].push_back(c + 1);
        const ContextVisibility v = contextVisibility(up, n);
        QCOMPARE(v.words, std::size_t(3));
        QCOMPARE(seen(v, 0, n).size(), std::size_t(n));
        QCOMPARE(seen(v, 64, n).size(), std::size_t(n - 64));
        QCOMPARE(seen(v, n - 1, n), std::vector<std::uint32_t> { n - 1 });
    }
};

QTEST_GUILESS_MAIN(TstContextGraph)
#include "tst_contextgraph.moc"
