// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace fanva {

/// The version of the Fanva engine, as "major.minor.patch".
[[nodiscard]] QString version();

/// The application name both executables use, so they share AppDataLocation.
[[nodiscard]] QString applicationName();

} // namespace fanva
