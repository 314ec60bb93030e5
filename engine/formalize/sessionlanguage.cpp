// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/sessionlanguage.h"

#include "check/critic.h"
#include "formalize/session.h"
#include "formalize/vocabulary.h"
#include "kb/knowledgebase.h"
#include "kb/reader.h"

#include <QDir>

#include <algorithm>

namespace fanva::formalize {

namespace {

bool hasNote(const std::vector<check::Problem> &notes, QLatin1StringView type)
{
    return std::any_of(notes.begin(), notes.end(), [type](const check::Problem &p) { return p.type == type; });
}

class OverlayBatch final : public SessionBatch
{
public:
    check::BatchOverlay overlay;
};

/// fanva-kb: the code the session ran on a kb::KnowledgeBase before the seam, moved here.
class KnowledgeBaseSessionLanguage final : public SessionLanguage
{
public:
    KnowledgeBaseSessionLanguage(std::shared_ptr<const kb::KnowledgeBase> kb, SessionHooks hooks)
        : m_kb(std::move(kb))
        , m_critic(*m_kb)
        , m_hooks(std::move(hooks))
    { }

    [[nodiscard]] std::unique_ptr<SessionBatch> newBatch() const override { return std::make_unique<OverlayBatch>(); }

    [[nodiscard]] SessionGate gate(const QString &candidate, const QString &target, SessionBatch *batch, int index) const override
    {
        check::BatchOverlay *overlay = batch ? &static_cast<OverlayBatch *>(batch)->overlay : nullptr;
        check::GateReport report = check::runGates(m_critic, candidate, target, {}, overlay, index);
        return { report.failedGate, std::move(report.problems), std::move(report.notes), report.sentence.arena != nullptr };
    }

    bool admit(SessionBatch &batch, const QString &sentence, const QString &target, int index) const override
    {
        const kb::SentenceParse read = kb::parseSentence(sentence);
        if (!read.sentence)
            return false;
        static_cast<OverlayBatch &>(batch).overlay.add(m_critic, read.sentence->term, target, index);
        return true;
    }

    [[nodiscard]] std::optional<std::string> key(const QString &candidate) const override
    {
        const kb::SentenceParse read = kb::parseSentence(candidate);
        if (!read.sentence)
            return std::nullopt;
        return m_kb->canonicalKey(read.sentence->term);
    }

    [[nodiscard]] EntryGloss gloss(const QString &sentence, const QString &target) const override
    {
        return m_hooks.gloss ? m_hooks.gloss(*m_kb, sentence, target) : EntryGloss {};
    }

    void annotate(const QString &target, Entry &entry) const override
    {
        if (m_hooks.annotate)
            m_hooks.annotate(*m_kb, target, entry);
    }

    [[nodiscard]] CoinedReport vocabulary(const QString &target, const std::vector<Entry> &entries) const override
    {
        return proposalVocabulary(*m_kb, target, entries);
    }

    [[nodiscard]] std::vector<ReplyCandidate> bareCandidates(const QString &reply) const override { return bareSExpressions(reply); }

    [[nodiscard]] QString targetFile(const QString &target) const override
    {
        // The context's file wherever the loader found it, else <Cx>.txt at the root.
        if (const auto info = m_kb->contextInfo(kb::intern(target.toStdString())); info && !info->file.isEmpty())
            return QDir(m_kb->root()).relativeFilePath(QDir(m_kb->root()).absoluteFilePath(info->file));
        return target + QStringLiteral(".txt");
    }

private:
    std::shared_ptr<const kb::KnowledgeBase> m_kb;
    check::Critic m_critic;
    SessionHooks m_hooks;
};

} // namespace

bool SessionGate::isKnown() const
{
    return isAdmissible() && hasNote(notes, check::problem::alreadyStored);
}

bool SessionGate::isDuplicate() const
{
    return isAdmissible() && hasNote(notes, check::problem::duplicateInBatch);
}

std::shared_ptr<const SessionLanguage> knowledgeBaseSessionLanguage(std::shared_ptr<const kb::KnowledgeBase> kb, const SessionHooks &hooks)
{
    if (!kb)
        return nullptr;
    return std::make_shared<KnowledgeBaseSessionLanguage>(std::move(kb), hooks);
}

} // namespace fanva::formalize
