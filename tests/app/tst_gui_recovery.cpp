// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The window settles the Apply journal at start-up, as fanva-cli apply does: an Apply a
// crash interrupted after its rename is committed, so Undo Apply finds it.
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

class TstGuiRecovery final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void startupSettlesTheJournal()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString target = dir.filePath(QStringLiteral("kb/CxAnimals.txt"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("kb"))));
        const QByteArray before = "(isa Pingu penguin)\n";
        const QByteArray after = before + "\n(isa Tux penguin)\n";
        QFile file(target);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(after);
        file.close();
        const auto sha
            = [](const QByteArray &bytes) { return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().toStdString(); };
        const nlohmann::json pending
            = { { "id", "crashed" }, { "state", "pending" }, { "file", target.toStdString() }, { "baseSha256", sha(before) },
                  { "newSha256", sha(after) }, { "offset", before.size() }, { "entries", nlohmann::json::array() }, { "session", "" } };
        const QString journal = dir.filePath(QStringLiteral("data/fanva/journal.jsonl"));
        QVERIFY(QDir().mkpath(QFileInfo(journal).absolutePath()));
        QFile lines(journal);
        QVERIFY(lines.open(QIODevice::WriteOnly));
        lines.write(QByteArray::fromStdString(pending.dump()) + '\n');
        lines.close();

        QProcess process;
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data")));
        environment.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.filePath(QStringLiteral("config")));
        process.setProcessEnvironment(environment);
        process.start(QStringLiteral(FANVA_GUI_PATH),
            { QStringLiteral("--workspace"), QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), QStringLiteral("--screenshot"),
                dir.filePath(QStringLiteral("x.png")) });
        QVERIFY(process.waitForFinished(60000));
        const QByteArray err = process.readAllStandardError();
        QVERIFY2(process.exitCode() == 0, err.constData());
        QVERIFY2(err.contains(QByteArray("An interrupted Apply to " + target.toUtf8() + " was committed.")), err.constData());

        QVERIFY(lines.open(QIODevice::ReadOnly));
        const QByteArray committed = "{\"id\":\"crashed\",\"state\":\"committed\"}";
        QVERIFY(lines.readAll().contains(committed));
    }
};

QTEST_GUILESS_MAIN(TstGuiRecovery)
#include "tst_gui_recovery.moc"
