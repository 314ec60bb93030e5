// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/reviewkb.h"

#include "formalize/sessionkb.h"
#include "lang/diagnostic.h"
#include "lang/registry.h"
#include "lang/sentenceedits.h"
#include "proposal/edits.h"
#include "proposal/gate.h"
#include "proposal/proposal.h"

#include <QDir>

#include <utility>

using namespace fanva;

namespace {

std::function<void()> &readObserver()
{
    static std::function<void()> observer;
    return observer;
}

} // namespace

void ReviewKb::setReadObserver(std::function<void()> observer)
{
    readObserver() = std::move(observer);
}

Result<std::shared_ptr<const lang::Kb>> ReviewKb::read(
    const QString &folder, const QString &language, const QString &targetPath, const QByteArray &header)
{
    if (readObserver())
        readObserver()();
    const lang::Language *kbLanguage = lang::languageById(language);
    if (!kbLanguage)
        return Error {
            tr("This Fanva has no KB language \"%1\"; it reads %2.").arg(language, lang::languageIds().join(QStringLiteral(", ")))
        };
    // A new context's file as Apply will create it, its header first (formalize.md §11.3), as
    // Apply loads it: through the language's SentenceEdits role.
    const lang::SentenceEdits *edits = kbLanguage->edits();
    lang::LoadResult loaded = header.isEmpty() || !edits ? kbLanguage->load(folder) : edits->loadWith(folder, targetPath, header);
    if (!loaded.ok()) {
        QStringList messages;
        for (const lang::Diagnostic &d : loaded.diagnostics)
            messages.append(d.toString());
        return Error {
            tr("The knowledge base in %1 does not load:\n%2").arg(QDir::toNativeSeparators(folder), messages.join(QLatin1Char('\n'))),
            folder
        };
    }
    return std::shared_ptr<const lang::Kb>(std::move(loaded.kb));
}

std::optional<QString> ReviewKb::load(const QString &folder, const QString &language, const proposal::Proposal *proposal)
{
    const QByteArray header = proposal ? proposal->newFileHeader() : QByteArray();
    Result<std::shared_ptr<const lang::Kb>> loaded = read(folder, language, proposal ? proposal->targetPath() : QString(), header);
    if (!loaded)
        return loaded.message();
    adopt(std::move(*loaded));
    return std::nullopt;
}

void ReviewKb::adopt(std::shared_ptr<const lang::Kb> kb)
{
    m_sessionKb = kb ? std::make_shared<const formalize::SessionKb>(kb) : nullptr;
    m_kb = std::move(kb);
    m_reducedKb.reset();
    m_reducedText.clear();
}

std::vector<std::vector<lang::Problem>> ReviewKb::gate(const QString &target, const QStringList &sentences, const QString &path,
    const QByteArray &bytes, const std::vector<formalize::ExistingSentence> &removed) const
{
    if (!m_kb)
        return {};
    const lang::Language &language = m_kb->language();
    const lang::SentenceEdits *edits = language.edits();
    if (removed.empty() || !edits)
        return proposal::gateThroughLanguage(*m_kb, target, sentences);
    if (const std::optional<QByteArray> without = proposal::withoutStatements(language, bytes, removed)) {
        if (!m_reducedKb || m_reducedText != *without) {
            lang::LoadResult reduced = edits->loadWith(m_kb->root(), path, *without);
            m_reducedKb = reduced.ok() ? std::move(reduced.kb) : nullptr;
            m_reducedText = *without;
        }
        if (m_reducedKb)
            return proposal::gateThroughLanguage(*m_reducedKb, target, sentences);
    }
    return proposal::gateThroughLanguage(*m_kb, target, sentences);
}

formalize::EntryGloss ReviewKb::gloss(const QString &sentence, const QString &target) const
{
    return m_sessionKb ? m_sessionKb->gloss(sentence, target) : formalize::EntryGloss();
}

QString ReviewKb::key(const QString &sentence) const
{
    const std::optional<std::string> found = m_sessionKb ? m_sessionKb->key(sentence) : std::nullopt;
    return found ? QString::fromStdString(*found) : QString();
}
