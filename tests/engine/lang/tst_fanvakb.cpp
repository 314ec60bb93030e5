// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The fanva-kb adapter gives what the direct kb::/check::/formalize calls give, on the
// demo workspace's KB (resources/demo) and on the shared corpus's KB (skipped when absent):
// read, load, render, key, the gates one by one and as a batch, round trip, gloss,
// corrections, coined, card, prompt guide, bare candidates and highlighting tokens; score's
// operations and describeTerm on their own.
#include "lang/fanvakb/barecandidates.h"
#include "lang/fanvakb/fanvakb.h"
#include "lang/fanvakb/kbtokenizer.h"
#include "lang/gates.h"

#include "check/critic.h"
#include "check/gates.h"
#include "formalize/replyparser.h"
#include "formalize/segmenter.h"
#include "formalize/sessionsetup.h"
#include "kb/canonical.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"
#include "kb/sentencedata.h"
#include "kb/symbol.h"
#include "kb/writer.h"
#include "lang/fanvakb/coined.h"
#include "lang/fanvakb/corrections.h"
#include "lang/fanvakb/gloss.h"
#include "lang/fanvakb/inventory.h"
#include "lang/fanvakb/resolver.h"
#include "proposal/proposal.h"

#include "sharedcorpus.h"

#include <QDir>
#include <QFile>
#include <QTest>

using namespace fanva;

namespace {

QString demoKb()
{
    return QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/kb");
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// At most this many statements of a large KB go through the gates (every one is read,
/// rendered and keyed): the corpus has tens of thousands, and the gates' equality is about
/// shape, not volume.
constexpr std::size_t s_gateSample = 1500;

} // namespace

class TstFanvaKb : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsDirect_data();
    void sameAsDirect();
    void candidateGates_data();
    void candidateGates();
    void formalizePieces();
    void bareCandidates();
    void tokens();
    void foreignHandles();
    void sessionInput();
    void provenanceUsesLineComment();
    void scoreOperations();
    void describeTerm();
};

void TstFanvaKb::sameAsDirect_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addRow("demo") << demoKb();
    QTest::addRow("vaelii") << testsupport::sharedPath(u"corpus/vaelii-kb");
}

