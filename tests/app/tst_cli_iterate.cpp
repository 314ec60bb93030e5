// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli formalize again (docs/formalize.md §9.5, §2): --out naming a session of the same
// document and context merges the new run into it, keeping decisions; --fresh starts over;
// --sentences formalizes a selection.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "clirun.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace {

using Run = fanva::testsupport::ProcessRun;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;

nlohmann::json readJson(const QString &path)
{
    return nlohmann::json::parse(readFileBytes(path).constData(), nullptr, false);
}

bool writeJson(const QString &path, const nlohmann::json &json)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(QByteArray::fromStdString(json.dump(1))) > 0;
}

/// The entry with @p id in a saved session, or null.
nlohmann::json entry(const nlohmann::json &session, const std::string &id)
{
    for (const nlohmann::json &e : session["entries"]) {
        if (e["id"] == id)
            return e;
    }
    return nullptr;
}

std::string reply(const std::vector<std::pair<std::string, int>> &candidates)
{
    nlohmann::json c = nlohmann::json::array();
    for (const auto &[sentence, segment] : candidates)
        c.push_back({ { "sentence", sentence }, { "segment", segment } });
    return nlohmann::json { { "candidates", c } }.dump();
}

} // namespace

class TstCliIterate : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_doc;

    QString writeScript(const QString &name, const std::vector<std::string> &replies)
    {
        nlohmann::json turns = nlohmann::json::array();
        for (const std::string &r : replies)
            turns.push_back({ { "text", r } });
        const QString path = m_dir.filePath(name);
        if (!writeJson(path, { { "format", "fanva-script/1" }, { "on_exhausted", "error" }, { "turns", turns } }))
            qFatal("cannot write the script");
        return path;
    }

    QStringList formalize(const QString &script, const QStringList &more, const QString &context = QStringLiteral("CxAnimals"))
    {
        return QStringList { QStringLiteral("formalize"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"), context,
            QStringLiteral("--provider"), QStringLiteral("scripted"), QStringLiteral("--script"), script, QStringLiteral("--judge"),
            QStringLiteral("off") }
        + more + QStringList { m_doc };
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString fixture = QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture");
        m_kb = m_dir.filePath(QStringLiteral("kb"));
        QDir().mkpath(m_kb);
        QVERIFY(QFile::copy(fixture + QStringLiteral("/kb/CxAnimals.txt"), m_kb + QStringLiteral("/CxAnimals.txt")));
        m_doc = m_dir.filePath(QStringLiteral("winter.md"));
        QVERIFY(QFile::copy(fixture + QStringLiteral("/winter.md"), m_doc));
    }

    void demoAgainKeepsTheAcceptedEntry()
    {
        // The issue's check: the demo to s.fanva, one entry accepted in the session, the same
        // command again with --out s.fanva: the entry is still accepted.
        QTemporaryDir workspace;
        QVERIFY(workspace.isValid());
        const QDir demo(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"));
        QVERIFY(QDir().mkpath(workspace.filePath(QStringLiteral("kb"))));
        for (const QString &name : QDir(demo.filePath(QStringLiteral("kb"))).entryList({ QStringLiteral("*.txt") }, QDir::Files))
            QVERIFY(QFile::copy(demo.filePath(QStringLiteral("kb/") + name), workspace.filePath(QStringLiteral("kb/") + name)));
        QVERIFY(QFile::copy(demo.filePath(QStringLiteral("animals.md")), workspace.filePath(QStringLiteral("animals.md"))));
        const QString session = workspace.filePath(QStringLiteral("s.fanva"));
        const QStringList command = { QStringLiteral("formalize"), QStringLiteral("--kb"), workspace.filePath(QStringLiteral("kb")),
            QStringLiteral("--context"), QStringLiteral("CxAnimals"), QStringLiteral("--provider"), QStringLiteral("demo"),
            workspace.filePath(QStringLiteral("animals.md")), QStringLiteral("--out"), session };
        const Run first = runCli(command);
        QCOMPARE(first.exitCode, 0);

        nlohmann::json saved = readJson(session);
        QVERIFY(saved.is_object());
        std::string accepted;
        std::size_t reviewable = 0;
        for (nlohmann::json &e : saved["entries"]) {
            if (e["state"] != "admissible")
                continue;
            ++reviewable;
            if (accepted.empty()) {
                e["decision"] = "accepted";
                accepted = e["id"].get<std::string>();
            }
        }
        QVERIFY(!accepted.empty());
        QVERIFY(writeJson(session, saved));

        const Run again = runCli(command);
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.err.contains("merged into"), again.err.constData());
        const nlohmann::json merged = readJson(session);
        QVERIFY(entry(merged, accepted)["decision"] == "accepted");
        QVERIFY(merged["id"] == saved["id"]);
        // Nothing doubled: the same admissible entries, every one kept with its id.
        std::size_t admissible = 0;
        for (const nlohmann::json &e : merged["entries"])
            admissible += e["state"] == "admissible";
        QCOMPARE(admissible, reviewable);

        // --fresh starts over.
        const Run fresh = runCli(command + QStringList { QStringLiteral("--fresh") });
        QCOMPARE(fresh.exitCode, 0);
        QVERIFY(entry(readJson(session), "c1")["decision"] == "undecided");
        QVERIFY(!fresh.err.contains("merged into"));
    }

    void decisionsKeptEditsKeptLostWithdrawn()
    {
        const QString session = m_dir.filePath(QStringLiteral("keep.fanva"));
        const QString one
            = writeScript(QStringLiteral("one.json"), { reply({ { "(penguin Pingu)", 1 }, { "(livesIn Pingu HarbourZoo)", 1 } }) });
        QCOMPARE(runCli(formalize(one, { QStringLiteral("--out"), session })).exitCode, 0);
        nlohmann::json saved = readJson(session);
        for (nlohmann::json &e : saved["entries"]) {
            if (e["id"] == "c1")
                e["decision"] = "accepted";
            if (e["id"] == "c2") {
                e["decision"] = "edited";
                e["edit"] = "(captive Pingu)";
                e["selectedShape"] = 0;
            }
        }
        QVERIFY(writeJson(session, saved));

        // The run proposes c1's sentence again and something new; c2 is not proposed again.
        const QString two = writeScript(QStringLiteral("two.json"), { reply({ { "(penguin  Pingu)", 1 }, { "(flies Pingu)", 3 } }) });
        const Run again = runCli(formalize(two, { QStringLiteral("--out"), session }));
        QCOMPARE(again.exitCode, 0);
        QVERIFY2(again.err.contains("1 kept with their decisions, 1 new, 1 withdrawn"), again.err.constData());
        QVERIFY(again.err.contains("did not propose c2 again"));
        const nlohmann::json merged = readJson(session);
        QVERIFY(entry(merged, "c1")["decision"] == "accepted");
        QVERIFY(entry(merged, "c2")["decision"] == "edited");
        QVERIFY(entry(merged, "c2")["edit"] == "(captive Pingu)");
        QVERIFY(entry(merged, "c2")["notes"].dump().find("withdrawn") != std::string::npos);
        // The new run numbered after the review (c3, c4); c3 proposed c1's sentence again, so
        // c1 stands for it.
        QVERIFY(entry(merged, "c3").is_null());
        const nlohmann::json &last = merged["events"].back();
        QVERIFY(last["type"] == "merged");
        QVERIFY(last["matched"] == nlohmann::json::parse(R"([{"candidate":"c3","keptAs":"c1","decision":"accepted"}])"));
        QVERIFY(last["lost"] == nlohmann::json::parse(R"(["c2"])"));
        QVERIFY(entry(merged, "c4")["decision"] == "undecided");
        QVERIFY(entry(merged, "c4")["candidate"] == "(flies Pingu)");
        QVERIFY(merged["outcome"]["entries"].dump().find("\"c4\"") != std::string::npos);

        // What it prints is the merged review, not only the new run: c1 and c2 kept, c4 new,
        // and no c3 (c1 stands for it).
        QVERIFY2(again.out.contains("c1 [1] ") && again.out.contains("(penguin Pingu)"), again.out.constData());
        QVERIFY2(again.out.contains("c2 [1] ") && again.out.contains("(captive Pingu)"), again.out.constData());
        QVERIFY2(again.out.contains("c4 [3] "), again.out.constData());
        QVERIFY2(!again.out.contains("c3 ["), again.out.constData());
        // stderr says which new entry matched which kept one, and what became of the others.
        QVERIFY2(again.err.contains("merged: c3 matches c1: kept, accepted\n"), again.err.constData());
        QVERIFY2(again.err.contains("merged: c4 is new: undecided\n"), again.err.constData());
        QVERIFY2(again.err.contains("merged: c2 withdrawn: the new run did not propose it again\n"), again.err.constData());
    }

    void jsonPrintsTheMergedProposal()
    {
        const QString session = m_dir.filePath(QStringLiteral("json.fanva"));
        const QString one
            = writeScript(QStringLiteral("json1.json"), { reply({ { "(penguin Pingu)", 1 }, { "(livesIn Pingu HarbourZoo)", 1 } }) });
        QCOMPARE(runCli(formalize(one, { QStringLiteral("--out"), session })).exitCode, 0);
        nlohmann::json saved = readJson(session);
        for (nlohmann::json &e : saved["entries"]) {
            if (e["id"] == "c1")
                e["decision"] = "accepted";
            if (e["id"] == "c2")
                e["decision"] = "rejected";
        }
        QVERIFY(writeJson(session, saved));

        const QString two = writeScript(QStringLiteral("json2.json"), { reply({ { "(penguin Pingu)", 1 }, { "(flies Pingu)", 3 } }) });
        const Run again = runCli(formalize(two, { QStringLiteral("--out"), session, QStringLiteral("--json") }));
        QCOMPARE(again.exitCode, 0);
        const nlohmann::json printed = nlohmann::json::parse(again.out.constData(), nullptr, false);
        QVERIFY2(printed.is_object(), again.out.constData());
        std::map<std::string, std::string> decisions;
        for (const nlohmann::json &e : printed["entries"])
            decisions[e["id"].get<std::string>()] = e["decision"].get<std::string>();
        // c1 kept accepted (c3 matched it), c2 rejected and replaced, c4 new.
        const std::map<std::string, std::string> expected { { "c1", "accepted" }, { "c4", "undecided" } };
        QCOMPARE(decisions, expected);
        QVERIFY(printed["merged"]["matched"] == nlohmann::json::parse(R"([{"candidate":"c3","keptAs":"c1","decision":"accepted"}])"));
        QVERIFY(printed["merged"]["replaced"] == nlohmann::json::parse(R"(["c2"])"));
        QVERIFY(printed["merged"]["added"] == nlohmann::json::parse(R"(["c4"])"));
        // The printed outcome is the saved session's.
        QVERIFY(printed["entries"].size() == readJson(session)["entries"].size());
        QVERIFY(printed["coverage"] == readJson(session)["outcome"]["coverage"]);
        // --json keeps stderr to the summary; the mapping is in the JSON.
        QVERIFY2(!again.err.contains("merged: c3"), again.err.constData());
    }

    // --sees starts a new context (formalize.md §11.3): the gates see its genlCx header, the
    // session keeps what it sees, and apply creates the file; bad names are usage errors.
    void seesStartsANewContext()
    {
        const QString script = writeScript(QStringLiteral("sees.json"), { reply({ { "(animal Mango)", 1 } }) });
        const QString session = m_dir.filePath(QStringLiteral("sees.fanva"));
        const QString target = m_kb + QStringLiteral("/CxBirds.txt");
        QVERIFY(!QFileInfo::exists(target));

        Run bad = runCli(formalize(script, { QStringLiteral("--sees"), QStringLiteral("CxAnimals") }, QStringLiteral("Birds")));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("Birds is not a context name"), bad.err.constData());
        bad = runCli(formalize(script, { QStringLiteral("--sees"), QStringLiteral("CxAnimals") }, QStringLiteral("CxANIMALS")));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("already has the context CxAnimals"), bad.err.constData());
        bad = runCli(formalize(script, { QStringLiteral("--sees"), QStringLiteral("CxNowhere") }, QStringLiteral("CxBirds")));
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("CxNowhere, which is no context"), bad.err.constData());
        QVERIFY(!QFileInfo::exists(session));

        // animal is CxAnimals' vocabulary: admitted only because CxBirds sees CxAnimals.
        const Run run = runCli(formalize(script,
            { QStringLiteral("--sees"), QStringLiteral("CxAnimals"), QStringLiteral("--out"), session, QStringLiteral("--json") },
            QStringLiteral("CxBirds")));
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const nlohmann::json saved = readJson(session);
        QVERIFY(saved["target"]["absent"] == true);
        QVERIFY2(saved["target"]["sees"] == nlohmann::json::array({ "CxAnimals" }), saved["target"].dump().c_str());
        const nlohmann::json added = entry(saved, "c1");
        QVERIFY2(added["state"] == "admissible", added.dump().c_str());
        QVERIFY(!QFileInfo::exists(target));

        // Accept it and apply: the file is the header and the block.
        const Run applied = runCli({ QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all") });
        QVERIFY2(applied.exitCode == 0, applied.err.constData());
        const QByteArray written = readFileBytes(target);
        QVERIFY2(written.contains("(genlCx CxBirds CxAnimals)"), written.constData());
        QVERIFY2(written.contains("(animal Mango)"), written.constData());
        QVERIFY(written.indexOf("(genlCx CxBirds CxAnimals)") < written.indexOf("(animal Mango)"));
        QVERIFY(QFile::remove(target));
    }

    void anotherSessionIsNotOverwritten_data()
    {
        QTest::addColumn<QByteArray>("existing");
        QTest::addColumn<bool>("fresh");
        QTest::addColumn<int>("exitCode");
        QTest::addRow("not a session") << QByteArray("hello") << false << 2;
        QTest::addRow("not a session, --fresh") << QByteArray("hello") << true << 0;
        QTest::addRow("another context") << QByteArray("other") << false << 2;
        QTest::addRow("another context, --fresh") << QByteArray("other") << true << 0;
    }

    void anotherSessionIsNotOverwritten()
    {
        QFETCH(QByteArray, existing);
        QFETCH(bool, fresh);
        const QString session = m_dir.filePath(QStringLiteral("other.fanva"));
        const QString script = writeScript(QStringLiteral("other.json"), { reply({ { "(penguin Pingu)", 1 } }) });
        if (existing == "other") {
            QFile::remove(session);
            QFile::copy(m_kb + QStringLiteral("/CxAnimals.txt"), m_kb + QStringLiteral("/CxOther.txt"));
            QCOMPARE(runCli(formalize(script, { QStringLiteral("--out"), session }, QStringLiteral("CxOther"))).exitCode, 0);
        } else {
            QFile file(session);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write(existing);
        }
        const QByteArray before = readFileBytes(session);
        QStringList more = { QStringLiteral("--out"), session };
        if (fresh)
            more.append(QStringLiteral("--fresh"));
        const Run run = runCli(formalize(script, more));
        QTEST(run.exitCode, "exitCode");
        if (run.exitCode == 2) {
            QVERIFY2(run.err.contains("pass --fresh to replace it"), run.err.constData());
            QCOMPARE(readFileBytes(session), before);
        } else {
            QVERIFY(readJson(session)["context"] == "CxAnimals");
        }
    }

    void sentencesFormalizeASelection_data()
    {
        QTest::addColumn<QString>("sentences");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("task");
        QTest::addRow("range") << QStringLiteral("2-3") << 0
                               << QStringLiteral("Formalize only the sentences [2], [3] (the others are context");
        QTest::addRow("list") << QStringLiteral("3,1") << 0
                              << QStringLiteral("Formalize only the sentences [1], [3] (the others are context");
        QTest::addRow("all is the whole turn") << QStringLiteral("1-4") << 0 << QStringLiteral("Formalize every numbered sentence");
        QTest::addRow("not a list") << QStringLiteral("two") << 2 << QString();
        QTest::addRow("backwards") << QStringLiteral("3-1") << 2 << QString();
    }

    void sentencesFormalizeASelection()
    {
        QFETCH(QString, sentences);
        QFETCH(QString, task);
        const QString session = m_dir.filePath(QStringLiteral("selection.fanva"));
        const QString script = writeScript(QStringLiteral("selection.json"), { reply({ { "(flies Pingu)", 3 } }) });
        const Run run = runCli(
            formalize(script, { QStringLiteral("--sentences"), sentences, QStringLiteral("--out"), session, QStringLiteral("--fresh") }));
        QTEST(run.exitCode, "exitCode");
        if (task.isEmpty())
            return;
        const QString turn = QString::fromStdString(readJson(session)["prompts"]["documentTurn"].get<std::string>());
        QVERIFY2(turn.contains(task), qPrintable(turn));
        QCOMPARE(turn.contains(QLatin1StringView(" (context)\n")), !task.startsWith(QLatin1StringView("Formalize every")));
    }
};

QTEST_GUILESS_MAIN(TstCliIterate)
#include "tst_cli_iterate.moc"
