// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"

#include <QCoreApplication>
#include <QString>

/// Every axis of an entry (formalize.md §9) in the window's language: its state, the judge's
/// verdict or failure, the model's confidence and strength, the coined roles. The CLI, JSON
/// and session files keep the English ids; these words are for the window only.
class EntryAxes final
{
    Q_DECLARE_TR_FUNCTIONS(EntryAxes)

public:
    [[nodiscard]] static QString stateText(fanva::formalize::EntryState state);
    [[nodiscard]] static QString verdictText(fanva::formalize::Verdict verdict);
    [[nodiscard]] static QString confidenceText(fanva::formalize::Confidence confidence);
    /// The model's strength (default | monotonic); "not stated" when empty.
    [[nodiscard]] static QString strengthText(const QString &strength);
    [[nodiscard]] static QString roleText(fanva::formalize::CoinedFunctor::Role role);
    /// The judge's word on @p entry: the verdict with its note, the judge's failure, or "not judged".
    [[nodiscard]] static QString judgeText(const fanva::formalize::Entry &entry);
    /// Whether the judge failed on @p entry (its note says so; no verdict).
    [[nodiscard]] static bool judgeFailed(const fanva::formalize::Entry &entry);
    /// The gutter's tooltip: one line per axis of @p entry.
    [[nodiscard]] static QString toolTip(const fanva::formalize::Entry &entry);
};
