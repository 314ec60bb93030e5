// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The language registry and nibli-kr.md §1.2's choice rules: fanva.json's "language" key,
// fanva-cli's --language and its inference from files and folders, and the session rule.
#include "lang/registry.h"

#include "jsonutil.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

fanva::jsonutil::Json object(const char *json)
{
    return fanva::jsonutil::Json::parse(json);
}

} // namespace

class TstLangRegistry : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registry();
    void config_data();
    void config();
    void workspaceConfig();
    void cliChoice_data();
    void cliChoice();
    void lookUp();
    void sessionLanguage_data();
    void sessionLanguage();
    void kbFiles();
};

void TstLangRegistry::registry()
{
    QCOMPARE(lang::languageIds(), QStringList({ QStringLiteral("fanva-kb"), QStringLiteral("nibli") }));
    const lang::Language *fanvaKb = lang::languageById(u"fanva-kb");
    QVERIFY(fanvaKb);
    QCOMPARE(fanvaKb->id(), QStringLiteral("fanva-kb"));
    QCOMPARE(&lang::defaultLanguage(), fanvaKb);
    QCOMPARE(fanvaKb->lineComment(), QStringLiteral(";;"));
    QCOMPARE(fanvaKb->kbFilePatterns(), QStringList({ QStringLiteral("*.txt") }));
    QVERIFY(!lang::languageById(u"klingon"));
    QVERIFY(!lang::languageById(u""));
}

void TstLangRegistry::config_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("error");
    QTest::addRow("absent") << "{}"
                            << "fanva-kb"
                            << "";
    QTest::addRow("fanva-kb") << R"({"language": "fanva-kb"})"
                              << "fanva-kb"
                              << "";
    QTest::addRow("nibli") << R"({"language": "nibli", "context": "drugs"})"
                           << "nibli"
                           << "";
    QTest::addRow("unknown") << R"({"language": "lojban"})"
                             << ""
                             << R"(unknown language "lojban" in fanva.json: write "fanva-kb" or "nibli")";
    QTest::addRow("case") << R"({"language": "Nibli"})"
                          << ""
                          << R"(unknown language "Nibli" in fanva.json: write "fanva-kb" or "nibli")";
    QTest::addRow("empty") << R"({"language": ""})"
                           << ""
                           << R"(unknown language "" in fanva.json: write "fanva-kb" or "nibli")";
    QTest::addRow("number") << R"({"language": 2})"
                            << ""
                            << R"(unknown language "2" in fanva.json: write "fanva-kb" or "nibli")";
    QTest::addRow("null") << R"({"language": null})"
                          << ""
                          << R"(unknown language "null" in fanva.json: write "fanva-kb" or "nibli")";
}

void TstLangRegistry::config()
{
    QFETCH(QString, json);
    QFETCH(QString, id);
    QFETCH(QString, error);
    const lang::LanguageChoice choice = lang::languageOfConfig(object(json.toUtf8().constData()));
    QCOMPARE(choice.id, id);
    QCOMPARE(choice.error, error);
    QCOMPARE(choice.ok(), error.isEmpty());
}

void TstLangRegistry::workspaceConfig()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(!lang::languageOfWorkspace(dir.path())); // no fanva.json
    writeFile(dir.filePath(QStringLiteral("fanva.json")), "not json");
    QVERIFY(!lang::languageOfWorkspace(dir.path())); // unreadable: the workspace's own warning
    writeFile(dir.filePath(QStringLiteral("fanva.json")), R"({"document": "a.md"})");
    QCOMPARE(lang::languageOfWorkspace(dir.path()), lang::LanguageChoice({ QStringLiteral("fanva-kb"), {} }));
    writeFile(dir.filePath(QStringLiteral("fanva.json")), R"({"language": "nibli"})");
    QCOMPARE(lang::languageOfWorkspace(dir.path()), lang::LanguageChoice({ QStringLiteral("nibli"), {} }));
    writeFile(dir.filePath(QStringLiteral("fanva.json")), R"({"language": "cycl"})");
    QCOMPARE(lang::languageOfWorkspace(dir.path())->error,
        QStringLiteral(R"(unknown language "cycl" in fanva.json: write "fanva-kb" or "nibli")"));
}

