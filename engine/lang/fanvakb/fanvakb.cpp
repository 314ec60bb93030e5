// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/fanvakb/fanvakb.h"

#include "check/critic.h"
#include "check/gates.h"
#include "formalize/replyparser.h"
#include "kb/canonical.h"
#include "kb/reader.h"
#include "kb/roles.h"
#include "kb/sentencedata.h"
#include "kb/symbol.h"
#include "kb/writer.h"
#include "lang/fanvakb/barecandidates.h"
#include "lang/fanvakb/coined.h"
#include "lang/fanvakb/corrections.h"
#include "lang/fanvakb/fanvakbclaimwriter.h"
#include "lang/fanvakb/fanvakbeditor.h"
#include "lang/fanvakb/fanvakbedits.h"
#include "lang/fanvakb/fanvakbstagedload.h"
#include "lang/fanvakb/fanvakbtools.h"
#include "lang/fanvakb/gloss.h"
#include "lang/fanvakb/inventory.h"
#include "lang/fanvakb/kbtokenizer.h"
#include "lang/fanvakb/resolver.h"
#include "lang/fanvakb/rulesturn.h"
#include "lang/turnvocabulary.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

namespace fanva::lang {

namespace {

/// `term` copied into `arena` with the symbols `rho` maps replaced, at any depth (the aligned
/// score's renaming, Language::renamed); returns the copy's node.
std::uint32_t renamedSymbols(kb::TermArena &arena, kb::Term term, const std::unordered_map<kb::SymbolId, kb::SymbolId> &rho, int depth = 0)
{
    if (term.isSymbol()) {
        const auto it = rho.find(term.symbol());
        return arena.addSymbol(it == rho.end() ? term.symbol() : it->second);
    }
    if (!term.isCompound() || depth > kb::maxDepth)
        return arena.copy(term);
    std::vector<std::uint32_t> children;
    children.reserve(term.size());
    for (std::uint32_t i = 0; i < term.size(); ++i)
        children.push_back(renamedSymbols(arena, term[i], rho, depth + 1));
    return arena.addCompound(term.kind(), children);
}

/// A fanva-kb statement: the term and the arena that keeps it alive (check::runGates makes it too).
using TermData = kb::SentenceData;

class FanvaKbKb final : public Kb
{
public:
    FanvaKbKb(const Language &language, std::shared_ptr<const kb::KnowledgeBase> knowledgeBase)
        : m_language(language)
        , m_kb(std::move(knowledgeBase))
    { }

    [[nodiscard]] const Language &language() const override { return m_language; }
    [[nodiscard]] QString root() const override { return m_kb->root(); }
    [[nodiscard]] std::size_t statementCount() const override { return m_kb->sentenceCount(); }
    [[nodiscard]] QStringList targets() const override
    {
        QStringList out;
        for (const kb::SymbolId context : m_kb->contexts())
            out.append(kb::symbolString(context));
        return out;
    }
    [[nodiscard]] bool isStored(const std::string &key, const QString &target) const override
    {
        return !m_kb->lookup(key, kb::Scope { contextId(target), kb::noKey }).empty();
    }
    [[nodiscard]] QString targetFile(const QString &target) const override
    {
        // The context's file wherever the loader found it, else <Cx>.txt at the root.
        if (const auto info = m_kb->contextInfo(contextId(target)); info && !info->file.isEmpty())
            return QDir(m_kb->root()).relativeFilePath(QDir(m_kb->root()).absoluteFilePath(info->file));
        return Kb::targetFile(target);
    }

    [[nodiscard]] const kb::KnowledgeBase &knowledgeBase() const { return *m_kb; }
    [[nodiscard]] const std::shared_ptr<const kb::KnowledgeBase> &shared() const { return m_kb; }
    /// The critic over this KB, made once on first need.
    [[nodiscard]] const check::Critic &critic() const
    {
        std::call_once(m_criticMade, [this] { m_critic = std::make_unique<const check::Critic>(*m_kb); });
        return *m_critic;
    }

