// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Where Apply may write (issue 33, H2, M11): the KB folder must hold KB files of the
// language (or be a new workspace's), the target must be exactly the context's file, a
// text that does not read is never written however it was forced, and a forced decision
// survives a save and load only under this user's seal.

#include "applytestbase.h"

#include "lang/fanvakb/fanvakb.h"
#include "lang/registry.h"
#include "proposal/forcedseal.h"
#include "proposal/sessionfile.h"
#include "proposal/target.h"

#include <QFile>
#include <QStandardPaths>

using namespace fanva;
using fanva::proposal::ApplyStatus;
using formalize::Decision;

namespace {

std::vector<std::vector<lang::Problem>> letEverythingThrough(const lang::Kb &, const QString &, const QStringList &sentences)
{
    return std::vector<std::vector<lang::Problem>>(sentences.size());
}

} // namespace

class TstApplyTarget : public fixture::ApplyTestBase
{
    Q_OBJECT

    proposal::Proposal acceptedScenarioOne()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        if (!p.accept(QStringLiteral("c1")) || !p.accept(QStringLiteral("c3")))
            qFatal("the fixture's entries cannot be accepted");
        return p;
    }

    /// Applies `p` with every gate passing; asserts nothing was written.
    void expectRefused(proposal::Proposal &p, const QString &message)
    {
        proposal::ApplyOptions o = options();
        o.gate = letEverythingThrough;
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::IoError);
        QVERIFY2(result.message.contains(message), qPrintable(result.message));
        QVERIFY(result.message.endsWith(QLatin1StringView("Nothing was written.")));
        QVERIFY(!QFile::exists(m_journal));
    }

