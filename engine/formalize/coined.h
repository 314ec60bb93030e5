// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QLatin1StringView>
#include <QStringView>

#include <optional>

namespace fanva::formalize {

/// A functor the entries use that the KB does not know (formalize.md §8; lang/drafting.h).
using CoinedFunctor = lang::CoinedFunctor;

[[nodiscard]] QLatin1StringView coinedRoleName(CoinedFunctor::Role role);
/// type | property | relation; anything else is nullopt.
[[nodiscard]] std::optional<CoinedFunctor::Role> coinedRoleFromName(QStringView name);

/// Counts over the non-frame literals of all entries (lang/drafting.h); each language makes
/// it (Language::coined).
using CoinedReport = lang::CoinedReport;

} // namespace fanva::formalize
