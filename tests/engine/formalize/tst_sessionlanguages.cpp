// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
//
// The formalize loop over the language seam, one source for every language (issue 34, "Done
// when"): a Session on a lang::Kb with a scripted provider runs the gates, the repair turn,
// the cycle guard, the structured turn, a rewrite round and the merge of a second run the same
// way for fanva-kb and nibli KR. Each row builds its small KB in a temporary folder.

#include "formalize/merge.h"
#include "formalize/prompts.h"
#include "formalize/session.h"
#include "formalize/sessionkb.h"
#include "formalize/sessionsetup.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "lang/rewritesetup.h"
#include "lang/sentenceedits.h"
#include "lang/turnvocabulary.h"
#include "llm/scriptedprovider.h"
#include "sessionrun.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <memory>

using namespace fanva;
using nlohmann::json;
using Run = testing::SessionRun;
using testing::candidatesTurn;

namespace {

/// The scripted provider, described as one that reads the structured turn and has no judge
/// (what the rules provider says of itself), when `structured`.
class DescribedProvider final : public llm::Provider
{
public:
    DescribedProvider(std::unique_ptr<llm::ScriptedProvider> inner, bool structured)
        : m_inner(std::move(inner))
        , m_structured(structured)
    { }
    [[nodiscard]] QString id() const override { return m_inner->id(); }
    [[nodiscard]] llm::ProviderInfo info() const override
    {
        llm::ProviderInfo info = m_inner->info();
        if (m_structured) {
            info.readsStructuredTurn = true;
            info.judges = false;
        }
        return info;
    }
    llm::Call *start(const llm::Request &request) override { return m_inner->start(request); }
    [[nodiscard]] const std::vector<llm::Request> &received() const { return m_inner->received(); }

private:
    std::unique_ptr<llm::ScriptedProvider> m_inner;
    bool m_structured = false;
};

} // namespace

class TstSessionLanguages : public QObject
{
    Q_OBJECT

    /// The row's KB, loaded by its language from a temporary folder.
    std::shared_ptr<const lang::Kb> load()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QFETCH(QByteArray, kbText);
        const lang::Language *lang = lang::languageById(language);
        if (!lang)
            return nullptr;
        auto dir = std::make_shared<QTemporaryDir>();
        QFile out(dir->filePath(file));
        if (!out.open(QIODevice::WriteOnly) || out.write(kbText) != kbText.size())
            return nullptr;
        out.close();
        const lang::LoadResult loaded = lang->load(dir->path());
        m_dirs.push_back(std::move(dir));
        return loaded.kb;
    }

    static formalize::SessionSettings settings()
    {
        formalize::SessionSettings settings;
        settings.judge = false;
        settings.maxAttempts = 3;
        return settings;
    }

    Run run(const std::shared_ptr<const lang::Kb> &kb, const json &turns, bool structured = false)
    {
        QFETCH(QString, target);
        const QByteArray document = "Ute is a person. Ilse is a person. The kiosk stocks bread.\n";
        return play(formalize::makeSessionInput(kb, target, document, QStringLiteral("doc.md"), settings()), turns, structured);
    }

    /// Runs a session on @p input with the scripted provider answering @p turns.
    static Run play(const formalize::SessionInput &input, const json &turns, bool structured = false)
    {
        DescribedProvider provider(testing::scriptedProvider(turns), structured);
        return testing::playSession(provider, input);
    }

    static const formalize::Entry *entryFor(const Run &r, const QString &candidate)
    {
        for (const formalize::Entry &e : r.entries) {
            if (e.candidate == candidate)
                return &e;
        }
        return nullptr;
    }

    std::vector<std::shared_ptr<QTemporaryDir>> m_dirs;

private Q_SLOTS:
    void gatesAndRepair_data();
    void gatesAndRepair();
    void cycleGuard_data() { gatesAndRepair_data(); }
    void cycleGuard();
    void structuredTurn_data() { gatesAndRepair_data(); }
    void structuredTurn();
    void targetFile_data() { gatesAndRepair_data(); }
    void targetFile();
    void rewriteRound_data() { gatesAndRepair_data(); }
    void rewriteRound();
    void formalizeAgainMerges_data() { gatesAndRepair_data(); }
    void formalizeAgainMerges();
    void judgeReadsTheGloss_data() { gatesAndRepair_data(); }
    void judgeReadsTheGloss();
};

