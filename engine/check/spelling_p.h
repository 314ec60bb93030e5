// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

// Spelling helpers for the critic's messages (kb-language.md §3 "Helpers"): they turn a
// badly named symbol into the spelling its message suggests.
namespace fanva::check::spelling {

/// Splits a name into words at `_`, `-`, and before a capital that follows a lowercase
/// letter or a digit: `South_Pole` → South, Pole; `CanFly` → Can, Fly.
[[nodiscard]] QStringList words(const QString &name);

/// `{camel}`: splits at `_`/`-`, capitalizes all parts but the first (`lives_in` → `livesIn`).
[[nodiscard]] QString camel(const QString &name);

/// `{Pascal}`: splits at `_`/`-`, capitalizes all parts (`South_Pole` → `SouthPole`).
[[nodiscard]] QString pascal(const QString &name);

/// `{lower}`: lowercases (`South_Pole` → `south_pole`).
[[nodiscard]] QString lower(const QString &name);

/// `{suggest}`: words() lowercased, joined snake_case for one argument, else camelCase.
[[nodiscard]] QString suggest(const QString &name, qsizetype argumentCount);

/// `{cx}`: drops a leading `cx` (any case) and writes `Cx` + PascalCase (`birds` → `CxBirds`).
[[nodiscard]] QString contextName(const QString &name);

/// CamelCase → snake_case (`FlightlessBird` → `flightless_bird`), for isa-membership.
[[nodiscard]] QString snake(const QString &name);

/// "a" or "an" before a word, by its first letter.
[[nodiscard]] QString withArticle(const QString &word);

} // namespace fanva::check::spelling