void TstLangRegistry::cliChoice_data()
{
    // Each row builds a folder: `files` are created under it (a "/"-separated list), `kb`
    // is the --kb DIR relative to it ("" for none), `inputs` the input files.
    QTest::addColumn<QString>("option");
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("kb");
    QTest::addColumn<QStringList>("inputs");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("error");
    const QString noOption = QStringLiteral("<none>");
    const QString both = QStringLiteral("the KB folder %1 holds both *.txt and *.nibli files: say which language it is with --language "
                                        "fanva-kb or --language nibli");
    QTest::addRow("nothing") << noOption << QStringList() << "" << QStringList() << "fanva-kb"
                             << "";
    QTest::addRow("option fanva-kb") << "fanva-kb" << QStringList() << "" << QStringList() << "fanva-kb"
                                     << "";
    QTest::addRow("option nibli") << "nibli" << QStringList() << "" << QStringList() << "nibli"
                                  << "";
    QTest::addRow("option unknown") << "cycl" << QStringList() << "" << QStringList() << ""
                                    << R"(unknown language "cycl": write --language fanva-kb or --language nibli)";
    QTest::addRow("option beats a mixed folder")
        << "fanva-kb" << QStringList { "kb/CxA.txt", "kb/drugs.nibli" } << "kb" << QStringList() << "fanva-kb"
        << "";
    QTest::addRow("fanva.json beside kb") << noOption << QStringList { "fanva.json={\"language\": \"nibli\"}", "kb/CxA.txt" } << "kb"
                                          << QStringList() << "nibli"
                                          << "";
    QTest::addRow("fanva.json in kb") << noOption << QStringList { "kb/fanva.json={\"language\": \"nibli\"}", "kb/CxA.txt" } << "kb"
                                      << QStringList() << "nibli"
                                      << "";
    QTest::addRow("fanva.json unknown") << noOption << QStringList { "fanva.json={\"language\": \"owl\"}", "kb/CxA.txt" } << "kb"
                                        << QStringList() << ""
                                        << R"(unknown language "owl" in fanva.json: write "fanva-kb" or "nibli")";
    QTest::addRow("fanva.json beats the files") << noOption << QStringList { "fanva.json={\"language\": \"fanva-kb\"}", "kb/a.nibli" }
                                                << "kb" << QStringList { "x.nibli" } << "fanva-kb"
                                                << "";
    QTest::addRow("a .nibli input") << noOption << QStringList() << "" << QStringList { "drugs.nibli" } << "nibli"
                                    << "";
    QTest::addRow("a .nibli input beside a .txt one")
        << noOption << QStringList() << "" << QStringList { "CxA.txt", "drugs.nibli" } << "nibli"
        << "";
    QTest::addRow("a .txt input") << noOption << QStringList() << "" << QStringList { "CxA.txt" } << "fanva-kb"
                                  << "";
    QTest::addRow("a .nibli input beats a mixed folder")
        << noOption << QStringList { "kb/CxA.txt", "kb/b.nibli" } << "kb" << QStringList { "b.nibli" } << "nibli"
        << "";
    QTest::addRow("nibli folder") << noOption << QStringList { "kb/drugs.nibli", "kb/sub/more.nibli", "kb/README.md" } << "kb"
                                  << QStringList() << "nibli"
                                  << "";
    QTest::addRow("txt folder") << noOption << QStringList { "kb/CxA.txt" } << "kb" << QStringList() << "fanva-kb"
                                << "";
    QTest::addRow("empty folder") << noOption << QStringList { "kb/README.md" } << "kb" << QStringList() << "fanva-kb"
                                  << "";
    QTest::addRow("mixed folder") << noOption << QStringList { "kb/CxA.txt", "kb/deep/drugs.nibli" } << "kb" << QStringList() << "" << both;
    QTest::addRow("hidden .txt does not count")
        << noOption << QStringList { "kb/.git/notes.txt", "kb/drugs.nibli" } << "kb" << QStringList() << "nibli"
        << "";
}