    /// The context `target` names; every context for an empty target.
    static kb::SymbolId contextId(const QString &target) { return target.isEmpty() ? kb::noSymbol : kb::intern(target.toStdString()); }

private:
    const Language &m_language;
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    mutable std::once_flag m_criticMade;
    mutable std::unique_ptr<const check::Critic> m_critic;
};

class FanvaKbBatch final : public Batch
{
public:
    [[nodiscard]] int size() const override { return overlay.size(); }
    check::BatchOverlay overlay;
};

const FanvaKbKb &fanvaKbOf(const Kb &kb)
{
    return static_cast<const FanvaKbKb &>(kb);
}

kb::Term term(const Statement &statement)
{
    return static_cast<const TermData &>(*statement.data).term.term;
}

kb::SymbolId symbolOf(const QString &spelling)
{
    return kb::intern(spelling.toStdString());
}

/// The place of sentence `id` of `kb`, its file relative to the KB root.
KbPlace placeOf(const kb::KnowledgeBase &kb, kb::SentenceId id)
{
    const kb::Term sentence = kb.sentence(id).term;
    const kb::Span span = sentence.span();
    QString file = kb.fileOf(id);
    if (!kb.root().isEmpty())
        file = QDir(QFileInfo(kb.root()).absoluteFilePath()).relativeFilePath(QFileInfo(file).absoluteFilePath());
    return KbPlace { file, int(span.line), int(span.column), kb::render(sentence) };
}

/// fanva-kb's vocabulary of the structured formalize turn (docs/spec/rules.md §2).
class FanvaKbTurnVocabulary final : public TurnVocabulary
{
public:
    [[nodiscard]] nlohmann::json vocabulary(const Kb &kb, const QString &target) const override
    {
        return lang::fanvakb::rulesTurnVocabulary(fanvaKbOf(kb).knowledgeBase(), target);
    }
};

class FanvaKbLanguage final : public Language
{
public:
    [[nodiscard]] QString id() const override { return QStringLiteral("fanva-kb"); }
    [[nodiscard]] QStringList kbFilePatterns() const override { return { QStringLiteral("*.txt") }; }
    [[nodiscard]] QStringList kbFiles(const QString &dir) const override { return kbFilesMatching(dir, kbFilePatterns()); }

    [[nodiscard]] std::optional<QString> targetNameProblem(const QString &target) const override
    {
        const QByteArray utf8 = target.toUtf8();
        if (!target.contains(QLatin1Char('/')) && kb::isContextName(std::string_view(utf8.constData(), std::size_t(utf8.size()))))
            return std::nullopt;
        return QStringLiteral("%1 is not a context name: write Cx followed by CapitalCamelCase, e.g. CxBirds (without .txt)")
            .arg(target.isEmpty() ? QStringLiteral("\"\"") : target);
    }
    /// `<Context>.txt` in the KB folder or in a folder below it the loader reads (no `.` folder).
    [[nodiscard]] bool isTargetFile(const QString &file, const QString &target) const override
    {
        if (targetNameProblem(target))
            return false;
        const QStringList parts = file.split(QLatin1Char('/'));
        if (parts.constLast() != target + QStringLiteral(".txt"))
            return false;
        return std::none_of(
            parts.begin(), parts.end() - 1, [](const QString &part) { return part.isEmpty() || part.startsWith(QLatin1Char('.')); });
    }

    [[nodiscard]] ReadResult read(const QByteArray &text, const QString &file) const override
    {
        return readDocument(kb::parseDocument(text, file));
    }

    [[nodiscard]] ReadResult readDocument(kb::Document document) const
    {
        ReadResult result;
        result.statements.reserve(document.sentences.size());
        for (const kb::Term sentence : document.sentences)
            result.statements.push_back(statement(kb::OwnedTerm { document.arena, sentence }, document.text));
        result.diagnostics = std::move(document.diagnostics);
        return result;
    }

