// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace fanva::lang {

/// English helpers for resolving a run of document words to a KB term (formalize.md §1.2,
/// Language::resolve()); each language tries the spellings its own names take.

/// The spellings tried for a run of words, in order, deduplicated: camelCase, snake_case,
/// Capitalized, then the same with the last word singular; for one word the word as
/// written first.
[[nodiscard]] QStringList spellings(const QStringList &words);

/// The singular of a lower-case English word (irregulars, -ies, -es, final s).
[[nodiscard]] QString singular(const QString &word);

} // namespace fanva::lang
