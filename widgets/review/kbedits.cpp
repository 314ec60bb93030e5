// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Entries by the author on the target file's existing sentences (docs/spec/rewrite.md §1):
// retract one, or replace it by a new sentence gated against the KB without it.
#include "review/reviewcontroller.h"

#include "review/entrymodel.h"

#include "formalize/rewrite.h"
#include "kb/knowledgebase.h"
#include "proposal/edits.h"
#include "proposal/gate.h"

#include <QFile>
#include <QUndoCommand>
#include <QUndoStack>

#include <algorithm>

using namespace fanva;
using formalize::ExistingSentence;
using proposal::Entry;
using proposal::Proposal;

namespace {

/// Adding one entry on an existing sentence: undo takes it out, redo puts it back.
class AddEditCommand final : public QUndoCommand
{
public:
    AddEditCommand(EntryModel *model, Entry entry, const QString &text)
        : QUndoCommand(text)
        , m_model(model)
        , m_entry(std::move(entry))
    { }
    void undo() override
    {
        Proposal p = m_model->proposal();
        std::erase_if(p.entries, [this](const Entry &e) { return e.id == m_entry.id; });
        m_model->updateProposal(p);
    }
    void redo() override
    {
        Proposal p = m_model->proposal();
        p.entries.push_back(m_entry);
        m_model->updateProposal(p);
    }

private:
    EntryModel *m_model;
    Entry m_entry;
};

QByteArray fileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

std::optional<ExistingSentence> ReviewController::existingSentence(int line) const
{
    if (!m_session || !m_kb || line <= 0)
        return std::nullopt;
    const formalize::SentenceSelection selection = formalize::selectSentences(*m_kb, fileBytes(targetPath()), line, line);
    if (!selection.ok() || selection.sentences.empty())
        return std::nullopt;
    return selection.sentences.front();
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
    const QString id = e.id;
    m_undoStack->push(new AddEditCommand(m_entries, std::move(e), tr("Retract line %1").arg(line)));
    return id;
}

std::vector<check::Problem> ReviewController::gateReplacement(int line, const QString &sentence) const
{
    const std::optional<ExistingSentence> old = existingSentence(line);
    if (!old)
        return {};
    // The KB without this sentence and every other one the accepted entries remove.
    const std::vector<const Entry *> written = proposal().toWrite();
    std::vector<ExistingSentence> removed = proposal::removedSentences(written);
    removed.push_back(*old);
    const QString path = targetPath();
    const std::optional<QByteArray> without = formalize::withoutSentences(fileBytes(path), removed);
    if (!without)
        return {};
    const kb::LoadResult loaded = kb::loadKnowledgeBaseWith(m_kb->root(), { kb::ContextSource { path, *without } });
    if (!loaded.ok())
        return {};
    QStringList batch;
    for (const Entry *e : written) {
        if (e->kind != formalize::EntryKind::Retract)
            batch.append(e->sentence());
    }
    batch.append(sentence);
    const auto problems = proposal::criticGate()(*loaded.kb, proposal().context, batch);
    return problems.size() == std::size_t(batch.size()) ? problems.back() : std::vector<check::Problem> {};
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
    for (const check::Problem &p : gateReplacement(line, text))
        (check::isBlocking(p.type) ? e.problems : e.notes).push_back(p);
    // The author decided: accepted, unless a gate refuses it.
    e.state = check::hasBlocking(e.problems) ? formalize::EntryState::Refused : formalize::EntryState::Admissible;
    e.decision = e.state == formalize::EntryState::Admissible ? formalize::Decision::Accepted : formalize::Decision::Undecided;
    const QString id = e.id;
    m_undoStack->push(new AddEditCommand(m_entries, std::move(e), tr("Replace line %1").arg(line)));
    return id;
}
