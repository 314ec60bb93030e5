// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/niblilanguage.h"

#include "formalize/prompts.h"
#include "kb/symbol.h"
#include "lang/diagnostic.h"
#include "lang/nibli/card.h"
#include "lang/nibli/checks.h"
#include "lang/nibli/claimwriter.h"
#include "lang/nibli/gloss.h"
#include "lang/nibli/highlight.h"
#include "lang/nibli/knowledgebase.h"
#include "lang/nibli/niblieditor.h"
#include "lang/nibli/nibliedits.h"
#include "lang/nibli/niblitools.h"
#include "lang/nibli/promptguide.h"
#include "lang/nibli/reader.h"
#include "lang/nibli/turnvocabulary.h"
#include "lang/span.h"
#include "lang/spellings.h"
#include "lang/termrole.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace fanva::lang {

namespace {

/// A nibli statement: its own bytes, and its tree resolved against the lexicon plus the
/// declarations of the text it was read from (unresolved when that failed), that vocabulary
/// kept for the statements made from it (renamed()).
class NibliData final : public StatementData
{
public:
    std::string text;
    nibli::Statement tree;
    bool resolved = false;
    std::shared_ptr<const nibli::Vocabulary> vocabulary;
};

class NibliKb final : public Kb
{
public:
    NibliKb(const Language &language, QString root, std::shared_ptr<const nibli::KnowledgeBase> kb)
        : m_language(language)
        , m_root(std::move(root))
        , m_kb(std::move(kb))
    { }