void TstSessionLanguages::gatesAndRepair_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("kbText");
    QTest::addColumn<QString>("target");
    QTest::addColumn<QString>("fresh"); // admissible, segment 1
    QTest::addColumn<QString>("stored"); // already in the KB, segment 2
    QTest::addColumn<QString>("refused"); // blocked by the critic, segment 3
    QTest::addColumn<QString>("fixed"); // the repair's answer, segment 3
    QTest::addColumn<QString>("targetFile");
    QTest::addColumn<QString>("respelled"); // `fresh` written another way, the same statement

    QTest::addRow("fanva-kb") << QStringLiteral("fanva-kb") << QStringLiteral("CxShop.txt")
                              << QByteArray("(comment person \"A human being.\")\n"
                                            "(comment shop \"A place that sells goods.\")\n"
                                            "(comment stocks \"(stocks ?shop ?goods) means that ?shop stocks ?goods.\")\n"
                                            "(binaryPredicate stocks)\n(arg stocks 1 shop)\n"
                                            "(isa Ilse person)\n(isa Kiosk shop)\n")
                              << QStringLiteral("CxShop") << QStringLiteral("(isa Ute person)") << QStringLiteral("(isa Ilse person)")
                              << QStringLiteral("(stocks Kiosk)") << QStringLiteral("(stocks Kiosk Bread)") << QStringLiteral("CxShop.txt")
                              << QStringLiteral("(isa   Ute  person)");
    QTest::addRow("nibli") << QStringLiteral("nibli") << QStringLiteral("shop.nibli")
                           << QByteArray("pred stocks(shop, goods): \"{x1} stocks {x2}\".\nperson(Ilse).\nstocks(Kiosk, some water).\n")
                           << QStringLiteral("shop") << QStringLiteral("person(Ute).") << QStringLiteral("person(Ilse).")
                           << QStringLiteral("frobnicates(Kiosk).") << QStringLiteral("stocks(Kiosk, some bread).")
                           << QStringLiteral("shop.nibli") << QStringLiteral("person( Ute ).");
}

void TstSessionLanguages::gatesAndRepair()
{
    QFETCH(QString, fresh);
    QFETCH(QString, stored);
    QFETCH(QString, refused);
    QFETCH(QString, fixed);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    const Run r = run(kb, { candidatesTurn({ { fresh, 1 }, { stored, 2 }, { refused, 3 } }), candidatesTurn({ { fixed, 3 } }) });
    QVERIFY2(r.outcome["outcome"] == "success", r.outcome.dump().c_str());
    QVERIFY2(r.outcome["stopReason"] == "converged", r.outcome.dump().c_str());
    QCOMPARE(r.requests.size(), std::size_t(2));

    const formalize::Entry *a = entryFor(r, fresh);
    const formalize::Entry *b = entryFor(r, stored);
    const formalize::Entry *c = entryFor(r, refused);
    const formalize::Entry *d = entryFor(r, fixed);
    QVERIFY(a && b && c && d);
    QCOMPARE(a->state, formalize::EntryState::Admissible);
    QCOMPARE(b->state, formalize::EntryState::Known);
    QVERIFY(c->state == formalize::EntryState::Refused || c->state == formalize::EntryState::Superseded);
    QVERIFY(!c->problems.empty());
    QCOMPARE(d->state, formalize::EntryState::Admissible);
    // The gloss comes from the language for every admitted entry.
    QVERIFY2(!a->gloss.text.isEmpty(), qPrintable(a->candidate));

    // The repair turn names the refused candidate and its problem (formalize.md §5.2).
    const std::string repair = r.requests[1].messages.back().text;
    QVERIFY2(repair.find(refused.toStdString()) != std::string::npos, repair.c_str());

    int gateResults = 0;
    for (const json &e : r.events)
        gateResults += e["type"] == "gate-result" ? 1 : 0;
    QCOMPARE(gateResults, 4);
    // The proposal's vocabulary report counts the kept entries' literals.
    QVERIFY(r.outcome["vocabulary"]["literals"].get<int>() >= 2);
}

void TstSessionLanguages::cycleGuard()
{
    QFETCH(QString, refused);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    // The same refused reply twice: the language's key finds the cycle (formalize.md §5.3).
    const Run r = run(kb, { candidatesTurn({ { refused, 3 } }), candidatesTurn({ { refused, 3 } }), candidatesTurn({ { refused, 3 } }) });
    QVERIFY2(r.outcome["stopReason"] == "cycle", r.outcome.dump().c_str());
    QCOMPARE(r.requests.size(), std::size_t(2));
}