void TstLangRegistry::cliChoice()
{
    QFETCH(QString, option);
    QFETCH(QStringList, files);
    QFETCH(QString, kb);
    QFETCH(QStringList, inputs);
    QFETCH(QString, id);
    QFETCH(QString, error);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const QString &file : files) {
        const qsizetype eq = file.indexOf(QLatin1Char('='));
        writeFile(dir.filePath(eq < 0 ? file : file.left(eq)), eq < 0 ? QByteArray("x\n") : file.mid(eq + 1).toUtf8());
    }
    lang::CliLanguageInput input;
    if (option != QStringLiteral("<none>"))
        input.option = option;
    if (!kb.isEmpty())
        input.kbDir = dir.filePath(kb);
    for (const QString &file : inputs)
        input.files.append(dir.filePath(file));
    const lang::LanguageChoice choice = lang::chooseCliLanguage(input);
    QCOMPARE(choice.id, id);
    QCOMPARE(choice.error, error.arg(input.kbDir.value_or(QString())));
}

void TstLangRegistry::lookUp()
{
    const lang::LanguageLookup fanvaKb = lang::lookUp({ QStringLiteral("fanva-kb"), {} });
    QVERIFY(fanvaKb.language);
    QCOMPARE(fanvaKb.language->id(), QStringLiteral("fanva-kb"));
    QVERIFY(fanvaKb.error.isEmpty());
    const lang::LanguageLookup failed = lang::lookUp({ {}, QStringLiteral("some error") });
    QVERIFY(!failed.language);
    QCOMPARE(failed.error, QStringLiteral("some error"));
    // nibli is a known id; until its module registers, asking for it is a clear error.
    if (!lang::languageById(u"nibli")) {
        const lang::LanguageLookup nibli = lang::lookUp({ QStringLiteral("nibli"), {} });
        QVERIFY(!nibli.language);
        QCOMPARE(nibli.error, QStringLiteral(R"(the language "nibli" is not built into this Fanva: use "fanva-kb")"));
    }
}

void TstLangRegistry::sessionLanguage_data()
{
    QTest::addColumn<QString>("session");
    QTest::addColumn<QString>("workspace");
    QTest::addColumn<QString>("error");
    QTest::addRow("same") << "fanva-kb"
                          << "fanva-kb"
                          << "";
    QTest::addRow("older file") << ""
                                << "fanva-kb"
                                << "";
    QTest::addRow("nibli both") << "nibli"
                                << "nibli"
                                << "";
    QTest::addRow("older file in nibli")
        << ""
        << "nibli"
        << R"(the session was made in the language "fanva-kb", but this KB is in "nibli": a session reopens only under its own language)";
    QTest::addRow("nibli session")
        << "nibli"
        << "fanva-kb"
        << R"(the session was made in the language "nibli", but this KB is in "fanva-kb": a session reopens only under its own language)";
}

void TstLangRegistry::sessionLanguage()
{
    QFETCH(QString, session);
    QFETCH(QString, workspace);
    QFETCH(QString, error);
    QCOMPARE(lang::sessionLanguageMismatch(session, workspace).value_or(QString()), error);
}

void TstLangRegistry::kbFiles()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    for (const char *file : { "b/CxB.txt", "CxZ.txt", "a/CxA.txt", "B.txt", ".hidden/CxH.txt", "a/.CxDot.txt", "CxUpper.TXT", "notes.md" })
        writeFile(dir.filePath(QString::fromUtf8(file)), "x\n");
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("CxZ.txt")), dir.filePath(QStringLiteral("CxLink.txt"))));
    QVERIFY(QFile::link(dir.filePath(QStringLiteral("a")), dir.filePath(QStringLiteral("linked"))));
    QStringList relative;
    for (const QString &file : lang::defaultLanguage().kbFiles(dir.path()))
        relative.append(QDir(dir.path()).relativeFilePath(file));
    // Bytewise: upper-case before lower-case, and "CxZ.txt" before "a/…".
    QCOMPARE(relative, QStringList({ "B.txt", "CxZ.txt", "a/CxA.txt", "b/CxB.txt" }));
}

QTEST_GUILESS_MAIN(TstLangRegistry)
#include "tst_langregistry.moc"
