// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Runs the built executables as a user would and checks what they print and return.
#include <QProcess>
#include <QTest>

#include <optional>

class TstCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void run_data();
    void run();
};

namespace {

struct Outcome {
    int exitCode = -1;
    QString out;
    QString err;
};

[[nodiscard]] std::optional<Outcome> execute(const QString &program, const QStringList &arguments)
{
    QProcess process;
    process.start(program, arguments);
    if (!process.waitForFinished(60'000) || process.exitStatus() != QProcess::NormalExit) {
        qWarning("%s did not finish normally: %s", qPrintable(program), qPrintable(process.errorString()));
        process.kill();
        return std::nullopt;
    }
    return Outcome { process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError()) };
}

} // namespace

void TstCli::run_data()
{
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expectedOut");
    QTest::addColumn<QString>("expectedErr");

    const QString cli = QStringLiteral(FANVA_CLI_PATH);
    const QString gui = QStringLiteral(FANVA_GUI_PATH);
    const QString version = QStringLiteral(FANVA_VERSION_STRING);

    QTest::addRow("fanva-cli --version") << cli << QStringList { QStringLiteral("--version") } << 0
                                         << QStringLiteral("fanva-cli %1\n").arg(version) << QString();
    QTest::addRow("fanva --version") << gui << QStringList { QStringLiteral("--version") } << 0 << QStringLiteral("fanva %1\n").arg(version)
                                     << QString();
    QTest::addRow("fanva-cli --help") << cli << QStringList { QStringLiteral("--help") } << 0 << QStringLiteral("Usage: fanva-cli COMMAND")
                                      << QString();
    QTest::addRow("fanva-cli without a command") << cli << QStringList() << 2 << QStringLiteral("Usage: fanva-cli COMMAND") << QString();
    QTest::addRow("fanva-cli unknown command") << cli << QStringList { QStringLiteral("no-such-command") } << 2 << QString()
                                               << QStringLiteral("fanva-cli: unknown command 'no-such-command'");

    // The KB language (nibli-kr.md §1.2): --language, else inferred; a folder holding both
    // kinds of file is a usage error; an unknown language is a clear error.
    const QString demoKb = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb");
    const QString mixedKb = QStringLiteral(FANVA_TEST_DATA_DIR "/lang/mixed/kb");
    QTest::addRow("parse --language unknown")
        << cli
        << QStringList { QStringLiteral("parse"), QStringLiteral("--language"), QStringLiteral("cycl"),
               demoKb + QStringLiteral("/CxDiet.txt") }
        << 2 << QString() << QStringLiteral("fanva-cli parse: unknown language \"cycl\": write --language fanva-kb or --language nibli\n");
    QTest::addRow("kb stats on a mixed folder")
        << cli << QStringList { QStringLiteral("kb"), QStringLiteral("stats"), QStringLiteral("--kb"), mixedKb } << 2 << QString()
        << QStringLiteral("fanva-cli kb: the KB folder %1 holds both *.txt and *.nibli files: say which language it is with --language "
                          "fanva-kb or --language nibli\n")
               .arg(mixedKb);
    QTest::addRow("check --language fanva-kb on a mixed folder")
        << cli
        << QStringList { QStringLiteral("check"), QStringLiteral("--kb"), mixedKb, QStringLiteral("--language"), QStringLiteral("fanva-kb"),
               mixedKb + QStringLiteral("/CxMixed.txt") }
        << 0 << QString() << QString();
    QTest::addRow("parse --language fanva-kb") << cli
                                               << QStringList { QStringLiteral("parse"), QStringLiteral("--language"),
                                                      QStringLiteral("fanva-kb"), demoKb + QStringLiteral("/CxDiet.txt") }
                                               << 0 << QString() << QString();

    // Every subcommand shares one option prologue: its help names it as typed, and a bad
    // option is a usage error (exit 2) that points at that help.
    const QStringList commands { QStringLiteral("parse"), QStringLiteral("fmt"), QStringLiteral("kb"), QStringLiteral("check"),
        QStringLiteral("ask"), QStringLiteral("providers"), QStringLiteral("formalize"), QStringLiteral("apply"), QStringLiteral("gloss"),
        QStringLiteral("score") };
    for (const QString &command : commands) {
        QTest::addRow("%s --help", qPrintable(command)) << cli << QStringList { command, QStringLiteral("--help") } << 0
                                                        << QStringLiteral("Usage: fanva-cli %1 [options]").arg(command) << QString();
        QTest::addRow("%s --no-such-option", qPrintable(command))
            << cli << QStringList { command, QStringLiteral("--no-such-option") } << 2 << QString()
            << QStringLiteral("fanva-cli %1: Unknown option 'no-such-option'.\nTry 'fanva-cli %1 --help'.\n").arg(command);
    }
}

// An expected text ending in a newline is the whole output; otherwise the output starts with it.
void TstCli::run()
{
    QFETCH(QString, program);
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, expectedOut);
    QFETCH(QString, expectedErr);

    const std::optional<Outcome> outcome = execute(program, arguments);
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, exitCode);
    if (expectedOut.endsWith(u'\n'))
        QCOMPARE(outcome->out, expectedOut);
    else
        QVERIFY2(outcome->out.startsWith(expectedOut), qPrintable(outcome->out));
    if (!expectedErr.isEmpty())
        QVERIFY2(outcome->err.startsWith(expectedErr), qPrintable(outcome->err));
}

QTEST_GUILESS_MAIN(TstCli)

#include "tst_cli.moc"
