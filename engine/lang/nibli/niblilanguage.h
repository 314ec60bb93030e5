// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/language.h"

#include <QByteArray>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fanva::lang {

/// nibli KR tier A behind the seam, id `nibli` (nibli-kr.md §1): an adapter over the
/// engine/lang/nibli module. A KB is every `*.nibli` file under a root, one theory without
/// contexts; a target is a top-level file's stem.
[[nodiscard]] const Language &nibliLanguage();

/// `fmt` of one nibli file (nibli-kr.md §5.5) against the lexicon plus the file's own
/// declarations: each statement's span replaced by its render. nullopt when the text does
/// not read and resolve. (The seam has no format operation yet.)
[[nodiscard]] std::optional<QByteArray> formatNibli(const QByteArray &text);

/// A nibli KB read from in-memory files (path relative to `root` → text) as load(root) would
/// read them: what SentenceEdits::loadWith() gates a replacement against.
[[nodiscard]] LoadResult nibliKbFromTexts(const QString &root, const std::vector<std::pair<QString, std::string>> &texts);

} // namespace fanva::lang
