// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Summaries that tell the truth (issue 16 item 6): the banner's judge counts are the
// outcome's, skipped and failed included, with the vocabulary counts; the gutter's tooltip
// lists every axis of an entry; the details panel shows strength and a judge failure; in a
// German window the banner's words are German. Provider notices reach the attempt log.

#include "attempts/attemptlogmodel.h"
#include "review/entrydetailsview.h"
#include "review/proposalview.h"
#include "review/reviewcontroller.h"
#include "review/reviewpresenter.h"
#include "widgettesting.h"
#include "window/mainwindow.h"

#include <QHelpEvent>
#include <QLabel>
#include <QTest>
#include <QTextBlock>
#include <QTextCursor>
#include <QToolTip>
#include <QTranslator>

#include <nlohmann/json.hpp>

using fanva::testing::ScriptedDemo;
using nlohmann::json;

namespace {

json text(const std::string &reply)
{
    return { { "text", reply }, { "stop_reason", "end_turn" } };
}

json verdicts(const std::vector<std::tuple<int, std::string, std::string>> &items)
{
    json v = json::array();
    for (const auto &[item, verdict, note] : items)
        v.push_back({ { "item", item }, { "verdict", verdict }, { "note", note } });
    return text(json { { "verdicts", v } }.dump());
}

/// The judge disagrees with c2, its repair c3 replaces it (c2 superseded), then agrees:
/// the outcome counts 2 agree and no disagree.
json judgeRepairScript()
{
    using fanva::testing::candidatesReply;
    return ScriptedDemo::script({ text(candidatesReply({ { "(weightInKg Mango 1)", 6 }, { "(weightInKg Biscuit 58)", 4 } })),
        verdicts({ { 1, "agree", "" }, { 2, "disagree", "the document says 85" } }),
        text(candidatesReply({ { "(weightInKg Biscuit 85)", 4 } })), verdicts({ { 1, "agree", "" } }) });
}

} // namespace

