// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/problem.h"
#include "kb/knowledgebase.h"
#include "kb/term.h"

#include <QJsonObject>
#include <QString>

#include <memory>
#include <vector>

namespace fanva::check {

/// One proposed sentence: its text, the context it is filed in, and its options
/// (kb-language.md §5.2: only {"direction": forward|backward|inert|both}).
struct Entry {
    QString sentence;
    QString context;
    QJsonObject options;

    friend bool operator==(const Entry &, const Entry &) = default;
};

/// How the checked sentence relates to the KB.
enum class Origin : std::uint8_t {
    Candidate, ///< a new sentence: already-stored when the KB holds its key in a visible context
    StoredHere, ///< read from the KB's own file of its context: its own (context, key) is not already-stored
};

class BatchOverlay;
namespace detail {
struct Overlay;
}

/// The critic of kb-language.md §5: the ordered check chain from a sentence and a context to
/// typed problems. It reads the KB only through its queries and writes nothing; every
/// method is const and reentrant, and its cost tracks the sentence, not the KB (the rule
/// dependency graph that stratification walks is built once, on first need). The KB must
/// outlive the critic.
class Critic final
{
public:
    explicit Critic(const kb::KnowledgeBase &kb);
    ~Critic();
    Critic(const Critic &) = delete;
    Critic &operator=(const Critic &) = delete;

    [[nodiscard]] const kb::KnowledgeBase &knowledgeBase() const;

    /// Reads `sentence` (exactly one form) and checks it in `context`: the problems of the
    /// first stage that reports (naming reports all of its own), else the notes.
    [[nodiscard]] std::vector<Problem> check(const QString &sentence, const QString &context, const QJsonObject &options = {}) const;

    /// Checks a sentence already read (spans then point into its document).
    [[nodiscard]] std::vector<Problem> check(
        kb::Term sentence, const QString &context, const QJsonObject &options = {}, Origin origin = Origin::Candidate) const;

    /// §5.5: each entry against the KB plus the batch's earlier entries without blocking
    /// problems (an overlay; nothing is stored). One problem list per entry.
    [[nodiscard]] std::vector<std::vector<Problem>> checkBatch(const std::vector<Entry> &entries) const;

    /// check() against the KB plus `overlay` (the entries admitted before this one).
    [[nodiscard]] std::vector<Problem> check(
        kb::Term sentence, const QString &context, const QJsonObject &options, const BatchOverlay &overlay) const;

private:
    struct Private;
    std::unique_ptr<Private> d;
};

/// The earlier entries of a batch that had no blocking problem (§5.5), in batch order:
/// what duplicate-in-batch and batch functional clashes are judged against.
class BatchOverlay final
{
public:
    BatchOverlay();
    ~BatchOverlay();
    BatchOverlay(BatchOverlay &&) noexcept;
    BatchOverlay &operator=(BatchOverlay &&) noexcept;

    /// Adds an admitted entry; `index` is how messages name it ("entry {index}").
    void add(const Critic &critic, kb::Term sentence, const QString &context, int index);
    [[nodiscard]] int size() const;

private:
    friend class Critic;
    std::unique_ptr<detail::Overlay> d;
};

/// Free-function forms of Critic::check and Critic::checkBatch (kb-language.md §5).
[[nodiscard]] std::vector<Problem> check(
    const kb::KnowledgeBase &kb, const QString &sentence, const QString &context, const QJsonObject &options = {});
[[nodiscard]] std::vector<std::vector<Problem>> checkBatch(const kb::KnowledgeBase &kb, const std::vector<Entry> &entries);

} // namespace fanva::check
