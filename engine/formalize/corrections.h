// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QString>
#include <QStringList>

namespace fanva::formalize {

/// A proposal about a proposal (formalize.md §7; lang/drafting.h); each language makes it
/// (Language::corrections).
using Correction = lang::Correction;

/// At most this many shapes per entry (1–9, the keys that select them).
constexpr int maxShapes = 9;

/// The numbered shapes of an entry: 1 as written, 2 the rewrite, 3… the alternatives (at
/// most maxShapes in all).
[[nodiscard]] QStringList correctionShapes(const Correction &correction, const QString &asWritten);

/// The shape an entry starts with: 2 when there is a rewrite, else 1.
[[nodiscard]] int initialShape(const Correction &correction);

} // namespace fanva::formalize
