// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/gatereport.h"
#include "lang/language.h"

#include <QString>

namespace fanva::lang {

/// Runs parse → critic → round-trip on `candidate` for `target` through `kb`'s language.
/// With a batch, the critic also judges against its earlier admitted entries, and an
/// admissible candidate joins it as entry `entryIndex` (-1: its position in the batch).
[[nodiscard]] GateReport runGates(
    const Kb &kb, const QString &candidate, const QString &target, Batch *batch = nullptr, int entryIndex = -1);

} // namespace fanva::lang
