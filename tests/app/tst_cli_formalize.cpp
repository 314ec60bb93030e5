// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli formalize and apply as processes: the scripted provider, the proposal on stdout,
// the session file, Apply, Undo and their exit codes (architecture.md, formalize.md §5.5, §11).

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

#include "clirun.h"

#include <nlohmann/json.hpp>

#include <csignal>

#include <sys/types.h>

namespace {

using Run = fanva::testsupport::ProcessRun;
using fanva::testsupport::readFileBytes;
using fanva::testsupport::runCli;

std::string reply(const std::vector<std::pair<std::string, int>> &candidates)
{
    nlohmann::json c = nlohmann::json::array();
    for (const auto &[sentence, segment] : candidates)
        c.push_back({ { "sentence", sentence }, { "segment", segment } });
    return nlohmann::json { { "candidates", c }, { "untranslated", { { { "segment", 4 }, { "reason", "weather" } } } } }.dump();
}

} // namespace

class TstCliFormalize : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_kb, m_doc, m_target;

    QString writeScript(const std::vector<nlohmann::json> &turns)
    {
        const QString path = m_dir.filePath(QStringLiteral("script.json"));
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            qFatal("cannot write the script");
        file.write(QByteArray::fromStdString(
            nlohmann::json { { "format", "fanva-script/1" }, { "on_exhausted", "error" }, { "turns", turns } }.dump()));
        return path;
    }

    QStringList formalize(const QString &script, const QStringList &more = {})
    {
        return QStringList { QStringLiteral("formalize"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"),
            QStringLiteral("CxAnimals"), QStringLiteral("--provider"), QStringLiteral("scripted"), QStringLiteral("--script"), script,
            QStringLiteral("--judge"), QStringLiteral("off") }
        + more + QStringList { m_doc };
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString fixture = QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture");
        m_kb = m_dir.filePath(QStringLiteral("kb"));
        QDir().mkpath(m_kb);
        m_target = m_kb + QStringLiteral("/CxAnimals.txt");
        QVERIFY(QFile::copy(fixture + QStringLiteral("/kb/CxAnimals.txt"), m_target));
        QFile::setPermissions(m_target, QFile::ReadOwner | QFile::WriteOwner);
        m_doc = m_dir.filePath(QStringLiteral("winter.md"));
        QVERIFY(QFile::copy(fixture + QStringLiteral("/winter.md"), m_doc));
    }

    void formalizeThenApplyThenUndo()
    {
        const QString script = writeScript({ { { "text", reply({ { "(penguin Pingu)", 1 }, { "(lives_in Pingu HarbourZoo)", 1 } }) } },
            { { "text", reply({ { "(livesIn Pingu HarbourZoo)", 1 } }) } } });
        const QString session = m_dir.filePath(QStringLiteral("winter.fanva"));
        const Run run = runCli(formalize(script, { QStringLiteral("--json"), QStringLiteral("--out"), session }));
        QCOMPARE(run.exitCode, 0);
        const nlohmann::json proposal = nlohmann::json::parse(run.out.constData(), nullptr, false);
        QVERIFY(!proposal.is_discarded());
        QVERIFY(proposal["outcome"] == "success");
        QCOMPARE(proposal["entries"].size(), std::size_t(3));
        QVERIFY(proposal["entries"][1]["state"] == "superseded");
        QVERIFY(run.err.contains("#2 repair"));
        QVERIFY(run.err.contains("functor-arity"));
        QVERIFY(QFile::exists(session));

        const QByteArray before = readFileBytes(m_target);
        const QString journal = m_dir.filePath(QStringLiteral("journal.jsonl"));
        const Run applied = runCli(
            { QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"), QStringLiteral("--journal"), journal });
        QCOMPARE(applied.exitCode, 0);
        QVERIFY(applied.out.contains("(livesIn Pingu HarbourZoo)"));
        const QByteArray after = readFileBytes(m_target);
        QVERIFY(after.startsWith(before));
        QVERIFY(after.contains(";; winter.md [1] \"Pingu is a penguin who lives in Harbour Zoo.\"\n(penguin Pingu)\n"));
        const nlohmann::json saved = nlohmann::json::parse(readFileBytes(session).constData(), nullptr, false);
        QVERIFY(saved["entries"][0]["decision"] == "applied");

        // Nothing is accepted any more: every entry is applied.
        QCOMPARE(runCli({ QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"), QStringLiteral("--journal"),
                            journal })
                     .exitCode,
            1);

        const Run undone = runCli({ QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal });
        QCOMPARE(undone.exitCode, 0);
        QCOMPARE(readFileBytes(m_target), before);
        const nlohmann::json reverted = nlohmann::json::parse(readFileBytes(session).constData(), nullptr, false);
        QVERIFY(reverted["entries"][0]["decision"] == "accepted");
        const Run again = runCli({ QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal });
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains("Nothing to undo"));
    }

    void refusedEntriesNeedForce()
    {
        const QString script = writeScript({ { { "text", reply({ { "(penguin Pingu)", 1 }, { "(livesIn Pingu)", 1 } }) } } });
        const QString session = m_dir.filePath(QStringLiteral("partial.fanva"));
        const Run run
            = runCli(formalize(script, { QStringLiteral("--max-attempts"), QStringLiteral("1"), QStringLiteral("--out"), session }));
        QCOMPARE(run.exitCode, 1); // partial
        QVERIFY(run.out.contains("partial"));
        const QString journal = m_dir.filePath(QStringLiteral("journal2.jsonl"));
        const Run refused = runCli(
            { QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("c2"), QStringLiteral("--journal"), journal });
        QCOMPARE(refused.exitCode, 1);
        QVERIFY(refused.err.contains("--force c2"));
    }

    void usageAndCost()
    {
        const QString script = writeScript({ { { "text", reply({ { "(penguin Pingu)", 1 } }) },
            { "usage", { { "input", 1840 }, { "output", 212 }, { "cache_read", 1602 } } } } });
        const QString prices = m_dir.filePath(QStringLiteral("prices.json"));
        QFile file(prices);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"scripted/m": {"input": 3, "output": 15, "cache_read": 0.3}})");
        file.close();
        const QStringList priced { QStringLiteral("--model"), QStringLiteral("m"), QStringLiteral("--prices"), prices };

        const Run text = runCli(formalize(script, priced));
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.err.contains("1,840→212 tok (1,602 cached)"), text.err.constData());
        // 1840×3 + 212×15 + 1602×0.3 = 9180.6 per million tokens.
        QVERIFY2(text.out.contains("Usage 1,840→212 tok (1,602 cached) · $0.0092"), text.out.constData());

        const Run json = runCli(formalize(script, priced + QStringList { QStringLiteral("--json") }));
        const nlohmann::json proposal = nlohmann::json::parse(json.out.constData(), nullptr, false);
        QVERIFY(!proposal.is_discarded());
        QCOMPARE(proposal["usage"]["input"].get<int>(), 1840);
        QVERIFY(proposal["usage"]["complete"].get<bool>());
        QCOMPARE(proposal["cost"]["amount"].get<double>(), 0.0091806);
        QVERIFY(proposal["cost"]["complete"].get<bool>());

        const Run unpriced = runCli(formalize(script));
        QVERIFY(unpriced.out.contains("Usage 1,840→212 tok (1,602 cached)\n"));
        QVERIFY(!nlohmann::json::parse(runCli(formalize(script, { QStringLiteral("--json") })).out.constData()).contains("cost"));

        QFile bad(prices);
        QVERIFY(bad.open(QIODevice::WriteOnly | QIODevice::Truncate));
        bad.write("{\"scripted\": 3}");
        bad.close();
        const Run refused = runCli(formalize(script, priced));
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains("\"scripted\" must be \"provider/model\""), refused.err.constData());
    }

    void demoRunShowsEveryAxis()
    {
        // The bundled demo workspace with the bundled replay, as a first-time user runs it.
        QTemporaryDir workspace;
        QVERIFY(workspace.isValid());
        const QDir demo(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"));
        QVERIFY(QDir().mkpath(workspace.filePath(QStringLiteral("kb"))));
        const QStringList contextFiles = QDir(demo.filePath(QStringLiteral("kb"))).entryList({ QStringLiteral("*.txt") }, QDir::Files);
        QVERIFY(!contextFiles.isEmpty());
        for (const QString &name : contextFiles)
            QVERIFY(QFile::copy(demo.filePath(QStringLiteral("kb/") + name), workspace.filePath(QStringLiteral("kb/") + name)));
        QVERIFY(QFile::copy(demo.filePath(QStringLiteral("animals.md")), workspace.filePath(QStringLiteral("animals.md"))));

        const Run run = runCli({ QStringLiteral("formalize"), QStringLiteral("--kb"), workspace.filePath(QStringLiteral("kb")),
            QStringLiteral("--context"), QStringLiteral("CxAnimals"), QStringLiteral("--provider"), QStringLiteral("demo"),
            workspace.filePath(QStringLiteral("animals.md")) });
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("success (converged)"), run.out.constData());
        QVERIFY(run.out.contains("correction (relation-on-types, medium confidence) of (eats penguin fish)"));
        QVERIFY(run.out.contains("shape 3: (eatsType penguin fish)"));
        QVERIFY(run.out.contains("coins whistlesAt/2 (relation)"));
        QVERIFY(run.out.contains("judge: unsure"));
        QVERIFY(run.out.contains("Coverage 12/13 — 1 untranslated"));
        QVERIFY(run.err.contains("refused ✗ critic not-range-restricted"));
        QVERIFY(run.err.contains("disagree"));
    }

    void signalsSaveTheSession_data()
    {
        QTest::addColumn<int>("signal");
        QTest::addRow("SIGINT") << int(SIGINT);
        QTest::addRow("SIGTERM") << int(SIGTERM);
        QTest::addRow("SIGHUP") << int(SIGHUP);
    }

    void signalsSaveTheSession()
    {
        // The reply stalls mid-stream; the signal arrives while the call is in flight.
        QFETCH(int, signal);
        nlohmann::json turn = nlohmann::json::object();
        turn["chunks"] = nlohmann::json::array({ "{\"cand", nlohmann::json { { "delay_ms", 60000 } }, "idates\": []}" });
        const QString script = writeScript({ turn });
        const QString session = m_dir.filePath(QStringLiteral("signalled-%1.fanva").arg(signal));
        QProcess process;
        process.start(QStringLiteral(FANVA_CLI_PATH), formalize(script, { QStringLiteral("--out"), session }));
        QVERIFY(process.waitForStarted());
        QByteArray err;
        QTRY_VERIFY_WITH_TIMEOUT((err += process.readAllStandardError()).contains("#1 draft"), 30000);
        QCOMPARE(::kill(pid_t(process.processId()), signal), 0);
        QVERIFY(process.waitForFinished(30000));
        err += process.readAllStandardError();
        QCOMPARE(process.exitStatus(), QProcess::NormalExit);
        QCOMPARE(process.exitCode(), 2); // cancelled
        QVERIFY2(err.contains("session saved to"), err.constData());
        const nlohmann::json saved = nlohmann::json::parse(readFileBytes(session).constData(), nullptr, false);
        QVERIFY(saved.is_object());
        QVERIFY(saved["outcome"]["outcome"] == "cancelled");
    }

    void controlCharactersAreEscaped_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("shown");
        QTest::addRow("clear screen") << QByteArray("\x1b[2J") << QByteArray("\\x1b[2J");
        QTest::addRow("window title") << QByteArray("\x1b]0;owned\x07") << QByteArray("\\x1b]0;owned\\x07");
        QTest::addRow("forged line") << QByteArray("\r\nc9 [1] clean \xc2\xb7 (ok)") << QByteArray("\\x0d\\x0ac9 [1] clean");
        QTest::addRow("C1 CSI") << QByteArray("\xc2\x9b"
                                              "31m")
                                << QByteArray("\\u009b31m");
    }

    void controlCharactersAreEscaped()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, shown);
        const std::string sentence = "(penguin " + raw.toStdString() + "Pingu)";
        const QString script = writeScript({ { { "text", reply({ { sentence, 1 } }) } } });
        const Run run = runCli(formalize(script, { QStringLiteral("--max-attempts"), QStringLiteral("1") }));
        QVERIFY2(run.out.contains(shown), run.out.constData());
        const QByteArray all = run.out + run.err;
        for (const char c : all)
            QVERIFY2(uchar(c) >= 0x20 || c == '\n', run.out.constData());
        QVERIFY(!run.out.contains("\xc2\x9b"));

        // JSON output stays JSON: the sentence is there as the model wrote it.
        const Run json = runCli(formalize(script, { QStringLiteral("--max-attempts"), QStringLiteral("1"), QStringLiteral("--json") }));
        const nlohmann::json proposal = nlohmann::json::parse(json.out.constData(), nullptr, false);
        QVERIFY(proposal.is_object());
        QVERIFY(proposal["entries"][0]["candidate"] == sentence);
    }

    void exitCodes_data()
    {
        QTest::addColumn<QByteArray>("turn");
        QTest::addColumn<int>("exitCode");
        QTest::addRow("auth failure") << QByteArray(R"({"fail": {"kind": "http", "status": 401}})") << 2;
        QTest::addRow("refusal") << QByteArray(R"({"text": "", "stop_reason": "refusal"})") << 1;
    }

    void exitCodes()
    {
        QFETCH(QByteArray, turn);
        QFETCH(int, exitCode);
        QCOMPARE(runCli(formalize(writeScript({ nlohmann::json::parse(turn.constData()) }))).exitCode, exitCode);
    }

    // A dangling Apply whose file matches neither hash is reported at every start until the
    // user dismisses it.
    void danglingApplyIsReportedUntilDismissed()
    {
        const QString journal = m_dir.filePath(QStringLiteral("dangling.jsonl"));
        QFile file(journal);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const nlohmann::json pending = { { "id", "lost" }, { "state", "pending" },
            { "file", m_dir.filePath(QStringLiteral("kb/CxGone.txt")).toStdString() }, { "baseSha256", std::string(64, 'a') },
            { "newSha256", std::string(64, 'b') }, { "offset", 0 }, { "entries", nlohmann::json::array() }, { "session", "" } };
        file.write(QByteArray::fromStdString(pending.dump()) + '\n');
        file.close();
        const QStringList undo { QStringLiteral("apply"), QStringLiteral("--undo"), QStringLiteral("--journal"), journal };
        const QStringList dismiss { QStringLiteral("apply"), QStringLiteral("--dismiss"), QStringLiteral("lost"),
            QStringLiteral("--journal"), journal };
        for (int run = 0; run < 2; ++run) {
            const Run first = runCli(undo);
            QCOMPARE(first.exitCode, 1); // nothing to undo
            QVERIFY2(first.err.contains("then forget the record with: fanva-cli apply --dismiss lost"), first.err.constData());
        }
        const Run dismissed = runCli(dismiss);
        QCOMPARE(dismissed.exitCode, 0);
        QCOMPARE(dismissed.out, QByteArray("Dismissed the interrupted Apply lost.\n"));
        QVERIFY(!runCli(undo).err.contains("interrupted"));
        const Run again = runCli(dismiss);
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains("No interrupted Apply lost is waiting in the journal."));
    }

    // The KB file is written and journaled; a session that cannot be saved is only a warning.
    void sessionSaveFailureIsAWarning()
    {
        if (::geteuid() == 0)
            QSKIP("root writes into a read-only folder: run as an unprivileged user");
        const QString script = writeScript({ { { "text", reply({ { "(penguin Pingu)", 1 } }) } } });
        const QString folder = m_dir.filePath(QStringLiteral("readonly"));
        QVERIFY(QDir().mkpath(folder));
        const QString session = folder + QStringLiteral("/s.fanva");
        QCOMPARE(runCli(formalize(script, { QStringLiteral("--out"), session })).exitCode, 0);
        const QByteArray before = readFileBytes(m_target);
        QVERIFY(QFile::setPermissions(folder, QFile::ReadOwner | QFile::ExeOwner));
        const Run applied = runCli({ QStringLiteral("apply"), session, QStringLiteral("--accept"), QStringLiteral("all"),
            QStringLiteral("--journal"), m_dir.filePath(QStringLiteral("readonly.jsonl")) });
        QFile::setPermissions(folder, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QCOMPARE(applied.exitCode, 0);
        QVERIFY(applied.err.contains("warning: the KB file was written, but the session could not be saved"));
        QVERIFY(readFileBytes(m_target).size() > before.size());
        QVERIFY(QFile::resize(m_target, before.size()));
    }

    // fmt writes like Apply: under the file's lock, never splitting a hard link.
    void fmtRefusesAHardLinkedFile()
    {
        const QString file = m_dir.filePath(QStringLiteral("fmt/CxFmt.txt"));
        QVERIFY(QDir().mkpath(QFileInfo(file).absolutePath()));
        const QByteArray messy = "(isa   Pingu    penguin)\n";
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(messy);
        out.close();
        const QString link = m_dir.filePath(QStringLiteral("fmt/other-name.txt"));
        QCOMPARE(::link(QFile::encodeName(file).constData(), QFile::encodeName(link).constData()), 0);

        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("fmt-data")));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(FANVA_CLI_PATH), { QStringLiteral("fmt"), file });
        QVERIFY(process.waitForFinished(60000));
        const QByteArray err = process.readAllStandardError();
        QCOMPARE(process.exitCode(), 2);
        QVERIFY2(err.contains("has 2 hard links; replacing it would split them"), err.constData());
        QCOMPARE(readFileBytes(file), messy);

        QVERIFY(QFile::remove(link));
        process.start(QStringLiteral(FANVA_CLI_PATH), { QStringLiteral("fmt"), file });
        QVERIFY(process.waitForFinished(60000));
        QCOMPARE(process.exitCode(), 0);
        QCOMPARE(readFileBytes(file), QByteArray("(isa Pingu penguin)\n"));
        QVERIFY(QDir(m_dir.filePath(QStringLiteral("fmt-data/fanva/locks"))).exists());
    }

    void usage()
    {
        QCOMPARE(runCli({ QStringLiteral("formalize"), QStringLiteral("--help") }).exitCode, 0);
        const Run help = runCli({ QStringLiteral("apply"), QStringLiteral("--help") });
        QCOMPARE(help.exitCode, 0);
        QVERIFY(help.out.contains("--dismiss <ID>"));
        QCOMPARE(runCli({ QStringLiteral("formalize"), m_doc }).exitCode, 2);
        const Run noProvider = runCli(
            { QStringLiteral("formalize"), QStringLiteral("--kb"), m_kb, QStringLiteral("--context"), QStringLiteral("CxAnimals"), m_doc });
        QCOMPARE(noProvider.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TstCliFormalize)
#include "tst_cli_formalize.moc"
