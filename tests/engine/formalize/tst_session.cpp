// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// formalize.md §14: the acceptance scenarios, driven by the scripted provider (fanva-script/1)
// over the fixture KB CxAnimals and winter.md.

#include "formalize/session.h"
#include "formalize/sessionsetup.h"
#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "llm/scriptedprovider.h"
#include "proposal/apply.h"
#include "proposal/gate.h"
#include "proposal/sessionfile.h"
#include "sessionrun.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using formalize::EntryState;
using formalize::Verdict;
using nlohmann::json;
using testing::fixtureDir;
using testing::readAll;

namespace {

/// J(s@i, …) U(i…): a JSON reply with those candidates and untranslated sentences.
std::string J(const std::vector<std::pair<std::string, int>> &candidates, const std::vector<int> &untranslated = {})
{
    json c = json::array();
    for (const auto &[sentence, segment] : candidates)
        c.push_back({ { "sentence", sentence }, { "segment", segment }, { "confidence", "high" } });
    json reply = { { "candidates", c } };
    if (!untranslated.empty()) {
        json u = json::array();
        for (int segment : untranslated)
            u.push_back({ { "segment", segment }, { "reason", "no claim" } });
        reply["untranslated"] = u;
    }
    return reply.dump();
}

json text(const std::string &reply, const char *stop = "end_turn")
{
    return { { "text", reply }, { "stop_reason", stop } };
}

json verdicts(const std::vector<std::tuple<int, std::string, std::string>> &items)
{
    json v = json::array();
    for (const auto &[item, verdict, note] : items)
        v.push_back({ { "item", item }, { "verdict", verdict }, { "note", note } });
    return text(json { { "verdicts", v } }.dump());
}

json failure(const char *kind, int status = 0)
{
    json f = { { "kind", kind } };
    if (status)
        f["status"] = status;
    return { { "fail", f } };
}

struct Run {
    json outcome;
    std::vector<formalize::Entry> entries;
    std::vector<llm::Request> requests;
    json events;
    std::vector<formalize::SegmentCoverage> coverage;
    QByteArray sessionBytes;
    proposal::SessionFile session;
};

const formalize::Entry *find(const Run &run, const char *id)
{
    for (const formalize::Entry &e : run.entries) {
        if (e.id == QLatin1StringView(id))
            return &e;
    }
    return nullptr;
}

bool hasEvent(const Run &run, const char *type)
{
    return std::any_of(run.events.begin(), run.events.end(), [&](const json &e) { return e["type"] == type; });
}

} // namespace

