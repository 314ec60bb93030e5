// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/inventory.h"

// The one kb/ include left in formalize: a resolution's term is a symbol of the process's
// table, spelled here until the seam's term handle spells itself (docs/spec/language-seam.md).
#include "kb/symbol.h"

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
    std::set<kb::SymbolId> seen;
    for (const Resolution &r : resolutions) {
        if (seen.insert(r.term).second)
            out.push_back(PromptResolution { r.surface, kb::symbolString(r.term) });
    }
    return out;
}

} // namespace fanva::formalize
