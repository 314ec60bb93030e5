// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/prompts.h"

#include <QTest>

using namespace fanva::formalize;

namespace {

std::vector<RoleExample> fixtureRoles()
{
    return {
        { QStringLiteral("relation"), QStringLiteral("camelCase, lower-case first letter"), QStringLiteral("eats") },
        { QStringLiteral("type"), QStringLiteral("lower case, words joined by underscores"), QStringLiteral("animal") },
        { QStringLiteral("individual"), QStringLiteral("CapitalizedWords, no spaces"), QStringLiteral("Pingu") },
    };
}

std::vector<PromptSegment> winterSegments()
{
    return {
        { 1, QStringLiteral("Pingu is a penguin who lives in Harbour Zoo."), false },
        { 2, QStringLiteral("Penguins eat fish."), false },
        { 3, QStringLiteral("Birds usually fly,\nbut penguins\tdo not."), false },
        { 4, QStringLiteral("Weather"), true },
    };
}

} // namespace

class TstPrompts : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void systemPrefixIsStable();
    void documentTurn_data();
    void documentTurn();
    void repairTurn();
    void unreadableTurn();
    void judgeRepairTurn();
    void judgeTurn();
    void schemas();
    void clipping();
};

void TstPrompts::systemPrefixIsStable()
{
    const QString a = systemPrefix(fixtureRoles());
    const QString b = systemPrefix(fixtureRoles());
    QCOMPARE(a, b);
    QVERIFY(!a.contains(QLatin1String("{{")));
    QVERIFY(a.startsWith(QLatin1String("You translate English into candidate sentences")));
    QVERIFY(a.contains(QLatin1String("|---|---|---|\n| relation | camelCase, lower-case first letter | `eats` |\n"
                                     "| type | lower case, words joined by underscores | `animal` |\n"
                                     "| individual | CapitalizedWords, no spaces | `Pingu` |\n"
                                     "A symbol containing an underscore is a type")));
    QVERIFY(a.endsWith(QLatin1String("when the text allows no exception, else omit it.\n")));
    auto other = fixtureRoles();
    other[0].example = QStringLiteral("livesIn");
    QVERIFY(systemPrefix(other) != a);
}

void TstPrompts::documentTurn_data()
{
    QTest::addColumn<bool>("withResolutions");
    QTest::addColumn<QString>("instruction");
    QTest::addColumn<QList<int>>("focus");
    QTest::addColumn<int>("parts");
    QTest::addColumn<QString>("expected");

    const QString head = QStringLiteral("## The document (4 sentences)\n\n"
                                        "[1] Pingu is a penguin who lives in Harbour Zoo.\n"
                                        "[2] Penguins eat fish.\n"
                                        "[3] Birds usually fly, but penguins do not.\n"
                                        "[4] Weather (heading)\n"
                                        "## Where the candidates go\n\n"
                                        "Every candidate is filed in `CxAnimals`. Write no context.\n\n"
                                        "## Vocabulary of this knowledge base\n\n"
                                        "CARD\n");
    const QString task = QStringLiteral("## Task\n\n"
                                        "Formalize every numbered sentence that makes a claim, in at most 40 candidates,\n"
                                        "each with the number of its sentence. List every sentence you did not formalize under\n"
                                        "untranslated, with the reason. Answer with the JSON object only.\n");
    const QString words = QStringLiteral("Document words matching a listed name: *penguin* → `penguin`.\n");
    QTest::addRow("plain") << false << QString() << QList<int>() << 0 << head + task;
    QTest::addRow("resolutions") << true << QString() << QList<int>() << 0 << head + words + task;
    QTest::addRow("instruction") << false << QStringLiteral("Use livesIn.") << QList<int>() << 0
                                 << head + task + QStringLiteral("## Note from the author\n\nUse livesIn.\n");
    QTest::addRow("focus on every sentence is the whole turn") << false << QString() << QList<int> { 1, 2, 3, 4 } << 0 << head + task;
    // formalize.md §3.2.1: the whole document, the rest marked as context, the task naming the focus.
    QString selection = head;
    selection.replace(QStringLiteral("[1] Pingu is a penguin who lives in Harbour Zoo.\n"),
        QStringLiteral("[1] Pingu is a penguin who lives in Harbour Zoo. (context)\n"));
    selection.replace(QStringLiteral("[4] Weather (heading)\n"), QStringLiteral("[4] Weather (heading) (context)\n"));
    QTest::addRow("selection") << false << QStringLiteral("Use livesIn.") << QList<int> { 3, 2, 9 } << 0
                               << selection
            + QStringLiteral("## Task\n\n"
                             "Formalize only the sentences [2], [3] (the others are context: propose nothing for them), in\n"
                             "at most 40 candidates, each with the number of its sentence. List every one of\n"
                             "those sentences you did not formalize under untranslated, with the reason. Answer with the JSON\n"
                             "object only.\n"
                             "## Note from the author\n\nUse livesIn.\n");
    // formalize.md §5.6: a round names its part.
    QString part = head + task;
    part.replace(QStringLiteral("## The document (4 sentences)"), QStringLiteral("## The document, part 2 of 3 (4 sentences)"));
    QTest::addRow("round") << false << QString() << QList<int>() << 3 << part;
}

