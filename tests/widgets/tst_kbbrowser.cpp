// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/fanvakb/kbbrowsermodels.h"
#include "kbbrowser/kbbrowser.h"
#include "review/proposalview.h"
#include "window/mainwindow.h"
#include "window/workspace.h"

#include "kb/knowledgebase.h"
#include "kb/writer.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/nibli/niblilanguage.h"
#include "proposal/sessionfile.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSemaphore>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>
#include <QThreadPool>
#include <QTimer>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>

#include <map>

using namespace fanva;

namespace {

const QString s_demoKb = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb");
const QString s_exampleKb = QStringLiteral(FANVA_TEST_DATA_DIR "/kb/example");

QString nameOf(kb::SymbolId id)
{
    return QString::fromStdString(std::string(kb::symbolName(id)));
}

// The fanva-kb KnowledgeBase behind a loaded KB (a test may name its language); null for none.
std::shared_ptr<const kb::KnowledgeBase> knowledgeOf(const std::shared_ptr<const lang::Kb> &kb)
{
    return kb ? lang::sharedKnowledgeBaseOf(*kb) : nullptr;
}

kb::SymbolId symbol(const QString &name)
{
    return kb::intern(name.toStdString());
}

QStringList names(const std::vector<kb::SymbolId> &ids)
{
    QStringList list;
    for (const kb::SymbolId id : ids)
        list.append(nameOf(id));
    return list;
}

std::shared_ptr<const kb::KnowledgeBase> load(const QString &folder)
{
    return kb::loadKnowledgeBase(folder).kb;
}

// The term links of the page's paragraph titled @p title ("Supertypes:"), in order; nullopt
// when the page has no such paragraph.
std::optional<QStringList> linksOf(const QTextBrowser &page, const QString &title)
{
    for (QTextBlock block = page.document()->begin(); block.isValid(); block = block.next()) {
        if (!block.text().startsWith(title))
            continue;
        QStringList links;
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            const QString href = fragment.charFormat().anchorHref();
            if (!href.isEmpty() && QUrl(href).scheme() == QLatin1String("term"))
                links.append(QUrl(href).path());
        }
        return links;
    }
    return std::nullopt;
}

QString blockText(const QTextBrowser &page, const QString &title)
{
    for (QTextBlock block = page.document()->begin(); block.isValid(); block = block.next()) {
        if (block.text().startsWith(title))
            return block.text();
    }
    return {};
}

bool copyTree(const QString &from, const QString &to)
{
    QDir().mkpath(to);
    const QStringList files = QDir(from).entryList(QDir::Files);
    for (const QString &file : files) {
        if (!QFile::copy(QDir(from).filePath(file), QDir(to).filePath(file)))
            return false;
    }
    return true;
}

// Every row of the tree as "parent>child" paths and the number of rows per context.
void walk(const QAbstractItemModel &model, const QModelIndex &parent, std::map<QString, int> &rows, QStringList &edges)
{
    for (int row = 0; row < model.rowCount(parent); ++row) {
        const QModelIndex index = model.index(row, KbContextModel::NameColumn, parent);
        const QString name = index.data(KbContextModel::ContextNameRole).toString();
        ++rows[name];
        const QString parentName = parent.isValid() ? parent.data(KbContextModel::ContextNameRole).toString() : QString();
        edges.append(parentName + QLatin1Char('>') + name);
        walk(model, index, rows, edges);
    }
}

} // namespace

