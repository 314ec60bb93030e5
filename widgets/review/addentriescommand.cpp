// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "review/addentriescommand.h"

#include "review/entrymodel.h"

#include <algorithm>

using fanva::formalize::Entry;
using fanva::proposal::Proposal;

AddEntriesCommand::AddEntriesCommand(EntryModel *model, std::vector<Entry> entries, const QString &text)
    : QUndoCommand(text)
    , m_model(model)
    , m_entries(std::move(entries))
{ }

AddEntriesCommand::AddEntriesCommand(EntryModel *model, Entry entry, const QString &text)
    : AddEntriesCommand(model, std::vector<Entry> { std::move(entry) }, text)
{ }

void AddEntriesCommand::undo()
{
    Proposal p = m_model->proposal();
    std::erase_if(p.entries, [this](const Entry &e) {
        return std::any_of(m_entries.begin(), m_entries.end(), [&e](const Entry &added) { return added.id == e.id; });
    });
    m_model->updateProposal(p);
}

void AddEntriesCommand::redo()
{
    Proposal p = m_model->proposal();
    p.entries.insert(p.entries.end(), m_entries.begin(), m_entries.end());
    m_model->updateProposal(p);
}
