// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/contexts.h"
#include "lang/stagedload.h"

namespace fanva::lang {

/// fanva-kb's StagedLoad role: kb::loadKnowledgeBase with progress, kb::reloadKnowledgeBase.
[[nodiscard]] const StagedLoad &fanvaKbStagedLoad();

/// fanva-kb's Contexts role: `Cx*.txt` files at any depth; a context name is Cx followed by
/// CapitalCamelCase.
[[nodiscard]] const Contexts &fanvaKbContexts();

} // namespace fanva::lang
