// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The completion index (kb/vocabulary.h): prefix lookup, slots, ranking, visibility, signatures.
#include "kb/knowledgebase.h"
#include "kb/vocabulary.h"

#include <QTest>

using namespace Qt::StringLiterals;

using namespace fanva;
using namespace fanva::kb;

namespace {

std::shared_ptr<const KnowledgeBase> example()
{
    std::vector<ContextSource> sources {
        { QStringLiteral("CxBase.txt"),
            "(comment livesIn \"(livesIn ?a ?p) means ?a lives in the habitat ?p.\")\n"
            "(binaryPredicate livesIn)\n(arg livesIn 1 animal)\n(arg livesIn 2 habitat)\n"
            "(genl bird animal)\n(bird Tweety)\n(livesIn Tweety Marsh)\n(livesIn Tweety Lake)\n" },
        { QStringLiteral("CxZoo.txt"), "(genlCx CxZoo CxBase)\n(lion Leo)\n(likes Leo Lunch)\n(lion Lisa)\n" },
        { QStringLiteral("CxFarm.txt"), "(cow Lily)\n(cow Lily2)\n(cow Lily3)\n(livesOn Lily Farm)\n(grazes Lily)\n" },
    };
    LoadResult result = loadKnowledgeBase(std::move(sources));
    return result.kb;
}

QStringList names(const std::vector<Completion> &completions)
{
    QStringList out;
    for (const Completion &c : completions)
        out.append(symbolString(c.symbol));
    return out;
}

} // namespace

class TestVocabulary : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void complete_data()
    {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("context");
        QTest::addColumn<int>("slot");
        QTest::addColumn<QStringList>("expected");
        // Visible from CxZoo (its own and CxBase's terms) first, then case-exact, then the most used.
        QTest::addRow("argument from CxZoo") << u"Li"_s << u"CxZoo"_s << int(CompletionSlot::Argument)
                                             << QStringList { u"Lisa"_s, u"livesIn"_s, u"lion"_s, u"likes"_s, u"Lily"_s, u"Lily2"_s,
                                                    u"Lily3"_s, u"livesOn"_s };
        QTest::addRow("argument from CxFarm") << u"li"_s << u"CxFarm"_s << int(CompletionSlot::Argument)
                                              << QStringList { u"livesOn"_s, u"Lily"_s, u"Lily2"_s, u"Lily3"_s, u"livesIn"_s, u"lion"_s,
                                                     u"likes"_s, u"Lisa"_s };
        // In functor position: no individuals.
        QTest::addRow("functor") << u"li"_s << u"CxZoo"_s << int(CompletionSlot::Functor)
                                 << QStringList { u"livesIn"_s, u"lion"_s, u"likes"_s, u"livesOn"_s };
        QTest::addRow("contexts where a context is expected")
            << u"Cx"_s << u"CxZoo"_s << int(CompletionSlot::Context) << QStringList { u"CxBase"_s, u"CxZoo"_s, u"CxFarm"_s };
        QTest::addRow("no contexts as arguments") << u"Cx"_s << u"CxZoo"_s << int(CompletionSlot::Argument) << QStringList {};
        QTest::addRow("built-ins in functor position")
            << u"imp"_s << u"CxZoo"_s << int(CompletionSlot::Functor) << QStringList { u"implies"_s };
        QTest::addRow("no match") << u"zz"_s << u"CxZoo"_s << int(CompletionSlot::Functor) << QStringList {};
    }

    void complete()
    {
        QFETCH(QString, prefix);
        QFETCH(QString, context);
        QFETCH(int, slot);
        QFETCH(QStringList, expected);
        const auto kb = example();
        QVERIFY(kb);
        const Vocabulary vocabulary(*kb);
        const QByteArray utf8 = prefix.toUtf8();
        const std::vector<Completion> got = vocabulary.complete(
            *kb, { std::string_view(utf8.constData(), std::size_t(utf8.size())), intern(context.toStdString()), CompletionSlot(slot), 50 });
        QCOMPARE(names(got), expected);
    }

    void limitAndUses()
    {
        const auto kb = example();
        const Vocabulary vocabulary(*kb);
        QCOMPARE(vocabulary.uses(intern("livesIn")), 6u); // comment, binaryPredicate, two args, two facts
        QCOMPARE(vocabulary.uses(intern("Lily")), 3u);
        QCOMPARE(vocabulary.uses(intern("neverUsedAnywhere")), 0u);
        QCOMPARE(vocabulary.complete(*kb, { "l", intern("CxZoo"), CompletionSlot::Argument, 2 }).size(), std::size_t(2));
        QVERIFY(vocabulary.isVisible(*kb, intern("Tweety"), intern("CxZoo")));
        QVERIFY(!vocabulary.isVisible(*kb, intern("Tweety"), intern("CxFarm")));
        QVERIFY(vocabulary.isVisible(*kb, intern("genl"), intern("CxFarm")));
        QVERIFY(vocabulary.isVisible(*kb, intern("CxBase"), intern("CxZoo")));
        QVERIFY(!vocabulary.isVisible(*kb, intern("CxZoo"), intern("CxBase")));
    }

    void manyContexts_data()
    {
        QTest::addColumn<int>("contexts");
        QTest::addRow("64: bit masks") << 64;
        QTest::addRow("70: one context at a time") << 70;
    }

    void manyContexts()
    {
        // A chain CxN0 <- CxN1 <- ...: CxNi sees CxN0..CxNi; each context uses its own term.
        QFETCH(int, contexts);
        std::vector<ContextSource> sources;
        for (int i = 0; i < contexts; ++i) {
            QByteArray text = "(bird Term" + QByteArray::number(i) + ")\n";
            if (i > 0)
                text += "(genlCx CxN" + QByteArray::number(i) + " CxN" + QByteArray::number(i - 1) + ")\n";
            sources.push_back({ u"CxN%1.txt"_s.arg(i), text });
        }
        const auto kb = loadKnowledgeBase(std::move(sources)).kb;
        QVERIFY(kb);
        const Vocabulary vocabulary(*kb);
        const SymbolId from = intern("CxN" + std::to_string(contexts / 2));
        const std::vector<Completion> got = vocabulary.complete(*kb, { "Term", from, CompletionSlot::Argument, std::size_t(contexts) });
        QCOMPARE(got.size(), std::size_t(contexts));
        for (const Completion &c : got) {
            const int n = std::stoi(std::string(symbolName(c.symbol).substr(4)));
            QCOMPARE(c.visible, n <= contexts / 2);
        }
        const std::vector<Completion> cxs = vocabulary.complete(*kb, { "CxN", from, CompletionSlot::Context, 200 });
        QCOMPARE(std::count_if(cxs.begin(), cxs.end(), [](const Completion &c) { return c.visible; }), contexts / 2 + 1);
    }

    void signature()
    {
        const auto kb = example();
        const FunctorSignature livesIn = functorSignature(*kb, intern("livesIn"));
        QCOMPARE(livesIn.arity, 2);
        QCOMPARE(livesIn.argTypes, (std::vector<SymbolId> { intern("animal"), intern("habitat") }));
        QCOMPARE(livesIn.comment, u"(livesIn ?a ?p) means ?a lives in the habitat ?p."_s);
        const FunctorSignature lion = functorSignature(*kb, intern("lion"));
        QCOMPARE(lion.arity, -1); // nothing declared
        QVERIFY(lion.argTypes.empty());
        QVERIFY(lion.comment.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestVocabulary)
#include "tst_vocabulary.moc"
