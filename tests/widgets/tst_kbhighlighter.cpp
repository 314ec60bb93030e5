// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "common/kbhighlighter.h"
#include "common/kbtokenizer.h"
#include "lang/fanvakb/kbtokenizer.h"

#include <QFile>
#include <QPalette>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>
#include <QXmlStreamReader>

using KbTokenizer = fanva::lang::KbTokenizer;

Q_DECLARE_METATYPE(KbTokenClass)

namespace {
const char *className(KbTokenClass tokenClass)
{
    static constexpr const char *names[]
        = { "Other", "Comment", "String", "Number", "Variable", "Individual", "Context", "Predicate", "Type", "Keyword" };
    return names[static_cast<int>(tokenClass)];
}
} // namespace

// Found by QTest through argument-dependent lookup.
char *toString(const KbTokenClass &tokenClass)
{
    return qstrdup(className(tokenClass));
}

class TstKbHighlighter final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void classifyAtom_data();
    void classifyAtom();
    void tokenize_data();
    void tokenize();
    void stringAcrossLines();
    void highlighterFormats();
    void darkPaletteFormats();
    void syntaxDefinitionMatchesTokenizer();
};

void TstKbHighlighter::classifyAtom_data()
{
    QTest::addColumn<QString>("token");
    QTest::addColumn<bool>("functor");
    QTest::addColumn<KbTokenClass>("expected");

    QTest::addRow("individual") << QStringLiteral("Tweety") << false << KbTokenClass::Individual;
    QTest::addRow("individual as functor") << QStringLiteral("QuantityFn") << true << KbTokenClass::Individual;
    QTest::addRow("context") << QStringLiteral("CxBirds") << false << KbTokenClass::Context;
    QTest::addRow("context namespace") << QStringLiteral("cx/birds") << false << KbTokenClass::Context;
    QTest::addRow("Cx alone is an individual") << QStringLiteral("Cxample") << false << KbTokenClass::Individual;
    QTest::addRow("camelCase predicate") << QStringLiteral("livesIn") << false << KbTokenClass::Predicate;
    QTest::addRow("lowercase word as functor") << QStringLiteral("bird") << true << KbTokenClass::Predicate;
    QTest::addRow("lowercase word as argument") << QStringLiteral("bird") << false << KbTokenClass::Type;
    QTest::addRow("snake_case type") << QStringLiteral("physical_object") << false << KbTokenClass::Type;
    QTest::addRow("snake_case type as functor") << QStringLiteral("living_thing") << true << KbTokenClass::Type;
    QTest::addRow("sense") << QStringLiteral("abrasive-grit") << false << KbTokenClass::Type;
    QTest::addRow("namespaced name") << QStringLiteral("agr/livesIn") << false << KbTokenClass::Predicate;
    QTest::addRow("variable") << QStringLiteral("?x") << false << KbTokenClass::Variable;
    QTest::addRow("anonymous variable") << QStringLiteral("_") << false << KbTokenClass::Variable;
    QTest::addRow("integer") << QStringLiteral("2019") << false << KbTokenClass::Number;
    QTest::addRow("signed decimal") << QStringLiteral("-0.50") << false << KbTokenClass::Number;
    QTest::addRow("leading zero") << QStringLiteral("007") << false << KbTokenClass::Other;
    QTest::addRow("exponent") << QStringLiteral("1e3") << false << KbTokenClass::Other;
    QTest::addRow("trailing dot") << QStringLiteral("1.") << false << KbTokenClass::Other;
    QTest::addRow("name starting with a digit") << QStringLiteral("134a-gas") << false << KbTokenClass::Other;
    QTest::addRow("keyword") << QStringLiteral("implies") << true << KbTokenClass::Keyword;
    QTest::addRow("keyword as argument") << QStringLiteral("genl") << false << KbTokenClass::Keyword;
    QTest::addRow("rule wrapper") << QStringLiteral("set/defaultRule") << true << KbTokenClass::Keyword;
    QTest::addRow("aggregate") << QStringLiteral("agg/count") << true << KbTokenClass::Keyword;
    QTest::addRow("keyword prefix is no keyword") << QStringLiteral("argument") << false << KbTokenClass::Type;
    QTest::addRow("lexeme") << QStringLiteral("lex/fool's_gold") << false << KbTokenClass::Other;
    QTest::addRow("no naming role") << QStringLiteral("Baby_Penguin") << false << KbTokenClass::Other;
    QTest::addRow("dot") << QStringLiteral(".") << false << KbTokenClass::Other;
}

