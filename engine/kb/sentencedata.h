// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kb/term.h"
#include "lang/statement.h"

#include <utility>

namespace fanva::kb {

/// A fanva-kb statement's payload behind the seam (lang::StatementData): the sentence and the
/// arena that keeps it alive. check::runGates and the fanva-kb language both make it.
class SentenceData final : public lang::StatementData
{
public:
    explicit SentenceData(OwnedTerm owned)
        : term(std::move(owned))
    { }
    OwnedTerm term;
};

/// The sentence behind `statement`, or null when another language made it.
[[nodiscard]] inline const OwnedTerm *sentenceOf(const lang::Statement &statement)
{
    const auto *data = dynamic_cast<const SentenceData *>(statement.data.get());
    return data ? &data->term : nullptr;
}

} // namespace fanva::kb
