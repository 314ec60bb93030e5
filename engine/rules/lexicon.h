// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <mutex>
#include <vector>

namespace fanva::rules {

/// Link Grammar's English dictionary and WordNet behind one lock-guarded door (rules.md §4).
/// Both are loaded once, on first use, on whatever thread asks first (the provider asks from
/// a worker thread). WordNet is not reentrant and Link Grammar's dictionary is shared, so every
/// call holds one mutex. Link Grammar's error handler is replaced with a silent one and the
/// process locale is restored after each call into the library. Linkage limits are fixed, so
/// the same sentence always gets the same tags.
class Lexicon final
{
public:
    enum class Pos { Noun, Verb, Adjective };

    /// The process-wide instance.
    [[nodiscard]] static Lexicon &instance();

    /// True when both resources loaded (false: the rules draft with the built-in fallbacks).
    [[nodiscard]] bool available();
    /// Why not, when available() is false.
    [[nodiscard]] QString problem();

    /// The WordNet base form of `word` (lower-case) for `pos`, else `word` itself.
    [[nodiscard]] QString lemma(const QString &word, Pos pos);
    /// True when WordNet knows `word` (any inflection) as `pos`.
    [[nodiscard]] bool is(const QString &word, Pos pos);
    /// True when WordNet places a sense of the noun `noun` under a sense of `ancestor`
    /// (hypernyms, any depth): mouse → creature.
    [[nodiscard]] bool isKindOf(const QString &noun, const QString &ancestor);
    /// The verb lemmas sharing a WordNet synset with `verb` (a lemma), itself first.
    [[nodiscard]] QStringList verbSynonyms(const QString &verb);
    /// Link Grammar's part-of-speech tag per word of `words` (the text between "." and any
    /// "-" of the linked word: "v", "n", "a", …; empty when not tagged), from the first
    /// linkage; all empty when the sentence does not parse, and when it is beyond InputLimits
    /// (Link Grammar is not given it).
    [[nodiscard]] std::vector<QString> tags(const QStringList &words);

    Lexicon(const Lexicon &) = delete;
    Lexicon &operator=(const Lexicon &) = delete;

private:
    Lexicon();
    ~Lexicon();
    void loadLocked();

    std::mutex m_mutex;
    bool m_loaded = false;
    bool m_wordnet = false;
    void *m_dictionary = nullptr;
    void *m_options = nullptr;
    QString m_problem;
};

} // namespace fanva::rules
