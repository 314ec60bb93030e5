// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include <QDir>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString s_fanva = QStringLiteral(FANVA_GUI_PATH);
const QString s_demo = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo");

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runFanva(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(s_fanva, arguments);
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return {};
    }
    if (process.exitStatus() != QProcess::NormalExit)
        return {};
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()), QString::fromUtf8(process.readAllStandardError()) };
}

} // namespace

class TstScreenshot final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void demoWorkspace_data();
    void demoWorkspace();
    void errorsExitWithTwo_data();
    void errorsExitWithTwo();
    void germanInterface();
};

void TstScreenshot::demoWorkspace_data()
{
    QTest::addColumn<QStringList>("extraArguments");
    QTest::addRow("english") << QStringList();
    QTest::addRow("german") << QStringList { QStringLiteral("--lang"), QStringLiteral("de") };
    // The demo workspace names the demo provider: the run finishes before the screenshot.
    QTest::addRow("formalized") << QStringList { QStringLiteral("--formalize") };
}

void TstScreenshot::demoWorkspace()
{
    QFETCH(QStringList, extraArguments);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(QStringLiteral("x.png"));

    const Run run = runFanva(QStringList { QStringLiteral("--workspace"), s_demo, QStringLiteral("--screenshot"), png } + extraArguments);
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));

    QImage image;
    QVERIFY(image.load(png, "PNG"));
    QVERIFY2(image.width() >= 800 && image.height() >= 500, qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));

    // A rendered window has text, frames and highlighting: far more than a handful of colours.
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3)
            colours.insert(image.pixel(x, y));
    }
    QVERIFY2(colours.size() > 16, qPrintable(QString::number(colours.size())));

    const QByteArray outputDir = qgetenv("FANVA_TEST_OUTPUT_DIR");
    if (!outputDir.isEmpty() && QDir().mkpath(QString::fromLocal8Bit(outputDir))) {
        const QString name = QStringLiteral("fanva-demo-%1.png").arg(QString::fromLatin1(QTest::currentDataTag()));
        image.save(QDir(QString::fromLocal8Bit(outputDir)).filePath(name));
    }
}

void TstScreenshot::errorsExitWithTwo_data()
{
    QTest::addColumn<QString>("workspace");
    QTest::addColumn<QString>("screenshot");
    QTest::addColumn<QString>("message");

    QTest::addRow("missing workspace") << QStringLiteral("/nonexistent/fanva-workspace") << QStringLiteral("x.png")
                                       << QStringLiteral("does not exist");
    QTest::addRow("unwritable image") << s_demo << QStringLiteral("no-such-folder/x.png") << QStringLiteral("cannot write the screenshot");
}

void TstScreenshot::errorsExitWithTwo()
{
    QFETCH(QString, workspace);
    QFETCH(QString, screenshot);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString png = dir.filePath(screenshot);

    const Run run = runFanva({ QStringLiteral("--workspace"), workspace, QStringLiteral("--screenshot"), png });
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(!QFile::exists(png));
}

void TstScreenshot::germanInterface()
{
    const Run run = runFanva({ QStringLiteral("--lang"), QStringLiteral("de"), QStringLiteral("--help") });
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains(QStringLiteral("Arbeitsbereich")), qPrintable(run.out));
    QVERIFY(run.out.contains(QStringLiteral("--screenshot")));
}

QTEST_GUILESS_MAIN(TstScreenshot)

#include "tst_screenshot.moc"