private Q_SLOTS:
    void initTestCase()
    {
        // The seal's key is made here, not in the user's configuration.
        qputenv("XDG_CONFIG_HOME", m_dir.filePath(QStringLiteral("config")).toLocal8Bit());
    }

    void init() { setUpFolder(); }

    void targetMustBeTheContextsFile_data()
    {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("folder"); // made below the KB first
        QTest::addRow("not a KB file") << QStringLiteral("init.el") << QString();
        QTest::addRow("another context's file") << QStringLiteral("CxOther.txt") << QString();
        QTest::addRow("twice the suffix") << QStringLiteral("CxAnimals.txt.txt") << QString();
        QTest::addRow("under .git") << QStringLiteral(".git/CxAnimals.txt") << QStringLiteral(".git");
        QTest::addRow("dot folder") << QStringLiteral("sub/.cache/CxAnimals.txt") << QStringLiteral("sub/.cache");
        QTest::addRow("not clean") << QStringLiteral("./CxAnimals.txt") << QString();
        QTest::addRow("a link to .git") << QStringLiteral("lnk/CxAnimals.txt") << QStringLiteral(".git");
    }

    void targetMustBeTheContextsFile()
    {
        QFETCH(QString, target);
        QFETCH(QString, folder);
        if (!folder.isEmpty())
            QVERIFY(QDir(m_kb).mkpath(folder));
        if (target.startsWith(QLatin1StringView("lnk/")))
            QVERIFY(QFile::link(QDir(m_kb).filePath(folder), QDir(m_kb).filePath(QStringLiteral("lnk"))));
        proposal::Proposal p = acceptedScenarioOne();
        p.targetFile = target;
        p.absent = !QFile::exists(QDir(m_kb).filePath(target));
        if (p.absent)
            p.baseSha256.clear();
        expectRefused(p, QStringLiteral("is not the file the knowledge base"));
        QVERIFY(!QFile::exists(QDir(m_kb).filePath(target)) || target == QLatin1StringView("./CxAnimals.txt"));
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    // A context in a sub-folder the loader reads is written there.
    void subFolderTargetIsWritten()
    {
        QVERIFY(QDir(m_kb).mkpath(QStringLiteral("zoo")));
        QVERIFY(QFile::rename(m_target, QDir(m_kb).filePath(QStringLiteral("zoo/CxAnimals.txt"))));
        proposal::Proposal p = acceptedScenarioOne();
        p.targetFile = QStringLiteral("zoo/CxAnimals.txt");
        const proposal::ResolvedTarget target = proposal::resolveTarget(p);
        QVERIFY2(target.ok(), qPrintable(target.error));
        QCOMPARE(target.path, QFileInfo(QDir(m_kb).filePath(QStringLiteral("zoo/CxAnimals.txt"))).canonicalFilePath());
    }

    void contextMustBeATargetName()
    {
        proposal::Proposal p = acceptedScenarioOne();
        p.context = QStringLiteral("CxFoo.txt");
        p.targetFile = QStringLiteral("CxFoo.txt.txt");
        p.absent = true;
        p.baseSha256.clear();
        expectRefused(p, QStringLiteral("CxFoo.txt is not a context name"));
        QVERIFY(!QFile::exists(QDir(m_kb).filePath(QStringLiteral("CxFoo.txt.txt"))));
    }

    void kbFolderMustHoldKbFiles_data()
    {
        QTest::addColumn<QString>("config"); // the workspace's fanva.json, beside the empty kb folder
        QTest::addColumn<bool>("allowed");
        QTest::addRow("empty, no workspace") << QString() << false;
        QTest::addRow("empty, fanva-kb workspace") << QStringLiteral("{}") << true;
        QTest::addRow("empty, nibli workspace") << QStringLiteral("{\"language\": \"nibli\"}") << false;
    }

    void kbFolderMustHoldKbFiles()
    {
        QFETCH(QString, config);
        QFETCH(bool, allowed);
        const QString workspace = QDir(QFileInfo(m_kb).absolutePath()).filePath(QStringLiteral("new"));
        const QString kb = QDir(workspace).filePath(QStringLiteral("kb"));
        QVERIFY(QDir().mkpath(kb));
        if (!config.isEmpty())
            QVERIFY(fixture::writeAll(QDir(workspace).filePath(QStringLiteral("fanva.json")), config.toUtf8()));
        const std::optional<QString> problem = proposal::kbFolderProblem(kb, lang::defaultLanguage());
        QCOMPARE(!problem.has_value(), allowed);
        if (problem)
            QVERIFY2(problem->contains(QLatin1StringView("holds no fanva-kb knowledge base files")), qPrintable(*problem));
        // A folder with KB files of the language is one.
        QVERIFY(!proposal::kbFolderProblem(m_kb, lang::defaultLanguage()));
        const lang::Language *nibli = lang::languageById(u"nibli");
        QVERIFY(nibli);
        QVERIFY(proposal::kbFolderProblem(m_kb, *nibli));
    }

    // M11: the language says which problems are its reader's; context-name is never forced.
    void unforceableProblems_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("type");
        QTest::addColumn<bool>("unforceable");
        QTest::addRow("fanva-kb unreadable") << QStringLiteral("fanva-kb") << QStringLiteral("unreadable") << true;
        QTest::addRow("fanva-kb context-name") << QStringLiteral("fanva-kb") << QStringLiteral("context-name") << true;
        QTest::addRow("fanva-kb arity") << QStringLiteral("fanva-kb") << QStringLiteral("arity") << false;
        QTest::addRow("nibli syntax") << QStringLiteral("nibli") << QStringLiteral("syntax") << true;
        QTest::addRow("nibli too-deep") << QStringLiteral("nibli") << QStringLiteral("too-deep") << true;
        QTest::addRow("nibli negation-double") << QStringLiteral("nibli") << QStringLiteral("negation-double") << true;
        QTest::addRow("nibli several-sentences") << QStringLiteral("nibli") << QStringLiteral("several-sentences") << true;
        QTest::addRow("nibli unknown-predicate") << QStringLiteral("nibli") << QStringLiteral("unknown-predicate") << false;
    }

    void unforceableProblems()
    {
        QFETCH(QString, language);
        QFETCH(QString, type);
        QFETCH(bool, unforceable);
        const lang::Language *lang = lang::languageById(language);
        QVERIFY(lang);
        QCOMPARE(proposal::isUnforceable(type, *lang), unforceable);
        proposal::Proposal p;
        p.language = language;
        formalize::Entry e = fixture::entry(QStringLiteral("c1"), 1, QStringLiteral("dog(Rex"), formalize::EntryState::Refused);
        e.problems = { { type, QStringLiteral("test"), std::nullopt } };
        p.entries.push_back(e);
        QCOMPARE(p.force(QStringLiteral("c1")), !unforceable);
    }

    // M11: a text that does not read is not written, even forced past every problem it had.
    void unreadableTextIsNeverWritten()
    {
        proposal::Proposal p = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 1, QStringLiteral("(penguin Pingu"), formalize::EntryState::Refused);
        e.problems = { { QStringLiteral("arity"), QStringLiteral("test"), std::nullopt } };
        p.entries.push_back(e);
        QVERIFY(p.force(QStringLiteral("c4")));
        proposal::ApplyOptions o = options();
        o.gate = letEverythingThrough;
        const proposal::ApplyResult result = proposal::apply(p, o);
        QCOMPARE(result.status, ApplyStatus::Blocked);
        QCOMPARE(result.blocked.size(), std::size_t(1));
        QCOMPARE(result.blocked.front().id, QStringLiteral("c4"));
        QCOMPARE(fixture::readAll(m_target), m_original);
    }

    // H2: this user's forced decisions survive save and load; a forged or changed one does not.
    void forcedDecisionsNeedTheSeal()
    {
        proposal::SessionFile s;
        s.proposal = fixture::scenarioOne(m_kb);
        formalize::Entry e = fixture::entry(QStringLiteral("c4"), 1, QStringLiteral("(livesIn Pingu)"), formalize::EntryState::Refused);
        e.problems = { { QStringLiteral("arity"), QStringLiteral("test"), std::nullopt } };
        s.proposal.entries.push_back(e);
        QVERIFY(s.proposal.force(QStringLiteral("c4")));
        for (formalize::Entry &entry : s.proposal.entries)
            entry.segment = 0; // the session file holds no document
        const QString path = QDir(m_kb).filePath(QStringLiteral("../s.fanva"));
        QCOMPARE(s.save(path).message(), QString());
        const QFile::Permissions others
            = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
        QVERIFY(QFile::exists(proposal::ForcedSeal::keyPath()));
        QVERIFY(!(QFile::permissions(proposal::ForcedSeal::keyPath()) & others));

        proposal::SessionLoad own = proposal::loadSessionFile(path);
        QVERIFY2(own.session, qPrintable(own.error));
        QVERIFY(own.unsealed.isEmpty());
        QCOMPARE(own.session->proposal.entry(QStringLiteral("c4"))->decision, Decision::Forced);

        // Another text under the same seal, and a seal from another key: both load undecided.
        nlohmann::json j = s.toJson(QFileInfo(path).absolutePath());
        nlohmann::json changed = j;
        changed["entries"][3]["candidate"] = "(livesIn Mallory)";
        changed["entries"][3]["shapes"] = nlohmann::json::array({ "(livesIn Mallory)" });
        nlohmann::json forged = j;
        forged["entries"][3]["forcedSeal"]
            = proposal::ForcedSeal(QByteArray(32, 'x')).seal(s.proposal, *s.proposal.entry(QStringLiteral("c4"))).toStdString();
        nlohmann::json unsealed = j;
        unsealed["entries"][3].erase("forcedSeal");
        for (const nlohmann::json &variant : { changed, forged, unsealed }) {
            const proposal::SessionLoad loaded = proposal::sessionFromJson(variant, QFileInfo(path).absolutePath());
            QVERIFY2(loaded.session, qPrintable(loaded.error));
            QCOMPARE(loaded.unsealed, QStringList { QStringLiteral("c4") });
            const formalize::Entry *c4 = loaded.session->proposal.entry(QStringLiteral("c4"));
            QCOMPARE(c4->decision, Decision::Undecided);
            QVERIFY(c4->forced.isEmpty());
        }
    }
};

QTEST_GUILESS_MAIN(TstApplyTarget)
#include "tst_applytarget.moc"
