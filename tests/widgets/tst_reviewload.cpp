// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
//
// The review controller's KB loads off the GUI thread: reopening a session, recovering an
// autosave, Re-diff and a run into a new context return at once and report by a signal (or a
// continuation) once the KB, read in a worker thread, is the review's; a second load meanwhile
// is refused; the window's KB, offered, is taken without reading when it is the session's
// folder, language and fingerprint; authoring takes the fingerprint the window hashed.

#include "review/reviewcontroller.h"
#include "review/reviewkb.h"
#include "status.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include "proposal/sessionfile.h"

#include <QAtomicInt>
#include <QAtomicPointer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <memory>
#include <optional>

using namespace fanva;
using fanva::testing::candidatesReply;
using fanva::testing::ScriptedDemo;
using nlohmann::json;

namespace {

json mangoScript()
{
    return ScriptedDemo::script({ { { "when", { { "purpose", "formalize" } } },
        { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } } });
}

/// Counts ReviewKb::read() calls and notes the thread of the last, while it lives.
struct ReadWatch {
    QAtomicInt reads;
    QAtomicPointer<QThread> thread;
    ReadWatch()
    {
        ReviewKb::setReadObserver([this] {
            reads.fetchAndAddOrdered(1);
            thread.storeRelease(QThread::currentThread());
        });
    }
    ~ReadWatch() { ReviewKb::setReadObserver({}); }
    Q_DISABLE_COPY_MOVE(ReadWatch)
};

} // namespace

class TstReviewLoad : public QObject
{
    Q_OBJECT

private:
    /// A drafted review of the demo saved as a session file; its path, empty when it failed.
    static QString savedSession(const ScriptedDemo &demo)
    {
        ReviewController review;
        if (!demo.run(review).isEmpty())
            return {};
        const QString path = demo.filePath(QStringLiteral("drafted.fanva"));
        return review.saveSession(path) ? path : QString();
    }

private Q_SLOTS:
    // openSession() returns before the KB is read; it is read in another thread; sessionOpened() follows.
    void opensOffTheGuiThread()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString path = savedSession(demo);
        QVERIFY(!path.isEmpty());