    [[nodiscard]] const Language &language() const override { return m_language; }
    [[nodiscard]] QString root() const override { return m_root; }
    [[nodiscard]] std::size_t statementCount() const override { return m_kb->statements().size(); }
    [[nodiscard]] QStringList targets() const override
    {
        static const QRegularExpression name(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_-]*\\.nibli$"));
        QStringList out;
        for (const QString &file : nibli::KnowledgeBase::files(m_root)) {
            if (name.match(file).hasMatch())
                out.append(file.chopped(6));
        }
        std::sort(out.begin(), out.end());
        return out;
    }
    [[nodiscard]] bool isStored(const std::string &key, const QString & /*target*/) const override { return !m_kb->withKey(key).empty(); }
    [[nodiscard]] const nibli::KnowledgeBase &knowledgeBase() const { return *m_kb; }
    /// The KB's vocabulary, kept alive with the KB.
    [[nodiscard]] std::shared_ptr<const nibli::Vocabulary> vocabulary() const { return { m_kb, &m_kb->vocabulary() }; }

private:
    const Language &m_language;
    QString m_root;
    std::shared_ptr<const nibli::KnowledgeBase> m_kb;
};

class NibliBatch final : public Batch
{
public:
    explicit NibliBatch(const nibli::Vocabulary &kbVocabulary)
        : vocabulary(kbVocabulary)
    { }
    [[nodiscard]] int size() const override { return count; }
    nibli::Batch batch;
    nibli::Vocabulary vocabulary;
    int count = 0;
};

const nibli::KnowledgeBase &nibliKbOf(const Kb &kb)
{
    return static_cast<const NibliKb &>(kb).knowledgeBase();
}

const NibliData &dataOf(const Statement &statement)
{
    return static_cast<const NibliData &>(*statement.data);
}

/// The one statement of `text` with its Names renamed by `renaming`, resolved against
/// `vocabulary`; nullopt when it does not read or resolve.
std::optional<nibli::Statement> renamedTree(
    std::string_view text, const std::unordered_map<std::string, std::string> &renaming, const nibli::Vocabulary &vocabulary)
{
    nibli::ParsedCandidate parsed = nibli::parseCandidate(text);
    if (!parsed.statement)
        return std::nullopt;
    nibli::renameNames(*parsed.statement, renaming);
    if (!nibli::resolve(*parsed.statement, vocabulary).empty())
        return std::nullopt;
    return std::move(parsed.statement);
}

/// `uses` of a KB's statements as places, the first `maxUses` of them.
std::vector<KbPlace> placesOf(const nibli::KnowledgeBase &kb, const std::vector<size_t> &uses, int maxUses)
{
    std::vector<KbPlace> out;
    for (size_t i = 0; i < uses.size() && int(i) < maxUses; ++i) {
        const nibli::KbStatement &s = kb.statements()[uses[i]];
        out.push_back(KbPlace { s.file, s.statement.line, s.statement.column, QString::fromStdString(nibli::render(s.statement)) });
    }
    return out;
}

/// The statement's text read again (one statement) and resolved against `vocabulary`; the
/// resolver's problems in `problems` when given.
std::optional<nibli::Statement> reread(const Statement &statement, const nibli::Vocabulary &vocabulary)
{
    nibli::ParsedCandidate parsed = nibli::parseCandidate(dataOf(statement).text);
    if (!parsed.statement)
        return std::nullopt;
    if (!nibli::resolve(*parsed.statement, vocabulary).empty())
        return std::nullopt;
    return std::move(parsed.statement);
}

/// A position inside a statement's own text moved to where the statement stands.
lang::Span placed(const Statement &statement, const nibli::Diagnostic &d)
{
    lang::Span span;
    span.begin = statement.span.begin + d.offset;
    span.end = span.begin;
    const bool firstLine = d.line <= 1;
    span.line = statement.span.line == 0 ? uint32_t(d.line) : statement.span.line + uint32_t(std::max(d.line, 1) - 1);
    span.column = firstLine && statement.span.column > 0 ? statement.span.column + uint32_t(std::max(d.column, 1) - 1) : uint32_t(d.column);
    return span;
}

lang::Problem problemOf(const Statement &statement, const nibli::Diagnostic &d)
{
    return { QString::fromStdString(d.id), QString::fromStdString(d.message), placed(statement, d) };
}

lang::Diagnostic diagnosticOf(const nibli::Diagnostic &d, const QString &file, bool warning = false)
{
    lang::Diagnostic out;
    out.code = QString::fromStdString(d.id);
    out.file = file;
    out.line = d.line;
    out.column = d.column;
    out.byteOffset = d.offset;
    out.message = QString::fromStdString(d.message);
    out.severity = warning ? lang::Diagnostic::Severity::Warning : lang::Diagnostic::Severity::Error;
    return out;
}

TokenClass tokenClassOf(nibli::TokenClass c)
{
    switch (c) {
    case nibli::TokenClass::Comment:
        return TokenClass::Comment;
    case nibli::TokenClass::String:
        return TokenClass::String;
    case nibli::TokenClass::Number:
        return TokenClass::Number;
    case nibli::TokenClass::Variable:
        return TokenClass::Variable;
    case nibli::TokenClass::Individual:
        return TokenClass::Individual;
    case nibli::TokenClass::Keyword:
        return TokenClass::Keyword;
    case nibli::TokenClass::Predicate:
        return TokenClass::Predicate;
    case nibli::TokenClass::Other:
        break;
    }
    return TokenClass::Other;
}

lang::TermRole roleOf(nibli::TermRole role)
{
    switch (role) {
    case nibli::TermRole::Predicate:
        return lang::TermRole::Predicate;
    case nibli::TermRole::Individual:
        return lang::TermRole::Individual;
    case nibli::TermRole::None:
        break;
    }
    return lang::TermRole::None;
}

class NibliLanguage final : public Language
{
public:
    [[nodiscard]] QString id() const override { return QStringLiteral("nibli"); }
    [[nodiscard]] QStringList kbFilePatterns() const override { return { QStringLiteral("*.nibli") }; }
    [[nodiscard]] QStringList kbFiles(const QString &dir) const override { return kbFilesMatching(dir, kbFilePatterns()); }

    /// The reader's and the lexer's diagnostics (nibli-kr.md §2) and the parse gate's own.
    [[nodiscard]] bool isReaderProblem(QStringView code) const override
    {
        static const std::set<QString> s_reader { QStringLiteral("syntax"), QStringLiteral("too-deep"), QStringLiteral("too-many-errors"),
            QStringLiteral("reserved-word"), QStringLiteral("negation-double"), QStringLiteral("negation-outside"),
            QStringLiteral("prefix-duplicate"), QStringLiteral("prefix-stacked"), QStringLiteral("prefix-compound"),
            QStringLiteral("positional-after-named"), QStringLiteral("count-not-whole"), QStringLiteral("count-range"),
            QStringLiteral("clause-without-it"), QStringLiteral("word-malformed"), QStringLiteral("number-malformed"),
            QStringLiteral("number-range"), QStringLiteral("string-unterminated"), QStringLiteral("string-escape"),
            QStringLiteral("comment-unterminated"), QStringLiteral("variable-malformed"), QStringLiteral("character"),
            QStringLiteral("encoding"), QStringLiteral("several-sentences"), QStringLiteral("empty-sentence") };
        return Language::isReaderProblem(code) || s_reader.contains(code.toString());
    }

