// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/apply.h"

#include <QCoreApplication>

/// What the reviewer says before and after Apply (formalize.md §11): the confirmation lists
/// what will be written, the result says plainly what happened.
class ApplyTexts final
{
    Q_DECLARE_TR_FUNCTIONS(ApplyTexts)

public:
    /// Count, file, the segments the accepted entries cover and the forced entries.
    [[nodiscard]] static QString confirmation(const fanva::proposal::Proposal &proposal);
    /// The outcome: applied, blocked with its entries, conflict, io-error, verify-failed.
    [[nodiscard]] static QString result(const fanva::proposal::ApplyResult &result);
    /// The outcome of Undo Apply.
    [[nodiscard]] static QString undoResult(const fanva::proposal::UndoResult &result);
    /// The outcome of Re-diff after a conflict: the entries whose problems changed.
    [[nodiscard]] static QString rediffResult(const QStringList &changed);
};