void TstKbHighlighter::classifyAtom()
{
    QFETCH(QString, token);
    QFETCH(bool, functor);
    QFETCH(KbTokenClass, expected);
    QCOMPARE(KbTokenizer::classifyAtom(token, functor), expected);
}

void TstKbHighlighter::tokenize_data()
{
    QTest::addColumn<QString>("line");
    QTest::addColumn<QStringList>("texts");
    QTest::addColumn<QList<KbTokenClass>>("classes");

    using C = KbTokenClass;
    QTest::addRow("fact with comment") << QStringLiteral("(livesIn Opus Antarctica) ; where it lives")
                                       << QStringList { QStringLiteral("("), QStringLiteral("livesIn"), QStringLiteral("Opus"),
                                              QStringLiteral("Antarctica"), QStringLiteral(")"), QStringLiteral("; where it lives") }
                                       << QList<C> { C::Other, C::Predicate, C::Individual, C::Individual, C::Other, C::Comment };
    QTest::addRow("type membership") << QStringLiteral("(penguin Pebbles)")
                                     << QStringList { QStringLiteral("("), QStringLiteral("penguin"), QStringLiteral("Pebbles"),
                                            QStringLiteral(")") }
                                     << QList<C> { C::Other, C::Predicate, C::Individual, C::Other };
    QTest::addRow("genl between types") << QStringLiteral("(genl penguin bird)")
                                        << QStringList { QStringLiteral("("), QStringLiteral("genl"), QStringLiteral("penguin"),
                                               QStringLiteral("bird"), QStringLiteral(")") }
                                        << QList<C> { C::Other, C::Keyword, C::Type, C::Type, C::Other };
    QTest::addRow("comment with string") << QStringLiteral("(comment livesIn \"(livesIn ?a ?p) means \\\"?a\\\" lives in ?p.\")")
                                         << QStringList { QStringLiteral("("), QStringLiteral("comment"), QStringLiteral("livesIn"),
                                                QStringLiteral("\"(livesIn ?a ?p) means \\\"?a\\\" lives in ?p.\""), QStringLiteral(")") }
                                         << QList<C> { C::Other, C::Keyword, C::Predicate, C::String, C::Other };
    QTest::addRow("rule") << QStringLiteral("(exceptWhen (penguin ?x) [?y],(flies ?x))")
                          << QStringList { QStringLiteral("("), QStringLiteral("exceptWhen"), QStringLiteral("("),
                                 QStringLiteral("penguin"), QStringLiteral("?x"), QStringLiteral(")"), QStringLiteral("["),
                                 QStringLiteral("?y"), QStringLiteral("]"), QStringLiteral("("), QStringLiteral("flies"),
                                 QStringLiteral("?x"), QStringLiteral(")"), QStringLiteral(")") }
                          << QList<C> { C::Other, C::Keyword, C::Other, C::Predicate, C::Variable, C::Other, C::Other, C::Variable,
                                 C::Other, C::Other, C::Predicate, C::Variable, C::Other, C::Other };
    QTest::addRow("numbers and contexts") << QStringLiteral("(weightInKg Pebbles 23.5) (genlCx CxAnimals CxZooCore)")
                                          << QStringList { QStringLiteral("("), QStringLiteral("weightInKg"), QStringLiteral("Pebbles"),
                                                 QStringLiteral("23.5"), QStringLiteral(")"), QStringLiteral("("), QStringLiteral("genlCx"),
                                                 QStringLiteral("CxAnimals"), QStringLiteral("CxZooCore"), QStringLiteral(")") }
                                          << QList<C> { C::Other, C::Predicate, C::Individual, C::Number, C::Other, C::Other, C::Keyword,
                                                 C::Context, C::Context, C::Other };
    QTest::addRow("semicolon inside a string") << QStringLiteral("\"a ; b\" x")
                                               << QStringList { QStringLiteral("\"a ; b\""), QStringLiteral("x") }
                                               << QList<C> { C::String, C::Type };
}

