// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "attempts/attemptlogview.h"
#include "review/proposalview.h"
#include "window/mainwindow.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString s_demo = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo");

QString readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

template<typename T> T *child(const QWidget &parent, const QString &name)
{
    return parent.findChild<T *>(name);
}

} // namespace

class TstMainWindow final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void threePanesSideBySide();
    void menusAndActions();
    void accessibleNames();
    void opensDemoWorkspace();
    void overridesAndTargetContext();
    void missingWorkspaceIsReported();
    void settingsPersist();
};

void TstMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TstMainWindow::threePanesSideBySide()
{
    MainWindow window;
    auto *splitter = child<QSplitter>(window, QStringLiteral("paneSplitter"));
    QVERIFY(splitter);
    QCOMPARE(splitter->orientation(), Qt::Horizontal);
    QCOMPARE(splitter->count(), 3);
    QCOMPARE(splitter->widget(0)->objectName(), QStringLiteral("sourcePane"));
    QCOMPARE(splitter->widget(1)->objectName(), QStringLiteral("attemptsPane"));
    QCOMPARE(splitter->widget(2)->objectName(), QStringLiteral("proposalPane"));

    auto *source = child<QPlainTextEdit>(window, QStringLiteral("sourceView"));
    QVERIFY(source);
    QVERIFY(!source->isReadOnly());
    QVERIFY(splitter->widget(0)->isAncestorOf(source));

    auto *attempts = child<AttemptLogView>(window, QStringLiteral("attemptLog"));
    QVERIFY(attempts);
    QVERIFY(attempts->isEmpty());
    QCOMPARE(attempts->placeholderText(), QStringLiteral("No formalization has run yet."));
    QVERIFY(splitter->widget(1)->isAncestorOf(attempts));

    auto *proposal = child<ProposalView>(window, QStringLiteral("proposalView"));
    QVERIFY(proposal);
    QVERIFY(proposal->isReadOnly());
    QVERIFY(splitter->widget(2)->isAncestorOf(proposal));

    // Each pane's title focuses its view through its mnemonic.
    for (const auto &[title, view] : { std::pair { QStringLiteral("sourcePaneTitle"), static_cast<QWidget *>(source) },
             std::pair { QStringLiteral("attemptsPaneTitle"), static_cast<QWidget *>(attempts) },
             std::pair { QStringLiteral("proposalPaneTitle"), static_cast<QWidget *>(proposal) } }) {
        auto *label = child<QLabel>(window, title);
        QVERIFY2(label, qPrintable(title));
        QCOMPARE(label->buddy(), view);
        QVERIFY(label->text().contains(QLatin1Char('&')));
    }
}

void TstMainWindow::menusAndActions()
{
    MainWindow window;
    QStringList menuTitles;
    const auto menuActions = window.menuBar()->actions();
    for (QAction *menuAction : menuActions)
        menuTitles.append(menuAction->text());
    QCOMPARE(menuTitles,
        (QStringList { QStringLiteral("&File"), QStringLiteral("&Edit"), QStringLiteral("&View"), QStringLiteral("&Review"),
            QStringLiteral("&Settings"), QStringLiteral("&Help") }));

    const auto action = [&window](const char *name) { return window.findChild<QAction *>(QLatin1String(name)); };
    for (const char *name : { "actionOpenWorkspace", "actionOpenDocument", "actionOpenKbFolder", "actionSaveSession", "actionQuit",
             "actionFormalize", "actionApply", "actionAbout" })
        QVERIFY2(action(name), name);

    QVERIFY(action("actionOpenWorkspace")->isEnabled());
    QVERIFY(action("actionOpenDocument")->isEnabled());
    QVERIFY(action("actionOpenKbFolder")->isEnabled());
    QVERIFY(!action("actionSaveSession")->isEnabled());
    QVERIFY(!action("actionFormalize")->isEnabled());
    QVERIFY(!action("actionApply")->isEnabled());
    QCOMPARE(action("actionOpenWorkspace")->shortcut(), QKeySequence(QKeySequence::Open));
    QCOMPARE(action("actionQuit")->shortcut(), QKeySequence(QKeySequence::Quit));

    auto *fileMenu = window.findChild<QMenu *>(QStringLiteral("menuFile"));
    auto *reviewMenu = window.findChild<QMenu *>(QStringLiteral("menuReview"));
    auto *helpMenu = window.findChild<QMenu *>(QStringLiteral("menuHelp"));
    QVERIFY(fileMenu && reviewMenu && helpMenu);
    QVERIFY(fileMenu->actions().contains(action("actionOpenWorkspace")));
    QVERIFY(fileMenu->actions().contains(action("actionQuit")));
    QVERIFY(reviewMenu->actions().contains(action("actionFormalize")));
    QVERIFY(reviewMenu->actions().contains(action("actionApply")));
    QVERIFY(helpMenu->actions().contains(action("actionAbout")));
    auto *settingsMenu = window.findChild<QMenu *>(QStringLiteral("menuSettings"));
    QVERIFY(settingsMenu && settingsMenu->actions().contains(action("actionProviderSettings")));

    // Quit closes the window.
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    action("actionQuit")->trigger();
    QTRY_VERIFY(!window.isVisible());
}

void TstMainWindow::accessibleNames()
{
    MainWindow window;
    for (const char *name : { "sourcePane", "attemptsPane", "proposalPane", "sourceView", "attemptLog", "proposalView", "proposalGutter",
             "sourceFileLabel", "proposalFileLabel", "paneSplitter", "providerLabel", "kbLabel", "contextLabel", "sourcePaneTitle",
             "attemptsPaneTitle", "proposalPaneTitle" }) {
        auto *widget = window.findChild<QWidget *>(QLatin1String(name));
        QVERIFY2(widget, name);
        QVERIFY2(!widget->accessibleName().isEmpty(), name);
    }
}

