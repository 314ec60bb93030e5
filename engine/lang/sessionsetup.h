// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Kept for this wave so that callers of lang::makeSessionInput still compile: the one
// builder is formalize::makeSessionInput (formalize/sessionsetup.h), over any lang::Kb.
#include "formalize/sessionsetup.h"

namespace fanva::lang {
using formalize::makeSessionInput;
}
