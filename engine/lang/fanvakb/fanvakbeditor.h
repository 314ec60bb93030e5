// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/editorservices.h"

namespace fanva::lang {

/// fanva-kb's editor services: completion from the KB's kb::Vocabulary (most used first,
/// the slot read by SentenceCursor), the signature hint from the functor's declarations and
/// comment, the term summary of the KB browser's page, and the gloss of formalize.md §6.
[[nodiscard]] const EditorServices &fanvaKbEditorServices();

} // namespace fanva::lang
