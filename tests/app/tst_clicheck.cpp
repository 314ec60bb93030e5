// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// fanva-cli check as a user runs it: human lines, --json, exit codes, stdin, auditing a KB.
#include "sharedcorpus.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

namespace {

struct Outcome {
    int exitCode = -1;
    QString out;
    QString err;
};

const QString s_exampleKb = QStringLiteral(FANVA_TEST_DATA_DIR "/kb/example");
const QString s_zooKb = QStringLiteral(FANVA_TEST_DATA_DIR "/kb/zoo");

[[nodiscard]] std::optional<Outcome> checkCommand(
    const QStringList &arguments, const QByteArray &input = {}, const QString &workingDirectory = {})
{
    QProcess process;
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(QStringLiteral(FANVA_CLI_PATH), QStringList { QStringLiteral("check") } + arguments);
    if (!input.isNull()) {
        process.write(input);
        process.closeWriteChannel();
    }
    if (!process.waitForFinished(120'000) || process.exitStatus() != QProcess::NormalExit) {
        process.kill();
        return std::nullopt;
    }
    return Outcome { process.exitCode(), QString::fromUtf8(process.readAllStandardOutput()),
        QString::fromUtf8(process.readAllStandardError()) };
}

QStringList kbFiles(const QString &root)
{
    QStringList files;
    QDirIterator it(root, { QStringLiteral("*.txt") }, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    return files;
}

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TstCliCheck : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void auditingACleanKbPrintsNothing_data();
    void auditingACleanKbPrintsNothing();
    void problemLines();
    void json();
    void unreadableSentenceGetsAResult();
    void loneUnreadableSentence();
    void stdinNeedsContext();
    void contextFromFileName();
    void usageErrors_data();
    void usageErrors();
};

void TstCliCheck::auditingACleanKbPrintsNothing_data()
{
    QTest::addColumn<QString>("root");
    QTest::addColumn<bool>("relative");
    const QString corpusKb = fanva::testsupport::sharedPath(u"corpus/vaelii-kb");
    QTest::addRow("example KB") << s_exampleKb << false;
    QTest::addRow("zoo KB") << s_zooKb << false;
    QTest::addRow("corpus") << corpusKb << false;
    QTest::addRow("example KB, relative paths") << s_exampleKb << true;
    QTest::addRow("zoo KB, relative paths") << s_zooKb << true;
    QTest::addRow("corpus, relative paths") << corpusKb << true;
}

void TstCliCheck::auditingACleanKbPrintsNothing()
{
    QFETCH(QString, root);
    QFETCH(bool, relative);
    if (QLatin1StringView(QTest::currentDataTag()).startsWith(QLatin1StringView("corpus")))
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    // Relative paths as a user types them from the KB's parent folder.
    const QDir parent = QFileInfo(root).dir();
    QStringList files = kbFiles(root);
    if (relative) {
        for (QString &file : files)
            file = parent.relativeFilePath(file);
    }
    const QString kbArgument = relative ? parent.relativeFilePath(root) : root;
    const std::optional<Outcome> outcome
        = checkCommand(QStringList { QStringLiteral("--kb"), kbArgument } + files, {}, relative ? parent.path() : QString());
    QVERIFY(outcome);
    QCOMPARE(outcome->out, QString());
    QCOMPARE(outcome->err, QString());
    QCOMPARE(outcome->exitCode, 0);
}

void TstCliCheck::problemLines()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("draft.txt"));
    QVERIFY(writeFile(path, "(livesIn Tweety Gotham)\n\n  (Flies Tweety)\n(friendOf Opus Tweety)\n"));
    const std::optional<Outcome> outcome
        = checkCommand({ QStringLiteral("--kb"), s_exampleKb, QStringLiteral("--context"), QStringLiteral("CxBirds"), path });
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 1);
    const QStringList lines = outcome->out.split(u'\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QVERIFY2(
        lines.at(0).startsWith(path + QStringLiteral(":3:4: functor: functor Flies in sentence (Flies Tweety)")), qPrintable(lines.at(0)));
    QCOMPARE(lines.at(1), path + QStringLiteral(":4:1: already-stored: already stored in CxBirds as (friendOf Tweety Opus)"));
}

