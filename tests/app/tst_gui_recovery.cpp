// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The window settles the Apply journal at start-up, as fanva-cli apply does: an Apply a
// crash interrupted after its rename is committed, so Undo Apply finds it.
#include "proposal/filelock_p.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

class TstGuiRecovery final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startupSettlesTheJournal()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("kb/CxAnimals.txt"));
        const QString journal = dir.filePath(QStringLiteral("data/fanva/journal.jsonl"));
        QVERIFY(writeInterruptedApply(target, journal));

        QProcess process;
        process.setProcessEnvironment(environmentIn(dir));
        process.start(QStringLiteral(FANVA_GUI_PATH),
            { QStringLiteral("--workspace"), QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), QStringLiteral("--screenshot"),
                dir.filePath(QStringLiteral("x.png")) });
        QVERIFY(process.waitForFinished(60000));
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(process.exitCode() == 0, err.constData());
        QVERIFY2(err.contains(QByteArray("An interrupted Apply to " + target.toUtf8() + " was committed.")), err.constData());
        QVERIFY(readAll(journal).contains(s_committed));
    }

    // Recovery waits for the file's lock (another Apply holds it) off the GUI thread: the
    // window paints, loads its KB and answers input meanwhile (audit L11, issue 33), and the
    // Apply is settled once the lock is free.
    void startupDoesNotWaitForALockedFile()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("kb/CxAnimals.txt"));
        const QString journal = dir.filePath(QStringLiteral("data/fanva/journal.jsonl"));
        QVERIFY(writeInterruptedApply(target, journal));
        const QString lockPath = fanva::proposal::detail::kbFileLockPath(journal, target);
        QVERIFY(QDir().mkpath(QFileInfo(lockPath).absolutePath()));
        const int lock = ::open(QFile::encodeName(lockPath).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        QVERIFY(lock >= 0);
        QCOMPARE(::flock(lock, LOCK_EX), 0);

        QProcess process;
        process.setProcessEnvironment(environmentIn(dir));
        const QString report = dir.filePath(QStringLiteral("load.txt"));
        process.start(QStringLiteral(FANVA_GUI_PATH),
            { QStringLiteral("--workspace"), QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), QStringLiteral("--screenshot"),
                dir.filePath(QStringLiteral("x.png")), QStringLiteral("--measure-load"), report });
        // The load measurement runs from the window's first paint through a KB load and reload.
        const bool measured = QTest::qWaitFor([&report] { return QFile::exists(report); }, 30000);
        const bool stillRecovering = process.state() == QProcess::Running && !readAll(journal).contains(s_committed);
        ::close(lock);
        QVERIFY(process.waitForFinished(60000));
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(measured, "the window did not paint and load its KB while recovery waited for the lock");
        QVERIFY(stillRecovering);
        QVERIFY2(process.exitCode() == 0, err.constData());
        QVERIFY2(err.contains(QByteArray("An interrupted Apply to " + target.toUtf8() + " was committed.")), err.constData());
        QVERIFY(readAll(journal).contains(s_committed));
    }

private:
    static constexpr const char *s_committed = "{\"id\":\"crashed\",\"state\":\"committed\"}";

    static QByteArray readAll(const QString &path)
    {
        QFile file(path);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }

    /// The environment of a fanva whose data and settings live in @p dir.
    static QProcessEnvironment environmentIn(const QTemporaryDir &dir)
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        return environment;
    }

    /// @p target after an Apply a crash interrupted after its rename, and @p journal saying
    /// it is pending.
    [[nodiscard]] static bool writeInterruptedApply(const QString &target, const QString &journal)
    {
        const QByteArray before = "(isa Pingu penguin)\n";
        const QByteArray after = before + "\n(isa Tux penguin)\n";
        const auto sha
            = [](const QByteArray &bytes) { return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().toStdString(); };
        const nlohmann::json pending
            = { { "id", "crashed" }, { "state", "pending" }, { "file", target.toStdString() }, { "baseSha256", sha(before) },
                  { "newSha256", sha(after) }, { "offset", before.size() }, { "entries", nlohmann::json::array() }, { "session", "" } };
        QFile file(target);
        QFile lines(journal);
        return QDir().mkpath(QFileInfo(target).absolutePath()) && QDir().mkpath(QFileInfo(journal).absolutePath())
            && file.open(QIODevice::WriteOnly) && file.write(after) == after.size() && lines.open(QIODevice::WriteOnly)
            && lines.write(QByteArray::fromStdString(pending.dump()) + '\n') > 0;
    }
};

QTEST_GUILESS_MAIN(TstGuiRecovery)
#include "tst_gui_recovery.moc"
