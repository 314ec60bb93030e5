// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"
#include "formalize/prompts.h"

#include <QString>

#include <functional>
#include <vector>

class QObject;

namespace fanva::llm {
class Call;
class Provider;
} // namespace fanva::llm

namespace fanva::formalize {

/// One reading sent to the judge alone: the entry, the sentence it renders and its gloss.
struct JudgeAloneItem {
    QString id;
    int segment = 0;
    QString gloss;
};

/// The judge's answer for one item: a verdict with its note, or Verdict::None with a note
/// saying why the judge failed ("judge failed (KIND): DETAIL", as formalize.md §5.3).
struct JudgeAloneVerdict {
    QString id;
    Verdict verdict = Verdict::None;
    QString note;
    friend bool operator==(const JudgeAloneVerdict &, const JudgeAloneVerdict &) = default;
};

/// What the judge alone reads: the source sentences it quotes and the readings.
struct JudgeAloneInput {
    std::vector<PromptSegment> segments;
    std::vector<JudgeAloneItem> items;
    QString model;
    int maxOutputTokens = 4096;
};

using JudgeAloneDone = std::function<void(const std::vector<JudgeAloneVerdict> &verdicts)>;

/// Re-judge (formalize.md §9, docs/formalize.md §9.3): one call of the fresh-context judge
/// (§3.4's system prompt, turn and schema) over `input`, outside any session. Returns at once;
/// `done` runs once from the event loop, in `receiver`'s thread and never after `receiver` is
/// destroyed, with one verdict per item in item order. The call is returned (it deletes
/// itself when it ends: hold it in a QPointer to cancel it).
llm::Call *judgeAlone(llm::Provider &provider, const JudgeAloneInput &input, QObject *receiver, JudgeAloneDone done);

} // namespace fanva::formalize