class TstSummaries : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void bannerCountsEqualOutcome()
    {
        ScriptedDemo demo(judgeRepairScript());
        QVERIFY(demo.isValid());
        ReviewController review;
        ReviewSetup setup = demo.setup();
        setup.settings.judge = true;
        setup.settings.maxAttempts = 4;
        QCOMPARE(demo.run(review, setup), QString());
        const QString banner = review.attempts()->outcomeText();
        QVERIFY2(banner.contains(QStringLiteral("judge: 2 agree")), qPrintable(banner));
        // The verdict on the superseded c2 is history, not part of the outcome.
        QVERIFY2(!banner.contains(QStringLiteral("disagree")), qPrintable(banner));
        QVERIFY2(banner.contains(QStringLiteral("literals: 2 (2 reused, 0 coined)")), qPrintable(banner));
    }

    void bannerShowsSkippedAndFailed_data()
    {
        QTest::addColumn<QString>("judge");
        QTest::addColumn<QString>("expected");
        QTest::addRow("skipped") << QStringLiteral(R"({"agree":0,"disagree":0,"unsure":0,"skipped":2,"failed":0})")
                                 << QStringLiteral("judge: 2 skipped");
        QTest::addRow("failed") << QStringLiteral(R"({"agree":1,"disagree":0,"unsure":0,"skipped":0,"failed":1})")
                                << QStringLiteral("judge: 1 agree, 1 failed");
    }

    void bannerShowsSkippedAndFailed()
    {
        QFETCH(QString, judge);
        QFETCH(QString, expected);
        AttemptLogModel model;
        model.addEvent({ { "type", "attempt-started" }, { "n", 1 }, { "kind", "draft" } });
        model.addEvent({ { "type", "judge-verdicts" }, { "verdicts", { { { "candidate", "c1" }, { "verdict", "disagree" } } } } });
        model.addEvent({ { "type", "finished" }, { "outcome", "success" }, { "judge", json::parse(judge.toStdString()) } });
        QVERIFY2(model.outcomeText().contains(expected), qPrintable(model.outcomeText()));
        QVERIFY(!model.outcomeText().contains(QStringLiteral("disagree")));
    }

    void noticesInTheLog()
    {
        AttemptLogModel model;
        model.addEvent({ { "type", "attempt-started" }, { "n", 1 }, { "kind", "draft" } });
        model.addEvent({ { "type", "notice" }, { "n", 1 }, { "text", "truncation check skipped" } });
        model.addEvent({ { "type", "attempt-finished" }, { "n", 1 }, { "candidates", 0 }, { "ms", 5 } });
        const QModelIndex kind = model.index(0, AttemptLogModel::KindColumn);
        QVERIFY2(kind.data().toString().contains(QStringLiteral("truncation check skipped")), qPrintable(kind.data().toString()));
        QVERIFY(kind.data(Qt::ToolTipRole).toString().contains(QStringLiteral("Notice: truncation check skipped")));
    }

    void gutterToolTip()
    {
        ScriptedDemo demo(judgeRepairScript());
        QVERIFY(demo.isValid());
        MainWindow window;
        window.resize(1200, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(demo.open(window));
        // The demo's settings run no judge: the tooltip says so.
        QSignalSpy finished(&window, &MainWindow::formalizeFinished);
        QVERIFY(window.formalize());
        QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
        auto *view = window.findChild<ProposalView *>(QStringLiteral("proposalView"));
        QVERIFY(view);
        const int line = window.presenter()->lineOfEntry(QStringLiteral("c1"));
        QVERIFY(line >= 0);
        const QString tip = view->mark(line).toolTip;
        for (const char *axis : { "c1 — ", "Decision: ", "State: admissible", "Judge: ", "Model confidence: high", "Strength: " })
            QVERIFY2(tip.contains(QString::fromUtf8(axis)), qPrintable(tip));

        // Hovering the gutter shows it.
        QWidget *gutter = view->gutter();
        // The pane shows the whole target file: bring the entry's line into view first.
        view->setTextCursor(QTextCursor(view->document()->findBlockByNumber(line)));
        view->ensureCursorVisible();
        const QRect rect = view->cursorRect(QTextCursor(view->document()->findBlockByNumber(line)));
        const QPoint at(gutter->width() - 4, gutter->mapFromGlobal(view->viewport()->mapToGlobal(rect.center())).y());
        QHelpEvent help(QEvent::ToolTip, at, gutter->mapToGlobal(at));
        QApplication::sendEvent(gutter, &help);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), tip);
        QToolTip::hideText();
    }

    void detailsShowStrengthAndJudgeFailure()
    {
        fanva::formalize::Entry e;
        e.id = QStringLiteral("c4");
        e.state = fanva::formalize::EntryState::Admissible;
        e.candidate = QStringLiteral("(weightInKg Mango 1)");
        e.shapes = { e.candidate };
        e.strength = QStringLiteral("monotonic");
        e.confidence = fanva::formalize::Confidence::Low;
        e.verdictNote = QStringLiteral("judge failed (transport): connection refused");
        const fanva::proposal::Proposal proposal;
        QTextDocument html;
        html.setHtml(EntryDetailsView::entryHtml(e, proposal, {}));
        const QString shown = html.toPlainText();
        QVERIFY2(shown.contains(QStringLiteral("Strength: monotonic (no exceptions)")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("Model confidence: low")), qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("the judge failed: (transport): connection refused")), qPrintable(shown));
    }

    void germanBanner()
    {
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(FANVA_QM_DIR "/fanva_de.qm")));
        QApplication::installTranslator(&translator);
        AttemptLogModel model;
        model.addEvent({ { "type", "attempt-started" }, { "n", 1 }, { "kind", "draft" } });
        model.addEvent(
            { { "type", "finished" }, { "outcome", "success" }, { "counts", { { "admissible", 7 }, { "known", 10 }, { "superseded", 2 } } },
                { "coverage", { { "covered", 3 }, { "total", 4 } } }, { "judge", { { "agree", 5 }, { "skipped", 2 } } },
                { "vocabulary", { { "literals", 31 }, { "reused", 27 }, { "coined", 4 } } } });
        const QString banner = model.outcomeText();
        const QString kind = model.index(0, AttemptLogModel::KindColumn).data().toString();
        QApplication::removeTranslator(&translator);
        QCOMPARE(kind, QStringLiteral("Entwurf"));
        QCOMPARE(model.index(0, AttemptLogModel::KindColumn).data().toString(), QStringLiteral("draft"));
        for (const char *english :
            { "success", "admissible", "known", "superseded", "agree", "skipped", "literals", "reused", "coined", "judge:", "coverage" })
            QVERIFY2(!banner.contains(QLatin1StringView(english)), qPrintable(banner));
        for (const QString &german : { QStringLiteral("Erfolg"), QStringLiteral("7 zulässig"), QStringLiteral("10 bereits bekannt"),
                 QStringLiteral("2 ersetzt"), QStringLiteral("5 stimmen zu"), QStringLiteral("2 übersprungen"),
                 QStringLiteral("Literale: 31 (27 wiederverwendet, 4 neu geprägt)") })
            QVERIFY2(banner.contains(german), qPrintable(banner));
    }
};

QTEST_MAIN(TstSummaries)
#include "tst_summaries.moc"
