// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/replyparser.h"

#include "lang/fanvakb/barecandidates.h"

#include <QTest>

using fanva::formalize::Confidence;
using fanva::formalize::ParsedReply;
using fanva::formalize::Strength;

namespace {
const char s_envelope[] = R"j({"candidates": [
 {"sentence": "(penguin Pingu)", "segment": 1, "confidence": "high"},
 {"sentence": "(livesIn Pingu HarbourZoo)", "segment": "2", "strength": "monotonic"},
 {"sentence": "(genl penguin bird)", "segment": "[3]", "confidence": "bogus"}],
 "untranslated": [{"segment": 4, "reason": "weather; no claim"}, {"segment": 99, "reason": "no such"}],
 "notes": "none"})j";
}

class TstReplyParser : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void envelopeNormalised();
    void methods_data();
    void methods();
    void unreadable_data();
    void unreadable();
    void noBareReadingWithoutALanguage();
    void malformedItemsCounted();
    void sExpressionSegments();
    void untranslatedOnlyIsReadable();
};

void TstReplyParser::envelopeNormalised()
{
    const ParsedReply reply = fanva::formalize::parseReply(QString::fromUtf8(s_envelope), 4);
    QCOMPARE(reply.method, ParsedReply::Method::Envelope);
    QCOMPARE(reply.candidates.size(), 3u);
    QCOMPARE(reply.candidates[0].sentence, QStringLiteral("(penguin Pingu)"));
    QCOMPARE(reply.candidates[0].segment, std::optional<int>(1));
    QCOMPARE(reply.candidates[0].confidence, Confidence::High);
    QCOMPARE(reply.candidates[0].strength, Strength::Default);
    QCOMPARE(reply.candidates[1].segment, std::optional<int>(2));
    QCOMPARE(reply.candidates[1].confidence, Confidence::Medium);
    QCOMPARE(reply.candidates[1].strength, Strength::Monotonic);
    QCOMPARE(reply.candidates[2].segment, std::optional<int>(3));
    QCOMPARE(reply.candidates[2].confidence, Confidence::Medium);
    QCOMPARE(reply.untranslated.size(), 1u); // segment 99 is not in the document
    QCOMPARE(reply.untranslated[0].segment, 4);
    QCOMPARE(reply.untranslated[0].reason, QStringLiteral("weather; no claim"));
    QCOMPARE(reply.notes, QStringLiteral("none"));
    QVERIFY(reply.isReadable());
}

void TstReplyParser::methods_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<ParsedReply::Method>("method");
    QTest::addColumn<QStringList>("sentences");

    const QStringList one { QStringLiteral("(penguin Pingu)") };
    const QString body = QStringLiteral(R"j({"candidates": [{"sentence": "(penguin Pingu)", "segment": 1}]})j");
    QTest::addRow("unfenced") << QStringLiteral("  \n%1\n").arg(body) << ParsedReply::Method::Envelope << one;
    QTest::addRow("json fence") << QStringLiteral("Here you go:\n```json\n%1\n```\nDone.").arg(body) << ParsedReply::Method::Fenced << one;
    QTest::addRow("tilde fence, longer closer") << QStringLiteral("~~~~\n%1\n~~~~~~").arg(body) << ParsedReply::Method::Fenced << one;
    QTest::addRow("unclosed fence") << QStringLiteral("```\n%1\n").arg(body) << ParsedReply::Method::Fenced << one;
    QTest::addRow("second fence holds it") << QStringLiteral("```\nnot json\n```\n```json\n%1\n```").arg(body)
                                           << ParsedReply::Method::Fenced << one;
    QTest::addRow("amid prose") << QStringLiteral("Sure! {\"x\": \"}\"} then %1 and more").arg(body) << ParsedReply::Method::Embedded
                                << one;
    QTest::addRow("trailing commas") << QStringLiteral(R"j({"candidates": [{"sentence": "(penguin Pingu)", "segment": 1,},],})j")
                                     << ParsedReply::Method::TrailingCommas << one;
    QTest::addRow("cut off") << QStringLiteral(
        R"j({"candidates": [{"sentence": "(penguin Pingu)", "segment": 1}, {"sentence": "(bird Pi)", "segment": 2}, {"sentence": "(fl)")j")
                             << ParsedReply::Method::Salvage
                             << QStringList { QStringLiteral("(penguin Pingu)"), QStringLiteral("(bird Pi)") };
    QTest::addRow("bare array") << QStringLiteral(R"j([{"sentence": "(penguin Pingu)"}])j") << ParsedReply::Method::Salvage << one;
    QTest::addRow("s-expressions") << QStringLiteral("I think:\n(penguin Pingu)\n(implies (bird ?x)\n   (flies ?x))  ; 3\n")
                                   << ParsedReply::Method::SExpressions
                                   << QStringList { QStringLiteral("(penguin Pingu)"),
                                          QStringLiteral("(implies (bird ?x)\n   (flies ?x))") };
    QTest::addRow("fenced s-expressions") << QStringLiteral("```lisp\n(penguin Pingu)\n```") << ParsedReply::Method::SExpressions << one;
    QTest::addRow("string with paren") << QStringLiteral("(comment Pingu \"a (b\")") << ParsedReply::Method::SExpressions
                                       << QStringList { QStringLiteral("(comment Pingu \"a (b\")") };
}

