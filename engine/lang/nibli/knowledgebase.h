// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/nibli/ast.h"
#include "lang/nibli/lexicon.h"
#include "lang/nibli/reader.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace fanva::lang::nibli {

/// A diagnostic of a load, with the file it is in (relative to the KB root).
struct FileDiagnostic {
    QString file;
    Diagnostic diagnostic;
    bool warning = false;
    /// `FILE:LINE:COL: error: MESSAGE` (or `warning:`).
    [[nodiscard]] QString toString() const;
};

/// One statement of a loaded KB with where it is and its identity key.
struct KbStatement {
    QString file;
    Statement statement;
    std::string key;
};

/// A loaded nibli KB (nibli-kr.md §1.2): every `*.nibli` file under a root, read and
/// resolved as one theory. Immutable; built only by `load`, which refuses a KB with any hard
/// diagnostic.
class KnowledgeBase final
{
public:
    struct LoadResult {
        std::shared_ptr<const KnowledgeBase> kb; ///< null on a hard error
        std::vector<FileDiagnostic> diagnostics; ///< errors and warnings, in path then offset order
    };

    /// Loads the nibli files under `root` (§1.2) against `lexicon`.
    [[nodiscard]] static LoadResult load(const QString &root, const Lexicon &lexicon = Lexicon::builtin());
    /// Loads in-memory files (relative path → text) as `load` would read them.
    [[nodiscard]] static LoadResult fromTexts(
        const std::vector<std::pair<QString, std::string>> &files, const Lexicon &lexicon = Lexicon::builtin());

    /// The regular `*.nibli` files under `root`, relative, in bytewise path order; symlinks
    /// are not followed and are reported in `skipped`.
    [[nodiscard]] static QStringList files(const QString &root, QStringList *skipped = nullptr);

    [[nodiscard]] const Vocabulary &vocabulary() const { return m_vocabulary; }
    [[nodiscard]] const std::vector<KbStatement> &statements() const { return m_statements; }
    /// The statements with this key (more than one when the KB repeats a claim).
    [[nodiscard]] std::vector<size_t> withKey(std::string_view key) const;
    /// A Name used in the KB with the same lowercase form, spelled as first used; empty if none.
    [[nodiscard]] std::string spellingOf(std::string_view name) const;
    /// The statements using Name `name` (verbatim).
    [[nodiscard]] std::vector<size_t> withName(std::string_view name) const;
    /// The statements using predicate head `head`.
    [[nodiscard]] std::vector<size_t> withHead(std::string_view head) const;

private:
    explicit KnowledgeBase(const Lexicon &lexicon)
        : m_vocabulary(lexicon)
    { }

    using Index = std::unordered_map<std::string, std::vector<size_t>, StringHash, std::equal_to<>>;
    Vocabulary m_vocabulary;
    std::vector<KbStatement> m_statements;
    Index m_keys;
    Index m_names;
    Index m_lowerNames;
    Index m_heads;
};

/// The gates of one candidate (§1.3, §4.5). `batchKeys`, `batchNames` and the batch's
/// declarations (in `vocabulary`) come from earlier admissible entries of the batch.
struct Batch {
    std::vector<std::string> keys;
    std::vector<std::string> names;
};

struct CheckResult {
    std::vector<Diagnostic> problems; ///< the first reporting stage's problems; empty when admissible
    std::vector<Diagnostic> notes; ///< already-stored, duplicate-in-batch
};

/// The parse gate: the candidate's one statement, or its first problem (`empty-sentence`,
/// `several-sentences`, or the reader's diagnostic).
struct ParsedCandidate {
    std::optional<Statement> statement;
    std::optional<Diagnostic> problem;
};
[[nodiscard]] ParsedCandidate parseCandidate(std::string_view text);

/// The critic gate (§4.5) on a statement that read: resolver → assertability → KB checks,
/// then notes. `kb` may be null; `self` is the statement's own index in `kb` (left out of its
/// own `already-stored`). `vocabulary` is the KB's plus the batch's declarations.
[[nodiscard]] CheckResult check(
    const KnowledgeBase *kb, const Vocabulary &vocabulary, Statement &s, const Batch &batch, std::optional<size_t> self = std::nullopt);

/// `fmt` (§5.5): each statement's span replaced by its render, everything else kept; a
/// statement whose span holds a comment is left as written. nullopt when the text does not
/// read and resolve.
[[nodiscard]] std::optional<std::string> format(std::string_view text, const Vocabulary &vocabulary);

} // namespace fanva::lang::nibli