void TstPrompts::documentTurn()
{
    QFETCH(bool, withResolutions);
    QFETCH(QString, instruction);
    QFETCH(QList<int>, focus);
    QFETCH(int, parts);
    QFETCH(QString, expected);
    DocumentTurnInput input;
    input.focus.assign(focus.begin(), focus.end());
    input.parts = parts;
    input.part = parts > 0 ? 2 : 0;
    input.segments = winterSegments();
    input.context = QStringLiteral("CxAnimals");
    input.card = QStringLiteral("CARD");
    if (withResolutions)
        input.resolutions = { { QStringLiteral("penguin"), QStringLiteral("penguin") } };
    input.instruction = instruction;
    const QString got = fanva::formalize::documentTurn(input);
    QCOMPARE(got, expected);
}

void TstPrompts::repairTurn()
{
    RepairGroup group { 1, QStringLiteral("Pingu is a penguin who lives in Harbour Zoo."), {} };
    group.refused.push_back({ QStringLiteral("(lives_in Pingu HarbourZoo)"),
        { { QStringLiteral("functor-arity"), QStringLiteral("functor lives_in has 2 arguments"), std::nullopt } } });
    RepairGroup loose {
        std::nullopt, QString(),
        { { QStringLiteral("(x)"),
            { { QStringLiteral("a"), QStringLiteral("b"), std::nullopt }, { QStringLiteral("c"), QStringLiteral("d"), std::nullopt } } } }
    };
    const QString expected
        = QStringLiteral("I checked your answer against the knowledge base. 2 candidates were kept and need\n"
                         "nothing more. 2 were refused:\n\n"
                         "Sentence [1] \"Pingu is a penguin who lives in Harbour Zoo.\"\n"
                         "  - (lives_in Pingu HarbourZoo)\n"
                         "    functor-arity: functor lives_in has 2 arguments\n"
                         "\n"
                         "Sentence [?] \"\"\n"
                         "  - (x)\n"
                         "    a: b\n"
                         "    c: d\n"
                         "\n"
                         "Answer with replacements for these sentences only; what you give for a sentence replaces all its\n"
                         "refused candidates. Do not repeat the kept ones. If you cannot make a candidate well-formed, drop\n"
                         "it and list its sentence under untranslated with the reason; do not guess. Same JSON format.\n");
    const QString got = fanva::formalize::repairTurn(2, { group, loose });
    QCOMPARE(got, expected);
}

void TstPrompts::unreadableTurn()
{
    QCOMPARE(fanva::formalize::unreadableTurn(QStringLiteral("it was empty"), {}),
        QStringLiteral("I could not read your answer: it was empty. Nothing from it was kept.\n\n"
                       "Answer again with one JSON object in the required format, and nothing else.\n"));
    RepairGroup group { 2, QStringLiteral("Penguins eat fish."),
        { { QStringLiteral("(eats penguin fish)"), { { QStringLiteral("t"), QStringLiteral("m"), std::nullopt } } } } };
    const QString pending = fanva::formalize::unreadableTurn(QStringLiteral("it held no JSON object and no s-expression"), { group });
    QVERIFY(pending.startsWith(
        QLatin1String("I could not read your answer: it held no JSON object and no s-expression. Nothing from it was kept.\n\n"
                      "Sentence [2] \"Penguins eat fish.\"\n  - (eats penguin fish)\n    t: m\n")));
    QVERIFY(pending.endsWith(QLatin1String("Same JSON format.\n")));
}

