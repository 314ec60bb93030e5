// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QString>
#include <QStringList>

namespace fanva::formalize {

/// A run of document words that names an existing KB term (formalize.md §1.2; lang/drafting.h);
/// each language resolves them (Language::resolve), with the English helpers below.
using Resolution = lang::Resolution;

/// The spellings tried for a run of words, in order, deduplicated (§1.2): camelCase,
/// snake_case, Capitalized, then the same with the last word singular; for one word the
/// word as written first.
[[nodiscard]] QStringList spellings(const QStringList &words);

/// The singular of a lower-case English word (irregulars, -ies, -es, final s).
[[nodiscard]] QString singular(const QString &word);

} // namespace fanva::formalize
