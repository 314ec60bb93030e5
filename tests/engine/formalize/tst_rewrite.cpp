// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The rewrite turn (docs/spec/rewrite.md §2, §3): the reply's replaces/retract, the selection,
// the turn with a card from the selection only, and a rewrite session played by the scripted
// provider (replace, retract, a gate repair, a replacement gated without the old sentence).

#include "formalize/replyparser.h"
#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/rewrite.h"
#include "lang/rewritesetup.h"
#include "llm/scriptedprovider.h"
#include "process.h"
#include "sessionrun.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using nlohmann::json;

Q_DECLARE_METATYPE(std::vector<int>)

namespace {

const QByteArray s_residents = "\n(penguin Pingu)\n(swims Pingu)\n(livesIn Pingu HarbourZoo)\n";

QByteArray fixtureKb()
{
    return testing::readAll(testing::fixtureDir() + QStringLiteral("/kb/CxAnimals.txt")) + s_residents;
}

int lineOf(const QByteArray &bytes, const QByteArray &line)
{
    return int(bytes.split('\n').indexOf(line)) + 1;
}

} // namespace

class TstRewrite : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parsesReplacesAndRetract_data()
    {
        QTest::addColumn<QString>("reply");
        QTest::addColumn<std::vector<int>>("replaces");
        QTest::addColumn<int>("segment");
        QTest::addColumn<std::vector<int>>("retract");
        const auto reply = [](const json &replaces, const json &retract) {
            json envelope = { { "candidates", json::array({ { { "sentence", "(a B)" }, { "replaces", replaces } } }) } };
            if (!retract.is_null())
                envelope["retract"] = retract;
            return QString::fromStdString(envelope.dump());
        };
        QTest::addRow("array") << reply({ 2, 1 }, { 3 }) << std::vector<int> { 2, 1 } << 2 << std::vector<int> { 3 };
        QTest::addRow("number and string") << reply(1, { "2" }) << std::vector<int> { 1 } << 1 << std::vector<int> { 2 };
        QTest::addRow("comma list") << reply("[1, 2]", nullptr) << std::vector<int> { 1, 2 } << 1 << std::vector<int> {};
        QTest::addRow("out of range retract dropped") << reply({ 1 }, { 9, 0, 2 }) << std::vector<int> { 1 } << 1 << std::vector<int> { 2 };
        QTest::addRow("fenced, trailing comma")
            << QStringLiteral("Here:\n```json\n{\"candidates\":[{\"sentence\":\"(a B)\",\"replaces\":[3]}],}\n```")
            << std::vector<int> { 3 } << 3 << std::vector<int> {};
    }
    void parsesReplacesAndRetract()
    {
        QFETCH(QString, reply);
        QFETCH(std::vector<int>, replaces);
        QFETCH(int, segment);
        QFETCH(std::vector<int>, retract);
        const formalize::ParsedReply parsed = formalize::parseReply(reply, 3);
        QVERIFY(parsed.isReadable());
        QCOMPARE(parsed.candidates.size(), std::size_t(1));
        QCOMPARE(parsed.candidates.front().replaces, replaces);
        QCOMPARE(parsed.candidates.front().segment.value_or(0), segment);
        QCOMPARE(parsed.retract, retract);
    }

    void retractOnlyIsReadable()
    {
        const formalize::ParsedReply parsed = formalize::parseReply(QStringLiteral("{\"candidates\":[],\"retract\":[1]}"), 2);
        QVERIFY(parsed.isReadable());
        QVERIFY(!formalize::parseReply(QStringLiteral("{\"candidates\":[],\"retract\":[5]}"), 2).isReadable());
    }

    void selectsSentencesStartingOnTheLines()
    {
        const QByteArray bytes = fixtureKb();
        const auto loaded = kb::loadKnowledgeBase({ { QStringLiteral("CxAnimals.txt"), bytes } });
        QVERIFY(loaded.ok());
        const int swims = lineOf(bytes, "(swims Pingu)");
        const formalize::SentenceSelection s = lang::fanvakb::selectSentences(*loaded.kb, bytes, swims, swims + 1);
        QVERIFY(s.ok());
        QCOMPARE(s.sentences.size(), std::size_t(2));
        QCOMPARE(s.sentences[0].line, swims);
        QCOMPARE(s.sentences[0].text, QStringLiteral("(swims Pingu)"));
        QCOMPARE(s.sentences[1].text, QStringLiteral("(livesIn Pingu HarbourZoo)"));
        QVERIFY(!lang::fanvakb::selectSentences(*loaded.kb, bytes, 2, 2).ok()); // a comment line
        QCOMPARE(lang::fanvakb::withoutSentences(bytes, s.sentences).value_or(QByteArray()),
            QByteArray(bytes).replace("(swims Pingu)\n(livesIn Pingu HarbourZoo)\n", ""));
    }

    void turnAndCardFollowTheSelection()
    {
        // A KB on disk: the rewrite input gates against the folder's KB without the selection.
        const QByteArray bytes = fixtureKb();
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("CxAnimals.txt"));
        QVERIFY(testsupport::writeFileBytes(path, bytes));
        const lang::LoadResult loaded = lang::fanvaKb().load(dir.path());
        QVERIFY(loaded.ok());
        const std::shared_ptr<const lang::Kb> kb = loaded.kb;
        const int swims = lineOf(bytes, "(swims Pingu)");
        const auto selection = lang::selectStatements(*kb, bytes, path, swims, swims).statements;
        const formalize::SessionInput input = lang::makeRewriteSessionInput(
            kb, QStringLiteral("CxAnimals"), path, bytes, selection, {}, QStringLiteral("say it is captive"));
        // The candidates are gated against the KB without the selected statement.
        QVERIFY(input.kb && input.kb != kb);
        QCOMPARE(input.kb->statementCount() + 1, kb->statementCount());
        QVERIFY(input.card.contains(QLatin1StringView("swims")));
        // The selection's vocabulary leads the card (the seeds), the KB's other names only fill the budget.
        QVERIFY(input.card.contains(QLatin1StringView("argument.\n- `swims`/1")));
        QVERIFY(input.card.contains(QLatin1StringView("- `Pingu` : `penguin`")));
        const auto other = lang::selectStatements(*kb, bytes, path, swims + 1, swims + 1).statements;
        const QString otherCard = lang::makeRewriteSessionInput(kb, QStringLiteral("CxAnimals"), path, bytes, other, {}).card;
        QVERIFY(otherCard.contains(QLatin1StringView("argument.\n- `livesIn`/2")));
        const QString turn = formalize::rewriteTurn(
            { selection, QStringLiteral("CxAnimals"), QStringLiteral("CxAnimals.txt"), input.card, 40, input.instruction });
        QVERIFY(turn.startsWith(QLatin1StringView("## The sentences to rewrite (1)\n\n[1] (swims Pingu)\n")));
        QVERIFY(turn.contains(QLatin1StringView("## Note from the author\n\nsay it is captive\n")));
        QVERIFY(formalize::rewriteSchema()["properties"].contains("retract"));
    }

    void sessionReplacesRetractsAndRepairs()
    {
        const QByteArray bytes = fixtureKb();
        const auto loaded = kb::loadKnowledgeBase({ { QStringLiteral("CxAnimals.txt"), bytes } });
        QVERIFY(loaded.ok());
        const int swims = lineOf(bytes, "(swims Pingu)");
        const auto selection = lang::fanvakb::selectSentences(*loaded.kb, bytes, swims, swims + 1).sentences;
        const auto without = lang::fanvakb::withoutSentences(bytes, selection);
        QVERIFY(without);
        const auto gate = kb::loadKnowledgeBase({ { QStringLiteral("CxAnimals.txt"), *without } });
        QVERIFY(gate.ok());
        // Sentence 2 (livesIn … HarbourZoo) is functional: a new place passes only without the old one.
        const json first = { { "candidates",
            json::array({ { { "sentence", "(livesIn Pingu)" }, { "replaces", { 2 } } },
                { { "sentence", "(captive Pingu)" }, { "replaces", { 1 } } } }) } };
        const json second = { { "candidates", json::array({ { { "sentence", "(livesIn Pingu Aquarium)" }, { "replaces", { 2 } } } }) } };
        const auto provider = testing::scriptedProvider(json::array({ { { "text", first.dump() } }, { { "text", second.dump() } } }));
        formalize::SessionSettings settings;
        settings.judge = false;
        const formalize::SessionInput input = formalize::makeRewriteInput(lang::fanvaKbOver(loaded.kb), lang::fanvaKbOver(gate.kb),
            QStringLiteral("CxAnimals"), QStringLiteral("CxAnimals.txt"), selection, {}, settings);
        formalize::Session session(provider.get(), input);
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        QVERIFY(session.isFinished() || finished.wait(20000));
        QCOMPARE(session.outcomeName(), QStringLiteral("success"));
        QCOMPARE(provider->received().size(), std::size_t(2));
        QVERIFY(provider->received().front().outputSchema.value_or(json())["properties"].contains("retract"));
        QVERIFY(provider->received()[1].messages.back().text.find("(livesIn Pingu)") != std::string::npos); // the repair turn

        std::vector<const formalize::Entry *> kept;
        for (const formalize::Entry &e : session.entries()) {
            if (e.state == formalize::EntryState::Admissible)
                kept.push_back(&e);
        }
        QCOMPARE(kept.size(), std::size_t(2));
        QCOMPARE(kept[0]->sentence(), QStringLiteral("(captive Pingu)"));
        QVERIFY(kept[0]->kind == formalize::EntryKind::Replace);
        QCOMPARE(kept[0]->replaces.front().text, QStringLiteral("(swims Pingu)"));
        QCOMPARE(kept[1]->sentence(), QStringLiteral("(livesIn Pingu Aquarium)"));
        QCOMPARE(kept[1]->replaces.front().line, swims + 1);
    }

    void retractionComesFromTheReply()
    {
        const QByteArray bytes = fixtureKb();
        const auto loaded = kb::loadKnowledgeBase({ { QStringLiteral("CxAnimals.txt"), bytes } });
        QVERIFY(loaded.ok());
        const int swims = lineOf(bytes, "(swims Pingu)");
        const auto selection = lang::fanvakb::selectSentences(*loaded.kb, bytes, swims, swims + 1).sentences;
        const json reply = { { "candidates", json::array() }, { "retract", { 1 } } };
        const auto provider = testing::scriptedProvider(json::array({ { { "text", reply.dump() } } }));
        formalize::SessionSettings settings;
        settings.judge = false;
        formalize::Session session(provider.get(),
            formalize::makeRewriteInput(lang::fanvaKbOver(loaded.kb), lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals"),
                QStringLiteral("CxAnimals.txt"), selection, {}, settings));
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        QVERIFY(session.isFinished() || finished.wait(20000));
        QCOMPARE(session.outcomeName(), QStringLiteral("success"));
        QCOMPARE(session.entries().size(), std::size_t(1));
        const formalize::Entry &e = session.entries().front();
        QVERIFY(e.kind == formalize::EntryKind::Retract);
        QCOMPARE(e.replaces.front().text, QStringLiteral("(swims Pingu)"));
        // The session file form keeps kind and replaces; an entry without them is an add.
        const fanva::Result<formalize::Entry> back = formalize::entryFromJson(formalize::entryToJson(e));
        QVERIFY2(back, qPrintable(back.message()));
        QCOMPARE(*back, e);
        json old = formalize::entryToJson(e);
        old.erase("kind");
        old.erase("replaces");
        QVERIFY(formalize::entryFromJson(old)->kind == formalize::EntryKind::Add);
    }
};

QTEST_GUILESS_MAIN(TstRewrite)
#include "tst_rewrite.moc"
