// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/sessionsetup.h"

#include "formalize/corrections.h"
#include "formalize/gloss.h"
#include "formalize/prompts.h"
#include "formalize/sessionsetup.h"
#include "lang/fanvakb.h"
#include "lang/gates.h"
#include "lang/turnvocabulary.h"

namespace fanva::lang {

namespace {

class SeamBatch final : public formalize::SessionBatch
{
public:
    explicit SeamBatch(std::unique_ptr<Batch> batch)
        : batch(std::move(batch))
    { }
    std::unique_ptr<Batch> batch;
};

/// Any language's SessionLanguage, written against Language alone.
class SeamSessionLanguage final : public formalize::SessionLanguage
{
public:
    explicit SeamSessionLanguage(std::shared_ptr<const Kb> kb)
        : m_kb(std::move(kb))
        , m_language(m_kb->language())
    { }

    [[nodiscard]] std::unique_ptr<formalize::SessionBatch> newBatch() const override
    {
        return std::make_unique<SeamBatch>(m_language.newBatch(*m_kb));
    }

    [[nodiscard]] formalize::SessionGate gate(
        const QString &candidate, const QString &target, formalize::SessionBatch *batch, int index) const override
    {
        Batch *own = batch ? static_cast<SeamBatch *>(batch)->batch.get() : nullptr;
        GateReport report = runGates(*m_kb, candidate, target, own, index);
        return { report.failedGate, std::move(report.problems), std::move(report.notes), report.statement.has_value() };
    }

    bool admit(formalize::SessionBatch &batch, const QString &sentence, const QString &target, int index) const override
    {
        const Candidate read = m_language.readCandidate(sentence);
        if (!read.statement)
            return false;
        m_language.admit(*m_kb, *static_cast<SeamBatch &>(batch).batch, *read.statement, target, index);
        return true;
    }

    [[nodiscard]] std::optional<std::string> key(const QString &candidate) const override
    {
        const Candidate read = m_language.readCandidate(candidate);
        if (!read.statement)
            return std::nullopt;
        return m_language.key(m_kb.get(), *read.statement);
    }

    [[nodiscard]] formalize::EntryGloss gloss(const QString &sentence, const QString &target) const override
    {
        const Candidate read = m_language.readCandidate(sentence);
        if (!read.statement)
            return {};
        const Gloss g = m_language.gloss(*m_kb, *read.statement, target);
        if (g.text.isEmpty())
            return {};
        return { g.text, QString(formalize::glossSourceName(g.source)) };
    }

    void annotate(const QString &target, formalize::Entry &entry) const override
    {
        const Candidate asWritten = m_language.readCandidate(entry.candidate);
        if (!asWritten.statement)
            return;
        const formalize::Correction correction = m_language.corrections(*m_kb, *asWritten.statement, target);
        if (!correction.isEmpty()) {
            entry.correction = correction;
            entry.shapes = formalize::correctionShapes(correction, entry.candidate);
            entry.selectedShape = formalize::initialShape(correction);
        }
        const Candidate selected = m_language.readCandidate(entry.sentence());
        if (selected.statement)
            entry.coined = m_language.coined(*m_kb, target, { { entry.id, *selected.statement } }).functors;
    }

    [[nodiscard]] formalize::CoinedReport vocabulary(const QString &target, const std::vector<formalize::Entry> &entries) const override
    {
        std::vector<std::pair<QString, Statement>> batch;
        for (const formalize::Entry &e : entries) {
            if (e.state != formalize::EntryState::Admissible && e.state != formalize::EntryState::Known)
                continue;
            Candidate read = m_language.readCandidate(e.sentence());
            if (read.statement)
                batch.emplace_back(e.id, std::move(*read.statement));
        }
        return m_language.coined(*m_kb, target, batch);
    }

    [[nodiscard]] std::vector<formalize::ReplyCandidate> bareCandidates(const QString &reply) const override
    {
        return m_language.bareCandidates(reply);
    }

    [[nodiscard]] QString targetFile(const QString &target) const override
    {
        // The first pattern's suffix: "*.nibli" → <target>.nibli at the KB root.
        const QStringList patterns = m_language.kbFilePatterns();
        const QString pattern = patterns.isEmpty() ? QString() : patterns.constFirst();
        return target + (pattern.startsWith(QLatin1Char('*')) ? pattern.mid(1) : QString());
    }

private:
    std::shared_ptr<const Kb> m_kb;
    const Language &m_language;
};

} // namespace

std::shared_ptr<const formalize::SessionLanguage> sessionLanguageOf(const std::shared_ptr<const Kb> &kb)
{
    if (!kb)
        return nullptr;
    if (std::shared_ptr<const kb::KnowledgeBase> knowledge = sharedKnowledgeBaseOf(*kb))
        return formalize::knowledgeBaseSessionLanguage(std::move(knowledge), formalize::standardHooks());
    return std::make_shared<SeamSessionLanguage>(kb);
}

formalize::SessionInput makeSessionInput(const std::shared_ptr<const Kb> &kb, const QString &target, const QByteArray &document,
    const QString &documentName, const formalize::SessionSettings &settings, const QString &instruction)
{
    formalize::SessionVocabulary vocabulary;
    std::shared_ptr<const kb::KnowledgeBase> knowledge = kb ? sharedKnowledgeBaseOf(*kb) : nullptr;
    if (kb) {
        const Language &language = kb->language();
        vocabulary.resolve
            = [&](const std::vector<formalize::Segment> &segments) { return language.resolve(*kb, document, segments, target); };
        vocabulary.systemPrefix = [&] {
            // fanva-kb's guide is §3.1 whole; another language's is wrapped in §3.1's frame.
            const QString guide = language.promptGuide(*kb, target);
            return knowledge ? guide
                             : formalize::languageSystemPrefix(QStringLiteral("written in %1").arg(language.syntaxDefinition()), guide);
        };
        vocabulary.card = [&](const std::vector<formalize::Resolution> &resolutions, int cardTokens) {
            return language.card(*kb, target, resolutions, cardTokens);
        };
    }
    formalize::SessionInput input
        = formalize::makeSessionInputWith(knowledge, target, document, documentName, settings, instruction, vocabulary);
    if (kb && !knowledge)
        input.language = sessionLanguageOf(kb);
    if (const TurnVocabulary *turn = kb ? kb->language().turnVocabulary() : nullptr) {
        input.turnLanguage = kb->language().id();
        input.turnVocabulary = [kb, turn, target] { return turn->vocabulary(*kb, target); };
    }
    return input;
}

} // namespace fanva::lang
