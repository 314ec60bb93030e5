// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"

#include <QTextBrowser>

/// The details of the selected entry (formalize.md §9): its source sentence, the numbered
/// shapes with the selected one marked, problems as `type — message`, the correction, coined
/// functors, the gloss, the judge's verdict, confidence, notes and history.
class EntryDetailsView final : public QTextBrowser
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EntryDetailsView)

public:
    explicit EntryDetailsView(QWidget *parent = nullptr);
    ~EntryDetailsView() override;

    /// Shows @p entry of @p proposal; nullptr shows a placeholder. @p clashes: what the
    /// gates say of it written after the other accepted entries (ReviewController::clashes()).
    void showEntry(const fanva::proposal::Entry *entry, const fanva::proposal::Proposal &proposal,
        const std::vector<fanva::lang::Problem> &clashes = {});

    /// The HTML for an entry (what showEntry() displays).
    [[nodiscard]] static QString entryHtml(const fanva::proposal::Entry &entry, const fanva::proposal::Proposal &proposal,
        const std::vector<fanva::lang::Problem> &clashes = {});
};