    [[nodiscard]] ReadResult read(const QByteArray &text, const QString &file) const override
    {
        const std::string_view bytes(text.constData(), std::size_t(text.size()));
        nibli::ReadResult read = nibli::read(bytes);
        auto shared = std::make_shared<nibli::Vocabulary>(nibli::Lexicon::builtin());
        nibli::Vocabulary &vocabulary = *shared;
        for (const nibli::Statement &s : read.statements) {
            if (s.isDeclaration)
                vocabulary.declare(s.declaration, nibli::render(s));
        }
        ReadResult result;
        result.statements.reserve(read.statements.size());
        for (nibli::Statement &s : read.statements) {
            auto data = std::make_shared<NibliData>();
            data->text = std::string(bytes.substr(s.begin, s.end - s.begin));
            Statement out;
            out.text = QString::fromStdString(data->text);
            out.span = lang::Span { s.begin, s.end, uint32_t(s.line), uint32_t(s.column) };
            data->resolved = nibli::resolve(s, vocabulary).empty();
            data->tree = std::move(s);
            data->vocabulary = shared;
            out.data = std::move(data);
            out.language = this;
            result.statements.push_back(std::move(out));
        }
        for (const nibli::Diagnostic &d : read.diagnostics)
            result.diagnostics.push_back(diagnosticOf(d, file));
        return result;
    }

    [[nodiscard]] LoadResult load(const QString &dir) const override
    {
        LoadResult result;
        if (!QFileInfo(dir).isDir()) {
            lang::Diagnostic missing;
            missing.code = QStringLiteral("kb-root");
            missing.file = dir;
            missing.message = QStringLiteral("the KB folder %1 cannot be read").arg(QDir::toNativeSeparators(dir));
            result.diagnostics.push_back(missing);
            return result;
        }
        nibli::KnowledgeBase::LoadResult loaded = nibli::KnowledgeBase::load(dir);
        for (const nibli::FileDiagnostic &d : loaded.diagnostics)
            result.diagnostics.push_back(diagnosticOf(d.diagnostic, QDir(dir).filePath(d.file), d.warning));
        if (loaded.kb)
            result.kb = std::make_shared<const NibliKb>(*this, dir, std::move(loaded.kb));
        return result;
    }

    [[nodiscard]] Candidate readCandidate(const QString &text) const override
    {
        const QByteArray utf8 = text.toUtf8();
        Candidate candidate;
        nibli::ParsedCandidate parsed = nibli::parseCandidate(std::string_view(utf8.constData(), std::size_t(utf8.size())));
        if (parsed.problem) {
            const nibli::Diagnostic &d = *parsed.problem;
            candidate.problem = lang::Problem { QString::fromStdString(d.id), QString::fromStdString(d.message),
                lang::Span { d.offset, d.offset, uint32_t(d.line), uint32_t(d.column) } };
            return candidate;
        }
        const ReadResult read = this->read(utf8, {});
        if (read.statements.size() != 1)
            return candidate; // parseCandidate and read agree: not reached
        candidate.statement = read.statements.front();
        return candidate;
    }

    [[nodiscard]] std::vector<lang::Problem> check(
        const Kb &kb, const Statement &statement, const QString & /*target*/, const Batch *batch) const override
    {
        const nibli::KnowledgeBase &knowledgeBase = nibliKbOf(kb);
        static const nibli::Batch s_noBatch;
        const auto *own = static_cast<const NibliBatch *>(batch);
        nibli::ParsedCandidate parsed = nibli::parseCandidate(dataOf(statement).text);
        std::vector<lang::Problem> out;
        if (parsed.problem) {
            out.push_back(problemOf(statement, *parsed.problem));
            return out;
        }
        const nibli::Vocabulary &vocabulary = own ? own->vocabulary : knowledgeBase.vocabulary();
        const nibli::CheckResult result = nibli::check(&knowledgeBase, vocabulary, *parsed.statement, own ? own->batch : s_noBatch);
        std::vector<nibli::Diagnostic> problems = result.problems;
        std::vector<nibli::Diagnostic> notes = result.notes;
        const nibli::LineIndex lines(dataOf(statement).text);
        nibli::locate(problems, lines);
        nibli::locate(notes, lines);
        for (const nibli::Diagnostic &d : problems.empty() ? notes : problems)
            out.push_back(problemOf(statement, d));
        return out;
    }