void TstMainWindow::opensDemoWorkspace()
{
    MainWindow window;
    window.setInteractive(false);
    QSignalSpy problems(&window, &MainWindow::problemReported);
    QVERIFY(window.openWorkspace(s_demo));
    // The KB loads in the background: Formalize waits for it.
    QVERIFY(window.isKbLoading());
    QVERIFY(!window.knowledgeBase());
    QVERIFY(!window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
    QSignalSpy kbLoaded(&window, &MainWindow::kbLoaded);
    QVERIFY(kbLoaded.wait());
    QVERIFY(window.knowledgeBase());
    QVERIFY(window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
    QCOMPARE(problems.count(), 0);

    auto *source = child<QPlainTextEdit>(window, QStringLiteral("sourceView"));
    QCOMPARE(source->toPlainText(), readFile(s_demo + QStringLiteral("/animals.md")));
    auto *proposal = child<ProposalView>(window, QStringLiteral("proposalView"));
    QCOMPARE(proposal->toPlainText(), readFile(s_demo + QStringLiteral("/kb/CxAnimals.txt")));
    QCOMPARE(child<QLabel>(window, QStringLiteral("proposalFileLabel"))->text(), QStringLiteral("CxAnimals.txt"));
    QCOMPARE(child<QLabel>(window, QStringLiteral("sourceFileLabel"))->text(), QStringLiteral("animals.md"));

    QVERIFY(child<QLabel>(window, QStringLiteral("providerLabel"))->text().contains(QStringLiteral("demo")));
    QVERIFY(child<QLabel>(window, QStringLiteral("contextLabel"))->text().contains(QStringLiteral("CxAnimals")));
    QVERIFY(child<QLabel>(window, QStringLiteral("kbLabel"))->text().contains(QDir::toNativeSeparators(s_demo + QStringLiteral("/kb"))));
    QVERIFY(window.windowTitle().contains(QStringLiteral("animals.md")));
    QCOMPARE(window.workspace().context, QStringLiteral("CxAnimals"));
}

void TstMainWindow::overridesAndTargetContext()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile document(dir.filePath(QStringLiteral("other.txt")));
    QVERIFY(document.open(QIODevice::WriteOnly));
    document.write("Tweety is a canary.\n");
    document.close();

    MainWindow window;
    window.setInteractive(false);
    QSignalSpy problems(&window, &MainWindow::problemReported);
    QVERIFY(window.openWorkspace(s_demo));
    QVERIFY(window.openDocument(document.fileName()));
    QCOMPARE(child<QPlainTextEdit>(window, QStringLiteral("sourceView"))->toPlainText(), QStringLiteral("Tweety is a canary.\n"));
    QVERIFY(window.windowTitle().contains(QStringLiteral("other.txt")));

    QVERIFY(window.setTargetContext(QStringLiteral("CxHabitats")));
    auto *proposal = child<ProposalView>(window, QStringLiteral("proposalView"));
    QCOMPARE(proposal->toPlainText(), readFile(s_demo + QStringLiteral("/kb/CxHabitats.txt")));
    QVERIFY(child<QLabel>(window, QStringLiteral("contextLabel"))->text().contains(QStringLiteral("CxHabitats")));

    QVERIFY(!window.setTargetContext(QStringLiteral("CxNowhere")));
    QVERIFY(proposal->toPlainText().isEmpty());
    QVERIFY(proposal->placeholderText().contains(QStringLiteral("CxNowhere")));

    window.setProvider(QStringLiteral("ollama"));
    QVERIFY(child<QLabel>(window, QStringLiteral("providerLabel"))->text().contains(QStringLiteral("ollama")));

    QVERIFY(!window.openKbFolder(dir.filePath(QStringLiteral("no-kb"))));
    QVERIFY(!window.openDocument(dir.filePath(QStringLiteral("missing.md"))));
    QCOMPARE(problems.count(), 2);
    QVERIFY(problems.at(0).at(1).toBool());
    // A failed open keeps what was shown.
    QCOMPARE(child<QPlainTextEdit>(window, QStringLiteral("sourceView"))->toPlainText(), QStringLiteral("Tweety is a canary.\n"));
}

void TstMainWindow::missingWorkspaceIsReported()
{
    MainWindow window;
    window.setInteractive(false);
    QVERIFY(window.openWorkspace(s_demo));
    QSignalSpy problems(&window, &MainWindow::problemReported);
    QVERIFY(!window.openWorkspace(s_demo + QStringLiteral("/does-not-exist")));
    QCOMPARE(problems.count(), 1);
    QVERIFY(problems.constFirst().at(0).toString().contains(QStringLiteral("does not exist")));
    QVERIFY(problems.constFirst().at(1).toBool());
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("does not exist")));
    QCOMPARE(window.workspace().context, QStringLiteral("CxAnimals")); // the old workspace stays
}

void TstMainWindow::settingsPersist()
{
    QList<int> savedSizes;
    {
        MainWindow window;
        window.restoreSettings();
        // Inside the offscreen platform's 800x600 screen: Qt 6.8 clamps a restored geometry to it.
        window.resize(760, 540);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto *splitter = child<QSplitter>(window, QStringLiteral("paneSplitter"));
        splitter->setSizes({ 380, 120, 250 });
        savedSizes = splitter->sizes();
        window.close();
    }
    MainWindow restored;
    restored.restoreSettings();
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    QCOMPARE(restored.size(), QSize(760, 540));
    QCOMPARE(child<QSplitter>(restored, QStringLiteral("paneSplitter"))->sizes(), savedSizes);
}

QTEST_MAIN(TstMainWindow)

#include "tst_mainwindow.moc"