    [[nodiscard]] LoadResult load(const QString &dir) const override
    {
        kb::LoadResult loaded = kb::loadKnowledgeBase(dir);
        LoadResult result;
        result.diagnostics = std::move(loaded.diagnostics);
        if (loaded.kb)
            result.kb = std::make_shared<const FanvaKbKb>(*this, std::move(loaded.kb));
        return result;
    }

    [[nodiscard]] Candidate readCandidate(const QString &text) const override
    {
        const kb::SentenceParse parsed = kb::parseSentence(text);
        Candidate candidate;
        if (std::optional<check::Problem> problem = check::parseProblem(parsed, text)) {
            candidate.problem = std::move(problem);
            return candidate;
        }
        const kb::Span span = parsed.sentence->term.span();
        Statement s = statement(*parsed.sentence, {});
        const QByteArray utf8 = text.toUtf8();
        s.text = QString::fromUtf8(utf8.mid(span.begin, span.end - span.begin));
        candidate.statement = std::move(s);
        return candidate;
    }

    [[nodiscard]] std::vector<check::Problem> check(
        const Kb &kb, const Statement &statement, const QString &target, const Batch *batch) const override
    {
        const check::Critic &critic = fanvaKbOf(kb).critic();
        if (batch)
            return critic.check(term(statement), target, {}, static_cast<const FanvaKbBatch *>(batch)->overlay);
        return critic.check(term(statement), target, {});
    }

    [[nodiscard]] std::unique_ptr<Batch> newBatch(const Kb & /*kb*/) const override { return std::make_unique<FanvaKbBatch>(); }

    void admit(const Kb &kb, Batch &batch, const Statement &statement, const QString &target, int index) const override
    {
        static_cast<FanvaKbBatch &>(batch).overlay.add(fanvaKbOf(kb).critic(), term(statement), target, index);
    }

    [[nodiscard]] std::optional<check::Problem> roundTrip(const Kb &kb, const Statement &statement) const override
    {
        return check::roundTripProblem(fanvaKbOf(kb).knowledgeBase(), term(statement));
    }

    [[nodiscard]] QString render(const Statement &statement) const override { return kb::render(term(statement)); }

    [[nodiscard]] std::string key(const Kb *kb, const Statement &statement) const override
    {
        return kb ? fanvaKbOf(*kb).knowledgeBase().canonicalKey(term(statement)) : kb::canonicalKey(term(statement));
    }

    [[nodiscard]] Gloss gloss(const Kb &kb, const Statement &statement, const QString &target) const override
    {
        return lang::fanvakb::gloss(fanvaKbOf(kb).knowledgeBase(), term(statement), FanvaKbKb::contextId(target));
    }

    [[nodiscard]] Card card(const Kb &kb, const QString &target, const std::vector<Resolution> &resolutions, int budget) const override
    {
        return lang::fanvakb::buildInventory(fanvaKbOf(kb).knowledgeBase(), FanvaKbKb::contextId(target), resolutions, budget);
    }

    [[nodiscard]] std::vector<Resolution> resolve(
        const Kb &kb, const QByteArray &document, const std::vector<Segment> &segments, const QString &target) const override
    {
        return lang::fanvakb::resolve(document, segments, fanvaKbOf(kb).knowledgeBase(), FanvaKbKb::contextId(target));
    }

    [[nodiscard]] kb::Role findTerm(const Kb &kb, const QString &spelling, const QString &target) const override
    {
        const std::optional<kb::SymbolId> symbol = kb::findSymbol(spelling.toStdString());
        if (!symbol)
            return kb::Role::None;
        const kb::TermUsage usage = fanvaKbOf(kb).knowledgeBase().findTerm(*symbol, kb::Scope { FanvaKbKb::contextId(target), kb::noKey });
        return usage.used ? usage.role : kb::Role::None;
    }

    [[nodiscard]] QString promptGuide(const Kb &kb, const QString &target) const override
    {
        return fanvakb::systemPrefix(fanvaKbOf(kb).knowledgeBase(), FanvaKbKb::contextId(target));
    }