    [[nodiscard]] std::unique_ptr<Batch> newBatch(const Kb &kb) const override
    {
        return std::make_unique<NibliBatch>(nibliKbOf(kb).vocabulary());
    }

    void admit(const Kb & /*kb*/, Batch &batch, const Statement &statement, const QString & /*target*/, int /*index*/) const override
    {
        auto &own = static_cast<NibliBatch &>(batch);
        ++own.count;
        std::optional<nibli::Statement> s = reread(statement, own.vocabulary);
        if (!s)
            return;
        own.batch.keys.push_back(nibli::key(*s));
        for (std::string &name : nibli::namesOf(*s))
            own.batch.names.push_back(std::move(name));
        if (s->isDeclaration)
            own.vocabulary.declare(s->declaration, nibli::render(*s));
    }

    [[nodiscard]] std::optional<lang::Problem> roundTrip(const Kb &kb, const Statement &statement) const override
    {
        std::optional<nibli::Statement> s = reread(statement, nibliKbOf(kb).vocabulary());
        if (!s)
            return lang::Problem { QStringLiteral("round-trip"), QStringLiteral("the statement does not resolve against the KB"),
                statement.span };
        if (std::optional<nibli::Diagnostic> d = nibli::roundTrip(*s, nibliKbOf(kb).vocabulary()))
            return problemOf(statement, *d);
        return std::nullopt;
    }

    [[nodiscard]] QString render(const Statement &statement) const override
    {
        const NibliData &data = dataOf(statement);
        if (!data.resolved)
            return QString::fromStdString(data.text);
        return QString::fromStdString(nibli::render(data.tree));
    }

    [[nodiscard]] std::string key(const Kb *kb, const Statement &statement) const override
    {
        if (kb) {
            if (std::optional<nibli::Statement> s = reread(statement, nibliKbOf(*kb).vocabulary()))
                return nibli::key(*s);
        }
        const NibliData &data = dataOf(statement);
        return data.resolved ? nibli::key(data.tree) : data.text;
    }

    [[nodiscard]] Gloss gloss(const Kb &kb, const Statement &statement, const QString & /*target*/) const override
    {
        std::optional<nibli::Statement> s = reread(statement, nibliKbOf(kb).vocabulary());
        const NibliData &data = dataOf(statement);
        if (!s && !data.resolved)
            return { statement.text, Gloss::Source::Named };
        const nibli::Gloss g = nibli::gloss(s ? *s : data.tree, nibliKbOf(kb).vocabulary());
        Gloss out;
        out.text = QString::fromStdString(g.text);
        out.source = g.source == nibli::Gloss::Source::Composed ? Gloss::Source::Composed
            : g.source == nibli::Gloss::Source::Partial         ? Gloss::Source::Partial
                                                                : Gloss::Source::Named;
        return out;
    }

    [[nodiscard]] Card card(const Kb &kb, const QString &target, const std::vector<Resolution> &resolutions, int budget) const override
    {
        std::vector<std::string> resolved;
        std::set<std::string> seen;
        for (const Resolution &r : resolutions) {
            std::string spelling(kb::symbolName(r.term));
            if (seen.insert(spelling).second)
                resolved.push_back(std::move(spelling));
        }
        const nibli::Card c = nibli::card(&nibliKbOf(kb), nibliKbOf(kb).vocabulary(), resolved, target + QStringLiteral(".nibli"), budget);
        Card out;
        out.card = QString::fromStdString(c.text);
        out.tokens = c.tokens;
        out.cut.relations = c.cutPredicates;
        out.cut.individuals = c.cutNames;
        return out;
    }

