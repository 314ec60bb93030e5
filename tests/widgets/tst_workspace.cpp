// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "widgettesting.h"
#include "window/workspace.h"

#include "lang/contexts.h"
#include "lang/registry.h"
#include "lang/stagedload.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using fanva::testing::writeFile;

namespace {

QStringList messages(const QList<WorkspaceIssue> &issues)
{
    QStringList result;
    for (const WorkspaceIssue &issue : issues)
        result.append(issue.message);
    return result;
}

} // namespace

class TstWorkspace final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void demoWorkspace();
    void defaultsWithoutConfig();
    void configProblems_data();
    void configProblems();
    void language_data();
    void language();
    void missingFolder();
    void readText();
    void languageRoles_data();
    void languageRoles();
};

void TstWorkspace::demoWorkspace()
{
    const QString root = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo");
    const WorkspaceLoadResult result = WorkspaceLoader::load(root);
    QVERIFY2(result.issues.isEmpty(), qPrintable(messages(result.issues).join(QLatin1Char('\n'))));
    QVERIFY(result.workspace);
    const Workspace &workspace = *result.workspace;
    QCOMPARE(workspace.root, QDir(root).absolutePath());
    QCOMPARE(workspace.kbFolder, QDir(root).absoluteFilePath(QStringLiteral("kb")));
    QCOMPARE(workspace.document, QDir(root).absoluteFilePath(QStringLiteral("animals.md")));
    QCOMPARE(workspace.context, QStringLiteral("CxAnimals"));
    QCOMPARE(workspace.provider, QStringLiteral("demo"));
    QVERIFY(workspace.contextFiles.size() >= 3);
    QCOMPARE(workspace.contextFile(QStringLiteral("CxAnimals")), QDir(root).absoluteFilePath(QStringLiteral("kb/CxAnimals.txt")));
    QCOMPARE(workspace.contextFile(QStringLiteral("CxNowhere")), std::nullopt);
}

void TstWorkspace::defaultsWithoutConfig()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/deep/er/CxOnly.txt")), "(genl a b)\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/notes.md")), "not a context\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("b.txt")), "Second.\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("a.md")), "First.\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("image.png")), "png"));

    const WorkspaceLoadResult result = WorkspaceLoader::load(dir.path());
    QVERIFY(result.issues.isEmpty());
    QVERIFY(result.workspace);
    QCOMPARE(result.workspace->documents, (QStringList { dir.filePath(QStringLiteral("a.md")), dir.filePath(QStringLiteral("b.txt")) }));
    QCOMPARE(result.workspace->document, dir.filePath(QStringLiteral("a.md")));
    QCOMPARE(result.workspace->contextFiles, QStringList { dir.filePath(QStringLiteral("kb/deep/er/CxOnly.txt")) });
    QCOMPARE(result.workspace->context, QStringLiteral("CxOnly")); // the only context is the target
    QVERIFY(result.workspace->provider.isEmpty());
}

void TstWorkspace::configProblems_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<bool>("withKb");
    QTest::addColumn<QString>("expectedWarning");
    QTest::addColumn<QString>("expectedContext");

    QTest::addRow("no kb folder") << QByteArray(R"({"context": "CxA"})") << false << QStringLiteral("has no kb folder")
                                  << QStringLiteral("CxA");
    QTest::addRow("invalid json") << QByteArray(R"({"context": )") << true << QStringLiteral("is not valid JSON") << QString();
    QTest::addRow("not an object") << QByteArray(R"(["CxA"])") << true << QStringLiteral("must hold a JSON object") << QString();
    QTest::addRow("field not a string") << QByteArray(R"({"context": 3})") << true << QStringLiteral("\"context\" field") << QString();
    QTest::addRow("missing document") << QByteArray(R"({"document": "gone.md", "context": "CxA"})") << true
                                      << QStringLiteral("names the document gone.md, which does not exist") << QStringLiteral("CxA");
    QTest::addRow("context without file") << QByteArray(R"({"context": "CxMissing"})") << true
                                          << QStringLiteral("no file for the target context CxMissing") << QStringLiteral("CxMissing");
    QTest::addRow("not a context name") << QByteArray(R"({"context": "animals"})") << true
                                        << QStringLiteral("animals, which is not a context name") << QStringLiteral("animals");
}