void TstKbHighlighter::tokenize()
{
    QFETCH(QString, line);
    QFETCH(QStringList, texts);
    QFETCH(QList<KbTokenClass>, classes);
    QCOMPARE(texts.size(), classes.size());

    auto state = KbTokenizer::State::Normal;
    const QList<KbToken> tokens = KbTokenizer::tokenize(line, state);
    QCOMPARE(state, KbTokenizer::State::Normal);
    QStringList actualTexts;
    QList<KbTokenClass> actualClasses;
    for (const KbToken &token : tokens) {
        actualTexts.append(line.mid(token.start, token.length));
        actualClasses.append(token.tokenClass);
    }
    QCOMPARE(actualTexts, texts);
    QCOMPARE(actualClasses, classes);
}

void TstKbHighlighter::stringAcrossLines()
{
    auto state = KbTokenizer::State::Normal;
    const QString first = QStringLiteral("(comment Pebbles \"the oldest");
    QList<KbToken> tokens = KbTokenizer::tokenize(first, state);
    QCOMPARE(state, KbTokenizer::State::InString);
    QCOMPARE(tokens.constLast(), (KbToken { 17, first.size() - 17, KbTokenClass::String }));

    const QString second = QStringLiteral("penguin\") (penguin Pebbles)");
    tokens = KbTokenizer::tokenize(second, state);
    QCOMPARE(state, KbTokenizer::State::Normal);
    QCOMPARE(tokens.constFirst(), (KbToken { 0, 8, KbTokenClass::String }));
    QCOMPARE(tokens.size(), 6);
    QCOMPARE(tokens.at(3).tokenClass, KbTokenClass::Predicate);
    QCOMPARE(tokens.at(4).tokenClass, KbTokenClass::Individual);
}

void TstKbHighlighter::highlighterFormats()
{
    QTextDocument document;
    document.setPlainText(QStringLiteral("(comment Opus \"a penguin\n"
                                         "of the south\") ; note\n"
                                         "(livesIn Opus CxBirds)"));
    KbHighlighter highlighter(&document);
    highlighter.rehighlight();

    // The format the layout carries at a position, as QTextLayout::formats() stores it.
    const auto formatAt = [&document](int blockNumber, int position) {
        const QTextBlock block = document.findBlockByNumber(blockNumber);
        const auto formats = block.layout()->formats();
        for (const QTextLayout::FormatRange &range : formats) {
            if (position >= range.start && position < range.start + range.length)
                return range.format;
        }
        return QTextCharFormat();
    };

    QCOMPARE(formatAt(0, 1), highlighter.format(KbTokenClass::Keyword));
    QCOMPARE(formatAt(0, 9), highlighter.format(KbTokenClass::Individual));
    QCOMPARE(formatAt(0, 15), highlighter.format(KbTokenClass::String));
    QCOMPARE(formatAt(1, 0), highlighter.format(KbTokenClass::String)); // the string goes on
    QCOMPARE(formatAt(1, 16), highlighter.format(KbTokenClass::Comment));
    QCOMPARE(formatAt(2, 1), highlighter.format(KbTokenClass::Predicate));
    QCOMPARE(formatAt(2, 14), highlighter.format(KbTokenClass::Context));

    QVERIFY(highlighter.format(KbTokenClass::Keyword).fontWeight() > QFont::Normal);
    QVERIFY(highlighter.format(KbTokenClass::Comment).fontItalic());
    QVERIFY(highlighter.format(KbTokenClass::Predicate) != highlighter.format(KbTokenClass::Type));
    QVERIFY(highlighter.format(KbTokenClass::Individual) != highlighter.format(KbTokenClass::Context));
}