    [[nodiscard]] std::vector<Resolution> resolve(
        const Kb &kb, const QByteArray &document, const std::vector<Segment> &segments, const QString &target) const override
    {
        // A word resolves as written (a Name), else in lower case, else its singular.
        static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9_]*"));
        std::vector<Resolution> out;
        for (const Segment &segment : segments) {
            const QString text = QString::fromUtf8(document.mid(segment.start, segment.length()));
            for (QRegularExpressionMatchIterator it = word.globalMatch(text); it.hasNext();) {
                const QRegularExpressionMatch m = it.next();
                const QString surface = m.captured();
                const QString lower = surface.toLower();
                for (const QString &spelling : { surface, lower, lang::singular(lower) }) {
                    const lang::TermRole role = findTerm(kb, spelling, target);
                    if (role == lang::TermRole::None)
                        continue;
                    const qsizetype start = segment.start + text.left(m.capturedStart()).toUtf8().size();
                    out.push_back({ segment.number, start, start + surface.toUtf8().size(), surface, kb::intern(spelling.toStdString()),
                        role, spelling });
                    break;
                }
            }
        }
        return out;
    }

    [[nodiscard]] lang::TermRole findTerm(const Kb &kb, const QString &spelling, const QString & /*target*/) const override
    {
        return roleOf(nibli::findTerm(&nibliKbOf(kb), nibliKbOf(kb).vocabulary(), spelling.toStdString()));
    }

    [[nodiscard]] QString promptGuide(const Kb & /*kb*/, const QString & /*target*/) const override
    {
        // nibli's guide inside formalize.md §3.1's language-neutral frame (nibli-kr.md §1.4).
        const std::string_view guide = nibli::promptGuide();
        return formalize::languageSystemPrefix(
            QStringLiteral("written in %1").arg(syntaxDefinition()), QString::fromUtf8(guide.data(), qsizetype(guide.size())));
    }

    [[nodiscard]] Correction corrections(const Kb & /*kb*/, const Statement & /*statement*/, const QString & /*target*/) const override
    {
        return {}; // tier A: none (nibli-kr.md §1.3)
    }

    [[nodiscard]] CoinedReport coined(
        const Kb &kb, const QString & /*target*/, const std::vector<std::pair<QString, Statement>> &batch) const override
    {
        const nibli::KnowledgeBase &knowledgeBase = nibliKbOf(kb);
        CoinedReport report;
        nibli::Vocabulary vocabulary = knowledgeBase.vocabulary();
        std::map<QString, CoinedFunctor> functors;
        std::set<std::string> batchDeclared;
        std::set<std::string> introduced;
        for (const auto &[entryId, statement] : batch) {
            std::optional<nibli::Statement> s = reread(statement, vocabulary);
            if (!s)
                continue;
            if (s->isDeclaration) {
                vocabulary.declare(s->declaration, nibli::render(*s));
                batchDeclared.insert(s->declaration.name);
                CoinedFunctor &f = functors[QString::fromStdString(s->declaration.name)];
                f.functor = QString::fromStdString(s->declaration.name);
                f.arity = int(s->declaration.labels.size());
                f.role = f.arity == 1 ? CoinedFunctor::Role::Property : CoinedFunctor::Role::Relation;
                f.entries.append(entryId);
                continue;
            }
            for (const std::string &head : nibli::headsOf(*s)) {
                ++report.literals;
                if (batchDeclared.contains(head)) {
                    ++report.coined;
                    CoinedFunctor &f = functors[QString::fromStdString(head)];
                    if (!f.entries.contains(entryId))
                        f.entries.append(entryId);
                } else {
                    ++report.reused;
                }
            }
            for (const std::string &name : nibli::namesOf(*s)) {
                if (knowledgeBase.spellingOf(name).empty())
                    introduced.insert(name);
            }
        }
        for (auto &[name, f] : functors) {
            (f.role == CoinedFunctor::Role::Property ? report.properties : report.relations) += 1;
            report.functors.push_back(std::move(f));
        }
        report.introduced = int(introduced.size());
        return report;
    }

