// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Helpers shared by the widget tests that run a scripted formalization on a copy of the
// demo workspace (ScriptedDemo).

#include "attempts/attemptlogmodel.h"
#include "review/reviewcontroller.h"
#include "status.h"
#include "window/mainwindow.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSignalSpy>
#include <QString>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fanva::testing {

/// The bytes of @p path, empty when it cannot be read.
inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// Copies the folder @p from to @p to, recursively (tests modify copies only).
inline bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    for (const QFileInfo &info : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = QDir(to).filePath(info.fileName());
        if (info.isDir() ? !copyTree(info.filePath(), target) : !QFile::copy(info.filePath(), target))
            return false;
    }
    return true;
}

/// Writes @p bytes to @p path, creating its folder; false when any of it fails.
inline bool writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// Writes a scripted-provider script (providers.md, "fanva-script/1") to @p path.
inline bool writeScript(const QString &path, const nlohmann::json &script)
{
    return writeFile(path, QByteArray::fromStdString(script.dump()));
}

/// A model reply proposing @p candidates ({sentence, segment}) with high confidence, as
/// formalize.md §4 shapes it; @p indent as nlohmann::json::dump takes it.
inline std::string candidatesReply(const std::vector<std::pair<std::string, int>> &candidates, int indent = -1)
{
    nlohmann::json list = nlohmann::json::array();
    for (const auto &[sentence, segment] : candidates)
        list.push_back({ { "sentence", sentence }, { "segment", segment }, { "confidence", "high" } });
    return nlohmann::json { { "candidates", list } }.dump(indent);
}

/// Waits (20 s at most) until @p review's KB load (open, recover, re-diff: off the GUI thread)
/// has ended; false when it did not.
inline bool waitForKbLoad(const ReviewController &review)
{
    return QTest::qWaitFor([&review] { return !review.isLoadingKb(); }, 20000);
}

/// Opens the session @p path in @p review (recovers it as an autosave when @p recover) and
/// waits (20 s at most) until its KB is loaded; why not, empty when it opened.
inline QString openAndWait(ReviewController &review, const QString &path, bool recover = false)
{
    auto outcome = std::make_shared<std::optional<Status>>();
    const ReviewController::Done done = [outcome](const Status &status) { *outcome = status; };
    const Status started = recover ? review.recoverSession(path, {}, done) : review.openSession(path, {}, done);
    if (!started)
        return started.message();
    if (!QTest::qWaitFor([&outcome] { return outcome->has_value(); }, 20000))
        return QStringLiteral("the session did not open within 20 s");
    return (*outcome)->message();
}

/// Runs @p review's Apply to its end (30 s at most; it runs off the GUI thread) and returns
/// its result; an IoError result saying why when it did not start or end.
inline proposal::ApplyResult applyAndWait(ReviewController &review)
{
    proposal::ApplyResult result;
    result.message = QStringLiteral("the Apply did not start");
    bool done = false;
    const QMetaObject::Connection connection
        = QObject::connect(&review, &ReviewController::applyFinished, &review, [&result, &done](const proposal::ApplyResult &finished) {
              result = finished;
              done = true;
          });
    if (review.startApply() && !QTest::qWaitFor([&done] { return done; }, 30000))
        result.message = QStringLiteral("the Apply did not finish within 30 s");
    QObject::disconnect(connection);
    return result;
}

/// Runs @p review's Undo Apply to its end, like applyAndWait().
inline proposal::UndoResult undoApplyAndWait(ReviewController &review)
{
    proposal::UndoResult result;
    result.status = proposal::UndoResult::Status::IoError;
    result.message = QStringLiteral("the Undo Apply did not start");
    bool done = false;
    const QMetaObject::Connection connection
        = QObject::connect(&review, &ReviewController::undoApplyFinished, &review, [&result, &done](const proposal::UndoResult &finished) {
              result = finished;
              done = true;
          });
    if (review.startUndoApply() && !QTest::qWaitFor([&done] { return done; }, 30000))
        result.message = QStringLiteral("the Undo Apply did not finish within 30 s");
    QObject::disconnect(connection);
    return result;
}

/// @p window's applyProposal() to its end (30 s at most): true when the entries were written.
inline bool applyAndWait(MainWindow &window)
{
    QSignalSpy finished(&window, &MainWindow::applyFinished);
    return window.applyProposal() && QTest::qWaitFor([&finished] { return !finished.isEmpty(); }, 30000)
        && finished.first().first().toBool();
}

/// @p window's undoApply() to its end (30 s at most): true when the file was restored.
inline bool undoApplyAndWait(MainWindow &window)
{
    QSignalSpy finished(&window, &MainWindow::undoApplyFinished);
    return window.undoApply() && QTest::qWaitFor([&finished] { return !finished.isEmpty(); }, 30000) && finished.first().first().toBool();
}

