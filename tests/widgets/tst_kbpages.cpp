// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The KB browser speaks lang::Kb only (issue 34): the registry of the languages' own KB pages
// picks fanva-kb's for a fanva-kb KB and none for nibli's (the statement browser shows it), and
// no file of widgets/ or app/ outside kbbrowser/fanvakb/ reaches behind the seam.
#include "kbbrowser/fanvakb/fanvakbpages.h"
#include "kbbrowser/kbbrowser.h"
#include "kbbrowser/kbpagesregistry.h"

#include "kb/knowledgebase.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/nibli/niblilanguage.h"

#include <QDirIterator>
#include <QFile>
#include <QSignalSpy>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>

using namespace fanva;

namespace {

const QString s_demoKb = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb");
const QString s_nibliKb = QStringLiteral(FANVA_SOURCE_DIR "/resources/demo-nibli/kb");

std::shared_ptr<const lang::Kb> fanvaKbDemo()
{
    return lang::fanvaKb().load(s_demoKb).kb;
}

std::shared_ptr<const lang::Kb> nibliDemo()
{
    return lang::nibliLanguage().load(s_nibliKb).kb;
}

} // namespace

class TestKbPages : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void registryPicksTheLanguagesPages()
    {
        const std::shared_ptr<const lang::Kb> fanva = fanvaKbDemo();
        const std::shared_ptr<const lang::Kb> nibli = nibliDemo();
        QVERIFY(fanva);
        QVERIFY(nibli);
        QWidget parent;
        KbPages *pages = KbPagesRegistry::create(fanva, &parent);
        QVERIFY(qobject_cast<FanvaKbPages *>(pages));
        QCOMPARE(pages->parent(), &parent);
        QVERIFY(!KbPagesRegistry::create(nibli, &parent));
        QVERIFY(!KbPagesRegistry::create(nullptr, &parent));
        // The pages take their language's KB only.
        QVERIFY(pages->setKb(fanva, QStringLiteral("CxAnimals")));
        QCOMPARE(pages->currentContext(), QStringLiteral("CxAnimals"));
        QVERIFY(!pages->setKb(nibli, {}));
        QVERIFY(!pages->kb());
    }

    // One entry, setKb(): the face follows the KB's language, and back again.
    void browserShowsTheFaceOfTheKbsLanguage()
    {
        const std::shared_ptr<const lang::Kb> fanva = fanvaKbDemo();
        const std::shared_ptr<const lang::Kb> nibli = nibliDemo();
        KbBrowser browser;
        QVERIFY(!browser.pages());
        QVERIFY(!browser.showsStatements());

        browser.setKb(fanva, {}, QStringLiteral("CxAnimals"));
        QVERIFY(qobject_cast<FanvaKbPages *>(browser.pages()));
        QVERIFY(!browser.showsStatements());
        QCOMPARE(browser.kb(), fanva);
        QCOMPARE(browser.currentContext(), QStringLiteral("CxAnimals"));
        QVERIFY(browser.findChild<QTreeView *>(QStringLiteral("kbContextTree"))->isVisibleTo(&browser));
        QVERIFY(browser.lookUp(QStringLiteral("livesIn"), QStringLiteral("CxAnimals")));
        QCOMPARE(browser.currentTerm(), QStringLiteral("livesIn"));
        QVERIFY(browser.backAction());
        QCOMPARE(browser.newSentenceAction(), browser.pages()->newSentenceAction());

        browser.setKb(nibli, {}, QStringLiteral("millbrook"));
        QVERIFY(!browser.pages());
        QVERIFY(browser.showsStatements());
        QCOMPARE(browser.statementBrowser()->kb(), nibli);
        QVERIFY(!browser.findChild<QTreeView *>(QStringLiteral("kbContextTree"))->isVisibleTo(&browser));
        QVERIFY(browser.currentContext().isEmpty());
        QVERIFY(!browser.setCurrentContext(QStringLiteral("CxAnimals")));
        QVERIFY(!browser.backAction());
        QCOMPARE(browser.newSentenceAction(), browser.statementBrowser()->newSentenceAction());
        QVERIFY(browser.lookUp(QStringLiteral("resident"), QStringLiteral("millbrook")));
        QCOMPARE(browser.currentTerm(), QStringLiteral("resident"));

        browser.setKb(fanva, {}, QStringLiteral("CxAnimals"));
        QVERIFY(browser.pages());
        QVERIFY(!browser.statementBrowser()->kb());

        browser.setKb(nullptr);
        QVERIFY(!browser.pages());
        QVERIFY(!browser.showsStatements());
        QVERIFY(!browser.kb());
    }

    // A reload (another KB of the same language) keeps the pages and where they stand.
    void reloadKeepsThePages()
    {
        KbBrowser browser;
        browser.setKb(fanvaKbDemo(), {}, QStringLiteral("CxAnimals"));
        KbPages *pages = browser.pages();
        QVERIFY(browser.showTerm(QStringLiteral("livesIn")));
        browser.setKb(fanvaKbDemo(), {}, QStringLiteral("CxAnimals"));
        QCOMPARE(browser.pages(), pages);
        QCOMPARE(browser.currentTerm(), QStringLiteral("livesIn"));
        QVERIFY(browser.canGoBack());
    }

    // Issue 34's "Done when": the window and the browser container speak lang::Kb only; the
    // fanva-kb KnowledgeBase is read in kbbrowser/fanvakb/ alone.
    void onlyTheFanvaKbPagesReachBehindTheSeam()
    {
        QStringList offenders;
        int scanned = 0;
        for (const QString &folder : { QStringLiteral("widgets"), QStringLiteral("app") }) {
            const QString root = QStringLiteral(FANVA_SOURCE_DIR "/") + folder;
            QDirIterator it(root, { QStringLiteral("*.cpp"), QStringLiteral("*.h") }, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString relative = folder + path.mid(root.size());
                if (relative.startsWith(QLatin1String("widgets/kbbrowser/fanvakb/")))
                    continue;
                QFile file(path);
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
                const QByteArray text = file.readAll();
                ++scanned;
                if (text.contains("knowledgeBaseOf(") || text.contains("kb::KnowledgeBase"))
                    offenders.append(relative);
                // The browser container names no language: the registry does.
                const bool container
                    = relative.startsWith(QLatin1String("widgets/kbbrowser/")) && !relative.contains(QLatin1String("/kbpagesregistry."));
                if (container && text.contains("\"lang/fanvakb/"))
                    offenders.append(relative);
            }
        }
        QVERIFY(scanned > 50);
        QVERIFY2(offenders.isEmpty(), qPrintable(offenders.join(u'\n')));
    }
};

QTEST_MAIN(TestKbPages)
#include "tst_kbpages.moc"