void TstKbHighlighter::darkPaletteFormats()
{
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(0x20, 0x20, 0x20));
    dark.setColor(QPalette::Text, QColor(0xee, 0xee, 0xee));

    const KbFormats lightFormats = KbHighlighter::formatsForPalette(light);
    const KbFormats darkFormats = KbHighlighter::formatsForPalette(dark);
    for (const KbTokenClass tokenClass : { KbTokenClass::String, KbTokenClass::Number, KbTokenClass::Variable, KbTokenClass::Individual,
             KbTokenClass::Context, KbTokenClass::Predicate, KbTokenClass::Type }) {
        const auto index = static_cast<std::size_t>(tokenClass);
        const float onLight = lightFormats.at(index).foreground().color().lightnessF();
        const float onDark = darkFormats.at(index).foreground().color().lightnessF();
        QVERIFY2(onLight < 0.5f, className(tokenClass));
        QVERIFY2(onDark > 0.5f, className(tokenClass));
    }
    QCOMPARE(darkFormats.at(std::size_t(KbTokenClass::Keyword)).foreground().color(), dark.color(QPalette::Text));
}

void TstKbHighlighter::syntaxDefinitionMatchesTokenizer()
{
    QFile file(QStringLiteral(FANVA_SOURCE_DIR "/resources/syntax/fanva-kb.xml"));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.errorString()));

    QXmlStreamReader xml(&file);
    QStringList keywords;
    QStringList itemDatas;
    QStringList attributes;
    bool inStructural = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            const QXmlStreamAttributes attrs = xml.attributes();
            if (name == u"language") {
                QCOMPARE(attrs.value(QLatin1String("name")).toString(), QStringLiteral("Fanva KB"));
                QCOMPARE(attrs.value(QLatin1String("section")).toString(), QStringLiteral("Other"));
                QVERIFY(attrs.value(QLatin1String("extensions")).split(u';').contains(u"Cx*.txt"));
            } else if (name == u"list") {
                inStructural = attrs.value(QLatin1String("name")) == u"structural";
            } else if (name == u"item" && inStructural) {
                keywords.append(xml.readElementText());
            } else if (name == u"itemData") {
                itemDatas.append(attrs.value(QLatin1String("name")).toString());
            } else if (attrs.hasAttribute(QLatin1String("attribute"))) {
                attributes.append(attrs.value(QLatin1String("attribute")).toString());
            }
        } else if (xml.isEndElement() && xml.name() == u"list") {
            inStructural = false;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));

    QStringList expected = KbTokenizer::keywords();
    expected.sort();
    keywords.sort();
    QCOMPARE(keywords, expected);

    // Every class the tokenizer knows has an item in the definition, and every rule's
    // attribute is declared.
    for (const QString &itemData : { QStringLiteral("Comment"), QStringLiteral("String"), QStringLiteral("Number"),
             QStringLiteral("Variable"), QStringLiteral("Individual"), QStringLiteral("Context"), QStringLiteral("Predicate"),
             QStringLiteral("Type"), QStringLiteral("Keyword") })
        QVERIFY2(itemDatas.contains(itemData), qPrintable(itemData));
    for (const QString &attribute : std::as_const(attributes))
        QVERIFY2(itemDatas.contains(attribute), qPrintable(attribute));
}

QTEST_MAIN(TstKbHighlighter)

#include "tst_kbhighlighter.moc"
