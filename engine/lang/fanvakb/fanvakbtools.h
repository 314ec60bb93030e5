// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/toolservices.h"

namespace fanva::lang {

/// fanva-kb's ToolServices (lang/toolservices.h): the writer's layout, keys with the
/// input's own symmetric marks, the flat render, the critic's StoredHere origin, and the
/// forms between sentences that the reader could not read.
[[nodiscard]] const ToolServices &fanvaKbTools();

} // namespace fanva::lang