    [[nodiscard]] Correction corrections(const Kb &kb, const Statement &statement, const QString &target) const override
    {
        return lang::fanvakb::correct(fanvaKbOf(kb).knowledgeBase(), term(statement), FanvaKbKb::contextId(target));
    }

    [[nodiscard]] CoinedReport coined(
        const Kb &kb, const QString &target, const std::vector<std::pair<QString, Statement>> &batch) const override
    {
        std::vector<lang::fanvakb::CoinedInput> inputs;
        inputs.reserve(batch.size());
        for (const auto &[entryId, statement] : batch)
            inputs.push_back({ entryId, term(statement) });
        return lang::fanvakb::coinedVocabulary(fanvaKbOf(kb).knowledgeBase(), FanvaKbKb::contextId(target), inputs);
    }

    [[nodiscard]] std::vector<ReplyCandidate> bareCandidates(const QString &reply) const override
    {
        return lang::fanvakb::bareSExpressions(reply);
    }

    [[nodiscard]] bool isScored(const Statement &statement, bool gold) const override
    {
        return !gold || (!term(statement).isForm(kb::sym::comment) && !term(statement).isForm(kb::sym::genlCx));
    }

    [[nodiscard]] QStringList individuals(const Statement &statement) const override
    {
        std::set<kb::SymbolId> found;
        kb::collectIndividuals(term(statement), found);
        QStringList out;
        for (const kb::SymbolId id : found)
            out.append(kb::symbolString(id));
        return out;
    }

    [[nodiscard]] std::optional<OneArgumentFact> oneArgumentFact(const Kb * /*kb*/, const Statement &statement) const override
    {
        const kb::Term s = term(statement);
        if (s.isList() && s.size() == 2 && s[0].isSymbol() && s[1].isSymbol() && kb::isIndividualName(s[1].name()))
            return OneArgumentFact { kb::symbolString(s[0].symbol()), kb::symbolString(s[1].symbol()) };
        return std::nullopt;
    }

    [[nodiscard]] Statement renamed(
        const Kb * /*kb*/, const Statement &statement, const std::map<QString, QString> &renaming) const override
    {
        std::unordered_map<kb::SymbolId, kb::SymbolId> rho;
        for (const auto &[from, to] : renaming)
            rho.emplace(symbolOf(from), symbolOf(to));
        std::set<kb::SymbolId> found;
        kb::collectIndividuals(term(statement), found);
        if (std::none_of(found.begin(), found.end(), [&rho](kb::SymbolId id) { return rho.contains(id); }))
            return statement;
        auto arena = std::make_shared<kb::TermArena>();
        const kb::Term renamedSentence = arena->term(renamedSymbols(*arena, term(statement), rho));
        Statement out = this->statement(kb::OwnedTerm { std::move(arena), renamedSentence }, {});
        out.text = kb::render(renamedSentence);
        out.span = kb::Span { 0, uint32_t(out.text.toUtf8().size()), 1, 1 };
        return out;
    }

    [[nodiscard]] TermDescription describeTerm(const Kb &kb, const QString &word, const QString &target, int maxUses) const override
    {
        const kb::KnowledgeBase &knowledgeBase = fanvaKbOf(kb).knowledgeBase();
        TermDescription out;
        out.term = word;
        const std::optional<kb::SymbolId> symbol = kb::findSymbol(word.toStdString());
        if (!symbol)
            return out;
        kb::Scope scope;
        if (!target.isEmpty())
            scope.context = FanvaKbKb::contextId(target);
        const kb::TermUsage usage = knowledgeBase.findTerm(*symbol, scope);
        out.role = usage.role;
        out.used = usage.used;
        for (const kb::SentenceId id : knowledgeBase.comments(*symbol, scope)) {
            out.sources.push_back({ QStringLiteral("comment"), placeOf(knowledgeBase, id) });
            if (out.gloss.isEmpty())
                out.gloss = QString::fromUtf8(knowledgeBase.sentence(id).term.at(2).text());
        }
        if (const std::optional<kb::Arity> arity = knowledgeBase.arityOf(*symbol, scope))
            out.arity = arity->count;
        const std::vector<kb::SentenceId> mentions = knowledgeBase.mentioning(*symbol, scope);
        out.useCount = int(mentions.size());
        for (std::size_t i = 0; i < mentions.size() && int(i) < maxUses; ++i)
            out.uses.push_back(placeOf(knowledgeBase, mentions[i]));
        return out;
    }