    [[nodiscard]] std::vector<ReplyCandidate> bareCandidates(const QString &reply) const override
    {
        static const QRegularExpression marker(QStringLiteral("^\\[(\\d+)\\]"));
        static const QRegularExpression trailing(QStringLiteral("^(.*\\.)\\s*#\\s*\\[?(\\d+)\\]?$"));
        std::vector<ReplyCandidate> out;
        std::optional<int> lastMarker;
        for (const QString &raw : reply.split(QLatin1Char('\n'))) {
            const QString line = raw.trimmed();
            if (const QRegularExpressionMatch m = marker.match(line); m.hasMatch()) {
                lastMarker = m.captured(1).toInt();
                continue;
            }
            if (line.startsWith(QLatin1Char('#')))
                continue;
            ReplyCandidate candidate;
            if (const QRegularExpressionMatch m = trailing.match(line); m.hasMatch()) {
                candidate.sentence = m.captured(1).trimmed();
                candidate.segment = m.captured(2).toInt();
            } else if (line.endsWith(QLatin1Char('.'))) {
                candidate.sentence = line;
                candidate.segment = lastMarker;
            } else {
                continue;
            }
            out.push_back(std::move(candidate));
        }
        return out;
    }

    [[nodiscard]] bool isScored(const Statement &statement, bool /*gold*/) const override
    {
        // A declaration is vocabulary, not a claim (as fanva-kb's comment): neither side counts it.
        return !dataOf(statement).tree.isDeclaration;
    }

    [[nodiscard]] QStringList individuals(const Statement &statement) const override
    {
        QStringList out;
        for (const std::string &name : nibli::namesOf(dataOf(statement).tree)) {
            const QString spelling = QString::fromStdString(name);
            if (!out.contains(spelling))
                out.append(spelling);
        }
        return out;
    }

    [[nodiscard]] std::optional<OneArgumentFact> oneArgumentFact(const Kb *kb, const Statement &statement) const override
    {
        std::optional<nibli::OneArgumentFact> fact;
        if (std::optional<nibli::Statement> s = kb ? reread(statement, nibliKbOf(*kb).vocabulary()) : std::nullopt)
            fact = nibli::oneArgumentFact(*s);
        else if (dataOf(statement).resolved)
            fact = nibli::oneArgumentFact(dataOf(statement).tree);
        if (!fact)
            return std::nullopt;
        return OneArgumentFact { QString::fromStdString(fact->head), QString::fromStdString(fact->name) };
    }

    [[nodiscard]] Statement renamed(const Kb *kb, const Statement &statement, const std::map<QString, QString> &renaming) const override
    {
        const NibliData &data = dataOf(statement);
        const std::vector<std::string> names = nibli::namesOf(data.tree);
        std::unordered_map<std::string, std::string> rho;
        bool any = false;
        for (const auto &[from, to] : renaming) {
            std::string name = from.toStdString();
            any = any || std::ranges::find(names, name) != names.end();
            rho.emplace(std::move(name), to.toStdString());
        }
        if (!any)
            return statement;
        // Resolved as key() resolves: against the KB's vocabulary, else the statement's own.
        std::shared_ptr<const nibli::Vocabulary> vocabulary = kb ? static_cast<const NibliKb &>(*kb).vocabulary() : nullptr;
        std::optional<nibli::Statement> tree = vocabulary ? renamedTree(data.text, rho, *vocabulary) : std::nullopt;
        if (!tree && data.vocabulary) {
            vocabulary = data.vocabulary;
            tree = renamedTree(data.text, rho, *vocabulary);
        }
        if (!tree)
            return statement;
        // The render read back: a tree whose offsets are those of its own text.
        auto out = std::make_shared<NibliData>();
        out->text = nibli::render(*tree);
        nibli::ParsedCandidate again = nibli::parseCandidate(out->text);
        if (!again.statement || !nibli::resolve(*again.statement, *vocabulary).empty())
            return statement; // the round-trip contract (§5.4) says this is not reached
        out->tree = std::move(*again.statement);
        out->resolved = true;
        out->vocabulary = std::move(vocabulary);
        Statement result;
        result.text = QString::fromStdString(out->text);
        result.span = lang::Span { 0, uint32_t(out->text.size()), 1, 1 };
        result.data = std::move(out);
        result.language = this;
        return result;
    }

