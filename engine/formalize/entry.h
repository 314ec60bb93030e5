// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/coined.h"
#include "formalize/corrections.h"
#include "formalize/entrykind.h"
#include "formalize/replyparser.h"
#include "lang/problem.h"
#include "status.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace fanva::formalize {

/// Where a candidate ended up after the gates and the repair turns (§5.2).
enum class EntryState { Admissible, Known, Refused, Superseded, Dropped };

/// The judge's reading of an entry's gloss; None where it did not run or failed open.
enum class Verdict { None, Agree, Disagree, Unsure };

/// The reviewer's decision (§9). Every entry starts Undecided; Applied entries are locked.
enum class Decision { Undecided, Accepted, Edited, Forced, Rejected, Applied };

/// Who wrote an entry (docs/formalize.md §9.1): the model, or the author in Fanva.
enum class Origin { Drafted, Author };

/// The review rank (§9), worst first: the gutter shows it and it decides what `a` does.
enum class Rank { Refused, Correctable, Doubted, Coined, Clean, Known };

/// The English reading of the selected shape (§6).
struct EntryGloss {
    QString text;
    QString source; ///< composed | partial | named; empty when none was made
    friend bool operator==(const EntryGloss &, const EntryGloss &) = default;
};

/// An earlier candidate this entry replaced, or a judge replacement that was refused.
struct HistoryItem {
    QString id;
    int attempt = 0;
    QString sentence;
    QString reason; ///< superseded | refused-replacement | withdrawn
    std::vector<lang::Problem> problems;
    friend bool operator==(const HistoryItem &, const HistoryItem &) = default;
};

/// One proposed sentence with its review (architecture.md "entry"). Shapes are numbered
/// from 1 (as written); selectedShape 0 stands for the reviewer's edit ("E").
struct Entry {
    QString id; ///< c1, c2, …
    int segment = 0; ///< 0: the model named no (valid) sentence
    EntryState state = EntryState::Refused;
    int attempt = 0;
    QString candidate; ///< as the model wrote it
    QStringList shapes;
    int selectedShape = 1;
    QString edit;
    std::vector<lang::Problem> problems; ///< blocking problems of the selected shape
    std::vector<lang::Problem> notes; ///< non-blocking notes
    std::optional<Correction> correction;
    std::vector<CoinedFunctor> coined;
    EntryGloss gloss;
    Verdict verdict = Verdict::None;
    QString verdictNote;
    Confidence confidence = Confidence::Medium;
    QString strength; ///< the model's opinion: default | monotonic
    std::vector<HistoryItem> history;
    Decision decision = Decision::Undecided;
    QStringList forced; ///< the problem types the reviewer forced past
    // Issue 17 (docs/spec/rewrite.md §1): what the entry does to the target file.
    EntryKind kind = EntryKind::Add;
    std::vector<ExistingSentence> replaces; ///< replace, retract: the target file's sentences it removes
    QString applied; ///< the journal id of the Apply that wrote it
    Origin origin = Origin::Drafted; ///< author: written in Fanva, not drafted by the model
    // Issue 18 (docs/spec/rules.md §4): a rules draft's pattern and the content words of its
    // sentence it left unused; empty for a model's draft.
    QString pattern;
    QStringList unused;

    /// The sentence Apply would write: the edit, or the selected shape.
    [[nodiscard]] QString sentence() const;
    /// True for entries a reviewer sees (admissible, known, refused).
    [[nodiscard]] bool isReviewable() const;
    /// True if the decision puts the entry into the next Apply.
    [[nodiscard]] bool isAccepted() const;
    [[nodiscard]] Rank rank() const;

    friend bool operator==(const Entry &, const Entry &) = default;
};

[[nodiscard]] QString entryStateName(EntryState state);
[[nodiscard]] std::optional<EntryState> entryStateFromName(QStringView name);
[[nodiscard]] QString verdictName(Verdict verdict);
[[nodiscard]] std::optional<Verdict> verdictFromName(QStringView name);
[[nodiscard]] QString decisionName(Decision decision);
[[nodiscard]] std::optional<Decision> decisionFromName(QStringView name);
[[nodiscard]] QString rankName(Rank rank);
[[nodiscard]] QString originName(Origin origin);
[[nodiscard]] std::optional<Origin> originFromName(QStringView name);

/// The numeric part of an entry id (c12 → 12), for document and id order.
[[nodiscard]] int entryNumber(const QString &id);

/// Fanva's JSON form of an entry (the session file's `entries` element).
[[nodiscard]] nlohmann::json entryToJson(const Entry &entry);
/// Reads entryToJson()'s form back; an error if a required key is missing or invalid or a
/// member has the wrong type, saying where and what ("entries[2].segment: expected an
/// integer, found a string"; `path` names the entry in that message).
[[nodiscard]] Result<Entry> entryFromJson(const nlohmann::json &json, const QString &path = {});

[[nodiscard]] nlohmann::json problemsToJson(const std::vector<lang::Problem> &problems);
[[nodiscard]] std::vector<lang::Problem> problemsFromJson(const nlohmann::json &json);

/// UTF-8 conversions at the JSON boundary.
[[nodiscard]] inline std::string utf8(const QString &text)
{
    return text.toStdString();
}
[[nodiscard]] inline QString fromUtf8(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace fanva::formalize