void TstFanvaKb::sameAsDirect()
{
    QFETCH(QString, dir);
    if (qstrcmp(QTest::currentDataTag(), "vaelii") == 0)
        FANVA_NEED_SHARED(u"corpus/vaelii-kb");
    const lang::Language &language = lang::fanvaKb();
    const kb::LoadResult direct = kb::loadKnowledgeBase(dir);
    const lang::LoadResult seam = language.load(dir);
    QVERIFY(direct.ok());
    QVERIFY(seam.ok());
    QCOMPARE(seam.diagnostics, direct.diagnostics);
    const kb::KnowledgeBase &kb = *direct.kb;
    QCOMPARE(seam.kb->statementCount(), kb.sentenceCount());
    QCOMPARE(&seam.kb->language(), &language);
    QStringList contexts;
    for (const kb::SymbolId cx : kb.contexts())
        contexts.append(kb::symbolString(cx));
    QCOMPARE(seam.kb->targets(), contexts);

    // The files the loader reads, in the seam's order.
    QStringList loaderFiles;
    for (const kb::SymbolId cx : kb.contexts()) {
        // Contexts only named by a genlCx have no file.
        if (const QString file = kb.contextInfo(cx)->file; !file.isEmpty())
            loaderFiles.append(QDir(dir).absoluteFilePath(file));
    }
    QStringList seamFiles;
    for (const QString &file : language.kbFiles(dir))
        seamFiles.append(QFileInfo(file).absoluteFilePath());
    std::sort(loaderFiles.begin(), loaderFiles.end());
    std::sort(seamFiles.begin(), seamFiles.end());
    QCOMPARE(seamFiles, loaderFiles);

    const check::Critic critic(kb);
    std::size_t gated = 0;
    const std::size_t every = std::max<std::size_t>(1, kb.sentenceCount() / s_gateSample);
    std::size_t index = 0;
    for (const QString &file : language.kbFiles(dir)) {
        const QByteArray text = readAll(file);
        const kb::Document document = kb::parseDocument(text, file);
        const lang::ReadResult read = language.read(text, file);
        QCOMPARE(read.diagnostics, document.diagnostics);
        QCOMPARE(read.statements.size(), document.sentences.size());
        const QString context = QFileInfo(file).completeBaseName();
        for (std::size_t i = 0; i < document.sentences.size(); ++i) {
            const kb::Term term = document.sentences[i];
            const lang::Statement &statement = read.statements[i];
            QCOMPARE(statement.language, &language);
            QCOMPARE(statement.span, term.span());
            QCOMPARE(statement.text, QString::fromUtf8(text.mid(term.span().begin, term.span().end - term.span().begin)));
            QVERIFY(kb::sameTerm(lang::termOf(statement)->term, term));
            QCOMPARE(language.render(statement), kb::render(term));
            QCOMPARE(language.key(seam.kb.get(), statement), kb.canonicalKey(term));
            QCOMPARE(language.key(nullptr, statement), kb::canonicalKey(term));
            QVERIFY(seam.kb->isStored(language.key(seam.kb.get(), statement), context));
            if (index++ % every != 0)
                continue;
            ++gated;
            QCOMPARE(language.check(*seam.kb, statement, context), critic.check(term, context, {}));
            QCOMPARE(language.roundTrip(*seam.kb, statement), check::roundTripProblem(kb, term));
            const formalize::Gloss gloss = lang::fanvakb::gloss(kb, term, kb::intern(context.toStdString()));
            QCOMPARE(language.gloss(*seam.kb, statement, context), gloss);
            const formalize::Correction correction = lang::fanvakb::correct(kb, term, kb::intern(context.toStdString()));
            const formalize::Correction viaSeam = language.corrections(*seam.kb, statement, context);
            QCOMPARE(viaSeam.rules, correction.rules);
            QCOMPARE(viaSeam.to, correction.to);
            QCOMPARE(viaSeam.alternatives, correction.alternatives);
            QCOMPARE(viaSeam.why, correction.why);
        }
    }
    QVERIFY(gated > 0);
    qInfo("%zu statements read, rendered and keyed; %zu through the gates", index, gated);
}

void TstFanvaKb::candidateGates_data()
{
    QTest::addColumn<QString>("target");
    QTest::addColumn<QStringList>("candidates");
    QTest::addRow("demo batch") << "CxAnimals"
                                << QStringList { "(isa Leo lion)", "(isa Leo lion)", "(eats Leo zebra)", "", "(a) (b)", "(unknownThing Leo",
                                       "(genl lion mammal)", "(and (isa Zed zebra))", "(isa Zed zebra) ; done" };
}

void TstFanvaKb::candidateGates()
{
    QFETCH(QString, target);
    QFETCH(QStringList, candidates);
    const kb::LoadResult direct = kb::loadKnowledgeBase(demoKb());
    QVERIFY(direct.ok());
    const std::shared_ptr<const lang::Kb> seamKb = lang::fanvaKbOver(direct.kb);
    const check::Critic critic(*direct.kb);
    check::BatchOverlay overlay;
    std::unique_ptr<lang::Batch> batch = lang::fanvaKb().newBatch(*seamKb);
    for (const QString &candidate : candidates) {
        const lang::GateReport expected = check::runGates(critic, candidate, target, {}, &overlay);
        const lang::GateReport got = lang::runGates(*seamKb, candidate, target, batch.get());
        QCOMPARE(got.failedGate, expected.failedGate);
        QCOMPARE(got.problems, expected.problems);
        QCOMPARE(got.notes, expected.notes);
        QCOMPARE(got.canonical, expected.canonical);
        QCOMPARE(got.isKnown(), expected.isKnown());
        QCOMPARE(got.isDuplicate(), expected.isDuplicate());
        // One report type: check's carries the same statement, its sentence readable both ways.
        QCOMPARE(got.statement.has_value(), expected.statement.has_value());
        if (expected.statement) {
            QCOMPARE(got.statement->text, expected.statement->text);
            QCOMPARE(got.statement->span, expected.statement->span);
            const kb::OwnedTerm *sentence = kb::sentenceOf(*expected.statement);
            QVERIFY(sentence);
            QCOMPARE(kb::render(sentence->term), lang::fanvaKb().render(*got.statement));
            QVERIFY(lang::termOf(*expected.statement).has_value());
        }
        QCOMPARE(batch->size(), overlay.size());
    }
    // The KB alone, without a batch.
    for (const QString &candidate : candidates) {
        const lang::GateReport expected = check::runGates(critic, candidate, target);
        const lang::GateReport got = lang::runGates(*seamKb, candidate, target);
        QCOMPARE(got.failedGate, expected.failedGate);
        QCOMPARE(got.problems, expected.problems);
        QCOMPARE(got.notes, expected.notes);
    }
}

