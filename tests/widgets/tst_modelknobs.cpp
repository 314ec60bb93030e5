// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Settings ▸ Provider's "Model" group: the context limit and Anthropic's thinking and effort,
// saved, loaded, edited with the keyboard and resolved into the provider's options; and the
// window sizing its sessions (formalize and rewrite) to the context length a loopback Ollama
// reports.

#include "fakeserver.h"
#include "llm/providerinfo.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/rewritedialog.h"
#include "settings/modelknobsbox.h"
#include "settings/providersettings.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>

#include <nlohmann/json.hpp>

namespace {

/// A loopback Ollama for qwen3:8b that reports @p contextLength (0: none) and answers every
/// chat with @p reply, having read @p promptTokens; the window finds it through the environment.
void serveOllama(fanva::fakes::FakeServer &server, int contextLength, const std::string &reply, int promptTokens)
{
    using fanva::fakes::Exchange;
    nlohmann::json info { { "general.architecture", "qwen3" } };
    if (contextLength > 0)
        info["qwen3.context_length"] = contextLength;
    server.setDefault("/api/show", Exchange::json(200, QByteArray::fromStdString(nlohmann::json { { "model_info", info } }.dump())));
    const nlohmann::json text { { "message", { { "role", "assistant" }, { "content", reply } } }, { "done", false } };
    const nlohmann::json done { { "message", { { "role", "assistant" }, { "content", "" } } }, { "done", true }, { "done_reason", "stop" },
        { "prompt_eval_count", promptTokens }, { "eval_count", 10 } };
    server.setDefault("/api/chat",
        Exchange { 200, { { "Content-Type", "application/x-ndjson" } },
            { QByteArray::fromStdString(text.dump() + "\n"), QByteArray::fromStdString(done.dump() + "\n") }, true, {} });
    qputenv("FANVA_OLLAMA_HOST", server.url().toString().toUtf8());
    qputenv("FANVA_MODEL", "qwen3:8b");
}

} // namespace

