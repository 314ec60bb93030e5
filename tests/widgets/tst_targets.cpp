// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Targets, what the window may file sentences in beyond the workspace's files, without a
// MainWindow: the contexts it knows, why a new context cannot be made, whose targets are
// contexts at all, and the new document's name asked of the namer.

#include "window/targets.h"

#include <QDir>
#include <QTest>

namespace {

const QStringList s_files { QStringLiteral("/ws/kb/CxZooCore.txt"), QStringLiteral("/ws/kb/CxAnimals.txt") };

} // namespace

class TstTargets : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void knownContexts()
    {
        Targets targets;
        QCOMPARE(targets.knownContexts(s_files), (QStringList { QStringLiteral("CxAnimals"), QStringLiteral("CxZooCore") }));
        targets.addContext(QStringLiteral("CxBirds"), { QStringLiteral("CxAnimals") });
        QVERIFY(targets.isNewContext(QStringLiteral("CxBirds")));
        QVERIFY(!targets.isNewContext(QStringLiteral("CxAnimals")));
        QCOMPARE(targets.sees(QStringLiteral("CxBirds")), QStringList { QStringLiteral("CxAnimals") });
        QCOMPARE(targets.knownContexts(s_files),
            (QStringList { QStringLiteral("CxAnimals"), QStringLiteral("CxBirds"), QStringLiteral("CxZooCore") }));
        targets.clearContexts();
        QVERIFY(!targets.isNewContext(QStringLiteral("CxBirds")));
        QVERIFY(targets.sees(QStringLiteral("CxBirds")).isEmpty());
    }

    void problemWithNewContext_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QStringList>("sees");
        QTest::addColumn<QString>("problem"); // a part of it; empty: none
        QTest::addRow("fine") << "CxBirds" << QStringList { "CxAnimals" } << "";
        QTest::addRow("not a context name") << "birds" << QStringList { "CxAnimals" } << "is not a context name";
        QTest::addRow("has a file") << "CxAnimals" << QStringList { "CxZooCore" } << "already has the context CxAnimals";
        QTest::addRow("case apart") << "CxAnimalS" << QStringList { "CxZooCore" } << "already has the context CxAnimals";
        QTest::addRow("is new already") << "CxFish" << QStringList { "CxAnimals" } << "already has the context CxFish";
        QTest::addRow("sees nothing") << "CxBirds" << QStringList {} << "Check at least one context it sees.";
        QTest::addRow("sees what the KB lacks")
            << "CxBirds" << QStringList { "CxPlants" } << "The KB has no context CxPlants for CxBirds to see.";
        // A new context is no file yet: another new one cannot see it.
        QTest::addRow("sees a new one") << "CxBirds" << QStringList { "CxFish" } << "The KB has no context CxFish for CxBirds to see.";
    }

    void problemWithNewContext()
    {
        QFETCH(QString, context);
        QFETCH(QStringList, sees);
        QFETCH(QString, problem);
        Targets targets;
        targets.addContext(QStringLiteral("CxFish"), { QStringLiteral("CxAnimals") });
        const QString found = targets.problemWithNewContext(context, sees, s_files);
        if (problem.isEmpty())
            QCOMPARE(found, QString());
        else
            QVERIFY2(found.contains(problem), qPrintable(found));
    }

    void targetsAreContextsOrFiles()
    {
        QVERIFY(Targets::hasContexts(QStringLiteral("fanva-kb")));
        QVERIFY(Targets::hasContexts(QString())); // the default language
        QVERIFY(!Targets::hasContexts(QStringLiteral("nibli")));
        QCOMPARE(
            Targets::noContextsText(QStringLiteral("nibli")), QStringLiteral("A nibli KB has no contexts: its targets are its files."));
    }

    void newDocumentIsNamed()
    {
        Targets targets;
        QVERIFY(!targets.isNewDocument());
        targets.setNewDocument(true);
        QVERIFY(targets.isNewDocument());
        QString suggested;
        targets.setDocumentNamer([&suggested](const QString &path) {
            suggested = path;
            return QStringLiteral("/ws/zoo.md");
        });
        QCOMPARE(targets.askDocumentPath(nullptr, QStringLiteral("/ws")), QStringLiteral("/ws/zoo.md"));
        QCOMPARE(suggested, QStringLiteral("/ws/document.md"));
        // Without a workspace the suggestion is in the home folder.
        QCOMPARE(targets.askDocumentPath(nullptr, QString()), QStringLiteral("/ws/zoo.md"));
        QCOMPARE(suggested, QDir(QDir::homePath()).filePath(QStringLiteral("document.md")));
    }
};

QTEST_GUILESS_MAIN(TstTargets)
#include "tst_targets.moc"
