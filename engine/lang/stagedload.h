// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/language.h"

#include <QString>
#include <QtGlobal>

#include <functional>

namespace fanva::lang {

/// Optional role "staged load" (Language::stagedLoad(); null: not supported): a KB load that
/// reports how far it got, and a reload that re-reads only the files changed since an earlier
/// load. The window's KB loader asks for it; without it, it loads with Language::load() (no
/// progress) and reloads a changed KB in full.
class StagedLoad
{
public:
    /// `done` of `total` bytes read; called from the loading threads, `done` never decreasing.
    using Progress = std::function<void(qint64 done, qint64 total)>;

    StagedLoad() = default;
    virtual ~StagedLoad() = default;
    StagedLoad(const StagedLoad &) = delete;
    StagedLoad &operator=(const StagedLoad &) = delete;

    /// Loads every KB file under `dir`, as Language::load() does, reporting progress.
    [[nodiscard]] virtual LoadResult load(const QString &dir, const Progress &progress) const = 0;
    /// Loads `previous`'s folder again, re-reading only the files changed since `previous` was
    /// loaded; `previous` is a KB of this language.
    [[nodiscard]] virtual LoadResult reload(const Kb &previous, const Progress &progress) const = 0;
};

} // namespace fanva::lang
