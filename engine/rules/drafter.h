// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <nlohmann/json.hpp>

#include <stop_token>

namespace fanva::lang {
class ClaimWriter;
}

namespace fanva::rules {

class Lexicon;

/// Drafts the reply of a formalize turn without a model (docs/spec/rules.md §3): reads a
/// `fanva-rules-turn/1` object (formalize/turnframe.h) and returns the usual reply JSON
/// (formalize.md §4.1) — candidates, each with the pattern that made it and the content words
/// it left unused, and every other sentence under untranslated with the reason. A pure
/// function of the turn (the lexicon is fixed data), so two runs give the same bytes.
/// Once `stop` is requested it drafts no further sentence and returns what it has.
/// The drafter makes language-neutral claims (lang/claim.h); `writer` writes them in the
/// turn's KB language, and a claim it cannot state is left out (its reason given when the
/// sentence yields nothing else).
[[nodiscard]] nlohmann::json draft(
    const nlohmann::json &turn, Lexicon &lexicon, const lang::ClaimWriter &writer, const std::stop_token &stop = {});
/// As above with the ClaimWriter of the turn's `"language"` (lang::languageById; a turn without
/// the field is fanva-kb); a language without one gets every sentence untranslated.
[[nodiscard]] nlohmann::json draft(const nlohmann::json &turn, Lexicon &lexicon, const std::stop_token &stop = {});

} // namespace fanva::rules