    [[nodiscard]] QString lineComment() const override { return QStringLiteral(";;"); }
    [[nodiscard]] const ClaimWriter *claimWriter() const override { return &fanvaKbClaimWriter(); }
    [[nodiscard]] QString syntaxDefinition() const override { return QStringLiteral("Fanva KB"); }
    [[nodiscard]] const SentenceEdits *edits() const override { return &fanvaKbEdits(); }

    [[nodiscard]] const ToolServices *toolServices() const override { return &fanvaKbTools(); }

    [[nodiscard]] const EditorServices *editorServices() const override { return &fanvaKbEditorServices(); }
    [[nodiscard]] const StagedLoad *stagedLoad() const override { return &fanvaKbStagedLoad(); }
    [[nodiscard]] const Contexts *contexts() const override { return &fanvaKbContexts(); }

    [[nodiscard]] QList<Token> tokenizeLine(QStringView line, int &state) const override
    {
        auto tokenizerState = state == 0 ? KbTokenizer::State::Normal : KbTokenizer::State::InString;
        QList<Token> tokens = KbTokenizer::tokenize(line, tokenizerState);
        state = tokenizerState == KbTokenizer::State::Normal ? 0 : 1;
        return tokens;
    }

    [[nodiscard]] const TurnVocabulary *turnVocabulary() const override
    {
        static const FanvaKbTurnVocabulary vocabulary;
        return &vocabulary;
    }

private:
    /// A statement over `owned`; its text is the span's slice of `source` when given.
    [[nodiscard]] Statement statement(kb::OwnedTerm owned, const QByteArray &source) const
    {
        Statement s;
        s.span = owned.term.span();
        if (!source.isNull())
            s.text = QString::fromUtf8(source.mid(s.span.begin, s.span.end - s.span.begin));
        s.data = std::make_shared<const TermData>(std::move(owned));
        s.language = this;
        return s;
    }
};

} // namespace

const Language &fanvaKb()
{
    static const FanvaKbLanguage language;
    return language;
}

std::shared_ptr<const Kb> fanvaKbOver(std::shared_ptr<const kb::KnowledgeBase> knowledgeBase)
{
    if (!knowledgeBase)
        return nullptr;
    return std::make_shared<const FanvaKbKb>(fanvaKb(), std::move(knowledgeBase));
}

const kb::KnowledgeBase *knowledgeBaseOf(const Kb &kb)
{
    const auto *own = dynamic_cast<const FanvaKbKb *>(&kb);
    return own ? &own->knowledgeBase() : nullptr;
}

std::shared_ptr<const kb::KnowledgeBase> sharedKnowledgeBaseOf(const Kb &kb)
{
    const auto *own = dynamic_cast<const FanvaKbKb *>(&kb);
    return own ? own->shared() : nullptr;
}

ReadResult readResultOf(kb::Document document)
{
    return static_cast<const FanvaKbLanguage &>(fanvaKb()).readDocument(std::move(document));
}

const check::Critic *criticOf(const Kb &kb)
{
    const auto *own = dynamic_cast<const FanvaKbKb *>(&kb);
    return own ? &own->critic() : nullptr;
}

std::optional<kb::OwnedTerm> termOf(const Statement &statement)
{
    const auto *data = dynamic_cast<const TermData *>(statement.data.get());
    if (!data)
        return std::nullopt;
    return data->term;
}

} // namespace fanva::lang