class TstModelKnobs : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void windowFollowsTheModel_data()
    {
        QTest::addColumn<int>("reported"); // 0: none
        QTest::addColumn<bool>("called");
        QTest::addRow("reports 40960") << 40960 << true;
        // 8,192 tokens: the document is cut into rounds (formalize.md §5.6), not refused.
        QTest::addRow("reports nothing: 8192, rounds") << 0 << true;
    }

    void windowFollowsTheModel()
    {
        QFETCH(int, reported);
        QFETCH(bool, called);
        fanva::fakes::FakeServer server;
        QVERIFY(server.listen());
        serveOllama(server, reported, fanva::testing::candidatesReply({ { "(weightInKg Mango 1)", 1 } }), reported > 0 ? 20000 : 3000);

        fanva::testing::ScriptedDemo demo(fanva::testing::ScriptedDemo::script(nlohmann::json::array()));
        QVERIFY(demo.isValid());
        // 16 KB of English: too large for 8,192 tokens, at ease in 40,960.
        QByteArray english = "Mango weighs one kilogram.\n";
        for (int i = 1; english.size() < 16 * 1024; ++i)
            english += "Penguin number " + QByteArray::number(i) + " eats fish every morning and swims in the cold pool.\n";
        QVERIFY(fanva::testing::writeFile(demo.documentPath(), english));
        MainWindow window;
        QVERIFY(demo.open(window));
        window.setProvider(QStringLiteral("ollama"));
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QVERIFY(window.formalize());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        qunsetenv("FANVA_OLLAMA_HOST");
        qunsetenv("FANVA_MODEL");
        QCOMPARE(finished.first().first().toString() == QStringLiteral("too-large"), !called);
        QCOMPARE(server.requestCount("/api/chat") > 0, called);
        for (const fanva::fakes::RecordedRequest &request : server.requests()) {
            if (request.path == "/api/chat" && reported > 0)
                QVERIFY(request.json["options"].value("num_ctx", 0) > 8192);
        }
    }

    // Review ▸ Rewrite… asks Ollama for the context length as Formalize does (rewrite.md §2).
    void rewriteFollowsTheModel()
    {
        fanva::fakes::FakeServer server;
        QVERIFY(server.listen());
        serveOllama(server, 40960,
            nlohmann::json { { "candidates", nlohmann::json::array() }, { "retract", nlohmann::json::array({ 1 }) } }.dump(), 6000);

        fanva::testing::ScriptedDemo demo(fanva::testing::ScriptedDemo::script(nlohmann::json::array()));
        QVERIFY(demo.isValid());
        MainWindow window;
        QVERIFY(demo.open(window));
        window.setProvider(QStringLiteral("ollama"));
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(view);
        view->setFocus();
        view->setTextCursor(QTextCursor(view->document()->findBlockByNumber(14)));
        QSignalSpy rewritten(window.review(), &ReviewController::rewriteFinished);
        QTest::keyClick(view, Qt::Key_R);
        RewriteDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window.findChild<RewriteDialog *>()) != nullptr);
        QTRY_VERIFY(dialog->isVisible());
        // An instruction of about 3,000 tokens: too large for 8,192, at ease in 40,960.
        QString instruction = QStringLiteral("drop it");
        while (instruction.size() < 12 * 1024)
            instruction += QStringLiteral(" and keep every other sentence of the file as it stands");
        dialog->editor()->setPlainText(instruction);
        dialog->editor()->moveCursor(QTextCursor::End);
        QTest::keyClick(dialog->editor(), Qt::Key_Return);
        QTRY_COMPARE_WITH_TIMEOUT(rewritten.count(), 1, 20000);
        qunsetenv("FANVA_OLLAMA_HOST");
        qunsetenv("FANVA_MODEL");
        QVERIFY(server.requestCount("/api/show") >= 1);
        QCOMPARE(rewritten.front().at(0).toString(), QStringLiteral("success"));
        QCOMPARE(server.requestCount("/api/chat"), 1);
        for (const fanva::fakes::RecordedRequest &request : server.requests()) {
            if (request.path == "/api/chat")
                QVERIFY(request.json["options"].value("num_ctx", 0) > 8192);
        }
    }

    void resolve_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<bool>("thinking");
        QTest::addColumn<int>("effort"); // -1: unset
        QTest::addColumn<int>("cap");
        QTest::addRow("anthropic") << QStringLiteral("anthropic") << true << int(fanva::llm::Effort::High) << 16384;
        QTest::addRow("ollama: no Anthropic knobs") << QStringLiteral("ollama") << false << -1 << 16384;
    }

    void resolve()
    {
        QFETCH(QString, provider);
        QFETCH(bool, thinking);
        QFETCH(int, effort);
        QFETCH(int, cap);
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("fanva.conf"));
        ProviderSettings saved;
        saved.contextLimit = 16384;
        saved.anthropicThinking = true;
        saved.anthropicEffort = QStringLiteral("high");
        {
            QSettings settings(file, QSettings::IniFormat);
            saved.save(settings);
        }
        const ProviderSettings loaded = ProviderSettings::load(QSettings(file, QSettings::IniFormat));
        QCOMPARE(loaded, saved);
        const fanva::llm::ProviderOptions options = loaded.resolve(provider, QProcessEnvironment());
        QCOMPARE(options.contextCap, cap);
        QCOMPARE(options.anthropicThinking, thinking);
        QCOMPARE(options.anthropicEffort ? int(*options.anthropicEffort) : -1, effort);
    }

    void unknownEffortIsDropped()
    {
        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("fanva.conf")), QSettings::IniFormat);
        settings.setValue(QStringLiteral("provider/anthropic/effort"), QStringLiteral("max"));
        settings.setValue(QStringLiteral("formalize/contextLimit"), -5);
        const ProviderSettings loaded = ProviderSettings::load(settings);
        QCOMPARE(loaded.anthropicEffort, QString());
        QCOMPARE(loaded.contextLimit, 0);
    }

    void editWithKeys()
    {
        ModelKnobsBox box;
        box.load(ProviderSettings {});
        box.setProvider(fanva::llm::providerInfo(QStringLiteral("anthropic")));
        box.show();
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        auto *limit = box.findChild<QSpinBox *>(QStringLiteral("contextLimitSpin"));
        auto *thinking = box.findChild<QCheckBox *>(QStringLiteral("thinkingCheck"));
        auto *effort = box.findChild<QComboBox *>(QStringLiteral("effortCombo"));
        QVERIFY(limit && thinking && effort);
        QCOMPARE(limit->text(), limit->specialValueText());
        limit->setFocus();
        QTest::keyClick(limit, Qt::Key_Up); // 0 → 1,024
        thinking->setFocus();
        QTest::keyClick(thinking, Qt::Key_Space);
        effort->setFocus();
        QTest::keyClick(effort, Qt::Key_Down);
        QTest::keyClick(effort, Qt::Key_Down);
        ProviderSettings edited;
        box.store(edited);
        QCOMPARE(edited.contextLimit, 1024);
        QVERIFY(edited.anthropicThinking);
        QCOMPARE(edited.anthropicEffort, QStringLiteral("medium"));

        box.setProvider(fanva::llm::providerInfo(QStringLiteral("ollama")));
        QVERIFY(!thinking->isEnabled());
        QVERIFY(!effort->isEnabled());
        QVERIFY(limit->isEnabled());
    }
};

QTEST_MAIN(TstModelKnobs)
#include "tst_modelknobs.moc"
