// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "check/problem.h"

#include <array>

namespace fanva::check {

bool isBlocking(QStringView type)
{
    static constexpr std::array notes {
        problem::alreadyStored,
        problem::known,
        problem::duplicateInBatch,
        problem::functionalCoreference,
        problem::isaMembership,
        problem::noSegment,
        problem::withdrawn,
        problem::untranslated,
        problem::sentenceMoved,
        problem::retractDependents,
    };
    for (const QLatin1StringView note : notes) {
        if (type == note)
            return false;
    }
    return true;
}

} // namespace fanva::check