void TstReplyParser::methods()
{
    QFETCH(QString, reply);
    QFETCH(ParsedReply::Method, method);
    QFETCH(QStringList, sentences);
    // Step 7 is the language's: fanva-kb's bare s-expressions here.
    const ParsedReply parsed = fanva::formalize::parseReply(reply, 0, &fanva::lang::fanvakb::bareSExpressions);
    QCOMPARE(parsed.method, method);
    QStringList got;
    for (const auto &c : parsed.candidates)
        got << c.sentence;
    QCOMPARE(got, sentences);
    QCOMPARE(parsed.unreadable, ParsedReply::Unreadable::None);
}

void TstReplyParser::noBareReadingWithoutALanguage()
{
    // formalize reads no language itself: without a language's step 7, s-expressions are
    // not candidates.
    const QString reply = QStringLiteral("[1] (penguin Pingu)\n(livesIn Pingu HarbourZoo) ; 2\n");
    const ParsedReply parsed = fanva::formalize::parseReply(reply, 2);
    QVERIFY(!parsed.isReadable());
    QCOMPARE(parsed.method, ParsedReply::Method::None);
    QCOMPARE(fanva::formalize::parseReply(reply, 2, &fanva::lang::fanvakb::bareSExpressions).candidates.size(), std::size_t(2));
}

void TstReplyParser::unreadable_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("reason");
    const QString empty = QStringLiteral("it was empty");
    const QString nothing = QStringLiteral("it held no JSON object and no s-expression");
    QTest::addRow("empty") << QString() << empty;
    QTest::addRow("whitespace") << QStringLiteral(" \n\t ") << empty;
    QTest::addRow("prose") << QStringLiteral("Looks good to me!") << nothing;
    QTest::addRow("comment-only") << QStringLiteral(";; nothing\n# nope\n// still nothing") << nothing;
    QTest::addRow("fence with a comment") << QStringLiteral("```\n;; nothing\n```") << nothing;
    QTest::addRow("empty fence") << QStringLiteral("```\n```") << nothing;
    QTest::addRow("empty object") << QStringLiteral("{}") << nothing;
    QTest::addRow("no candidates") << QStringLiteral(R"j({"candidates": []})j") << nothing;
    QTest::addRow("json means no s-expressions") << QStringLiteral("{\"a\": 1}\n(penguin Pingu)") << nothing;
    QTest::addRow("cut off early") << QStringLiteral(R"j({"candidates": [{"sentence": "(peng)")j")
                                   << QStringLiteral("it was cut off before any candidate was complete");
    QTest::addRow("unbalanced s-expression") << QStringLiteral("(penguin Pingu") << nothing;
}

void TstReplyParser::unreadable()
{
    QFETCH(QString, reply);
    QFETCH(QString, reason);
    const ParsedReply parsed = fanva::formalize::parseReply(reply, 0, &fanva::lang::fanvakb::bareSExpressions);
    QVERIFY(!parsed.isReadable());
    QCOMPARE(parsed.method, ParsedReply::Method::None);
    QCOMPARE(parsed.unreadableReason(), reason);
}

void TstReplyParser::malformedItemsCounted()
{
    const ParsedReply parsed = fanva::formalize::parseReply(
        QStringLiteral(R"j({"candidates": [{"sentence": ""}, {"segment": 1}, {"sentence": 3}, "x", {"sentence": "(bird Tweety)"}]})j"));
    QCOMPARE(parsed.candidates.size(), 1u);
    QCOMPARE(parsed.malformedItems, 4);
    QCOMPARE(parsed.candidates[0].segment, std::nullopt);
}

void TstReplyParser::sExpressionSegments()
{
    const ParsedReply parsed = fanva::formalize::parseReply(
        QStringLiteral("[1] Pingu is a penguin.\n(penguin Pingu)\n(bird Pingu) ; [2]\n(flies Pingu) ;; sentence 3\n[4] (swims Pingu)\n"), 0,
        &fanva::lang::fanvakb::bareSExpressions);
    QCOMPARE(parsed.candidates.size(), 4u);
    QCOMPARE(parsed.candidates[0].segment, std::optional<int>(1));
    QCOMPARE(parsed.candidates[1].segment, std::optional<int>(2));
    QCOMPARE(parsed.candidates[2].segment, std::optional<int>(3));
    QCOMPARE(parsed.candidates[3].segment, std::optional<int>(4));
    QCOMPARE(parsed.candidates[3].sentence, QStringLiteral("(swims Pingu)"));
}

void TstReplyParser::untranslatedOnlyIsReadable()
{
    const ParsedReply parsed
        = fanva::formalize::parseReply(QStringLiteral(R"j({"candidates": [], "untranslated": [{"segment": "[2]"}]})j"), 3);
    QVERIFY(parsed.isReadable());
    QCOMPARE(parsed.untranslated.size(), 1u);
    QCOMPARE(parsed.untranslated[0].segment, 2);
}

QTEST_GUILESS_MAIN(TstReplyParser)
#include "tst_replyparser.moc"