void TstWorkspace::configProblems()
{
    QFETCH(QByteArray, config);
    QFETCH(bool, withKb);
    QFETCH(QString, expectedWarning);
    QFETCH(QString, expectedContext);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("fanva.json")), config));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("doc.md")), "Text.\n"));
    if (withKb) {
        QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/CxA.txt")), "(genl a b)\n"));
        QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/CxB.txt")), "(genl c d)\n"));
    }

    const WorkspaceLoadResult result = WorkspaceLoader::load(dir.path());
    QVERIFY(result.workspace); // warnings never stop a load
    const QStringList warnings = messages(result.issues);
    QVERIFY2(warnings.join(QLatin1Char('\n')).contains(expectedWarning), qPrintable(warnings.join(QLatin1Char('\n'))));
    for (const WorkspaceIssue &issue : result.issues)
        QCOMPARE(issue.severity, WorkspaceIssue::Severity::Warning);
    QCOMPARE(result.workspace->context, expectedContext);
    QCOMPARE(result.workspace->document, dir.filePath(QStringLiteral("doc.md")));
}

void TstWorkspace::language_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QString>("expectedLanguage"); // empty: the workspace stays closed
    QTest::addColumn<QString>("expectedError");
    QTest::addRow("absent") << QByteArray(R"({"context": "CxA"})") << QStringLiteral("fanva-kb") << QString();
    QTest::addRow("fanva-kb") << QByteArray(R"({"language": "fanva-kb"})") << QStringLiteral("fanva-kb") << QString();
    QTest::addRow("unknown") << QByteArray(R"({"language": "owl"})") << QString()
                             << QStringLiteral(R"(unknown language "owl" in fanva.json: write "fanva-kb" or "nibli")");
    QTest::addRow("not a string") << QByteArray(R"({"language": 7})") << QString()
                                  << QStringLiteral(R"(unknown language "7" in fanva.json: write "fanva-kb" or "nibli")");
    QTest::addRow("nibli") << QByteArray(R"({"language": "nibli", "context": "drugs"})") << QStringLiteral("nibli") << QString();
}

void TstWorkspace::language()
{
    QFETCH(QByteArray, config);
    QFETCH(QString, expectedLanguage);
    QFETCH(QString, expectedError);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("fanva.json")), config));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/CxA.txt")), "(genl a b)\n"));
    const WorkspaceLoadResult result = WorkspaceLoader::load(dir.path());
    if (expectedLanguage.isEmpty()) {
        QVERIFY(!result.workspace);
        QVERIFY(!result.issues.isEmpty());
        QCOMPARE(result.issues.constLast().severity, WorkspaceIssue::Severity::Error);
        QCOMPARE(result.issues.constLast().message,
            expectedError.contains(u"%1") ? expectedError.arg(QDir::toNativeSeparators(dir.filePath(QStringLiteral("fanva.json"))))
                                          : expectedError);
    } else {
        QVERIFY(result.workspace);
        QCOMPARE(result.workspace->language, expectedLanguage);
    }
}

void TstWorkspace::missingFolder()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const WorkspaceLoadResult missing = WorkspaceLoader::load(dir.filePath(QStringLiteral("nowhere")));
    QVERIFY(!missing.workspace);
    QCOMPARE(missing.issues.size(), 1);
    QCOMPARE(missing.issues.constFirst().severity, WorkspaceIssue::Severity::Error);
    QVERIFY(missing.issues.constFirst().message.contains(QStringLiteral("does not exist")));

    QVERIFY(writeFile(dir.filePath(QStringLiteral("file.txt")), "x"));
    const WorkspaceLoadResult file = WorkspaceLoader::load(dir.filePath(QStringLiteral("file.txt")));
    QVERIFY(!file.workspace);
    QVERIFY(file.issues.constFirst().message.contains(QStringLiteral("is not a folder")));
}

void TstWorkspace::readText()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(dir.filePath(QStringLiteral("ok.md")), "Grüße\n"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("bad.md")), "\xff\xfe bad"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("big.md")), QByteArray(100, 'x')));

    QCOMPARE(WorkspaceLoader::readText(dir.filePath(QStringLiteral("ok.md"))).text, QStringLiteral("Grüße\n"));
    const TextFileResult bad = WorkspaceLoader::readText(dir.filePath(QStringLiteral("bad.md")));
    QVERIFY(!bad.text);
    QVERIFY(bad.error.contains(QStringLiteral("not valid UTF-8")));
    const TextFileResult big = WorkspaceLoader::readText(dir.filePath(QStringLiteral("big.md")), 10);
    QVERIFY(!big.text);
    QVERIFY(big.error.contains(QStringLiteral("too large")));
    const TextFileResult missing = WorkspaceLoader::readText(dir.filePath(QStringLiteral("missing.md")));
    QVERIFY(!missing.text);
    QVERIFY(missing.error.contains(QStringLiteral("Cannot read")));
}

