// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "rules/tokenizer.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace fanva::rules {

/// What one sentence may hold for the rules to read it (rules.md §5). Link Grammar 5.12
/// corrupts its heap on a sentence of about 32 KB (5,460 short words, or one 32,760-letter
/// word), and its time and memory grow steeply past about 150 words (240 mixed words: 19 s
/// and 4 GB, though its parse time limit is 2 s). The limits leave a wide margin: a sentence of
/// 100 words took at most about 1 s and 130 MB.
struct InputLimits {
    static constexpr int words = 100; ///< tokens, punctuation included
    static constexpr int wordBytes = 64; ///< UTF-8 bytes of one token
    static constexpr int parserBytes = 8192; ///< UTF-8 bytes of the text Link Grammar gets
};

/// Why the rules do not read a sentence of these tokens: "too long for the rules: 5500 words,
/// at most 100", a word longer than InputLimits::wordBytes; nullopt when it fits.
[[nodiscard]] std::optional<QString> tooLongForTheRules(const std::vector<Token> &tokens);
/// The same for a sentence's text; its words are counted before any token is made.
[[nodiscard]] std::optional<QString> tooLongForTheRules(const QString &sentence);
/// True when Link Grammar may be given `words` joined by spaces (every limit above holds).
[[nodiscard]] bool fitsTheParser(const QStringList &words);

} // namespace fanva::rules