        ReadWatch watch;
        ReviewController review;
        QSignalSpy opened(&review, &ReviewController::sessionOpened);
        QCOMPARE(review.openSession(path).message(), QString());
        QVERIFY(review.isLoadingKb());
        QVERIFY(!review.hasProposal());
        QCOMPARE(opened.count(), 0);
        // One load at a time: a second open, a re-diff or a run is refused meanwhile.
        const Status second = review.openSession(path);
        QVERIFY(!second);
        QVERIFY(second.message().contains(QStringLiteral("still loading")));
        QVERIFY(!review.rediff());
        QVERIFY(!review.start(demo.setup()));

        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
        QCOMPARE(opened.first().first().value<Status>().message(), QString());
        QVERIFY(!review.isLoadingKb());
        QVERIFY(review.hasProposal());
        QVERIFY(review.proposal().entries.size() >= 1);
        QCOMPARE(watch.reads.loadAcquire(), 1);
        QVERIFY(watch.thread.loadAcquire() != nullptr);
        QVERIFY(watch.thread.loadAcquire() != QThread::currentThread());
    }

    // A session file that cannot be read fails at once; a KB that does not load fails by the signal.
    void failures()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QSignalSpy opened(&review, &ReviewController::sessionOpened);
        QVERIFY(!review.openSession(demo.filePath(QStringLiteral("missing.fanva"))));
        QVERIFY(!review.isLoadingKb());

        const QString path = savedSession(demo);
        QVERIFY(!path.isEmpty());
        QFile broken(demo.targetPath());
        QVERIFY(broken.open(QIODevice::Append));
        QVERIFY(broken.write("(isa Mango\n") > 0);
        broken.close();
        QCOMPARE(review.openSession(path).message(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
        const Status status = opened.first().first().value<Status>();
        QVERIFY(!status);
        QVERIFY2(status.message().contains(QStringLiteral("does not load")), qPrintable(status.message()));
        QVERIFY(!review.hasProposal());
    }

    // The window's KB, offered: taken without a read when it is the session's; read when its
    // fingerprint is another.
    void takesTheOfferedKb()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString path = savedSession(demo);
        QVERIFY(!path.isEmpty());
        const Result<std::shared_ptr<const lang::Kb>> kb = ReviewKb::read(demo.kbFolder(), QStringLiteral("fanva-kb"));
        QVERIFY2(kb, qPrintable(kb.message()));
        OfferedKb offered { demo.kbFolder(), *kb, proposal::kbFingerprint(demo.kbFolder(), QStringLiteral("fanva-kb")) };

        ReadWatch watch;
        {
            ReviewController review;
            QSignalSpy opened(&review, &ReviewController::sessionOpened);
            QCOMPARE(review.openSession(path, offered).message(), QString());
            QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
            QCOMPARE(opened.first().first().value<Status>().message(), QString());
            QCOMPARE(watch.reads.loadAcquire(), 0);
        }
        offered.fingerprint->sha256 = QStringLiteral("another");
        ReviewController review;
        QSignalSpy opened(&review, &ReviewController::sessionOpened);
        QCOMPARE(review.openSession(path, offered).message(), QString());
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, 20000);
        QCOMPARE(watch.reads.loadAcquire(), 1);
    }

    // The window offers the KB it loaded: a session of that KB reopens without a read.
    void windowOffersItsKb()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const QString path = savedSession(demo);
        QVERIFY(!path.isEmpty());
        MainWindow window;
        QVERIFY(demo.open(window));
        ReadWatch watch;
        QVERIFY(window.openSession(path));
        QVERIFY(window.review()->isLoadingKb());
        QVERIFY(fanva::testing::waitForKbLoad(*window.review()));
        QVERIFY(window.review()->hasProposal());
        QCOMPARE(window.review()->proposal().context, QStringLiteral("CxAnimals"));
        QCOMPARE(watch.reads.loadAcquire(), 0);
    }

    // Re-diff reads the KB in another thread and reports by rediffFinished().
    void rediffsOffTheGuiThread()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        QCOMPARE(demo.run(review), QString());
        ReadWatch watch;
        QSignalSpy finished(&review, &ReviewController::rediffFinished);
        QCOMPARE(review.rediff().message(), QString());
        QVERIFY(review.isLoadingKb());
        QCOMPARE(finished.count(), 0);
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QCOMPARE(finished.first().first().value<Status>().message(), QString());
        QCOMPARE(watch.reads.loadAcquire(), 1);
        QVERIFY(watch.thread.loadAcquire() != QThread::currentThread());
    }

    // A run into a new context loads the KB with the context's header, and hashes it, in
    // another thread; the run starts then, and records that fingerprint.
    void newContextRunLoadsOffTheGuiThread()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        ReviewSetup setup = demo.setup();
        setup.context = QStringLiteral("CxBirds");
        setup.sees = { QStringLiteral("CxAnimals") };
        ReadWatch watch;
        ReviewController review;
        QSignalSpy started(&review, &ReviewController::started);
        QSignalSpy finished(&review, &ReviewController::finished);
        auto begun = std::make_shared<std::optional<Status>>();
        QCOMPARE(review.start(setup, [begun](const Status &status) { *begun = status; }).message(), QString());
        QVERIFY(review.isLoadingKb());
        QVERIFY(!review.isRunning());
        QCOMPARE(started.count(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(begun->has_value(), 20000);
        QCOMPARE((*begun)->message(), QString());
        QCOMPARE(started.count(), 1);
        QCOMPARE(watch.reads.loadAcquire(), 1);
        QVERIFY(watch.thread.loadAcquire() != QThread::currentThread());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        QVERIFY(review.hasProposal());
        QCOMPARE(review.proposal().context, QStringLiteral("CxBirds"));
        QVERIFY(review.proposal().absent);
        const QString path = demo.filePath(QStringLiteral("birds.fanva"));
        QCOMPARE(review.saveSession(path).message(), QString());
        const proposal::SessionLoad saved = proposal::loadSessionFile(path);
        QVERIFY2(saved.session, qPrintable(saved.error));
        QCOMPARE(saved.session->kbSha256, proposal::kbFingerprint(demo.kbFolder(), QStringLiteral("fanva-kb")).sha256);
    }

    // Authoring takes the fingerprint the window hashed with its load instead of hashing the KB.
    void authoringTakesTheLoadedFingerprint()
    {
        ScriptedDemo demo(mangoScript());
        QVERIFY(demo.isValid());
        const Result<std::shared_ptr<const lang::Kb>> kb = ReviewKb::read(demo.kbFolder(), QStringLiteral("fanva-kb"));
        QVERIFY2(kb, qPrintable(kb.message()));
        const proposal::KbFingerprint loaded { QStringLiteral("feed"), { { QStringLiteral("CxAnimals.txt"), QStringLiteral("beef") } } };
        const auto savedSha = [&demo](ReviewController &review) {
            const QString path = demo.filePath(QStringLiteral("authored.fanva"));
            if (const Status saved = review.saveSession(path); !saved)
                return saved.message();
            const proposal::SessionLoad reopened = proposal::loadSessionFile(path);
            return reopened.session ? reopened.session->kbSha256 : reopened.error;
        };
        ReviewController given;
        QCOMPARE(given.beginAuthoring(demo.kbFolder(), *kb, QStringLiteral("CxAnimals"), {}, loaded).message(), QString());
        QCOMPARE(savedSha(given), QStringLiteral("feed"));
        ReviewController hashed;
        QCOMPARE(hashed.beginAuthoring(demo.kbFolder(), *kb, QStringLiteral("CxAnimals")).message(), QString());
        QCOMPARE(savedSha(hashed), proposal::kbFingerprint(demo.kbFolder(), QStringLiteral("fanva-kb")).sha256);
    }
};

QTEST_MAIN(TstReviewLoad)
#include "tst_reviewload.moc"
