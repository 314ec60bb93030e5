// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The synthetic KB generator shared by the benchmarks: deterministic KBs shaped like the corpus
// (comments, declarations, genl hierarchy, facts, rules) in context files under 64 MiB.
#include <QByteArray>
#include <QDir>
#include <QFile>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace fanva::bench {

inline constexpr int s_contexts = 16;
inline constexpr int s_treeBranching = 8; // each type tree: 1 + 8 + 64 types (depth 3), whatever the size

// How facts and rules pick their terms.
// - Topical (the default): like the corpus, a context mostly talks about its own terms.
//   Term i belongs to context i % s_contexts (a type tree to its tree number's), and three
//   picks in four come from the sentence's own context, the rest from anywhere.
// - Uniform: every pick from the whole vocabulary, a stress case for cache locality.
// Either way the vocabulary is large, as the corpus's is (0.28 distinct symbols per
// sentence there, 0.39 here): at 1M sentences a 3 MiB file holds about 160k symbol
// tokens over 70–80k distinct names, which is what makes interning cost what it does.
enum class Vocabulary { Topical, Uniform };

// A deterministic generator: a KB of `sentences` sentences spread over s_contexts files.
class Generator
{
public:
    explicit Generator(int sentences, Vocabulary vocabulary = Vocabulary::Topical)
        : m_target(sentences)
        , m_vocabulary(vocabulary)
    {
        // Proportions close to the corpus: a quarter comments, a third declarations.
        m_types = std::max(73, sentences / 10);
        m_predicates = std::max(16, sentences / 20);
        m_individuals = std::max(64, sentences / 4);
    }

    [[nodiscard]] std::vector<QByteArray> files()
    {
        std::vector<QByteArray> out(s_contexts);
        for (int c = 0; c < s_contexts; ++c) {
            out[c] = QByteArray(";; CxGen") + QByteArray::number(c) + " — synthetic benchmark context.\n\n";
            if (c > 0) // a chain: the last context sees them all
                out[c] += "(genlCx CxGen" + QByteArray::number(c) + " CxGen" + QByteArray::number(c - 1) + ")\n\n";
        }
        int emitted = s_contexts - 1;
        int step = 0;
        while (emitted < m_target) {
            const int context = step % s_contexts;
            QByteArray &text = out[context];
            text += sentence(step);
            text += '\n';
            ++emitted;
            ++step;
        }
        return out;
    }

    [[nodiscard]] QByteArray type(int i) const { return "kind_" + QByteArray::number(i); }
    [[nodiscard]] QByteArray individual(int i) const { return "Thing" + QByteArray::number(i); }
    [[nodiscard]] QByteArray predicate(int i) const { return "relatesTo" + QByteArray::number(i); }
    [[nodiscard]] int types() const { return m_types; }
    [[nodiscard]] int predicates() const { return m_predicates; }
    [[nodiscard]] int individuals() const { return m_individuals; }

private:
    [[nodiscard]] int parentOf(int t) const
    {
        const int tree = t / 73;
        const int local = t % 73;
        if (local == 0)
            return -1;
        const int parentLocal = local <= s_treeBranching ? 0 : 1 + (local - 1 - s_treeBranching) / s_treeBranching;
        return tree * 73 + parentLocal;
    }

    // A random term index below `count` for a sentence of `context`: in Topical mode, three
    // times in four one that belongs to `context` (index ≡ context mod s_contexts, or for
    // types, in a tree whose number is), else any.
    int pickFor(int context, int count, bool types = false)
    {
        const int any = pick(count);
        if (m_vocabulary == Vocabulary::Uniform || pick(4) == 0)
            return any;
        if (types) {
            const int trees = count / 73;
            if (trees < s_contexts)
                return any;
            const int tree = context + s_contexts * pick(trees / s_contexts);
            return tree * 73 + any % 73;
        }
        if (count < s_contexts)
            return any;
        return context + s_contexts * pick(count / s_contexts);
    }

    int pick(int modulus) { return int((m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL) >> 33) % modulus; }

    QByteArray sentence(int step)
    {
        const int context = step % s_contexts;
        // A fixed 40-slot pattern keeps the mix the same at every size.
        const int slot = step % 40;
        const int n = step / 40;
        switch (slot) {
        case 0:
        case 1:
        case 2:
        case 3:
        case 4:
        case 5:
        case 6:
        case 7:
        case 8:
        case 9: {
            // Types first, then predicates, then individuals: each documented once.
            const int c = n * 10 + slot;
            if (c < m_types) {
                return "(comment " + type(c) + "\n         \"(" + type(c) + " ?x) means that ?x is a kind of thing numbered "
                    + QByteArray::number(c) + " in the synthetic hierarchy — a gloss of some length, as the corpus has.\")";
            }
            if (c - m_types < m_predicates)
                return "(comment " + predicate(c - m_types) + " \"(" + predicate(c - m_types) + " ?a ?b) means that ?a relates to ?b.\")";
            return "(comment " + individual(c - m_types - m_predicates) + " \"A synthetic individual.\")";
        }
        case 10:
        case 11:
        case 12:
        case 13: {
            const int t = (n * 4 + slot - 10) % m_types;
            const int parent = parentOf(t);
            return "(genl " + type(t) + " " + (parent < 0 ? QByteArray("thing") : type(parent)) + ")";
        }
        case 14:
        case 15: {
            const int p = (n * 2 + slot - 14) % m_predicates;
            return "(binaryPredicate " + predicate(p) + ")";
        }
        case 16:
        case 17:
        case 18:
        case 19: {
            const int p = (n * 2 + (slot - 16) / 2) % m_predicates;
            return "(arg " + predicate(p) + " " + QByteArray::number(1 + slot % 2) + " " + type(pickFor(context, m_types, true)) + ")";
        }
        case 20: {
            const int t = pickFor(context, m_types, true);
            const int sibling = (t / 73) * 73 + 1 + pick(s_treeBranching);
            return "(disjoint " + type(t) + " " + type(sibling) + ")";
        }
        case 21:
            return ((n / m_predicates) % 2 ? "(functional " : "(symmetric ") + predicate(n % m_predicates) + ")";
        case 22: {
            const QByteArray p = predicate(pickFor(context, m_predicates));
            const QByteArray q = predicate(pickFor(context, m_predicates));
            return "(implies (and (" + p + " ?x ?y) (" + q + " ?y ?z))\n         (" + predicate(pickFor(context, m_predicates))
                + " ?x ?z))";
        }
        default:
            if (slot < 32)
                return "(" + type(pickFor(context, m_types, true)) + " " + individual(pickFor(context, m_individuals)) + ")";
            return "(" + predicate(pickFor(context, m_predicates)) + " " + individual(pickFor(context, m_individuals)) + " "
                + individual(pickFor(context, m_individuals)) + ")";
        }
    }

    int m_target;
    int m_types;
    int m_predicates;
    int m_individuals;
    Vocabulary m_vocabulary;
    std::uint64_t m_state = 20261130;
};

/// Writes a `sentences`-sentence KB into `dir` as CxGen0.txt … CxGen15.txt; false on an I/O error.
[[nodiscard]] inline bool writeSyntheticKb(const QString &dir, int sentences)
{
    Generator generator(sentences);
    const std::vector<QByteArray> files = generator.files();
    for (std::size_t c = 0; c < files.size(); ++c) {
        QFile out(QDir(dir).filePath(QStringLiteral("CxGen%1.txt").arg(c)));
        if (!out.open(QIODevice::WriteOnly) || out.write(files[c]) != files[c].size())
            return false;
    }
    return true;
}

} // namespace fanva::bench
