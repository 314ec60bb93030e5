// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>
#include <vector>

namespace fanva::rules {

/// One word of a sentence as the rules read it (rules.md §3): its text in ASCII letters (the
/// spelling KB names are made of), lower-cased, Link Grammar's tag once tagged.
struct Token {
    QString text, lower, tag;
    bool cap = false;
    bool number = false;
    QString ref; ///< a pronoun resolved to this individual
    QString original; ///< the word as written, when its letters do not all fold to ASCII
};

/// The words of `sentence`: runs of Unicode letters (with ' and -), numbers, and , ; : as their
/// own tokens; `'s` and `n't` are split off. Letters are folded to ASCII (asciiFolded).
[[nodiscard]] std::vector<Token> tokenize(const QString &sentence);

/// The number of words, numbers and , ; : in `sentence` (tokenize's matches before 's and n't
/// are split off), without making tokens: cheap on a text of any length.
[[nodiscard]] qsizetype wordCount(const QString &sentence);

/// `word` in ASCII letters where it can be: compatibility decomposition with the combining
/// marks dropped (İstanbul → Istanbul, Zoë → Zoe, ﬁ → fi), and a few Latin letters that do not
/// decompose spelt out (ß → ss, Ø → O, æ → ae, ł → l, þ → th). Letters of other scripts stay.
[[nodiscard]] QString asciiFolded(const QString &word);

/// Why a sentence holding a word the KB cannot spell is not read ("a word the knowledge base
/// cannot spell ('Москва')…"): names and types are ASCII; nullopt when every word folds.
[[nodiscard]] std::optional<QString> unspellable(const std::vector<Token> &tokens);

} // namespace fanva::rules
