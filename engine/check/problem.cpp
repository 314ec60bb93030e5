// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "check/problem.h"

#include <array>

namespace fanva::check {

bool isBlocking(QStringView type)
{
    static constexpr std::array<QLatin1StringView, 7> notes {
        problem::alreadyStored,
        QLatin1StringView("known"),
        problem::duplicateInBatch,
        problem::functionalCoreference,
        problem::isaMembership,
        QLatin1StringView("no-segment"),
        QLatin1StringView("withdrawn"),
    };
    for (const QLatin1StringView note : notes) {
        if (type == note)
            return false;
    }
    return true;
}

} // namespace fanva::check
