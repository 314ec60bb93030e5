// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"

#include <QUndoCommand>

#include <vector>

class EntryModel;

/// Adds entries to the review's proposal as one undoable step (New Sentence, replace, retract,
/// a rewrite's entries); undo takes exactly those entries out again, by id.
class AddEntriesCommand final : public QUndoCommand
{
public:
    AddEntriesCommand(EntryModel *model, std::vector<fanva::formalize::Entry> entries, const QString &text);
    AddEntriesCommand(EntryModel *model, fanva::formalize::Entry entry, const QString &text);

    void undo() override;
    void redo() override;

private:
    EntryModel *m_model;
    std::vector<fanva::formalize::Entry> m_entries;
};
