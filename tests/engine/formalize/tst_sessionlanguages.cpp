// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
//
// The formalize loop over the language seam, one source for every language (issue 34, "Done
// when"): a Session on a lang::Kb with a scripted provider runs the gates, the repair turn,
// the cycle guard and the structured turn the same way for fanva-kb and nibli KR. Each row
// builds its small KB in a temporary folder.

#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "lang/turnvocabulary.h"
#include "llm/scriptedprovider.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <memory>

using namespace fanva;
using nlohmann::json;

namespace {

/// A JSON reply with these candidates (sentence, segment).
json reply(const std::vector<std::pair<QString, int>> &candidates)
{
    json c = json::array();
    for (const auto &[sentence, segment] : candidates)
        c.push_back({ { "sentence", sentence.toStdString() }, { "segment", segment }, { "confidence", "high" } });
    return { { "text", json { { "candidates", c } }.dump() }, { "stop_reason", "end_turn" } };
}

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

struct Run {
    json outcome;
    std::vector<formalize::Entry> entries;
    std::vector<llm::Request> requests;
    json events;
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

    Run run(const std::shared_ptr<const lang::Kb> &kb, const json &turns, bool structured = false)
    {
        QFETCH(QString, target);
        formalize::SessionSettings settings;
        settings.judge = false;
        settings.maxAttempts = 3;
        const QByteArray document = "Ute is a person. Ilse is a person. The kiosk stocks bread.\n";
        formalize::SessionInput input = formalize::makeSessionInput(kb, target, document, QStringLiteral("doc.md"), settings);
        json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "turns", turns } };
        llm::Failure error;
        std::unique_ptr<llm::ScriptedProvider> scripted
            = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        if (!scripted)
            qFatal("bad script");
        DescribedProvider provider(std::move(scripted), structured);
        formalize::Session session(&provider, input);
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        if (!session.isFinished() && !finished.wait(20000))
            qFatal("the session did not finish");
        return { session.outcome(), session.entries(), provider.received(), session.events() };
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

    QTest::addRow("fanva-kb") << QStringLiteral("fanva-kb") << QStringLiteral("CxShop.txt")
                              << QByteArray("(comment person \"A human being.\")\n"
                                            "(comment shop \"A place that sells goods.\")\n"
                                            "(comment stocks \"(stocks ?shop ?goods) means that ?shop stocks ?goods.\")\n"
                                            "(binaryPredicate stocks)\n(arg stocks 1 shop)\n"
                                            "(isa Kiosk shop)\n(isa Ilse person)\n")
                              << QStringLiteral("CxShop") << QStringLiteral("(isa Ute person)") << QStringLiteral("(isa Ilse person)")
                              << QStringLiteral("(stocks Kiosk)") << QStringLiteral("(stocks Kiosk Bread)") << QStringLiteral("CxShop.txt");
    QTest::addRow("nibli") << QStringLiteral("nibli") << QStringLiteral("shop.nibli")
                           << QByteArray("pred stocks(shop, goods): \"{x1} stocks {x2}\".\nperson(Ilse).\nstocks(Kiosk, some water).\n")
                           << QStringLiteral("shop") << QStringLiteral("person(Ute).") << QStringLiteral("person(Ilse).")
                           << QStringLiteral("frobnicates(Kiosk).") << QStringLiteral("stocks(Kiosk, some bread).")
                           << QStringLiteral("shop.nibli");
}

void TstSessionLanguages::gatesAndRepair()
{
    QFETCH(QString, fresh);
    QFETCH(QString, stored);
    QFETCH(QString, refused);
    QFETCH(QString, fixed);
    const std::shared_ptr<const lang::Kb> kb = load();
    QVERIFY(kb);
    const Run r = run(kb, { reply({ { fresh, 1 }, { stored, 2 }, { refused, 3 } }), reply({ { fixed, 3 } }) });
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
    const Run r = run(kb, { reply({ { refused, 3 } }), reply({ { refused, 3 } }), reply({ { refused, 3 } }) });
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
    const Run r = run(kb, json::array({ reply({ { fresh, 1 } }) }), true);
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

QTEST_GUILESS_MAIN(TstSessionLanguages)
#include "tst_sessionlanguages.moc"
