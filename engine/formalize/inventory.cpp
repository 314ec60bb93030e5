// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/inventory.h"

#include <cmath>
#include <set>

namespace fanva::formalize {

int estimateTokens(const QString &text)
{
    return int(std::ceil(double(text.toUtf8().size()) / 3.5));
}

std::vector<PromptResolution> promptResolutions(const std::vector<Resolution> &resolutions)
{
    std::vector<PromptResolution> out;
    std::set<lang::TermId> seen;
    for (const Resolution &r : resolutions) {
        if (seen.insert(r.term).second)
            out.push_back(PromptResolution { r.surface, r.spelling });
    }
    return out;
}

} // namespace fanva::formalize