    [[nodiscard]] TermDescription describeTerm(const Kb &kb, const QString &word, const QString & /*target*/, int maxUses) const override
    {
        const nibli::KnowledgeBase &knowledgeBase = nibliKbOf(kb);
        const nibli::Vocabulary &vocabulary = knowledgeBase.vocabulary();
        const std::string spelling = word.toStdString();
        TermDescription out;
        out.term = word;
        std::vector<size_t> uses;
        if (const nibli::Entry *entry = vocabulary.find(spelling)) {
            out.role = lang::TermRole::Predicate;
            if (vocabulary.lexicon().find(spelling) != nullptr)
                out.sources.push_back({ QStringLiteral("lexicon"), {} });
            std::vector<size_t> declarations;
            for (const size_t i : knowledgeBase.withHead(spelling))
                (knowledgeBase.statements()[i].statement.isDeclaration ? declarations : uses).push_back(i);
            for (const KbPlace &place : placesOf(knowledgeBase, declarations, int(declarations.size())))
                out.sources.push_back({ QStringLiteral("declaration"), place });
            out.arity = entry->arity();
            for (const std::string &place : entry->places)
                out.places.append(QString::fromStdString(place));
            out.gloss = QString::fromStdString(entry->gloss);
            out.reading = QString::fromStdString(entry->reading);
            out.converseOf = QString::fromStdString(entry->converseOf);
        } else if (uses = knowledgeBase.withName(spelling); !uses.empty()) {
            out.role = lang::TermRole::Individual;
        } else {
            // Unknown: a Name the KB spells otherwise (name-spelling's rule), then for a
            // lowercase word the nearest predicate words (unknown-predicate's).
            if (const std::string other = knowledgeBase.spellingOf(spelling); !other.empty())
                out.suggestions.append(QString::fromStdString(other));
            if (!word.isEmpty() && !word.front().isUpper()) {
                for (const std::string &near : nibli::suggestions(spelling, vocabulary))
                    out.suggestions.append(QString::fromStdString(near));
            }
        }
        out.used = !uses.empty();
        out.useCount = int(uses.size());
        out.uses = placesOf(knowledgeBase, uses, maxUses);
        return out;
    }

    [[nodiscard]] const ToolServices *toolServices() const override { return &nibliTools(); }
    [[nodiscard]] QString lineComment() const override { return QStringLiteral("#"); }
    [[nodiscard]] const ClaimWriter *claimWriter() const override { return &nibli::claimWriter(); }
    [[nodiscard]] const TurnVocabulary *turnVocabulary() const override
    {
        static const nibli::TurnVocabulary vocabulary(&nibliKbOf);
        return &vocabulary;
    }
    [[nodiscard]] QString syntaxDefinition() const override { return QStringLiteral("nibli KR"); }
    [[nodiscard]] const SentenceEdits *edits() const override { return &nibliEdits(); }

    [[nodiscard]] const EditorServices *editorServices() const override { return &nibliEditorServices(); }

    [[nodiscard]] QList<Token> tokenizeLine(QStringView line, int &state) const override
    {
        nibli::LineState lineState = state == 0 ? nibli::LineState::Normal : nibli::LineState::InBlockComment;
        QList<Token> out;
        for (const nibli::TokenSpan &span : nibli::highlightLine(line, lineState))
            out.append(Token { span.start, span.length, tokenClassOf(span.tokenClass) });
        state = lineState == nibli::LineState::Normal ? 0 : 1;
        return out;
    }
};

} // namespace

const Language &nibliLanguage()
{
    static const NibliLanguage language;
    return language;
}

std::optional<QByteArray> formatNibli(const QByteArray &text)
{
    const nibli::Vocabulary vocabulary(nibli::Lexicon::builtin());
    const std::optional<std::string> formatted = nibli::format(std::string_view(text.constData(), std::size_t(text.size())), vocabulary);
    if (!formatted)
        return std::nullopt;
    return QByteArray(formatted->data(), qsizetype(formatted->size()));
}

LoadResult nibliKbFromTexts(const QString &root, const std::vector<std::pair<QString, std::string>> &texts)
{
    LoadResult result;
    nibli::KnowledgeBase::LoadResult loaded = nibli::KnowledgeBase::fromTexts(texts);
    for (const nibli::FileDiagnostic &d : loaded.diagnostics)
        result.diagnostics.push_back(diagnosticOf(d.diagnostic, QDir(root).filePath(d.file), d.warning));
    if (loaded.kb)
        result.kb = std::make_shared<const NibliKb>(nibliLanguage(), root, std::move(loaded.kb));
    return result;
}

} // namespace fanva::lang
