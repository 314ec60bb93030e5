// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/problem.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <vector>

namespace fanva::formalize {

/// One row of the system prefix's names table: a naming role, how it is spelled and an
/// example term taken from the knowledge base.
struct RoleExample {
    QString role;
    QString spelling;
    QString example;
    friend bool operator==(const RoleExample &, const RoleExample &) = default;
};

/// The stable system prefix (§3.1), byte-identical for the same rows: it holds no clock,
/// id, path or hash. Sent as one cached system block. inventory.h builds the rows from a KB.
[[nodiscard]] QString systemPrefix(const std::vector<RoleExample> &roles);

/// The system prefix of a language other than fanva-kb (nibli-kr.md §1.4): §3.1's opening
/// with "written as s-expressions" replaced by `writtenIn` (e.g. "written in nibli KR"),
/// the language's sections up to its "## Example" heading, "One name per individual",
/// "Report what you cannot translate", the language's "## Example" section onwards, and
/// "Answer". Byte-identical for the same arguments.
[[nodiscard]] QString languageSystemPrefix(const QString &writtenIn, const QString &languageSections);

/// The example sentences the system prefix offers as good writing (the "never write" ones
/// are left out); a guard test gates each against the fixture KB.
[[nodiscard]] std::vector<QString> systemPrefixExamples();

/// A numbered sentence as the prompts quote it.
struct PromptSegment {
    int number = 0;
    QString text;
    bool heading = false;
    friend bool operator==(const PromptSegment &, const PromptSegment &) = default;
};

/// A resolved document word and the KB term it names (*surface* → `term`).
struct PromptResolution {
    QString surface;
    QString term;
    friend bool operator==(const PromptResolution &, const PromptResolution &) = default;
};

struct DocumentTurnInput {
    std::vector<PromptSegment> segments;
    QString context;
    QString card;
    /// Document order, one per term.
    std::vector<PromptResolution> resolutions;
    int maxCandidates = 40;
    QString instruction;
    /// The segment numbers to formalize (formalize.md §3.2.1); empty: every listed one. The
    /// others listed are marked as context.
    std::vector<int> focus;
    /// A round's place (formalize.md §5.6): part of parts, shown when parts > 1.
    int part = 0;
    int parts = 0;
};

/// The first user turn (§3.2): the document, the target context, the vocabulary card.
[[nodiscard]] QString documentTurn(const DocumentTurnInput &input);

/// A refused candidate and its blocking problems, in critic order.
struct RefusedCandidate {
    QString sentence;
    std::vector<lang::Problem> problems;
};

/// The refused candidates of one sentence (no segment: grouped as "Sentence [?]").
struct RepairGroup {
    std::optional<int> segment;
    QString segmentText;
    std::vector<RefusedCandidate> refused;
};

/// The gate repair turn (§3.3): groups by segment, candidates in reply order.
[[nodiscard]] QString repairTurn(int keptCount, const std::vector<RepairGroup> &groups);

/// The turn after an unreadable reply (§3.3, §4.3): the reason, then what is still pending
/// or the request to answer again.
[[nodiscard]] QString unreadableTurn(const QString &reason, const std::vector<RepairGroup> &pending);

struct JudgeRepairItem {
    QString candidate;
    QString gloss;
    QString note;
};

struct JudgeRepairGroup {
    std::optional<int> segment;
    QString segmentText;
    std::vector<JudgeRepairItem> items;
};

/// The judge repair turn (§3.3) in the formalize conversation.
[[nodiscard]] QString judgeRepairTurn(const std::vector<JudgeRepairGroup> &groups);

/// The judge's constant system text (§3.4).
[[nodiscard]] QString judgeSystem();

/// One reading the judge checks: item numbers run 1…k in the order given.
struct JudgeItem {
    int segment = 0;
    QString gloss;
};

/// The judge's user turn (§3.4) over the given source sentences.
[[nodiscard]] QString judgeTurn(const std::vector<PromptSegment> &segments, const std::vector<JudgeItem> &items);

/// The decoding format of a formalize call (§4.1).
[[nodiscard]] nlohmann::json outputSchema();
/// The decoding format of a judge call (§3.4): item and verdict required.
[[nodiscard]] nlohmann::json judgeSchema();

/// Text with newlines and tabs as spaces, as the prompts quote a sentence.
[[nodiscard]] QString flattened(const QString &text);
/// `text` clipped at a character boundary to at most `bytes` UTF-8 bytes, "…" appended
/// when something was cut.
[[nodiscard]] QString clippedUtf8(const QString &text, int bytes);

} // namespace fanva::formalize