void TstCliCheck::json()
{
    const std::optional<Outcome> outcome = checkCommand({ QStringLiteral("--kb"), s_exampleKb, QStringLiteral("--context"),
                                                            QStringLiteral("CxBirds"), QStringLiteral("--json"), QStringLiteral("-") },
        "(bird Tweety)\n(parentOf Pingu Opus)\n(isa Tweety Canary)\n");
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 1);
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(outcome->out.toUtf8(), &error).object();
    QCOMPARE(error.error, QJsonParseError::NoError);
    const QJsonArray results = root.value(QLatin1String("results")).toArray();
    QCOMPARE(results.size(), 3);
    const QJsonObject second = results.at(1).toObject();
    QCOMPARE(second.value(QLatin1String("file")).toString(), QStringLiteral("-"));
    QCOMPARE(second.value(QLatin1String("index")).toInt(), 1);
    QCOMPARE(second.value(QLatin1String("line")).toInt(), 2);
    QCOMPARE(second.value(QLatin1String("col")).toInt(), 1);
    QCOMPARE(second.value(QLatin1String("sentence")).toString(), QStringLiteral("(parentOf Pingu Opus)"));
    QCOMPARE(second.value(QLatin1String("problems")).toArray().at(0).toObject().value(QLatin1String("type")).toString(),
        QStringLiteral("asymmetric"));
    const QJsonObject third = results.at(2).toObject();
    QCOMPARE(third.value(QLatin1String("problems")).toArray().size(), 0);
    QCOMPARE(third.value(QLatin1String("notes")).toArray().at(0).toObject().value(QLatin1String("type")).toString(),
        QStringLiteral("isa-membership"));
    const QJsonObject summary = root.value(QLatin1String("summary")).toObject();
    QCOMPARE(summary.value(QLatin1String("sentences")).toInt(), 3);
    QCOMPARE(summary.value(QLatin1String("clean")).toInt(), 2);
    QCOMPARE(summary.value(QLatin1String("withProblems")).toInt(), 1);
}

void TstCliCheck::unreadableSentenceGetsAResult()
{
    // Nine sentences, the fifth one the reader cannot read: nine results, in order, the fifth
    // with the reader's diagnostic as its problem; the same in the human lines.
    const QByteArray input = "(bird Tweety)\n(bird Opus)\n(bird Pingu)\n(penguin Opus)\n(Set/defaultRule Tweety)\n"
                             "(flies Tweety)\n(bird Polly)\n(isa Tweety Canary)\n(penguin Pingu)\n";
    const QStringList args { QStringLiteral("--kb"), s_exampleKb, QStringLiteral("--context"), QStringLiteral("CxBirds") };
    std::optional<Outcome> outcome = checkCommand(args + QStringList { QStringLiteral("--json"), QStringLiteral("-") }, input);
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 1);
    const QJsonObject root = QJsonDocument::fromJson(outcome->out.toUtf8()).object();
    const QJsonArray results = root.value(QLatin1String("results")).toArray();
    QCOMPARE(results.size(), 9);
    for (int i = 0; i < results.size(); ++i) {
        QCOMPARE(results.at(i).toObject().value(QLatin1String("index")).toInt(), i);
        QCOMPARE(results.at(i).toObject().value(QLatin1String("line")).toInt(), i + 1);
    }
    const QJsonObject bad = results.at(4).toObject();
    QCOMPARE(bad.value(QLatin1String("sentence")).toString(), QStringLiteral("(Set/defaultRule Tweety)"));
    const QJsonObject problem = bad.value(QLatin1String("problems")).toArray().at(0).toObject();
    QVERIFY2(!problem.value(QLatin1String("type")).toString().isEmpty(), qPrintable(outcome->out));
    QCOMPARE(problem.value(QLatin1String("line")).toInt(), 5);
    QVERIFY(problem.value(QLatin1String("col")).toInt() > 0);
    QCOMPARE(results.at(5).toObject().value(QLatin1String("sentence")).toString(), QStringLiteral("(flies Tweety)"));
    QCOMPARE(root.value(QLatin1String("summary")).toObject().value(QLatin1String("sentences")).toInt(), 9);

    outcome = checkCommand(args + QStringList { QStringLiteral("-") }, input);
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 1);
    QVERIFY2(outcome->out.contains(QRegularExpression(QStringLiteral("^-:5:\\d+: [a-z-]+: "), QRegularExpression::MultilineOption)),
        qPrintable(outcome->out + outcome->err));
}