void TstPrompts::judgeRepairTurn()
{
    JudgeRepairGroup group { 3, QStringLiteral("Birds usually fly, but penguins do not."),
        { { QStringLiteral("(flies Pingu)"), QStringLiteral("Pingu is able to fly."), QStringLiteral("penguins do not fly") } } };
    QCOMPARE(fanva::formalize::judgeRepairTurn({ group }),
        QStringLiteral("An independent reader compared the meaning of some kept candidates with their sentences and\n"
                       "disagreed:\n\n"
                       "Sentence [3] \"Birds usually fly, but penguins do not.\"\n"
                       "  - (flies Pingu)\n"
                       "    reads as: Pingu is able to fly.\n"
                       "    reader's note: penguins do not fly\n"
                       "\n"
                       "Replace each with a candidate that says what its sentence says; it replaces the candidates listed\n"
                       "under that sentence. If the reader is wrong, repeat the candidate unchanged. If you cannot do\n"
                       "better, list the sentence under untranslated with the reason. Same JSON format.\n"));
}

void TstPrompts::judgeTurn()
{
    const auto segments = winterSegments();
    const QString turn = fanva::formalize::judgeTurn(
        { segments[0], segments[2] }, { { 1, QStringLiteral("Pingu is a penguin.") }, { 3, QStringLiteral("Pingu is able to fly.") } });
    QCOMPARE(turn,
        QStringLiteral("## Source\n\n"
                       "[1] Pingu is a penguin who lives in Harbour Zoo.\n"
                       "[3] Birds usually fly, but penguins do not.\n"
                       "## Readings\n\n"
                       "item 1 — from sentence [1]: Pingu is a penguin.\n"
                       "item 2 — from sentence [3]: Pingu is able to fly.\n"
                       "Give one verdict per item.\n"));
    QVERIFY(judgeSystem().startsWith(QLatin1String("You check translations.")));
    QVERIFY(judgeSystem().endsWith(QLatin1String("{\"verdicts\": [{\"item\": 1, \"verdict\": \"agree\", \"note\": \"\"}]}")));
    QVERIFY(!judgeSystem().contains(QLatin1Char('(')) || !judgeSystem().contains(QLatin1String("(penguin")));
}

void TstPrompts::schemas()
{
    const nlohmann::json schema = outputSchema();
    QVERIFY(!schema.is_discarded());
    QVERIFY(schema["required"] == nlohmann::json::array({ "candidates" }));
    const auto &item = schema["properties"]["candidates"]["items"];
    QVERIFY(item["required"] == nlohmann::json::array({ "sentence", "segment" }));
    QVERIFY(item["properties"]["confidence"]["enum"] == nlohmann::json::array({ "high", "medium", "low" }));
    QVERIFY(item["properties"]["strength"]["enum"] == nlohmann::json::array({ "default", "monotonic" }));
    QVERIFY(schema["properties"]["untranslated"]["items"]["required"] == nlohmann::json::array({ "segment" }));
    QVERIFY(schema["properties"]["notes"]["type"] == "string");

    const nlohmann::json judge = judgeSchema();
    QVERIFY(!judge.is_discarded());
    const auto &verdict = judge["properties"]["verdicts"]["items"];
    QVERIFY(verdict["required"] == nlohmann::json::array({ "item", "verdict" }));
    QVERIFY(verdict["properties"]["verdict"]["enum"] == nlohmann::json::array({ "agree", "disagree", "unsure" }));
}

void TstPrompts::clipping()
{
    QCOMPARE(clippedUtf8(QStringLiteral("abc"), 3), QStringLiteral("abc"));
    QCOMPARE(clippedUtf8(QStringLiteral("abcd"), 3), QStringLiteral("abc…"));
    // "é" is two bytes: it is not split.
    QCOMPARE(clippedUtf8(QStringLiteral("aé"), 2), QStringLiteral("a…"));
    QCOMPARE(flattened(QStringLiteral("a\r\nb\tc\nd")), QStringLiteral("a b c d"));
}

QTEST_GUILESS_MAIN(TstPrompts)
#include "tst_prompts.moc"