class TstKbBrowser final : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void contextTreeFollowsGenlCx_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QStringList>("expectedEdges");
        QTest::addRow("demo") << s_demoKb
                              << QStringList { QStringLiteral(">CxZooCore"), QStringLiteral("CxZooCore>CxDiet"),
                                     QStringLiteral("CxDiet>CxAnimals"), QStringLiteral("CxZooCore>CxHabitats"),
                                     QStringLiteral("CxHabitats>CxAnimals") };
        QTest::addRow("example") << s_exampleKb
                                 << QStringList { QStringLiteral(">CxCore"), QStringLiteral("CxCore>CxLife"),
                                        QStringLiteral("CxLife>CxBirds"), QStringLiteral("CxLife>CxFish") };
    }

    void contextTreeFollowsGenlCx()
    {
        QFETCH(QString, folder);
        QFETCH(QStringList, expectedEdges);
        const auto knowledge = load(folder);
        QVERIFY(knowledge);
        KbContextModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setKnowledgeBase(knowledge);

        std::map<QString, int> rows;
        QStringList edges;
        walk(model, {}, rows, edges);
        QCOMPARE(edges, expectedEdges);

        // Against the KB itself: a context is a top-level row iff it has no parent in the KB,
        // and appears once under each row of each of its parents.
        for (const kb::SymbolId context : knowledge->contexts()) {
            const QString name = nameOf(context);
            const std::vector<kb::SymbolId> parents = knowledge->contextInfo(context)->parents;
            int expected = parents.empty() ? 1 : 0;
            for (const kb::SymbolId parent : parents)
                expected += rows[nameOf(parent)];
            QCOMPARE(rows[name], expected);
            QCOMPARE(model.indexesOf(name).size(), expected);
            for (const QModelIndex &index : model.indexesOf(name)) {
                const QModelIndex parent = index.parent();
                if (parent.isValid())
                    QVERIFY(std::ranges::find(parents, symbol(parent.data(KbContextModel::ContextNameRole).toString())) != parents.end());
                else
                    QVERIFY(parents.empty());
                QCOMPARE(index.siblingAtColumn(KbContextModel::SentencesColumn).data().toInt(),
                    int(knowledge->contextInfo(context)->sentenceCount));
            }
        }
    }

    void contextTreeCutsCycles()
    {
        std::vector<kb::ContextSource> sources {
            { QStringLiteral("CxA.txt"), "(genlCx CxA CxB)\n(bird Tweety)\n" },
            { QStringLiteral("CxB.txt"), "(genlCx CxB CxA)\n" },
            { QStringLiteral("CxC.txt"), "(genlCx CxC CxA)\n" },
        };
        const kb::LoadResult loaded = kb::loadKnowledgeBase(std::move(sources));
        QVERIFY(loaded.ok());
        KbContextModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setKnowledgeBase(loaded.kb);
        std::map<QString, int> rows;
        QStringList edges;
        walk(model, {}, rows, edges);
        // Nobody is parentless, so the first context in name order roots the cycle, cut before it repeats.
        QCOMPARE(edges, (QStringList { QStringLiteral(">CxA"), QStringLiteral("CxA>CxB"), QStringLiteral("CxA>CxC") }));
    }

    void termsOfContext()
    {
        const auto knowledge = load(s_exampleKb);
        KbTermModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const kb::SymbolId birds = symbol(QStringLiteral("CxBirds"));
        model.setContext(knowledge, birds);
        QVERIFY(model.rowOf(QStringLiteral("Tweety")) >= 0);
        QVERIFY(model.rowOf(QStringLiteral("penguin")) >= 0);
        QCOMPARE(model.rowOf(QStringLiteral("Nemo")), -1); // a fish, in CxFish
        // Every row is a symbol some sentence of the context mentions, with its findTerm() role.
        const kb::Scope scope { birds, kb::noKey };
        for (int row = 0; row < model.rowCount(); ++row) {
            const QString term = model.index(row, KbTermModel::TermColumn).data().toString();
            const kb::SymbolId id = symbol(term);
            const auto mentioning = knowledge->mentioning(id, scope);
            QVERIFY2(std::ranges::any_of(mentioning, [&](kb::SentenceId s) { return knowledge->sentence(s).context == birds; }),
                qPrintable(term));
            QCOMPARE(
                model.index(row, KbTermModel::RoleColumn).data().toString(), QString(kb::roleName(knowledge->findTerm(id, scope).role)));
            if (row > 0)
                QVERIFY(QString::compare(model.index(row - 1, 0).data().toString(), term, Qt::CaseInsensitive) <= 0);
        }
        model.setContext(knowledge, kb::noSymbol);
        QCOMPARE(model.rowCount(), 0);
    }

    void termPageAnswersFromTheKb_data()
    {
        QTest::addColumn<QString>("context");
        QTest::addColumn<QString>("term");
        QTest::addColumn<QStringList>("supertypes");
        QTest::addRow("penguin") << QStringLiteral("CxBirds") << QStringLiteral("penguin")
                                 << QStringList { QStringLiteral("bird"), QStringLiteral("animal"), QStringLiteral("thing") };
        QTest::addRow("animal") << QStringLiteral("CxLife") << QStringLiteral("animal") << QStringList { QStringLiteral("thing") };
        QTest::addRow("motherOf") << QStringLiteral("CxBirds") << QStringLiteral("motherOf") << QStringList { QStringLiteral("parentOf") };
    }

    void termPageAnswersFromTheKb()
    {
        QFETCH(QString, context);
        QFETCH(QString, term);
        QFETCH(QStringList, supertypes);
        const auto knowledge = load(s_exampleKb);
        KbBrowser browser;
        browser.setKb(lang::fanvaKbOver(knowledge));
        QVERIFY(browser.setCurrentContext(context));
        QVERIFY(browser.showTerm(term));
        QCOMPARE(browser.currentTerm(), term);
        QCOMPARE(browser.currentContext(), context);

        const kb::Scope scope { symbol(context), kb::noKey };
        const kb::SymbolId t = symbol(term);
        auto *page = browser.findChild<QTextBrowser *>(QStringLiteral("kbTermPage"));
        QVERIFY(page);
        QCOMPARE(linksOf(*page, QStringLiteral("Supertypes:")), names(knowledge->genls(t, scope)));
        QCOMPARE(linksOf(*page, QStringLiteral("Supertypes:")), supertypes);
        QCOMPARE(linksOf(*page, QStringLiteral("Subtypes:")), names(knowledge->specs(t, scope)));
        QCOMPARE(linksOf(*page, QStringLiteral("Instance of:")), names(knowledge->memberships(t, scope)));
        QCOMPARE(linksOf(*page, QStringLiteral("Disjoint with:")), names(knowledge->disjointTypes(t, scope)));
        for (const kb::SentenceId id : knowledge->comments(t, scope))
            QVERIFY(page->toPlainText().contains(QString::fromStdString(std::string(knowledge->sentence(id).term.at(2).text()))));
        if (const auto arity = knowledge->arityOf(t, scope))
            QVERIFY(blockText(*page, QStringLiteral("Arity:")).contains(QString::number(arity->count)));
        else
            QVERIFY(blockText(*page, QStringLiteral("Arity:")).isEmpty());
        QStringList argumentLinks;
        for (const kb::ArgConstraint &c : knowledge->argConstraints(t, scope)) {
            argumentLinks.append(nameOf(c.type));
            if (c.of != t)
                argumentLinks.append(nameOf(c.of));
        }
        QCOMPARE(linksOf(*page, QStringLiteral("Argument types:")).value_or(QStringList()), argumentLinks);

        // The mentioning sentences, rendered by the writer, in the highlighted view.
        auto *mentions = browser.findChild<QPlainTextEdit *>(QStringLiteral("kbMentions"));
        const auto mentioning = knowledge->mentioning(t, scope);
        QVERIFY(!mentioning.empty());
        for (const kb::SentenceId id : mentioning)
            QVERIFY(mentions->toPlainText().contains(kb::render(knowledge->sentence(id).term)));
        QVERIFY(blockText(*page, QStringLiteral("Mentioned in:")).contains(QString::number(mentioning.size())));
    }

    void relationMarksComeThroughSupertypes()
    {
        KbBrowser browser;
        browser.setKb(lang::fanvaKbOver(load(s_exampleKb)));
        QVERIFY(browser.setCurrentContext(QStringLiteral("CxLife")));
        QVERIFY(browser.showTerm(QStringLiteral("motherOf")));
        auto *page = browser.findChild<QTextBrowser *>(QStringLiteral("kbTermPage"));
        const QString marks = blockText(*page, QStringLiteral("Relation marks:"));
        QVERIFY2(marks.contains(QStringLiteral("asymmetric (via parentOf)")), qPrintable(marks));
        QVERIFY2(marks.contains(QStringLiteral("irreflexive (via parentOf)")), qPrintable(marks));
        QVERIFY(browser.showTerm(QStringLiteral("friendOf")));
        QCOMPARE(blockText(*page, QStringLiteral("Relation marks:")), QStringLiteral("Relation marks: symmetric"));
    }

    void navigationAndBack()
    {
        KbBrowser browser;
        browser.resize(420, 800);
        browser.setKb(lang::fanvaKbOver(load(s_exampleKb)));
        browser.show();
        browser.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&browser));
        QVERIFY(browser.setCurrentContext(QStringLiteral("CxBirds")));
        QVERIFY(!browser.canGoBack() || browser.currentContext() == QStringLiteral("CxBirds"));

        // Picking a term in the list with the keyboard shows its page.
        auto *filter = browser.findChild<QLineEdit *>(QStringLiteral("kbTermFilter"));
        auto *list = browser.findChild<QTreeView *>(QStringLiteral("kbTermList"));
        filter->setFocus();
        QTest::keyClicks(filter, QStringLiteral("pengu"));
        QCOMPARE(list->model()->rowCount(), 1);
        QTest::keyClick(filter, Qt::Key_Return);
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));
        QVERIFY(list->hasFocus());

        // Following the supertype link with the keyboard: Tab to the first link, Return.
        auto *page = browser.findChild<QTextBrowser *>(QStringLiteral("kbTermPage"));
        QSignalSpy moved(&browser, &KbBrowser::locationChanged);
        page->setFocus();
        QTest::keyClick(page, Qt::Key_Tab);
        QVERIFY(page->textCursor().hasSelection());
        QCOMPARE(page->textCursor().selectedText(), QStringLiteral("bird"));
        QTest::keyClick(page, Qt::Key_Return);
        QCOMPARE(browser.currentTerm(), QStringLiteral("bird"));
        QCOMPARE(moved.count(), 1);
        QCOMPARE(moved.constFirst(), (QVariantList { QStringLiteral("CxBirds"), QStringLiteral("bird") }));
        QCOMPARE(linksOf(*page, QStringLiteral("Subtypes:")), (QStringList { QStringLiteral("penguin") }));

        // Alt+Left goes back, Alt+Right forward.
        QVERIFY(browser.backAction()->isEnabled());
        QTest::keyClick(page, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));
        QTest::keyClick(page, Qt::Key_Left, Qt::AltModifier);
        QCOMPARE(browser.currentTerm(), QString());
        QCOMPARE(browser.currentContext(), QStringLiteral("CxBirds"));
        QVERIFY(browser.forwardAction()->isEnabled());
        QTest::keyClick(page, Qt::Key_Right, Qt::AltModifier);
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));

        // A new step drops what lay forward.
        QVERIFY(browser.showTerm(QStringLiteral("Opus")));
        QVERIFY(!browser.canGoForward());
        browser.back();
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));

        // Another context from the tree: its terms, and Back returns to the old one.
        auto *tree = browser.findChild<QTreeView *>(QStringLiteral("kbContextTree"));
        tree->setFocus();
        tree->setCurrentIndex(tree->model()
                                  ->match(tree->model()->index(0, 0), KbContextModel::ContextNameRole, QStringLiteral("CxFish"), 1,
                                      Qt::MatchExactly | Qt::MatchRecursive)
                                  .constFirst());
        QCOMPARE(browser.currentContext(), QStringLiteral("CxFish"));
        filter->clear();
        QVERIFY(list->model()->match(list->model()->index(0, 0), Qt::DisplayRole, QStringLiteral("Nemo")).size() == 1);
        browser.back();
        QCOMPARE(browser.currentContext(), QStringLiteral("CxBirds"));
        QCOMPARE(browser.currentTerm(), QStringLiteral("penguin"));
    }

    void filterNarrowsTheTerms()
    {
        KbBrowser browser;
        const auto knowledge = load(s_exampleKb);
        browser.setKb(lang::fanvaKbOver(knowledge));
        QVERIFY(browser.setCurrentContext(QStringLiteral("CxLife")));
        auto *filter = browser.findChild<QLineEdit *>(QStringLiteral("kbTermFilter"));
        auto *list = browser.findChild<QTreeView *>(QStringLiteral("kbTermList"));
        const int all = list->model()->rowCount();
        QVERIFY(all > 10);
        filter->setText(QStringLiteral("OF"));
        const int some = list->model()->rowCount();
        QVERIFY(some > 0 && some < all);
        for (int row = 0; row < some; ++row)
            QVERIFY(list->model()->index(row, 0).data().toString().contains(QStringLiteral("of"), Qt::CaseInsensitive));
        QVERIFY(!list->model()->match(list->model()->index(0, 0), Qt::DisplayRole, QStringLiteral("parentOf")).isEmpty());
        filter->setText(QStringLiteral("no such term"));
        QCOMPARE(list->model()->rowCount(), 0);
        filter->clear();
        QCOMPARE(list->model()->rowCount(), all);
    }

    void termAtCursor_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("position");
        QTest::addColumn<QString>("term");
        QTest::addRow("functor") << QStringLiteral("(livesIn Opus Antarctica)") << 3 << QStringLiteral("livesIn");
        QTest::addRow("end of a word") << QStringLiteral("(livesIn Opus Antarctica)") << 13 << QStringLiteral("Opus");
        QTest::addRow("bracket") << QStringLiteral("(livesIn Opus Antarctica)") << 0 << QString();
        QTest::addRow("variable") << QStringLiteral("(bird ?x)") << 7 << QString();
        QTest::addRow("string") << QStringLiteral("(comment bird \"a bird\")") << 17 << QString();
        QTest::addRow("comment") << QStringLiteral(";; birds") << 4 << QString();
    }

    void termAtCursor()
    {
        QFETCH(QString, line);
        QFETCH(int, position);
        QFETCH(QString, term);
        QTextDocument document(line);
        QTextCursor cursor(&document);
        cursor.setPosition(position);
        QCOMPARE(KbBrowser::termAt(cursor, lang::fanvaKb()), term);
    }

    void loaderReportsProgressAndStaysAsync()
    {
        // Many files, so that progress moves.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (int f = 0; f < 40; ++f) {
            QFile file(dir.filePath(QStringLiteral("CxPart%1.txt").arg(f)));
            QVERIFY(file.open(QIODevice::WriteOnly));
            QByteArray text;
            for (int i = 0; i < 2500; ++i)
                text += QByteArrayLiteral("(animal Beast") + QByteArray::number(f) + '_' + QByteArray::number(i) + ")\n";
            file.write(text);
        }
        // The load runs on the thread pool, so the event loop turns while it waits: occupy
        // every pooled thread until a timer on this thread lets them go.
        QThreadPool *pool = QThreadPool::globalInstance();
        QSemaphore gate;
        QList<QFuture<void>> blockers;
        for (int i = 0; i < pool->maxThreadCount(); ++i)
            blockers.append(QtConcurrent::run(pool, [&gate] { gate.acquire(); }));
        KbLoader loader;
        QSignalSpy progress(&loader, &KbLoader::progressChanged);
        QSignalSpy loaded(&loader, &KbLoader::loaded);
        QSignalSpy failed(&loader, &KbLoader::failed);
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, this, [&] {
            if (loader.isLoading())
                ++ticks;
        });
        ticker.start(1);
        loader.load(dir.path());
        QVERIFY(loader.isLoading());
        QVERIFY(!knowledgeOf(loader.seamKb()));
        QTimer::singleShot(50, this, [&gate, &blockers] { gate.release(int(blockers.size())); });
        QVERIFY(loaded.wait(60000));
        for (QFuture<void> &blocker : blockers)
            blocker.waitForFinished();
        QVERIFY(!loader.isLoading());
        QCOMPARE(failed.count(), 0);
        QVERIFY(ticks > 0);
        QVERIFY(!progress.isEmpty());
        int last = -1;
        for (const QVariantList &arguments : std::as_const(progress)) {
            QVERIFY(arguments.constFirst().toInt() > last);
            last = arguments.constFirst().toInt();
        }
        QCOMPARE(last, KbLoader::progressMaximum);
        // The folder's fingerprint, hashed with the load off the GUI thread (a run records it).
        QCOMPARE(loader.fingerprint().sha256, fanva::proposal::kbFingerprint(dir.path(), u"fanva-kb").sha256);
        QCOMPARE(loader.fingerprint().files.size(), std::size_t(40));
        QCOMPARE(knowledgeOf(loader.seamKb())->sentenceCount(), std::size_t(40 * 2500));
    }

    void loaderReportsErrors()
    {
        QTemporaryDir dir;
        QFile file(dir.filePath(QStringLiteral("CxBroken.txt")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("(bird Tweety\n");
        file.close();
        KbLoader loader;
        QSignalSpy failed(&loader, &KbLoader::failed);
        loader.load(dir.path());
        QVERIFY(failed.wait());
        QVERIFY(failed.constFirst().constFirst().toString().contains(QStringLiteral("CxBroken.txt")));
        QVERIFY(!knowledgeOf(loader.seamKb()));
        QVERIFY(!loader.diagnostics().empty());
    }

    // A load spreads its work over the global thread pool. Loads running on that pool
    // themselves used to wait for work that could never start once they filled it: two loads
    // on a 2-core machine hung for good (seen as tst_mainwindow never exiting). One free
    // global thread must be enough, however many loads run.
    void loadsDoNotStarveTheGlobalPool()
    {
        QThreadPool *global = QThreadPool::globalInstance();
        const int threads = global->maxThreadCount();
        global->setMaxThreadCount(1);
        const auto restore = qScopeGuard([&] { global->setMaxThreadCount(threads); });
        QTemporaryDir dir;
        QVERIFY(copyTree(s_exampleKb, dir.path()));
        KbLoader first;
        KbLoader second;
        QSignalSpy firstLoaded(&first, &KbLoader::loaded);
        QSignalSpy secondLoaded(&second, &KbLoader::loaded);
        first.load(dir.path());
        second.load(dir.path());
        QTRY_COMPARE_WITH_TIMEOUT(firstLoaded.count(), 1, 20000);
        QTRY_COMPARE_WITH_TIMEOUT(secondLoaded.count(), 1, 20000);
        QVERIFY(knowledgeOf(first.seamKb()));
        QVERIFY(knowledgeOf(second.seamKb()));
    }

    void loaderReloadsChangedFiles()
    {
        QTemporaryDir dir;
        QVERIFY(copyTree(s_exampleKb, dir.path()));
        KbLoader loader;
        loader.setReloadDelay(std::chrono::milliseconds(20));
        QSignalSpy loaded(&loader, &KbLoader::loaded);
        loader.load(dir.path());
        QVERIFY(loaded.wait());
        const auto before = knowledgeOf(loader.seamKb());
        const kb::SymbolId woody = symbol(QStringLiteral("Woody"));
        QVERIFY(before->mentioning(woody).empty());

        QFile birds(dir.filePath(QStringLiteral("CxBirds.txt")));
        QVERIFY(birds.open(QIODevice::Append));
        birds.write("(bird Woody)\n");
        birds.close();
        QVERIFY(loaded.wait());
        QCOMPARE(loaded.count(), 2);
        QVERIFY(knowledgeOf(loader.seamKb()) != before);
        QCOMPARE(knowledgeOf(loader.seamKb())->mentioning(woody).size(), std::size_t(1));

        // A new context file is picked up too.
        QFile newContext(dir.filePath(QStringLiteral("CxTrees.txt")));
        QVERIFY(newContext.open(QIODevice::WriteOnly));
        newContext.write("(genlCx CxTrees CxLife)\n(tree OakTree)\n");
        newContext.close();
        QTRY_VERIFY(knowledgeOf(loader.seamKb())->hasContext(symbol(QStringLiteral("CxTrees"))));
    }

    void windowReportsAKbThatDoesNotLoad()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), dir.path()));
        QVERIFY(copyTree(s_demoKb, dir.filePath(QStringLiteral("kb"))));
        {
            QFile broken(dir.filePath(QStringLiteral("kb/CxDiet.txt")));
            QVERIFY(broken.open(QIODevice::Append));
            broken.write("\n(eats Mango\n");
        }
        MainWindow window;
        window.setInteractive(false);
        QSignalSpy failed(&window, &MainWindow::kbLoadFailed);
        QSignalSpy problems(&window, &MainWindow::problemReported);
        QVERIFY(window.openWorkspace(dir.path()));
        QVERIFY(failed.wait());
        QVERIFY(failed.constFirst().constFirst().toString().contains(QStringLiteral("CxDiet.txt")));
        QVERIFY(!problems.isEmpty() && problems.constLast().at(1).toBool());
        QVERIFY(!window.knowledgeBase());
        QVERIFY(!window.isKbLoading());
        QVERIFY(!window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
        QVERIFY(!window.formalize());
        QVERIFY(problems.constLast().constFirst().toString().contains(QStringLiteral("did not load")));
        QVERIFY(!window.kbBrowser()->kb());
    }

    void windowLoadsTheKbAndLooksUpTerms()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString workspace = dir.filePath(QStringLiteral("demo"));
        QVERIFY(copyTree(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo"), workspace));
        QVERIFY(copyTree(s_demoKb, workspace + QStringLiteral("/kb")));

        MainWindow window;
        window.setInteractive(false);
        window.resize(1200, 800);
        QSignalSpy kbLoaded(&window, &MainWindow::kbLoaded);
        QVERIFY(window.openWorkspace(workspace));
        auto *progress = window.findChild<QProgressBar *>(QStringLiteral("kbProgress"));
        QVERIFY(progress);
        QVERIFY(!progress->isHidden());
        QVERIFY(!window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
        QVERIFY(kbLoaded.wait());
        QVERIFY(progress->isHidden());
        QVERIFY(window.findChild<QAction *>(QStringLiteral("actionFormalize"))->isEnabled());
        KbBrowser *browser = window.kbBrowser();
        QCOMPARE(browser->kb(), window.knowledgeBase());
        QCOMPARE(browser->currentContext(), QStringLiteral("CxAnimals")); // the target context

        // The dock: hidden at first, toggled from the View menu, with accessible names.
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("kbBrowserDock"));
        QVERIFY(dock);
        QCOMPARE(window.dockWidgetArea(dock), Qt::LeftDockWidgetArea);
        for (const char *name : { "kbBrowser", "kbContextTree", "kbTermFilter", "kbTermList", "kbTermPage", "kbMentions", "kbProgress" }) {
            auto *widget = window.findChild<QWidget *>(QLatin1String(name));
            QVERIFY2(widget && !widget->accessibleName().isEmpty(), name);
        }
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(!dock->isVisible());

        // Look Up Term: the term under the proposal's cursor, or the functor of its line.
        auto *proposal = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        const QTextBlock line = proposal->document()->find(QStringLiteral("(genlCx")).block();
        QVERIFY(line.isValid());
        QTextCursor cursor(line);
        proposal->setTextCursor(cursor);
        auto *lookUp = window.findChild<QAction *>(QStringLiteral("actionLookUpTerm"));
        QVERIFY(lookUp);
        QCOMPARE(lookUp->shortcut(), QKeySequence(QStringLiteral("Ctrl+L")));
        proposal->setFocus();
        QTest::keyClick(proposal, Qt::Key_L, Qt::ControlModifier);
        QVERIFY(dock->isVisible());
        QCOMPARE(browser->currentTerm(), QStringLiteral("genlCx"));
        cursor.setPosition(line.position() + line.text().indexOf(QStringLiteral("CxAnimals")) + 2);
        proposal->setTextCursor(cursor);
        QVERIFY(window.lookUpTerm());
        QCOMPARE(browser->currentTerm(), QStringLiteral("CxAnimals"));

        // A changed KB file is reloaded in the background and the browser follows.
        window.kbLoader()->setReloadDelay(std::chrono::milliseconds(20));
        const auto before = window.knowledgeBase();
        {
            QFile file(workspace + QStringLiteral("/kb/CxAnimals.txt"));
            QVERIFY(file.open(QIODevice::Append));
            file.write("\n(parrot Polly)\n");
        }
        QVERIFY(kbLoaded.wait());
        QVERIFY(window.knowledgeBase() != before);
        QCOMPARE(browser->kb(), window.knowledgeBase());
        QCOMPARE(browser->currentTerm(), QStringLiteral("CxAnimals"));
        QVERIFY(!knowledgeOf(window.knowledgeBase())->mentioning(symbol(QStringLiteral("Polly"))).empty());

        // A screenshot of the dock on a term page.
        QVERIFY(browser->setCurrentContext(QStringLiteral("CxAnimals")));
        QVERIFY(browser->showTerm(QStringLiteral("parrot")));
        const QByteArray outputDir = qgetenv("FANVA_TEST_OUTPUT_DIR");
        if (!outputDir.isEmpty() && QDir().mkpath(QString::fromLocal8Bit(outputDir))) {
            window.resizeDocks({ dock }, { 440 }, Qt::Horizontal);
            QVERIFY(dock->grab().save(QDir(QString::fromLocal8Bit(outputDir)).filePath(QStringLiteral("kbbrowser-dock.png"))));
            QVERIFY(window.grab().save(QDir(QString::fromLocal8Bit(outputDir)).filePath(QStringLiteral("kbbrowser-window.png"))));
        }
    }

    // Term pages and "New Sentence about TERM" on either language (issue 34 item 4): fanva-kb's
    // pages by context and term, another language's through Language::describeTerm.
    void termPageInBothLanguages_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("term");
        QTest::addColumn<QString>("shows");
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("cursor");
        QTest::addRow("fanva-kb predicate") << QStringLiteral("fanva-kb") << QStringLiteral("livesIn") << QStringLiteral("predicate")
                                            << QStringLiteral("(livesIn ") << 9;
        QTest::addRow("fanva-kb individual") << QStringLiteral("fanva-kb") << QStringLiteral("Mango") << QStringLiteral("individual")
                                             << QStringLiteral("( Mango)") << 1;
        QTest::addRow("nibli predicate") << QStringLiteral("nibli") << QStringLiteral("resident") << QStringLiteral("2 (who, town)")
                                         << QStringLiteral("resident(") << 9;
        QTest::addRow("nibli name") << QStringLiteral("nibli") << QStringLiteral("Mara") << QStringLiteral("individual")
                                    << QStringLiteral("(Mara).") << 0;
    }

    void termPageInBothLanguages()
    {
        QFETCH(QString, language);
        QFETCH(QString, term);
        QFETCH(QString, shows);
        QFETCH(QString, text);
        QFETCH(int, cursor);
        KbBrowser browser;
        const bool nibli = language == u"nibli";
        if (nibli) {
            const std::shared_ptr<const fanva::lang::Kb> kb
                = fanva::lang::nibliLanguage().load(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli/kb")).kb;
            QVERIFY(kb);
            browser.setKb(kb, {}, QStringLiteral("millbrook"));
        } else {
            browser.setKb(lang::fanvaKbOver(load(s_demoKb)), {}, QStringLiteral("CxAnimals"));
        }
        QVERIFY(browser.lookUp(term, QStringLiteral("CxAnimals")));
        const QTextBrowser *page
            = nibli ? browser.statementBrowser()->termPage() : browser.findChild<QTextBrowser *>(QStringLiteral("kbTermPage"));
        QVERIFY(page);
        QCOMPARE(nibli ? browser.statementBrowser()->currentTerm() : browser.currentTerm(), term);
        QVERIFY2(page->toPlainText().contains(term) && page->toPlainText().contains(shows), qPrintable(page->toPlainText()));
        QAction *action = nibli ? browser.statementBrowser()->newSentenceAction() : browser.newSentenceAction();
        QVERIFY(action->isEnabled());
        QSignalSpy requested(&browser, &KbBrowser::newSentenceRequested);
        action->trigger();
        QCOMPARE(requested.count(), 1);
        QCOMPARE(requested.first().at(0).toString(), text);
        QCOMPARE(requested.first().at(1).toInt(), cursor);
    }
};

QTEST_MAIN(TstKbBrowser)

#include "tst_kbbrowser.moc"
