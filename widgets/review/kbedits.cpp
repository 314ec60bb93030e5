// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Entries on the target file's existing sentences (docs/spec/rewrite.md §1, §7): the author
// retracts one, or replaces it by a new sentence gated against the KB without it; Rewrite…
// has the model's rewrite session propose them.
#include "review/reviewcontroller.h"

#include "attempts/attemptlogmodel.h"
#include "review/addentriescommand.h"
#include "review/entrymodel.h"
#include "review/reviewautosave.h"

#include "formalize/sessionsetup.h"
#include "lang/language.h"
#include "lang/rewritesetup.h"
#include "lang/sentenceedits.h"
#include "llm/provider.h"
#include "llm/selection.h"
#include "proposal/proposal.h"
#include "status.h"

#include <QFile>
#include <QFileInfo>
#include <QUndoStack>

#include <algorithm>

using namespace fanva;
using formalize::ExistingSentence;
using proposal::Entry;

namespace {

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

std::optional<ExistingSentence> ReviewController::existingSentence(int line) const
{
    if (!m_session || !m_kb.isLoaded() || line <= 0)
        return std::nullopt;
    const QString path = targetPath();
    const lang::StatementSelection selection = lang::selectStatements(*m_kb.kb(), fileBytes(path), path, line, line);
    if (!selection.ok() || selection.statements.empty())
        return std::nullopt;
    return selection.statements.front();
}

bool ReviewController::isRemoved(int line) const
{
    for (const Entry &e : proposal().entries) {
        if (e.kind == formalize::EntryKind::Add || e.decision == formalize::Decision::Rejected)
            continue;
        if (std::any_of(e.replaces.begin(), e.replaces.end(), [line](const ExistingSentence &s) { return s.line == line; }))
            return true;
    }
    return false;
}

QString ReviewController::retractSentence(int line)
{
    const std::optional<ExistingSentence> old = existingSentence(line);
    if (!old || isRunning() || isRemoved(line))
        return {};
    Entry e;
    e.id = nextEntryId();
    e.origin = formalize::Origin::Author;
    e.kind = formalize::EntryKind::Retract;
    e.replaces = { *old };
    e.candidate = old->text;
    e.shapes = { old->text };
    e.selectedShape = 1;
    e.confidence = formalize::Confidence::High;
    e.state = formalize::EntryState::Admissible;
    e.decision = formalize::Decision::Accepted;
    // Where the language has no check of what a retraction takes away, the entry says so (rewrite.md §4.1).
    if (const lang::SentenceEdits *edits = m_kb.kb()->language().edits(); edits && !edits->checksRetractions())
        e.notes.push_back({ QStringLiteral("retract-unchecked"),
            tr("%1 has no check of what a retraction takes away: if kept statements still use it, Apply's reload fails and "
               "Undo Apply restores the file.")
                .arg(m_kb.kb()->language().id()),
            std::nullopt });
    const QString id = e.id;
    m_undoStack->push(new AddEntriesCommand(m_entries, std::move(e), tr("Retract line %1").arg(line)));
    return id;
}

std::vector<lang::Problem> ReviewController::gateReplacement(int line, const QString &sentence) const
{
    const std::optional<ExistingSentence> old = existingSentence(line);
    if (!old)
        return {};
    // The KB without this sentence and every other one the accepted entries remove.
    const auto problems = gateAfterWritten(QString(), { sentence }, { *old });
    return problems.empty() ? std::vector<lang::Problem> {} : problems.back();
}

QString ReviewController::replaceSentence(int line, const QString &sentence)
{
    const std::optional<ExistingSentence> old = existingSentence(line);
    const QString text = sentence.trimmed();
    if (!old || isRunning() || isRemoved(line) || text.isEmpty())
        return {};
    Entry e;
    e.id = nextEntryId();
    e.origin = formalize::Origin::Author;
    e.kind = formalize::EntryKind::Replace;
    e.replaces = { *old };
    e.candidate = text;
    e.shapes = { text };
    e.selectedShape = 1;
    e.confidence = formalize::Confidence::High;
    for (const lang::Problem &p : gateReplacement(line, text))
        (lang::isBlocking(p.type) ? e.problems : e.notes).push_back(p);
    // The author decided: accepted, unless a gate refuses it.
    e.state = lang::hasBlocking(e.problems) ? formalize::EntryState::Refused : formalize::EntryState::Admissible;
    e.decision = e.state == formalize::EntryState::Admissible ? formalize::Decision::Accepted : formalize::Decision::Undecided;
    const QString id = e.id;
    m_undoStack->push(new AddEntriesCommand(m_entries, std::move(e), tr("Replace line %1").arg(line)));
    return id;
}

Status ReviewController::startRewrite(const std::vector<int> &lines, const QString &instruction, const llm::ProviderOptions &provider,
    const formalize::SessionSettings &settings)
{
    if (!m_session || !m_kb.isLoaded())
        return Status::failure(tr("There is no target file to rewrite."));
    if (isRunning() || isRejudging())
        return Status::failure(tr("Wait for the running formalization or re-judge to finish."));
    const QString path = targetPath();
    const QByteArray bytes = fileBytes(path);
    if (proposal().absent || proposal::sha256Hex(bytes) != proposal().baseSha256)
        return Error { tr("%1 changed on disk since the proposal was made: Re-diff first.").arg(QFileInfo(path).fileName()), path };
    const std::vector<ExistingSentence> selection = rewritableSentences(lines);
    if (selection.empty())
        return Error { tr("No sentence of %1 that no entry changes yet starts on the selected lines.").arg(QFileInfo(path).fileName()),
            path };
    llm::ProviderResult created = llm::createProvider(provider);
    if (!created.provider)
        return Status::failure(tr("Cannot use the provider %1: %2").arg(provider.id, QString::fromStdString(created.failure->message)));
    m_run.reset();
    m_provider = std::move(created.provider);
    formalize::SessionSettings sessionSettings = settings;
    sessionSettings.model = provider.model;
    // The engine's rewrite session, as fanva-cli rewrite runs it (rewrite.md §2).
    formalize::SessionInput input
        = lang::makeRewriteSessionInput(m_kb.kb(), proposal().context, path, bytes, selection, sessionSettings, instruction);
    input.providerId = provider.id;
    input.firstEntryId = formalize::entryNumber(nextEntryId());
    m_rewriting = true;
    m_attempts->clear();
    m_run = std::make_unique<formalize::Session>(m_provider.get(), std::move(input));
    connect(m_run.get(), &formalize::Session::eventAdded, m_attempts, &AttemptLogModel::addEvent);
    connect(m_run.get(), &formalize::Session::textDelta, this, &ReviewController::textDelta);
    connect(m_run.get(), &formalize::Session::thinkingDelta, this, &ReviewController::thinkingDelta);
    connect(m_run.get(), &formalize::Session::finished, this, &ReviewController::onSessionFinished);
    m_autosave->sessionStarted();
    Q_EMIT started();
    m_run->start();
    return {};
}

std::vector<ExistingSentence> ReviewController::rewritableSentences(const std::vector<int> &lines) const
{
    std::vector<ExistingSentence> out;
    if (!m_session || !m_kb.isLoaded() || lines.empty())
        return out;
    const auto [lowest, highest] = std::minmax_element(lines.begin(), lines.end());
    const QString path = targetPath();
    const lang::StatementSelection selection = lang::selectStatements(*m_kb.kb(), fileBytes(path), path, *lowest, *highest);
    for (const ExistingSentence &s : selection.statements) {
        if (std::find(lines.begin(), lines.end(), s.line) != lines.end() && !isRemoved(s.line))
            out.push_back(s);
    }
    return out;
}

void ReviewController::finishRewrite()
{
    const QString outcome = m_run->outcomeName();
    std::vector<Entry> added;
    QStringList ids;
    // A run that failed, was cancelled or made no call leaves the review as it was.
    if (outcome == QLatin1StringView("success") || outcome == QLatin1StringView("partial") || outcome == QLatin1StringView("exhausted")) {
        for (const Entry &e : m_run->entries()) {
            if (!e.isReviewable())
                continue;
            Entry entry = e;
            // Its sentence numbers are the rewrite's, not the document's.
            entry.segment = 0;
            ids.append(entry.id);
            added.push_back(std::move(entry));
        }
    }
    if (!added.empty())
        m_undoStack->push(new AddEntriesCommand(m_entries, std::move(added), tr("Rewrite %1").arg(ids.join(QStringLiteral(", ")))));
    m_autosave->sessionFinished();
    Q_EMIT finished(outcome);
    Q_EMIT rewriteFinished(outcome, ids);
}
