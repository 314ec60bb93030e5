// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/editorservices.h"

namespace fanva::lang {

/// nibli's editor services (nibli-kr.md, docs/spec/language-seam.md "Editor services"):
/// completion of the lexicon's and the KB's `pred` predicates (with their opening
/// parenthesis), the KB's Names and the reserved words; the argument hint from a predicate's
/// places and reading; hover, problems and "Reads as" through the seam.
[[nodiscard]] const EditorServices &nibliEditorServices();

} // namespace fanva::lang