void TstFanvaKb::formalizePieces()
{
    const kb::LoadResult direct = kb::loadKnowledgeBase(demoKb());
    QVERIFY(direct.ok());
    const kb::KnowledgeBase &kb = *direct.kb;
    const std::shared_ptr<const lang::Kb> seamKb = lang::fanvaKbOver(direct.kb);
    const lang::Language &language = seamKb->language();
    const QByteArray document = readAll(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/animals.md"));
    QVERIFY(!document.isEmpty());
    const formalize::Segmentation segmentation = formalize::segment(document);
    QVERIFY(segmentation.ok());
    for (const QString &target : seamKb->targets()) {
        const kb::SymbolId cx = kb::intern(target.toStdString());
        QCOMPARE(language.promptGuide(*seamKb, target), lang::fanvakb::systemPrefix(kb, cx));
        const std::vector<formalize::Resolution> resolutions = lang::fanvakb::resolve(document, segmentation.segments, kb, cx);
        QCOMPARE(language.resolve(*seamKb, document, segmentation.segments, target), resolutions);
        for (const int budget : { 200, 800, 4000 }) {
            const formalize::Inventory expected = lang::fanvakb::buildInventory(kb, cx, resolutions, budget);
            const formalize::Inventory got = language.card(*seamKb, target, resolutions, budget);
            QCOMPARE(got.card, expected.card);
            QCOMPARE(got.tokens, expected.tokens);
            QCOMPARE(got.cut, expected.cut);
        }
        for (const formalize::Resolution &r : resolutions)
            QCOMPARE(language.findTerm(*seamKb, kb::symbolString(r.term), target), r.role);
        QCOMPARE(language.findTerm(*seamKb, QStringLiteral("noSuchTermAnywhere"), target), kb::Role::None);
    }
    // Coined: a batch mixing KB vocabulary and new functors.
    const QStringList sentences { "(isa Leo lion)", "(purrs Leo)", "(ownsToy Leo Ball)", "(implies (isa ?x cat) (purrs ?x))" };
    std::vector<lang::fanvakb::CoinedInput> inputs;
    std::vector<std::pair<QString, lang::Statement>> batch;
    std::vector<kb::SentenceParse> keep;
    for (const QString &s : sentences) {
        keep.push_back(kb::parseSentence(s));
        QVERIFY(keep.back().sentence);
        const QString id = QStringLiteral("c%1").arg(keep.size());
        inputs.push_back({ id, keep.back().sentence->term });
        const lang::Candidate c = language.readCandidate(s);
        QVERIFY(c.statement);
        batch.emplace_back(id, *c.statement);
    }
    const formalize::CoinedReport expected = lang::fanvakb::coinedVocabulary(kb, kb::intern("CxAnimals"), inputs);
    const formalize::CoinedReport got = language.coined(*seamKb, QStringLiteral("CxAnimals"), batch);
    QCOMPARE(got.functors, expected.functors);
    QCOMPARE(got.header(), expected.header());
    QCOMPARE(got.introduced, expected.introduced);
    QVERIFY(expected.coined > 0);
}

void TstFanvaKb::bareCandidates()
{
    const QString reply = QStringLiteral("Here they are:\n[1] (isa Leo lion)\n(eats Leo\n  zebra) ; 2\nand (purrs Leo) ;; sentence 3\n");
    const formalize::ParsedReply parsed
        = formalize::parseReply(reply, 0, [](const QString &text) { return lang::fanvaKb().bareCandidates(text); });
    QCOMPARE(parsed.method, formalize::ParsedReply::Method::SExpressions);
    const std::vector<formalize::ReplyCandidate> bare = lang::fanvaKb().bareCandidates(reply);
    QCOMPARE(bare, parsed.candidates);
    QCOMPARE(bare.size(), std::size_t(2));
    QCOMPARE(bare[1].segment, std::optional<int>(2));
    // A language's reader plugs into the parser's step 7.
    const formalize::ParsedReply viaHook = formalize::parseReply(reply, 0, [](const QString &text) {
        std::vector<formalize::ReplyCandidate> out = lang::fanvakb::bareSExpressions(text);
        out.resize(1);
        return out;
    });
    QCOMPARE(viaHook.candidates.size(), std::size_t(1));
}

void TstFanvaKb::tokens()
{
    const lang::Language &language = lang::fanvaKb();
    QCOMPARE(language.syntaxDefinition(), QStringLiteral("Fanva KB"));
    const QStringList lines { "(isa Leo lion) ; a comment", "(comment Leo \"a string", "still open\") (genl ?x CxAnimals)", "" };
    int state = 0;
    auto direct = lang::KbTokenizer::State::Normal;
    for (const QString &line : lines) {
        QCOMPARE(language.tokenizeLine(line, state), lang::KbTokenizer::tokenize(line, direct));
        QCOMPARE(state, direct == lang::KbTokenizer::State::Normal ? 0 : 1);
    }
}

void TstFanvaKb::foreignHandles()
{
    // A statement or KB of another language is not the adapter's: the accessors say so.
    class OtherData final : public lang::StatementData
    {
    };
    lang::Statement other;
    other.data = std::make_shared<const OtherData>();
    QVERIFY(!lang::termOf(other));
    const kb::LoadResult direct = kb::loadKnowledgeBase(demoKb());
    const std::shared_ptr<const lang::Kb> seamKb = lang::fanvaKbOver(direct.kb);
    QCOMPARE(lang::knowledgeBaseOf(*seamKb), direct.kb.get());
    QCOMPARE(lang::sharedKnowledgeBaseOf(*seamKb), direct.kb);
    QVERIFY(!lang::fanvaKbOver(nullptr));
}

void TstFanvaKb::sessionInput()
{
    // The one builder (formalize::makeSessionInput) on a fanva-kb Kb: §3.1's prefix whole,
    // the card within its budget, the document's resolutions.
    const kb::LoadResult direct = kb::loadKnowledgeBase(demoKb());
    QVERIFY(direct.ok());
    const std::shared_ptr<const lang::Kb> seamKb = lang::fanvaKbOver(direct.kb);
    const QByteArray document = readAll(QStringLiteral(FANVA_SOURCE_DIR "/resources/demo/animals.md"));
    const kb::SymbolId cx = kb::intern("CxAnimals");
    for (const int window : { 8192, 32768 }) {
        formalize::SessionSettings settings;
        settings.contextWindow = window;
        const formalize::SessionInput got = formalize::makeSessionInput(
            seamKb, QStringLiteral("CxAnimals"), document, QStringLiteral("animals.md"), settings, QStringLiteral("be brief"));
        QCOMPARE(got.kb, seamKb);
        QCOMPARE(got.systemPrefix, lang::fanvakb::systemPrefix(*direct.kb, cx));
        QVERIFY(got.cardBudget >= 200);
        QCOMPARE(got.card,
            lang::fanvakb::buildInventory(
                *direct.kb, cx, lang::fanvakb::resolve(document, formalize::segment(document).segments, *direct.kb, cx), got.cardBudget)
                .card);
        QVERIFY(!got.resolutions.empty());
        QCOMPARE(got.settings, settings.clamped());
    }
    QVERIFY(!formalize::makeSessionInput(nullptr, QStringLiteral("CxAnimals"), document, {}, {}).kb);
}

namespace {

/// fanva-kb with another comment prefix: what Apply's lines follow.
class HashComments final : public lang::Language
{
public:
    const lang::Language &base = lang::fanvaKb();
    QString id() const override { return QStringLiteral("hash-comments"); }
    QStringList kbFilePatterns() const override { return base.kbFilePatterns(); }
    QStringList kbFiles(const QString &dir) const override { return base.kbFiles(dir); }
    lang::ReadResult read(const QByteArray &text, const QString &file) const override { return base.read(text, file); }
    lang::LoadResult load(const QString &dir) const override { return base.load(dir); }
    lang::Candidate readCandidate(const QString &text) const override { return base.readCandidate(text); }
    std::vector<check::Problem> check(const lang::Kb &kb, const lang::Statement &s, const QString &t, const lang::Batch *b) const override
    {
        return base.check(kb, s, t, b);
    }
    std::unique_ptr<lang::Batch> newBatch(const lang::Kb &kb) const override { return base.newBatch(kb); }
    void admit(const lang::Kb &kb, lang::Batch &b, const lang::Statement &s, const QString &t, int i) const override
    {
        base.admit(kb, b, s, t, i);
    }
    std::optional<check::Problem> roundTrip(const lang::Kb &kb, const lang::Statement &s) const override { return base.roundTrip(kb, s); }
    QString render(const lang::Statement &s) const override { return QStringLiteral("<") + base.render(s) + QStringLiteral(">"); }
    std::string key(const lang::Kb *kb, const lang::Statement &s) const override { return base.key(kb, s); }
    lang::Gloss gloss(const lang::Kb &kb, const lang::Statement &s, const QString &t) const override { return base.gloss(kb, s, t); }
    formalize::Inventory card(const lang::Kb &kb, const QString &t, const std::vector<formalize::Resolution> &r, int b) const override
    {
        return base.card(kb, t, r, b);
    }
    std::vector<formalize::Resolution> resolve(
        const lang::Kb &kb, const QByteArray &d, const std::vector<formalize::Segment> &s, const QString &t) const override
    {
        return base.resolve(kb, d, s, t);
    }
    kb::Role findTerm(const lang::Kb &kb, const QString &s, const QString &t) const override { return base.findTerm(kb, s, t); }
    QString promptGuide(const lang::Kb &kb, const QString &t) const override { return base.promptGuide(kb, t); }
    formalize::Correction corrections(const lang::Kb &kb, const lang::Statement &s, const QString &t) const override
    {
        return base.corrections(kb, s, t);
    }
    formalize::CoinedReport coined(
        const lang::Kb &kb, const QString &t, const std::vector<std::pair<QString, lang::Statement>> &b) const override
    {
        return base.coined(kb, t, b);
    }
    std::vector<formalize::ReplyCandidate> bareCandidates(const QString &reply) const override { return base.bareCandidates(reply); }
    bool isScored(const lang::Statement &s, bool gold) const override { return base.isScored(s, gold); }
    QStringList individuals(const lang::Statement &s) const override { return base.individuals(s); }
    std::optional<lang::OneArgumentFact> oneArgumentFact(const lang::Kb *kb, const lang::Statement &s) const override
    {
        return base.oneArgumentFact(kb, s);
    }
    lang::Statement renamed(const lang::Kb *kb, const lang::Statement &s, const std::map<QString, QString> &r) const override
    {
        return base.renamed(kb, s, r);
    }
    lang::TermDescription describeTerm(const lang::Kb &kb, const QString &w, const QString &t, int m) const override
    {
        return base.describeTerm(kb, w, t, m);
    }
    QString lineComment() const override { return QStringLiteral("#"); }
    QString syntaxDefinition() const override { return base.syntaxDefinition(); }
    QList<lang::Token> tokenizeLine(QStringView line, int &state) const override { return base.tokenizeLine(line, state); }
};

} // namespace

void TstFanvaKb::provenanceUsesLineComment()
{
    const HashComments language;
    formalize::Entry entry;
    entry.id = QStringLiteral("c1");
    entry.segment = 2;
    entry.candidate = QStringLiteral("(isa   Leo lion)");
    const QStringList segments { QStringLiteral("One."), QStringLiteral("Leo is a lion.") };
    QCOMPARE(proposal::provenanceComment(entry, QStringLiteral("zoo.md"), segments, false, language),
        QStringLiteral("# zoo.md [2] \"Leo is a lion.\""));
    QCOMPARE(proposal::provenanceComment(entry, QStringLiteral("zoo.md"), segments), QStringLiteral(";; zoo.md [2] \"Leo is a lion.\""));
    QCOMPARE(proposal::renderSentence(entry.candidate, language), QStringLiteral("<(isa Leo lion)>"));
    QCOMPARE(proposal::renderSentence(entry.candidate), QStringLiteral("(isa Leo lion)"));
    QCOMPARE(proposal::renderSentence(QStringLiteral(" (unclosed "), language), QStringLiteral("(unclosed"));
}

void TstFanvaKb::scoreOperations()
{
    const lang::Language &language = lang::fanvaKb();
    const lang::ReadResult read
        = language.read("(penguin Pingu) (livesIn Pingu HarbourZoo) (comment penguin \"A bird.\") (not (flies Pingu))\n", {});
    QCOMPARE(read.statements.size(), std::size_t(4));
    const lang::Statement &fact = read.statements[0];
    QVERIFY(language.isScored(fact, true));
    QVERIFY(!language.isScored(read.statements[2], true));
    QVERIFY(language.isScored(read.statements[2], false));
    QVERIFY(language.oneArgumentFact(nullptr, fact) == (lang::OneArgumentFact { QStringLiteral("penguin"), QStringLiteral("Pingu") }));
    QVERIFY(!language.oneArgumentFact(nullptr, read.statements[1]));
    QVERIFY(!language.oneArgumentFact(nullptr, read.statements[3]));
    QStringList individuals = language.individuals(read.statements[1]);
    individuals.sort();
    QCOMPARE(individuals, (QStringList { QStringLiteral("HarbourZoo"), QStringLiteral("Pingu") }));
    const std::map<QString, QString> renaming { { QStringLiteral("Pingu"), QStringLiteral("PenguinA") } };
    const lang::Statement nested = language.renamed(nullptr, read.statements[3], renaming);
    QCOMPARE(language.render(nested), QStringLiteral("(not (flies PenguinA))"));
    QCOMPARE(nested.text, QStringLiteral("(not (flies PenguinA))"));
    QCOMPARE(language.key(nullptr, nested), language.key(nullptr, *language.readCandidate(nested.text).statement));
    // Nothing to rename: the statement itself.
    QCOMPARE(language.renamed(nullptr, read.statements[2], renaming).data, read.statements[2].data);
}

void TstFanvaKb::describeTerm()
{
    const QString dir = QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture/kb");
    const lang::Language &language = lang::fanvaKb();
    const lang::LoadResult loaded = language.load(dir);
    QVERIFY(loaded.ok());
    const kb::KnowledgeBase &direct = *lang::knowledgeBaseOf(*loaded.kb);
    const kb::SymbolId eats = kb::intern("eats");
    const lang::TermDescription term = language.describeTerm(*loaded.kb, QStringLiteral("eats"), QStringLiteral("CxAnimals"), 2);
    QCOMPARE(term.role, direct.findTerm(eats).role);
    QVERIFY(term.used);
    QCOMPARE(term.arity.value_or(-1), 2);
    QCOMPARE(term.sources.size(), std::size_t(1));
    QCOMPARE(term.sources[0].kind, QStringLiteral("comment"));
    QCOMPARE(term.sources[0].place.file, QStringLiteral("CxAnimals.txt"));
    QVERIFY(term.gloss.startsWith(QStringLiteral("(eats ?animal ?food) means")));
    QCOMPARE(term.useCount, int(direct.mentioning(eats).size()));
    QCOMPARE(term.uses.size(), std::size_t(2));
    QCOMPARE(term.uses[0].file, QStringLiteral("CxAnimals.txt"));
    QVERIFY(term.uses[0].line > 0);

    const lang::TermDescription unknown = language.describeTerm(*loaded.kb, QStringLiteral("zebraCrossing"), {}, 2);
    QCOMPARE(unknown.role, kb::Role::None);
    QVERIFY(!unknown.used);
    QCOMPARE(unknown.useCount, 0);
}

QTEST_GUILESS_MAIN(TstFanvaKb)
#include "tst_fanvakb.moc"
