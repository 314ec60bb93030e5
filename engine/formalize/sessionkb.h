// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/coined.h"
#include "formalize/entry.h"
#include "formalize/replyparser.h"
#include "lang/gates.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fanva::lang {
class Batch;
class Kb;
class Language;
} // namespace fanva::lang

namespace fanva::formalize {

/// What the formalize loop asks of its KB, written against lang::Language alone
/// (docs/spec/language-seam.md §4): the gates with the batch overlay, the identity key of
/// the cycle guard, the gloss and the per-entry annotations (§6–§8), the proposal's
/// vocabulary report, the bare-candidate fallback and the file Apply appends to. The same
/// code for every language. Const and reentrant; bound to one KB.
class SessionKb final
{
public:
    explicit SessionKb(std::shared_ptr<const lang::Kb> kb);

    [[nodiscard]] const lang::Kb &kb() const { return *m_kb; }
    [[nodiscard]] const std::shared_ptr<const lang::Kb> &sharedKb() const { return m_kb; }
    /// A new, empty batch.
    [[nodiscard]] std::unique_ptr<lang::Batch> newBatch() const;
    /// parse → critic → round-trip on `candidate` filed in `target`; with a batch the critic
    /// also judges against it and an admissible candidate joins it as entry `index`
    /// (-1: its position).
    [[nodiscard]] lang::GateReport gate(const QString &candidate, const QString &target, lang::Batch *batch, int index) const;
    /// Adds a sentence admitted earlier to `batch` as entry `index` (no gate); false, and
    /// nothing added, when it does not read.
    bool admit(lang::Batch &batch, const QString &sentence, const QString &target, int index) const;
    /// The identity key of a candidate that reads; nullopt when it does not.
    [[nodiscard]] std::optional<std::string> key(const QString &candidate) const;
    /// The gloss of `sentence` (formalize.md §6); empty when none.
    [[nodiscard]] EntryGloss gloss(const QString &sentence, const QString &target) const;
    /// Fills shapes, selectedShape, correction and coined of an entry whose candidate reads.
    void annotate(const QString &target, Entry &entry) const;
    /// formalize.md §8 over the entries the proposal keeps (admissible and known).
    [[nodiscard]] CoinedReport vocabulary(const QString &target, const std::vector<Entry> &entries) const;
    /// formalize.md §4.2 step 7: the bare candidates of a reply that held no JSON.
    [[nodiscard]] std::vector<ReplyCandidate> bareCandidates(const QString &reply) const;

private:
    std::shared_ptr<const lang::Kb> m_kb;
    const lang::Language &m_language;
};

} // namespace fanva::formalize
