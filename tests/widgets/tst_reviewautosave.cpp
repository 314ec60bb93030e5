// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
//
// ReviewAutosave, the review controller's autosave (formalize.md §13): off without a folder,
// written after a decision from the snapshot asked then, nothing when the snapshot has nothing,
// a new review's id replacing the old file, discard() and stop(), and resuming a crashed
// process's autosave under this process's lock.

#include "review/reviewautosave.h"

#include "proposal/autosave.h"
#include "proposal/sessionfile.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

using namespace fanva;

namespace {

/// A snapshot the test controls: the session file to save, or nothing.
struct Snapshots {
    std::optional<proposal::SessionFile> next;
    int asked = 0;

    ReviewAutosave::Snapshot function()
    {
        return [this] {
            ++asked;
            return next;
        };
    }
};

proposal::SessionFile sessionFile(const QString &id)
{
    proposal::SessionFile file;
    file.id = id;
    file.created = QDateTime::currentDateTimeUtc();
    file.modified = file.created;
    file.proposal.context = QStringLiteral("CxAnimals");
    return file;
}

} // namespace

class TstReviewAutosave : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Without a folder nothing is written and the snapshot is not even asked.
    void offWithoutDirectory()
    {
        Snapshots snapshots;
        snapshots.next = sessionFile(QStringLiteral("one"));
        ReviewAutosave autosave(snapshots.function());
        QSignalSpy saved(&autosave, &ReviewAutosave::autosaved);
        autosave.begin(QStringLiteral("one"));
        QCOMPARE(autosave.path(), QString());
        autosave.saveNow();
        QCOMPARE(saved.count(), 0);
        QCOMPARE(snapshots.asked, 0);
    }

    // A decision autosaves after the debounce what the snapshot gives then; nothing when it gives nothing.
    void savesAfterDecision()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Snapshots snapshots;
        ReviewAutosave autosave(snapshots.function());
        autosave.setDirectory(dir.path());
        QCOMPARE(autosave.directory(), dir.path());
        autosave.setIntervals(10, 1000);
        autosave.begin(QStringLiteral("one"));
        const QString path = autosave.path();
        QCOMPARE(path, proposal::Autosave(dir.path(), QStringLiteral("one")).path());
        QSignalSpy saved(&autosave, &ReviewAutosave::autosaved);

        autosave.decisionChanged(); // nothing to save yet
        QTRY_COMPARE(snapshots.asked, 1);
        QCOMPARE(saved.count(), 0);
        QVERIFY(!QFileInfo::exists(path));

        snapshots.next = sessionFile(QStringLiteral("one"));
        autosave.decisionChanged();
        QTRY_COMPARE(saved.count(), 1);
        QCOMPARE(saved.first().first().toString(), path);
        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        QVERIFY2(loaded.session, qPrintable(loaded.error));
        QCOMPARE(loaded.session->id, QStringLiteral("one"));
        QCOMPARE(loaded.session->proposal.context, QStringLiteral("CxAnimals"));

        // A finished run autosaves at once.
        autosave.sessionFinished();
        QCOMPARE(saved.count(), 2);
    }

    // A new review's id removes the old autosave; discard() removes the file until the next
    // change, stop() for good.
    void replacesDiscardsAndStops()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        Snapshots snapshots;
        snapshots.next = sessionFile(QStringLiteral("one"));
        ReviewAutosave autosave(snapshots.function());
        autosave.setDirectory(dir.path());
        autosave.begin(QStringLiteral("one"));
        autosave.saveNow();
        const QString first = autosave.path();
        QVERIFY(QFileInfo::exists(first));

        autosave.begin(QStringLiteral("one")); // the same review: kept
        QVERIFY(QFileInfo::exists(first));
        autosave.begin(QStringLiteral("two"));
        QVERIFY(!QFileInfo::exists(first));
        const QString second = autosave.path();
        QVERIFY(second != first);

        autosave.saveNow();
        QVERIFY(QFileInfo::exists(second));
        autosave.discard();
        QVERIFY(!QFileInfo::exists(second));
        autosave.saveNow();
        QVERIFY(QFileInfo::exists(second));

        autosave.stop();
        QVERIFY(!QFileInfo::exists(second));
        QCOMPARE(autosave.path(), QString());
        autosave.saveNow();
        QVERIFY(!QFileInfo::exists(second));
    }

    // Destroyed without stop(), the file stays behind for recovery; resume() takes it over.
    void leavesBehindAndResumes()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QString left;
        {
            Snapshots snapshots;
            snapshots.next = sessionFile(QStringLiteral("crashed"));
            ReviewAutosave autosave(snapshots.function());
            autosave.setDirectory(dir.filePath(QStringLiteral("autosave")));
            autosave.begin(QStringLiteral("crashed"));
            autosave.saveNow();
            left = autosave.path();
        }
        QVERIFY(QFileInfo::exists(left));
        QCOMPARE(proposal::recoverableAutosaves(dir.filePath(QStringLiteral("autosave"))).size(), std::size_t(1));

        Snapshots snapshots;
        snapshots.next = sessionFile(QStringLiteral("crashed"));
        ReviewAutosave autosave(snapshots.function());
        QVERIFY(autosave.resume(left, QStringLiteral("crashed")));
        QCOMPARE(autosave.path(), QFileInfo(left).absoluteFilePath());
        // Under this process's lock now: not offered for recovery while it lives.
        QVERIFY(proposal::recoverableAutosaves(dir.filePath(QStringLiteral("autosave"))).empty());
        QSignalSpy saved(&autosave, &ReviewAutosave::autosaved);
        autosave.saveNow();
        QCOMPARE(saved.count(), 1);
    }
};

QTEST_MAIN(TstReviewAutosave)
#include "tst_reviewautosave.moc"