// The window asks the workspace's language for its roles, never its id: a language with contexts
// lists Cx*.txt files as its targets and warns of a target that is no context name; a language
// with a staged load loads through it (fanva-kb's KnowledgeBase for the browser), another through
// Language::load() (its files' statements for the browser). One row per language.
void TstWorkspace::languageRoles_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("file"); // the KB's one file, below kb/
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("added"); // a statement a reload picks up
    QTest::addColumn<bool>("hasContexts");
    QTest::addColumn<bool>("stagedLoad");
    QTest::addRow("fanva-kb") << QStringLiteral("fanva-kb") << QStringLiteral("deep/CxTown.txt") << QByteArray("(genl dog animal)\n")
                              << QByteArray("(genl cat animal)\n") << true << true;
    QTest::addRow("nibli") << QStringLiteral("nibli") << QStringLiteral("deep/town.nibli") << QByteArray("person(Mara).\n")
                           << QByteArray("person(Tobin).\n") << false << false;
}

void TstWorkspace::languageRoles()
{
    QFETCH(QString, language);
    QFETCH(QString, file);
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, added);
    QFETCH(bool, hasContexts);
    QFETCH(bool, stagedLoad);
    const fanva::lang::Language *kbLanguage = fanva::lang::languageById(language);
    QVERIFY(kbLanguage);
    QCOMPARE(kbLanguage->contexts() != nullptr, hasContexts);
    QCOMPARE(kbLanguage->stagedLoad() != nullptr, stagedLoad);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(writeFile(
        dir.filePath(QStringLiteral("fanva.json")), QStringLiteral(R"({"language": "%1", "context": "drugs"})").arg(language).toUtf8()));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/") + file), text));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/notes.md")), "not a KB file\n"));
    const WorkspaceLoadResult result = WorkspaceLoader::load(dir.path());
    QVERIFY(result.workspace);
    // A context-name warning only where targets are contexts.
    const bool warned = messages(result.issues).join(QLatin1Char('\n')).contains(u"drugs, which is not a context name");
    QCOMPARE(warned, hasContexts);
    const QString kbFolder = result.workspace->kbFolder;
    QCOMPARE(result.workspace->contextFiles, QStringList { dir.filePath(QStringLiteral("kb/") + file) });
    // A *.txt file that is no context file is not a target (fanva-kb's kbFiles() would list it).
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/readme.txt")), ";; read me\n"));
    QVERIFY(!WorkspaceLoader::contextFilesIn(kbFolder, language).contains(dir.filePath(QStringLiteral("kb/readme.txt"))));
    QVERIFY(QFile::remove(dir.filePath(QStringLiteral("kb/readme.txt"))));

    KbLoader loader;
    loader.setLanguage(*kbLanguage);
    loader.setReloadDelay(std::chrono::milliseconds(0));
    QSignalSpy loaded(&loader, &KbLoader::loaded);
    QSignalSpy progress(&loader, &KbLoader::progressChanged);
    loader.load(kbFolder);
    QVERIFY(loaded.wait(20000));
    QVERIFY(loader.seamKb());
    QCOMPARE(loader.seamKb()->language().id(), language);
    QCOMPARE(loader.seamKb()->statementCount(), std::size_t(1));
    QCOMPARE(progress.constLast().at(0).toInt(), KbLoader::progressMaximum);
    // A language loaded without stages hands the browser its files' statements.
    QCOMPARE(loader.files().size(), stagedLoad ? std::size_t(0) : std::size_t(1));

    // A reload picks up the change, staged (only the changed file) or in full.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("kb/") + file), text + added));
    loader.reload();
    QVERIFY(loaded.wait(20000));
    QCOMPARE(loader.seamKb()->statementCount(), std::size_t(2));
}

QTEST_GUILESS_MAIN(TstWorkspace)
#include "tst_workspace.moc"