/// The scripted-demo set-up the widget tests share: a copy of the demo workspace in a
/// temporary folder with a scripted-provider script beside it, and an offline run of its
/// document (animals.md) into CxAnimals, through a ReviewController (run()) or a MainWindow
/// (open(), formalize()).
class ScriptedDemo final
{
public:
    /// Copies the demo workspace and writes @p script (see script()); check isValid().
    explicit ScriptedDemo(const nlohmann::json &script)
    {
        m_valid = m_dir.isValid() && copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), workspace())
            && writeScript(scriptPath(), script);
        m_originalTarget = readAll(targetPath());
        m_valid = m_valid && !m_originalTarget.isEmpty();
    }
    ~ScriptedDemo()
    {
        if (m_scriptInEnvironment)
            qunsetenv("FANVA_SCRIPT");
    }
    Q_DISABLE_COPY_MOVE(ScriptedDemo)

    /// A "fanva-script/1" script that replays @p turns and fails once they are used up.
    [[nodiscard]] static nlohmann::json script(nlohmann::json turns)
    {
        return { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "turns", std::move(turns) } };
    }

    /// Whether the workspace was copied and the script written.
    [[nodiscard]] bool isValid() const { return m_valid; }
    /// @p name in the temporary folder, beside the workspace.
    [[nodiscard]] QString filePath(const QString &name) const { return m_dir.filePath(name); }
    [[nodiscard]] QString workspace() const { return filePath(QStringLiteral("demo")); }
    [[nodiscard]] QString kbFolder() const { return QDir(workspace()).filePath(QStringLiteral("kb")); }
    [[nodiscard]] QString documentPath() const { return QDir(workspace()).filePath(QStringLiteral("animals.md")); }
    /// The target context's file, kb/CxAnimals.txt.
    [[nodiscard]] QString targetPath() const { return QDir(kbFolder()).filePath(QStringLiteral("CxAnimals.txt")); }
    [[nodiscard]] QString scriptPath() const { return filePath(QStringLiteral("script.json")); }
    [[nodiscard]] QString journalPath() const { return filePath(QStringLiteral("journal.jsonl")); }
    /// The target file as the demo has it, before any run.
    [[nodiscard]] const QByteArray &originalTarget() const { return m_originalTarget; }

    /// A run of the document into CxAnimals with the script: no judge, at most two attempts.
    [[nodiscard]] ReviewSetup setup() const
    {
        ReviewSetup setup;
        setup.kbFolder = kbFolder();
        setup.documentPath = documentPath();
        setup.context = QStringLiteral("CxAnimals");
        setup.provider.id = QStringLiteral("scripted");
        setup.provider.model = QStringLiteral("scripted");
        setup.provider.scriptPath = scriptPath();
        setup.settings.judge = false;
        setup.settings.maxAttempts = 2;
        return setup;
    }

    /// Runs @p setup through @p review, with the journal in the temporary folder, and waits
    /// (20 s at most) for it to finish with a proposal and a logged attempt. Returns why it
    /// did not, empty when it did: `QCOMPARE(demo.run(review), QString())`.
    [[nodiscard]] QString run(ReviewController &review, const ReviewSetup &setup) const
    {
        review.setJournalPath(journalPath());
        QSignalSpy finished(&review, &ReviewController::finished);
        if (const fanva::Status started = review.start(setup); !started)
            return started.message().isEmpty() ? QStringLiteral("start() failed") : started.message();
        if (!review.isRunning())
            return QStringLiteral("the run is not running after start()");
        if (!QTest::qWaitFor([&finished] { return finished.count() == 1; }, 20000))
            return QStringLiteral("the run did not finish within 20 s");
        if (!review.hasProposal())
            return QStringLiteral("the run left no proposal");
        if (review.attempts()->rowCount() < 1)
            return QStringLiteral("the run logged no attempt");
        return {};
    }
    [[nodiscard]] QString run(ReviewController &review) const { return run(review, setup()); }

    /// Opens the workspace in @p window, not interactive, on the scripted provider (FANVA_SCRIPT
    /// names the script while this fixture lives), with the journal in the temporary folder,
    /// and waits for its KB to load. False when the workspace did not open or the KB not load.
    [[nodiscard]] bool open(MainWindow &window)
    {
        qputenv("FANVA_SCRIPT", QFile::encodeName(scriptPath()));
        m_scriptInEnvironment = true;
        window.setInteractive(false);
        QSignalSpy kbLoaded(&window, &MainWindow::kbLoaded);
        if (!window.openWorkspace(workspace()))
            return false;
        window.setProvider(QStringLiteral("scripted"));
        window.review()->setJournalPath(journalPath());
        return kbLoaded.wait();
    }

    /// open(), then Formalize, waiting (20 s at most) for it to finish.
    [[nodiscard]] bool formalize(MainWindow &window)
    {
        if (!open(window))
            return false;
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        return window.formalize() && finished.wait(20000);
    }

private:
    QTemporaryDir m_dir;
    QByteArray m_originalTarget;
    bool m_valid = false;
    bool m_scriptInEnvironment = false;
};

} // namespace fanva::testing
