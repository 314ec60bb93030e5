// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "check/gates.h"
#include "check/problem.h"
#include "formalize/coined.h"
#include "formalize/entry.h"
#include "formalize/replyparser.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace fanva::kb {
class KnowledgeBase;
}

namespace fanva::formalize {

struct SessionHooks;

/// The entries a session's batch admitted so far (formalize.md §5.1's overlay); opaque,
/// made and grown by the SessionLanguage it came from.
class SessionBatch
{
public:
    SessionBatch() = default;
    virtual ~SessionBatch() = default;
    SessionBatch(const SessionBatch &) = delete;
    SessionBatch &operator=(const SessionBatch &) = delete;
};

/// The gates' outcome for one candidate as the session needs it.
struct SessionGate {
    /// The gate that refused the candidate; nullopt when it is admissible.
    std::optional<check::Gate> failedGate;
    std::vector<check::Problem> problems;
    std::vector<check::Problem> notes;
    /// The candidate read (passed the parse gate).
    bool read = false;

    [[nodiscard]] bool isAdmissible() const { return !failedGate.has_value(); }
    [[nodiscard]] bool isKnown() const;
    [[nodiscard]] bool isDuplicate() const;
};

/// What the formalize loop asks of the KB and its language (docs/spec/language-seam.md §4):
/// the gates with the batch overlay, the identity key of the cycle guard, the gloss and
/// the per-entry annotations, the proposal's vocabulary report, the bare-candidate fallback
/// and the file Apply appends to. engine/formalize declares it and implements it for a
/// kb::KnowledgeBase (today's fanva-kb code); engine/lang implements it for any Language
/// (lang::sessionLanguageOf), so the loop never depends on engine/lang. Const and
/// reentrant; bound to one KB.
class SessionLanguage
{
public:
    SessionLanguage() = default;
    virtual ~SessionLanguage() = default;
    SessionLanguage(const SessionLanguage &) = delete;
    SessionLanguage &operator=(const SessionLanguage &) = delete;

    /// A new, empty batch.
    [[nodiscard]] virtual std::unique_ptr<SessionBatch> newBatch() const = 0;
    /// parse → critic → round-trip on `candidate` filed in `target`; with a batch the critic
    /// also judges against it and an admissible candidate joins it as entry `index`
    /// (-1: its position).
    [[nodiscard]] virtual SessionGate gate(const QString &candidate, const QString &target, SessionBatch *batch, int index) const = 0;
    /// Adds a sentence admitted earlier to `batch` as entry `index` (no gate); false, and
    /// nothing added, when it does not read.
    virtual bool admit(SessionBatch &batch, const QString &sentence, const QString &target, int index) const = 0;
    /// The identity key of a candidate that reads; nullopt when it does not.
    [[nodiscard]] virtual std::optional<std::string> key(const QString &candidate) const = 0;
    /// The gloss of `sentence` (formalize.md §6); empty when none.
    [[nodiscard]] virtual EntryGloss gloss(const QString &sentence, const QString &target) const = 0;
    /// Fills shapes, selectedShape, correction and coined of an entry whose candidate reads.
    virtual void annotate(const QString &target, Entry &entry) const = 0;
    /// formalize.md §8 over the entries the proposal keeps (admissible and known).
    [[nodiscard]] virtual CoinedReport vocabulary(const QString &target, const std::vector<Entry> &entries) const = 0;
    /// formalize.md §4.2 step 7: the bare candidates of a reply that held no JSON.
    [[nodiscard]] virtual std::vector<ReplyCandidate> bareCandidates(const QString &reply) const = 0;
    /// The target's file, relative to the KB folder (Apply appends there).
    [[nodiscard]] virtual QString targetFile(const QString &target) const = 0;
};

/// The SessionLanguage of a fanva-kb KnowledgeBase: check::Critic's gates and overlay, the
/// canonical key, bareSExpressions, proposalVocabulary, and `hooks` for gloss and annotate
/// (an empty hook does nothing) — exactly the code the session ran before the seam.
[[nodiscard]] std::shared_ptr<const SessionLanguage> knowledgeBaseSessionLanguage(
    std::shared_ptr<const kb::KnowledgeBase> kb, const SessionHooks &hooks);

} // namespace fanva::formalize
