// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/nibli/ast.h"
#include "lang/nibli/lexicon.h"

#include <map>
#include <string>

namespace fanva::lang::nibli {

/// An English reading of a statement for the judge (nibli-kr.md §6.1), made from the
/// lexicon's templates without a model.
struct Gloss {
    enum class Source { Composed, Partial, Named };
    std::string text;
    Source source = Source::Composed;
    friend bool operator==(const Gloss &, const Gloss &) = default;
};

/// "composed", "partial" or "named".
[[nodiscard]] const char *sourceName(Gloss::Source source);

/// The reading of a resolved statement; its words are looked up in `vocabulary`.
[[nodiscard]] Gloss gloss(const Statement &s, const Vocabulary &vocabulary);

/// §6.2: fills `reading` with the readings of its places (1-based), `something` for an
/// unfilled one, after dropping an unfilled trailing prepositional placeholder chain.
[[nodiscard]] std::string fillTemplate(const std::string &reading, const std::map<int, std::string> &places);

} // namespace fanva::lang::nibli