void TstSessionLanguages::structuredTurn()
{
    QFETCH(QString, language);
    QFETCH(QString, target);
    QFETCH(QString, fresh);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    const Run r = run(kb, json::array({ candidatesTurn({ { fresh, 1 } }) }), true);
    QCOMPARE(r.requests.size(), std::size_t(1));
    const std::optional<json> &turn = r.requests[0].structured;
    const lang::TurnVocabulary *vocabulary = kb->language().turnVocabulary();
    // A provider that reads data gets the turn as data where the language gives its
    // vocabulary (lang::TurnVocabulary); the frame is the session's, the same for all.
    QCOMPARE(turn.has_value(), vocabulary != nullptr);
    if (!vocabulary)
        return;
    QVERIFY((*turn)["format"] == "fanva-rules-turn/1");
    QVERIFY((*turn)["language"] == language.toStdString());
    QVERIFY((*turn)["context"] == target.toStdString());
    QVERIFY((*turn)["purpose"] == r.requests[0].purpose);
    QCOMPARE((*turn)["segments"].size(), std::size_t(3));
    QVERIFY((*turn)["vocabulary"] == vocabulary->vocabulary(*kb, target));
    QVERIFY(!(*turn)["vocabulary"].empty());
}

void TstSessionLanguages::targetFile()
{
    QFETCH(QString, target);
    QFETCH(QString, targetFile);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    QCOMPARE(kb->targetFile(target), targetFile);
    QCOMPARE(kb->targetFile(QStringLiteral("Elsewhere")).startsWith(QStringLiteral("Elsewhere.")), true);
}

// Review ▸ Rewrite… as a whole session round (docs/spec/rewrite.md §1–§3): the last two
// statements of the KB selected, the first replaced after a repair turn, the second retracted;
// the replacement is gated against the KB without the selection, so it is admissible, not known.
void TstSessionLanguages::rewriteRound()
{
    QFETCH(QString, target);
    QFETCH(QString, file);
    QFETCH(QByteArray, kbText);
    QFETCH(QString, stored);
    QFETCH(QString, refused);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    const QString path = QDir(kb->root()).filePath(file);
    const int first = int(kbText.split('\n').indexOf(stored.toUtf8())) + 1;
    QVERIFY(first > 0);
    const lang::StatementSelection selected = lang::selectStatements(*kb, kbText, path, first, first + 1);
    QVERIFY2(selected.ok(), qPrintable(selected.error));
    QCOMPARE(selected.statements.size(), std::size_t(2));
    const formalize::SessionInput input = lang::makeRewriteSessionInput(kb, target, path, kbText, selected.statements, settings());
    // The card is built around the terms the selection names (its SentenceEdits role).
    const lang::SentenceEdits *edits = kb->language().edits();
    QVERIFY(edits);
    QStringList named;
    for (const lang::Resolution &term : edits->termsOf(*kb, selected.statements[0].text, target)) {
        QCOMPARE(term.segment, 0);
        named.append(term.spelling);
    }
    named.sort();
    QCOMPARE(named.filter(QRegularExpression(QStringLiteral("^(Ilse|person)$"))),
        QStringList({ QStringLiteral("Ilse"), QStringLiteral("person") }));
    QVERIFY(edits->termsOf(*kb, QStringLiteral("(((("), target).empty());
    QVERIFY2(input.card.contains(QLatin1StringView("Ilse")), qPrintable(input.card));
    QVERIFY(input.kb != kb); // gated against the KB without the selection
    QCOMPARE(input.kb->statementCount() + 2, kb->statementCount());

    const auto rewriteReply = [](const QString &sentence, bool retract) {
        json envelope = { { "candidates", json::array({ { { "sentence", sentence.toStdString() }, { "replaces", { 1 } } } }) } };
        if (retract)
            envelope["retract"] = { 2 };
        return json { { "text", envelope.dump() }, { "stop_reason", "end_turn" } };
    };
    const Run r = play(input, { rewriteReply(refused, true), rewriteReply(stored, false) });
    QVERIFY2(r.outcome["outcome"] == "success", r.outcome.dump().c_str());
    QCOMPARE(r.requests.size(), std::size_t(2));
    QVERIFY(r.requests.front().outputSchema.value_or(json())["properties"].contains("retract"));
    const std::string repair = r.requests[1].messages.back().text;
    QVERIFY2(repair.find(refused.toStdString()) != std::string::npos, repair.c_str());

    const formalize::Entry *replacement = entryFor(r, stored);
    QVERIFY(replacement);
    QCOMPARE(replacement->state, formalize::EntryState::Admissible);
    QVERIFY(replacement->kind == formalize::EntryKind::Replace);
    QCOMPARE(replacement->replaces.size(), std::size_t(1));
    QCOMPARE(replacement->replaces.front().line, first);
    const auto retraction = std::find_if(
        r.entries.begin(), r.entries.end(), [](const formalize::Entry &e) { return e.kind == formalize::EntryKind::Retract; });
    QVERIFY(retraction != r.entries.end());
    QCOMPARE(retraction->replaces.front().line, first + 1);
    QCOMPARE(retraction->replaces.front().text, selected.statements[1].text);
}

