// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The per-user memory of which git work trees Apply may commit in (rewrite.md §5), and how a
// work tree is found without running git.
#include "proposal/gitconsent.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace fanva;
using proposal::GitConsent;

namespace {

bool writeAll(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

} // namespace

class TstGitConsent : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The answers live in the user's configuration folder: a private one for this test.
        qputenv("XDG_CONFIG_HOME", QFile::encodeName(m_dir.filePath(QStringLiteral("config"))));
        QCoreApplication::setApplicationName(QStringLiteral("fanva"));
        QVERIFY(proposal::gitConsentPath().startsWith(m_dir.path()));
        m_root = QFileInfo(m_dir.path()).canonicalFilePath();
    }

    void workTreeIsFoundByItsDotGit()
    {
        const QString repo = m_root + QStringLiteral("/repo");
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/.git")));
        QVERIFY(QDir().mkpath(repo + QStringLiteral("/kb/sub")));
        const QString file = repo + QStringLiteral("/kb/sub/CxAnimals.txt");
        QCOMPARE(proposal::gitWorkTreeOf(file), QString()); // a .git without HEAD is no repository
        QVERIFY(writeAll(repo + QStringLiteral("/.git/HEAD"), "ref: refs/heads/main\n"));
        QCOMPARE(proposal::gitWorkTreeOf(file), repo);
        QCOMPARE(proposal::gitWorkTreeOf(repo + QStringLiteral("/CxTop.txt")), repo);

        // A linked work tree or a submodule: `.git` is a file naming the git folder.
        const QString linked = m_root + QStringLiteral("/linked");
        QVERIFY(QDir().mkpath(linked));
        QVERIFY(writeAll(linked + QStringLiteral("/.git"), "gitdir: ../repo/.git\n"));
        QCOMPARE(proposal::gitWorkTreeOf(linked + QStringLiteral("/CxA.txt")), linked);

        QCOMPARE(proposal::gitWorkTreeOf(m_root + QStringLiteral("/elsewhere/CxA.txt")), QString());
    }

    void consentIsRememberedPerWorkTree()
    {
        const QString a = m_root + QStringLiteral("/a");
        const QString b = m_root + QStringLiteral("/b");
        QCOMPARE(proposal::gitConsent(a), GitConsent::Unknown);
        QVERIFY(proposal::setGitConsent(a, GitConsent::Allowed));
        QVERIFY(proposal::setGitConsent(b, GitConsent::Refused));
        QCOMPARE(proposal::gitConsent(a), GitConsent::Allowed);
        QCOMPARE(proposal::gitConsent(b), GitConsent::Refused);
        QCOMPARE(proposal::gitConsent(a + QStringLiteral("/sub")), GitConsent::Unknown);
        QCOMPARE(QFile::permissions(proposal::gitConsentPath()) & 0x0077, QFileDevice::Permissions()); // not for others

        QVERIFY(proposal::setGitConsent(a, GitConsent::Unknown));
        QCOMPARE(proposal::gitConsent(a), GitConsent::Unknown);
        QCOMPARE(proposal::gitConsent(b), GitConsent::Refused);

        const fanva::Status refused = proposal::setGitConsent(QString(), GitConsent::Allowed);
        QVERIFY(!refused);
        QCOMPARE(refused.message(), QStringLiteral("No git work tree was named."));
        // An unreadable or foreign file counts as no answer at all.
        QVERIFY(writeAll(proposal::gitConsentPath(), "{\"workTrees\": {\"x\": \"allowed\"}}"));
        QCOMPARE(proposal::gitConsent(QStringLiteral("x")), GitConsent::Unknown);
    }
};

QTEST_GUILESS_MAIN(TstGitConsent)
#include "tst_gitconsent.moc"
