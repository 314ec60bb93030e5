// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
//
// Rejudger, the review controller's Re-judge (docs/formalize.md §9.3), driven alone over a
// proposal the scripted provider drafted on a copy of the demo workspace: which entries may go
// to the judge, a provider without a model refused, the verdict landing through the decide
// function, an entry without a source sentence said so at once, and a verdict of a text the
// reviewer changed meanwhile dropped.

#include "review/entrymodel.h"
#include "review/rejudger.h"
#include "review/reviewkb.h"
#include "widgettesting.h"

#include "proposal/sessionfile.h"
#include "status.h"

#include <QSignalSpy>
#include <QTest>

using namespace fanva;
using fanva::testing::candidatesReply;
using fanva::testing::ScriptedDemo;
using nlohmann::json;

namespace {

/// A run proposing Mango's weight for sentence 6, and a judge that disagrees.
json mangoAndJudgeScript()
{
    return ScriptedDemo::script({ { { "when", { { "purpose", "formalize" } } },
                                      { "text", candidatesReply({ { "(weightInKg Mango 1)", 6 } }) }, { "stop_reason", "end_turn" } },
        { { "when", { { "purpose", "judge" } } },
            { "text", "{\"verdicts\":[{\"item\":1,\"verdict\":\"disagree\",\"note\":\"the sentence gives no weight\"}]}" } } });
}

/// A drafted review, reopened from its session file: its proposal in an EntryModel, its
/// sentences, its KB, and a Rejudger over them whose decisions are counted.
struct Fixture {
    ScriptedDemo demo { mangoAndJudgeScript() };
    EntryModel entries;
    json segments;
    ReviewKb kb;
    QStringList decided; ///< the texts of the decisions the Rejudger made
    Rejudger rejudger { &entries, [this](const QString &id, const QString &text, const std::function<bool(proposal::Proposal &)> &change) {
                           decided.append(text.arg(id));
                           return entries.change(id, change);
                       } };

    /// Why the fixture could not be made; empty when it was.
    QString make()
    {
        if (!demo.isValid())
            return QStringLiteral("the demo workspace was not copied");
        ReviewController review;
        if (const QString ran = demo.run(review); !ran.isEmpty())
            return ran;
        const QString path = demo.filePath(QStringLiteral("drafted.fanva"));
        if (const Status saved = review.saveSession(path); !saved)
            return saved.message();
        const proposal::SessionLoad loaded = proposal::loadSessionFile(path);
        if (!loaded.session)
            return loaded.error;
        entries.setProposal(loaded.session->proposal);
        segments = loaded.session->segments;
        if (const std::optional<QString> failure = kb.load(demo.kbFolder(), QStringLiteral("fanva-kb"), nullptr))
            return *failure;
        return entries.rowCount() > 0 ? QString() : QStringLiteral("the run drafted no entry");
    }

    /// Edits entry @p id to @p sentence, as the reviewer's edit does.
    bool edit(const QString &id, const QString &sentence)
    {
        return entries.change(id, [&](proposal::Proposal &p) { return p.setEdit(id, sentence, {}); });
    }
};

} // namespace

class TstRejudger : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Only an edited or author entry goes to the judge; its verdict lands as a decision.
    void verdictLands()
    {
        Fixture f;
        QCOMPARE(f.make(), QString());
        const QString id = f.entries.entryAt(0)->id;
        QVERIFY(!Rejudger::canRejudge(*f.entries.proposal().entry(id))); // as the model wrote it
        QVERIFY(f.edit(id, QStringLiteral("(weightInKg Mango 3)")));
        QVERIFY(Rejudger::canRejudge(*f.entries.proposal().entry(id)));

        QSignalSpy finished(&f.rejudger, &Rejudger::finished);
        QCOMPARE(f.rejudger.start({ id }, f.kb, f.segments, f.demo.setup().provider).message(), QString());
        QVERIFY(f.rejudger.isRunning());
        // One call at a time.
        const Status second = f.rejudger.start({ id }, f.kb, f.segments, f.demo.setup().provider);
        QVERIFY(!second);
        QTRY_COMPARE(finished.count(), 1);
        QVERIFY(!f.rejudger.isRunning());
        QCOMPARE(finished.first().first().toStringList(), QStringList { id });
        const proposal::Entry *e = f.entries.proposal().entry(id);
        QVERIFY2(e->verdict == formalize::Verdict::Disagree, qPrintable(e->verdictNote));
        QCOMPARE(e->verdictNote, QStringLiteral("the sentence gives no weight"));
        QVERIFY(!e->gloss.text.isEmpty());
        QCOMPARE(f.decided, QStringList { QStringLiteral("Re-judge %1").arg(id) });
    }

    // A provider that names no model is refused; an entry without a source sentence says so at once.
    void refusesAndNotes()
    {
        Fixture f;
        QCOMPARE(f.make(), QString());
        const QString id = f.entries.entryAt(0)->id;
        QVERIFY(f.edit(id, QStringLiteral("(weightInKg Mango 3)")));
        llm::ProviderOptions ollama;
        ollama.id = QStringLiteral("ollama");
        const Status refused = f.rejudger.start({ id }, f.kb, f.segments, ollama);
        QVERIFY(!refused);
        QVERIFY(refused.message().contains(QStringLiteral("no model")));
        QVERIFY(f.decided.isEmpty());

        QVERIFY(f.entries.change(id, [&id](proposal::Proposal &p) {
            p.entry(id)->segment = 0;
            return true;
        }));
        QSignalSpy finished(&f.rejudger, &Rejudger::finished);
        QCOMPARE(f.rejudger.start({ id }, f.kb, f.segments, f.demo.setup().provider).message(), QString());
        QCOMPARE(finished.count(), 1); // nothing was sent: at once
        QVERIFY(!f.rejudger.isRunning());
        QCOMPARE(f.entries.proposal().entry(id)->verdictNote, QStringLiteral("no source sentence"));
    }

    // The reviewer edits the entry again while the judge reads it: that verdict is of another text.
    void changedMeanwhileIsDropped()
    {
        Fixture f;
        QCOMPARE(f.make(), QString());
        const QString id = f.entries.entryAt(0)->id;
        QVERIFY(f.edit(id, QStringLiteral("(weightInKg Mango 3)")));
        QSignalSpy finished(&f.rejudger, &Rejudger::finished);
        QCOMPARE(f.rejudger.start({ id }, f.kb, f.segments, f.demo.setup().provider).message(), QString());
        QVERIFY(f.edit(id, QStringLiteral("(weightInKg Mango 4)")));
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(f.entries.proposal().entry(id)->verdict, formalize::Verdict::None);
        QVERIFY(f.decided.isEmpty());
    }
};

QTEST_MAIN(TstRejudger)
#include "tst_rejudger.moc"