// Formalize again (formalize.md §9.5): a second run merges into the first run's review by the
// language's key, so a statement proposed again in another spelling keeps its decision, and
// what is new arrives undecided.
void TstSessionLanguages::formalizeAgainMerges()
{
    QFETCH(QString, fresh);
    QFETCH(QString, respelled);
    QFETCH(QString, fixed);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    const Run before = run(kb, json::array({ candidatesTurn({ { fresh, 1 } }) }));
    QCOMPARE(before.entries.size(), std::size_t(1));
    const Run after = run(kb, json::array({ candidatesTurn({ { respelled, 1 }, { fixed, 3 } }) }));
    QCOMPARE(after.entries.size(), std::size_t(2));

    formalize::MergeInput in;
    in.previous = before.entries;
    in.previous.front().decision = formalize::Decision::Accepted;
    in.fresh = after.entries;
    for (std::size_t i = 0; i < in.fresh.size(); ++i)
        in.fresh[i].id = QStringLiteral("c%1").arg(i + 2);
    const QStringList segments
        = { QStringLiteral("Ute is a person."), QStringLiteral("Ilse is a person."), QStringLiteral("The kiosk stocks bread.") };
    in.previousSegments = in.freshSegments = segments;
    in.key = [session = std::make_shared<const formalize::SessionKb>(kb)](const QString &sentence) {
        const std::optional<std::string> key = session->key(sentence);
        return key ? QString::fromStdString(*key) : QString();
    };
    const formalize::MergeResult merged = formalize::mergeEntries(in);
    QCOMPARE(merged.matched.size(), std::size_t(1));
    QCOMPARE(merged.matched.front(), std::make_pair(QStringLiteral("c2"), QStringLiteral("c1")));
    QCOMPARE(merged.added, QStringList { QStringLiteral("c3") });
    QVERIFY(merged.lost.isEmpty());
    QCOMPARE(merged.entries.size(), std::size_t(2));
    QCOMPARE(merged.entries.front().id, QStringLiteral("c1"));
    QCOMPARE(merged.entries.front().decision, formalize::Decision::Accepted);
    QCOMPARE(merged.entries.back().decision, formalize::Decision::Undecided);
}

// The judge step (formalize.md §7): the judge reads each kept entry's gloss in the language's
// words, never the formal statement, and its verdicts land on the entries.
void TstSessionLanguages::judgeReadsTheGloss()
{
    QFETCH(QString, target);
    QFETCH(QString, fresh);
    QFETCH(QString, fixed);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    formalize::SessionSettings judged = settings();
    judged.judge = true;
    const QByteArray document = "Ute is a person. Ilse is a person. The kiosk stocks bread.\n";
    const json verdicts = { { "verdicts",
        json::array(
            { { { "item", 1 }, { "verdict", "agree" }, { "note", "" } }, { { "item", 2 }, { "verdict", "agree" }, { "note", "" } } }) } };
    const Run r = play(formalize::makeSessionInput(kb, target, document, QStringLiteral("doc.md"), judged),
        { candidatesTurn({ { fresh, 1 }, { fixed, 3 } }), json { { "text", verdicts.dump() }, { "stop_reason", "end_turn" } } });
    QVERIFY2(r.outcome["outcome"] == "success", r.outcome.dump().c_str());
    QCOMPARE(r.requests.size(), std::size_t(2));
    const llm::Request &judge = r.requests[1];
    QCOMPARE(judge.system.front().text, formalize::judgeSystem().toStdString());
    const std::string &asked = judge.messages.front().text;
    for (const QString &candidate : { fresh, fixed }) {
        const formalize::Entry *e = entryFor(r, candidate);
        QVERIFY(e);
        QCOMPARE(e->verdict, formalize::Verdict::Agree);
        QVERIFY2(!e->gloss.text.isEmpty() && asked.find(e->gloss.text.toStdString()) != std::string::npos, asked.c_str());
        QVERIFY2(asked.find(candidate.toStdString()) == std::string::npos, asked.c_str());
    }
}

QTEST_GUILESS_MAIN(TstSessionLanguages)
#include "tst_sessionlanguages.moc"
