// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/problem.h"

namespace fanva::check {

/// One finding of the critic or a gate: the language-neutral problem (lang/problem.h). `span`
/// marks the sub-term named, when the checked sentence was read from text.
using Problem = lang::Problem;

/// The problem ids, spelled once (lang::problem).
namespace problem = lang::problem;

using lang::hasBlocking;
using lang::isBlocking;

} // namespace fanva::check