class TstSession : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_runs = 0;

    /// Runs one session in a fresh copy of the fixture and checks §14's invariants: the KB
    /// is not touched, the saved session reopens as it was, a rerun saves identical bytes.
    Run run(const std::vector<json> &turns, formalize::SessionSettings settings = {}, bool checkRerun = true)
    {
        Run first = runOnce(turns, settings);
        if (checkRerun) {
            const Run again = runOnce(turns, settings);
            if (again.sessionBytes != first.sessionBytes)
                qWarning("rerun differs");
            first.sessionBytes = again.sessionBytes == first.sessionBytes ? first.sessionBytes : QByteArray();
        }
        return first;
    }

    Run runOnce(const std::vector<json> &turns, formalize::SessionSettings settings)
    {
        Run result;
        // Every rerun in the same layout: workspace/<n> with kb/ and the session file.
        const QString workspace = m_dir.filePath(QStringLiteral("ws"));
        QDir(workspace).removeRecursively();
        const QString kbDir = QDir(workspace).filePath(QStringLiteral("kb"));
        QDir().mkpath(kbDir);
        const QString target = QDir(kbDir).filePath(QStringLiteral("CxAnimals.txt"));
        QFile::copy(fixtureDir() + QStringLiteral("/kb/CxAnimals.txt"), target);
        const QByteArray kbBefore = readAll(target);

        const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
        if (!loaded.ok())
            qFatal("the fixture KB does not load");
        json script = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "turns", turns } };
        llm::Failure error;
        std::unique_ptr<llm::ScriptedProvider> provider
            = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        if (!provider)
            qFatal("bad script");
        const QByteArray document = readAll(fixtureDir() + QStringLiteral("/winter.md"));
        formalize::SessionInput input = formalize::makeSessionInput(
            lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals"), document, QStringLiteral("winter.md"), settings);
        input.providerId = QStringLiteral("scripted");
        const QDateTime start = QDateTime::fromString(QStringLiteral("2026-11-29T14:00:00Z"), Qt::ISODate);
        formalize::Session session(provider.get(), input, formalize::Environment::deterministic(start, 7));
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        if (!session.isFinished() && !finished.wait(20000))
            qFatal("the session did not finish");

        result.outcome = session.outcome();
        result.entries = session.entries();
        result.requests = provider->received();
        result.events = session.events();
        result.coverage = session.coverage();

        proposal::SessionOrigin origin;
        origin.id = QStringLiteral("session-1");
        origin.created = start;
        origin.modified = start.addSecs(60);
        origin.kbDir = kbDir;
        origin.documentPath = QDir(workspace).filePath(QStringLiteral("winter.md"));
        origin.providerId = QStringLiteral("scripted");
        origin.model = QStringLiteral("scripted");
        result.session = proposal::sessionFileFrom(session, origin);
        const QString path = QDir(workspace).filePath(QStringLiteral("winter.fanva"));
        if (!result.session.save(path))
            qFatal("cannot save the session");
        result.sessionBytes = readAll(path);
        const proposal::SessionLoad reopened = proposal::loadSessionFile(path);
        if (!reopened.session || !(reopened.session->proposal.entries == result.entries) || reopened.session->events != result.events)
            qFatal("the saved session does not reopen to the same entries and log");
        if (readAll(target) != kbBefore || QDir(kbDir).entryList(QDir::Files).size() != 1)
            qFatal("the session touched the KB");
        ++m_runs;
        return result;
    }

    static formalize::SessionSettings judgeOff(int maxAttempts = 4)
    {
        formalize::SessionSettings s;
        s.judge = false;
        s.maxAttempts = maxAttempts;
        return s;
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void scenario1_convergeOnTwo()
    {
        const Run r = run({ text(J({ { "(penguin Pingu)", 1 }, { "(lives_in Pingu HarbourZoo)", 1 } }, { 4 })),
                              text(J({ { "(livesIn Pingu HarbourZoo)", 1 } })) },
            judgeOff());
        QVERIFY(!r.sessionBytes.isEmpty());
        QVERIFY(r.outcome["outcome"] == "success");
        QVERIFY(r.outcome["stopReason"] == "converged");
        QCOMPARE(r.requests.size(), std::size_t(2));
        const llm::Request &second = r.requests[1];
        QCOMPARE(second.messages.size(), std::size_t(3));
        const QString last = QString::fromStdString(second.messages.back().text);
        const qsizetype at = last.indexOf(QLatin1StringView("(lives_in Pingu HarbourZoo)"));
        QVERIFY(at >= 0);
        QVERIFY(last.indexOf(QLatin1StringView("functor-arity:"), at) > at);
        QCOMPARE(find(r, "c1")->state, EntryState::Admissible);
        QCOMPARE(find(r, "c2")->state, EntryState::Superseded);
        QCOMPARE(find(r, "c3")->state, EntryState::Admissible);
        QCOMPARE(find(r, "c3")->history.front().id, QStringLiteral("c2"));
        using S = formalize::SegmentCoverage::State;
        QCOMPARE(r.coverage.size(), std::size_t(4));
        QCOMPARE(r.coverage[0].state, S::Covered);
        QCOMPARE(r.coverage[1].state, S::Silent);
        QCOMPARE(r.coverage[2].state, S::Silent);
        QCOMPARE(r.coverage[3].state, S::Untranslated);
        // Every entry starts undecided.
        for (const formalize::Entry &e : r.entries)
            QCOMPARE(e.decision, formalize::Decision::Undecided);
    }

    void sessionNotesNeverBlock()
    {
        // c1 names no sentence (no-segment); c2 is refused, then its sentence is reported
        // untranslated, which drops it with that note. No note a session adds refuses an entry.
        const Run r = run({ text(J({ { "(penguin Pingu)", 9 }, { "(lives_in Pingu HarbourZoo)", 1 } })), text(J({}, { 1 })) }, judgeOff());
        QStringList types;
        for (const formalize::Entry &e : r.entries) {
            for (const lang::Problem &note : e.notes) {
                types.append(note.type);
                QVERIFY2(!lang::isBlocking(note.type), qPrintable(note.type));
            }
        }
        QVERIFY(types.contains(QString(lang::problem::noSegment)));
        QVERIFY(types.contains(QString(lang::problem::untranslated)));
        for (const QLatin1StringView id : { lang::problem::known, lang::problem::withdrawn })
            QVERIFY(!lang::isBlocking(QString(id)));
    }

    void scenario2_exhaust()
    {
        const Run r = run({ text(J({ { "(lives_in Pingu HarbourZoo)", 1 } })), text(J({ { "(livesIn Pingu ?z)", 1 } })),
                              text(J({ { "(livesIn ?p HarbourZoo)", 1 } })) },
            judgeOff(3));
        QVERIFY(r.outcome["outcome"] == "exhausted");
        QVERIFY(r.outcome["stopReason"] == "cap");
        QCOMPARE(r.requests.size(), std::size_t(3));
        int refused = 0;
        for (const formalize::Entry &e : r.entries)
            refused += e.state == EntryState::Refused;
        QCOMPARE(refused, 1);
        const formalize::Entry *c3 = find(r, "c3");
        QCOMPARE(c3->state, EntryState::Refused);
        QCOMPARE(c3->problems.front().type, QStringLiteral("not-ground"));
        QCOMPARE(c3->history.size(), std::size_t(2));
        QCOMPARE(c3->history[0].id, QStringLiteral("c1"));
        QCOMPARE(c3->history[1].id, QStringLiteral("c2"));
    }

    void scenario3_cycle()
    {
        const std::string a = J({ { "(lives_in Pingu HarbourZoo)", 1 } });
        const std::string respaced
            = "```json\n{ \"candidates\" : [ { \"sentence\": \"(lives_in  Pingu   HarbourZoo)\", \"segment\": 1 } ] }\n```";
        const Run r = run({ text(a), text(J({ { "(livesIn Pingu ?z)", 1 } })), text(respaced) }, judgeOff(6));
        QVERIFY(r.outcome["outcome"] == "exhausted");
        QVERIFY(r.outcome["stopReason"] == "cycle");
        QVERIFY(r.outcome["cycleOf"] == 1);
        QCOMPARE(r.requests.size(), std::size_t(3));
        const auto cycle = std::find_if(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "cycle-detected"; });
        QVERIFY(cycle != r.events.end());
        QVERIFY((*cycle)["n"] == 3);
        QVERIFY((*cycle)["repeats"] == 1);
    }

    void scenario4_chatFailure()
    {
        const Run r = run({ failure("http", 401) }, judgeOff());
        QVERIFY(r.outcome["outcome"] == "chat-failed");
        QVERIFY(r.outcome["error"]["kind"] == "auth");
        QCOMPARE(r.requests.size(), std::size_t(1));
        QVERIFY(r.entries.empty());
    }

    void scenario4_transportKeepsEntries()
    {
        const Run r = run({ text(J({ { "(penguin Pingu)", 1 }, { "(lives_in Pingu HarbourZoo)", 1 } })), failure("connect") }, judgeOff());
        QVERIFY(r.outcome["outcome"] == "chat-failed");
        QVERIFY(r.outcome["error"]["kind"] == "transport");
        QCOMPARE(find(r, "c1")->state, EntryState::Admissible);
    }

    void scenario5_refusal()
    {
        const Run r = run({ text("", "refusal") }, judgeOff());
        QVERIFY(r.outcome["outcome"] == "refused");
        QCOMPARE(r.requests.size(), std::size_t(1));
        QVERIFY(r.entries.empty());
    }

    void scenario6_tooLarge()
    {
        formalize::SessionSettings s = judgeOff();
        s.contextWindow = 2048;
        s.maxOutputTokens = 2000;
        const Run r = run({}, s);
        QVERIFY(r.outcome["outcome"] == "too-large");
        QVERIFY(r.outcome["attempt"] == 0);
        QCOMPARE(r.requests.size(), std::size_t(0));
    }

    void scenario7_judgeRepair()
    {
        formalize::SessionSettings s;
        s.judge = true;
        const Run r = run({ text(J({ { "(penguin Pingu)", 1 }, { "(flies Pingu)", 3 } })),
                              verdicts({ { 1, "agree", "" }, { 2, "disagree", "penguins do not fly" } }),
                              text(J({ { "(not (flies Pingu))", 3 } })), verdicts({ { 1, "agree", "" } }) },
            s);
        QVERIFY(r.outcome["outcome"] == "success");
        QCOMPARE(r.requests.size(), std::size_t(4));
        for (int call : { 1, 3 }) {
            const llm::Request &judge = r.requests[std::size_t(call)];
            QCOMPARE(judge.system.front().text, formalize::judgeSystem().toStdString());
            QCOMPARE(judge.messages.size(), std::size_t(1));
            // The judge sees readings, never a formal sentence.
            for (const char *formal : { "(penguin", "(flies", "(not", "?x" })
                QVERIFY(judge.messages.front().text.find(formal) == std::string::npos);
        }
        QVERIFY(r.requests[1].messages.front().text.find("Pingu is able to fly.") != std::string::npos);
        QVERIFY(r.requests[3].messages.front().text.find("It is not true that Pingu is able to fly.") != std::string::npos);
        QVERIFY(r.requests[2].messages.back().text.find("penguins do not fly") != std::string::npos);
        QCOMPARE(find(r, "c2")->state, EntryState::Superseded);
        QCOMPARE(find(r, "c3")->state, EntryState::Admissible);
        QCOMPARE(find(r, "c1")->verdict, Verdict::Agree);
        QCOMPARE(find(r, "c3")->verdict, Verdict::Agree);
    }

    void scenario8_judgeJunk()
    {
        formalize::SessionSettings s;
        s.judge = true;
        const Run r = run({ text(J({ { "(penguin Pingu)", 1 } })), text("Looks good to me!") }, s);
        QVERIFY(r.outcome["outcome"] == "success");
        QCOMPARE(r.requests.size(), std::size_t(2));
        const auto failed = std::find_if(r.events.begin(), r.events.end(), [](const json &e) { return e["type"] == "judge-failed"; });
        QVERIFY(failed != r.events.end());
        QVERIFY((*failed)["kind"] == "unreadable");
        QCOMPARE(find(r, "c1")->verdict, Verdict::None);
        QVERIFY(r.outcome["judge"]["failed"] == 1);
    }

    void scenario9_emptyReplies()
    {
        const Run r = run({ text(""), text("```\n;; nothing\n```"), text(J({ { "(penguin Pingu)", 1 } })) }, judgeOff());
        QVERIFY(r.outcome["outcome"] == "success");
        QCOMPARE(r.requests.size(), std::size_t(3));
        for (std::size_t call : { 1, 2 }) {
            const std::string &last = r.requests[call].messages.back().text;
            QVERIFY(last.rfind("I could not read your answer: ", 0) == 0);
        }
        QCOMPARE(r.requests[1].messages[1].text, std::string("(empty reply)"));
        int unreadable = 0;
        for (const json &e : r.events)
            unreadable += e["type"] == "attempt-finished" && e["readable"] == false;
        QCOMPARE(unreadable, 2);
    }

    void scenario9_emptyReplyAtCap()
    {
        const Run r = run({ text("") }, judgeOff(1));
        QVERIFY(r.outcome["outcome"] == "exhausted");
        QVERIFY(r.outcome["stopReason"] == "cap");
    }

    void scenario10_partial()
    {
        const Run r = run(
            { text(J({ { "(penguin Pingu)", 1 }, { "(lives_in Pingu HarbourZoo)", 1 } })), text(J({ { "(livesIn Pingu ?where)", 1 } })) },
            judgeOff(2));
        QVERIFY(r.outcome["outcome"] == "partial");
        QCOMPARE(find(r, "c1")->state, EntryState::Admissible);
        QCOMPARE(find(r, "c3")->state, EntryState::Refused);
        QCOMPARE(find(r, "c3")->problems.front().type, QStringLiteral("not-ground"));
        QVERIFY(r.outcome["refused"] == json::array({ "c3" }));
    }

    void nothingProposed()
    {
        // A readable "nothing here" is no success, and no repair follows.
        const Run r = run({ text(J({}, { 1, 2, 3, 4 })) }, judgeOff());
        QVERIFY(r.outcome["outcome"] == "exhausted");
        QVERIFY(r.outcome["stopReason"] == "nothing-proposed");
        QCOMPARE(r.requests.size(), std::size_t(1));
        for (const formalize::SegmentCoverage &c : r.coverage)
            QCOMPARE(c.state, formalize::SegmentCoverage::State::Untranslated);
    }

    void scenarios11And12_applyAfterScenario1()
    {
        Run r = run({ text(J({ { "(penguin Pingu)", 1 }, { "(lives_in Pingu HarbourZoo)", 1 } }, { 4 })),
                        text(J({ { "(livesIn Pingu HarbourZoo)", 1 } })) },
            judgeOff(), false);
        proposal::Proposal &p = r.session.proposal;
        QVERIFY(p.accept(QStringLiteral("c1")));
        QVERIFY(p.accept(QStringLiteral("c3")));
        const QString target = p.targetPath();
        const QByteArray old = readAll(target);
        const QString journal = m_dir.filePath(QStringLiteral("journal-%1.jsonl").arg(m_runs));
        int ids = 0;
        proposal::ApplyOptions options;
        options.gate = proposal::criticGate();
        options.journalPath = journal;
        options.now = [] { return QDateTime::fromString(QStringLiteral("2026-11-29T14:03:00Z"), Qt::ISODate); };
        options.newId = [&ids] { return QStringLiteral("j%1").arg(++ids); };

        // 11: a hand edit makes Apply a conflict; Re-diff, then Apply.
        {
            QFile file(target);
            QVERIFY(file.open(QIODevice::Append));
            file.write(";; edited by hand\n");
        }
        proposal::ApplyResult result = proposal::apply(p, options);
        QCOMPARE(result.status, proposal::ApplyStatus::Conflict);
        QVERIFY(!QFile::exists(journal));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(p.kbDir);
        QVERIFY(loaded.ok());
        (void)proposal::rediff(p, *lang::fanvaKbOver(loaded.kb), proposal::criticGate());
        result = proposal::apply(p, options);
        QCOMPARE(result.status, proposal::ApplyStatus::Applied);
        QCOMPARE(readAll(target), old + ";; edited by hand\n\n" + result.block);
        QCOMPARE(result.block.count("winter.md [1] \"Pingu is a penguin who lives in Harbour Zoo.\""), 2);

        // 12: Undo gives the bytes back, then there is nothing to undo.
        QCOMPARE(proposal::undo(p, journal).status, proposal::UndoResult::Status::Undone);
        QCOMPARE(readAll(target), old + ";; edited by hand\n");
        QCOMPARE(p.entry(QStringLiteral("c1"))->decision, formalize::Decision::Accepted);
        QCOMPARE(proposal::undo(p, journal).message, QStringLiteral("Nothing to undo"));
    }

    void rerunIsByteIdentical()
    {
        const Run r = run({ text(J({ { "(penguin Pingu)", 1 }, { "(lives_in Pingu HarbourZoo)", 1 } }, { 4 })),
                              text(J({ { "(livesIn Pingu HarbourZoo)", 1 } })) },
            judgeOff());
        QVERIFY(!r.sessionBytes.isEmpty()); // run() blanks it when the rerun differs
        QVERIFY(hasEvent(r, "prompt-built"));
        QVERIFY(hasEvent(r, "finished"));
    }

    // The demo provider's replay (resources/demo/replay.json) over the demo workspace: every
    // turn is used and every review axis shows up.
    void demoReplayExercisesEveryAxis()
    {
        const QString demo = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo");
        const kb::LoadResult loaded = kb::loadKnowledgeBase(demo + QStringLiteral("/kb"));
        QVERIFY(loaded.ok());
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromFile(demo + QStringLiteral("/replay.json"), llm::ScriptedProvider::Mode::Demo, &error);
        QVERIFY2(provider, error.message.c_str());
        formalize::SessionSettings settings; // judge on, as for every selected provider
        const formalize::SessionInput input = formalize::makeSessionInput(lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals"),
            readAll(demo + QStringLiteral("/animals.md")), QStringLiteral("animals.md"), settings);
        formalize::Session session(provider.get(), input);
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        QVERIFY(finished.wait(30000));
        QCOMPARE(session.outcomeName(), QStringLiteral("success"));
        QCOMPARE(provider->usedTurnCount(), provider->turnCount());

        bool repaired = false, corrected = false, coined = false, doubted = false;
        for (const formalize::Entry &e : session.entries()) {
            repaired = repaired || (e.isReviewable() && !e.history.empty() && !e.history.front().problems.empty());
            corrected = corrected || (e.correction && e.correction->to && e.shapes.size() >= 3);
            coined = coined || !e.coined.empty();
            doubted = doubted || e.verdict == Verdict::Unsure;
        }
        QVERIFY(repaired);
        QVERIFY(corrected);
        QVERIFY(coined);
        QVERIFY(doubted);
        const json &events = session.events();
        QVERIFY(std::any_of(events.begin(), events.end(), [](const json &e) {
            return e["type"] == "judge-verdicts"
                && std::any_of(e["verdicts"].begin(), e["verdicts"].end(), [](const json &v) { return v["verdict"] == "disagree"; });
        }));
        const auto coverage = session.coverage();
        QVERIFY(std::any_of(coverage.begin(), coverage.end(),
            [](const formalize::SegmentCoverage &c) { return c.state == formalize::SegmentCoverage::State::Untranslated; }));
    }

    void historyKeepsTheDocumentAndThreePairs()
    {
        std::vector<json> turns;
        for (int i = 1; i <= 5; ++i)
            turns.push_back(text(J({ { "(lives_in Pingu Zoo" + std::to_string(i) + ")", 1 } })));
        const Run r = run(turns, judgeOff(5));
        QVERIFY(r.outcome["outcome"] == "exhausted");
        QCOMPARE(r.requests.size(), std::size_t(5));
        const std::size_t expected[] = { 1, 3, 5, 7, 7 };
        for (std::size_t i = 0; i < 5; ++i) {
            QCOMPARE(r.requests[i].messages.size(), expected[i]);
            QVERIFY(r.requests[i].messages.front().text.rfind("## The document", 0) == 0);
        }
        // The oldest pair went: the last request starts its history at the second reply.
        QVERIFY(r.requests[4].messages[1].text.find("Zoo2") != std::string::npos);
        // The system prefix is the cached block and is the same on every call.
        for (const llm::Request &request : r.requests) {
            QCOMPARE(request.system.size(), std::size_t(1));
            QVERIFY(request.system.front().cache);
            QCOMPARE(request.system.front().text, r.requests.front().system.front().text);
        }
    }

    void cancelStopsTheCallInFlight()
    {
        const QString kbDir = m_dir.filePath(QStringLiteral("cancel/kb"));
        QDir().mkpath(kbDir);
        QFile::copy(fixtureDir() + QStringLiteral("/kb/CxAnimals.txt"), kbDir + QStringLiteral("/CxAnimals.txt"));
        const kb::LoadResult loaded = kb::loadKnowledgeBase(kbDir);
        QVERIFY(loaded.ok());
        json script = { { "format", "fanva-script/1" }, { "on_exhausted", "error" }, { "chunk_chars", 4 }, { "delay_ms", 50 },
            { "turns", json::array({ text(J({ { "(penguin Pingu)", 1 } }, { 4 })) }) } };
        llm::Failure error;
        auto provider = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
        QVERIFY(provider);
        formalize::SessionInput input = formalize::makeSessionInput(lang::fanvaKbOver(loaded.kb), QStringLiteral("CxAnimals"),
            readAll(fixtureDir() + QStringLiteral("/winter.md")), QStringLiteral("winter.md"), judgeOff());
        formalize::Session session(provider.get(), input);
        QSignalSpy deltas(&session, &formalize::Session::textDelta);
        QSignalSpy finished(&session, &formalize::Session::finished);
        session.start();
        QVERIFY(deltas.wait(5000));
        session.cancel();
        QVERIFY(finished.count() == 1 || finished.wait(5000));
        QCOMPARE(session.outcomeName(), QStringLiteral("cancelled"));
        QVERIFY(session.outcome()["phase"] == "formalize");
        QCOMPARE(provider->received().size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TstSession)
#include "tst_session.moc"