void TstCliCheck::loneUnreadableSentence()
{
    const std::optional<Outcome> outcome = checkCommand({ QStringLiteral("--kb"), s_exampleKb, QStringLiteral("--context"),
                                                            QStringLiteral("CxBirds"), QStringLiteral("--json"), QStringLiteral("-") },
        "(bird Tweety\n");
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 1);
    const QJsonObject root = QJsonDocument::fromJson(outcome->out.toUtf8()).object();
    QCOMPARE(root.value(QLatin1String("summary")).toObject().value(QLatin1String("sentences")).toInt(), 1);
    QCOMPARE(root.value(QLatin1String("summary")).toObject().value(QLatin1String("withProblems")).toInt(), 1);
    const QJsonObject only = root.value(QLatin1String("results")).toArray().at(0).toObject();
    QCOMPARE(only.value(QLatin1String("problems")).toArray().at(0).toObject().value(QLatin1String("type")).toString(),
        QStringLiteral("unclosed-list"));
    QCOMPARE(only.value(QLatin1String("line")).toInt(), 1);
    QCOMPARE(only.value(QLatin1String("col")).toInt(), 1);
}

void TstCliCheck::stdinNeedsContext()
{
    const std::optional<Outcome> outcome = checkCommand({ QStringLiteral("--kb"), s_exampleKb, QStringLiteral("-") }, "(bird Tweety)\n");
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 2);
    QVERIFY(outcome->err.contains(QLatin1String("--context")));
}

void TstCliCheck::contextFromFileName()
{
    // Not the KB's own file: a sentence the KB stores is reported as already stored (a note:
    // exit 0), and a bad context name from the file name is the critic's context-name problem.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString birds = dir.filePath(QStringLiteral("CxBirds.txt"));
    QVERIFY(writeFile(birds, "(friendOf Opus Tweety)\n"));
    std::optional<Outcome> outcome = checkCommand({ QStringLiteral("--kb"), s_exampleKb, birds });
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 0);
    QVERIFY2(outcome->out.contains(QLatin1String(": already-stored: ")), qPrintable(outcome->out));

    const QString notes = dir.filePath(QStringLiteral("notes.txt"));
    QVERIFY(writeFile(notes, "(bird Tweety)\n"));
    outcome = checkCommand({ QStringLiteral("--kb"), s_exampleKb, notes });
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 1);
    QVERIFY2(outcome->out.contains(QLatin1String(":1:1: context-name: context notes is not a context name")), qPrintable(outcome->out));
}

void TstCliCheck::usageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addRow("no --kb") << QStringList { QStringLiteral("x.txt") };
    QTest::addRow("no input") << QStringList { QStringLiteral("--kb"), s_exampleKb };
    QTest::addRow("missing input") << QStringList { QStringLiteral("--kb"), s_exampleKb, QStringLiteral("/nonexistent/CxBirds.txt") };
    QTest::addRow("missing KB") << QStringList { QStringLiteral("--kb"), QStringLiteral("/nonexistent"), QStringLiteral("-") };
    QTest::addRow("unknown option") << QStringList { QStringLiteral("--frobnicate") };
}

void TstCliCheck::usageErrors()
{
    QFETCH(QStringList, arguments);
    const std::optional<Outcome> outcome = checkCommand(arguments, "");
    QVERIFY(outcome);
    QCOMPARE(outcome->exitCode, 2);
    QVERIFY(!outcome->err.isEmpty());
    QCOMPARE(outcome->out, QString());
}

QTEST_GUILESS_MAIN(TstCliCheck)
#include "tst_clicheck.moc"
