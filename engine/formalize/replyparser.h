// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QLatin1StringView>
#include <QString>
#include <QStringList>
#include <QStringView>

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace fanva::formalize {

using Confidence = lang::Confidence;
using Strength = lang::Strength;

[[nodiscard]] QLatin1StringView confidenceName(Confidence confidence);
/// high | medium | low; anything else is nullopt.
[[nodiscard]] std::optional<Confidence> confidenceFromName(QStringView name);
[[nodiscard]] QLatin1StringView strengthName(Strength strength);
/// default | monotonic; anything else is nullopt.
[[nodiscard]] std::optional<Strength> strengthFromName(QStringView name);

/// One candidate as the model wrote it (formalize.md §4.1; lang/drafting.h).
using ReplyCandidate = lang::ReplyCandidate;

struct ReplyUntranslated {
    int segment = 0;
    QString reason;
    friend bool operator==(const ReplyUntranslated &, const ReplyUntranslated &) = default;
};

/// What the defensive parser (§4.2) read from one reply. A reply is readable when it gave
/// at least one candidate or one untranslated entry; anything else is unreadable (§4.3).
struct ParsedReply {
    /// The step of §4.2 that succeeded.
    enum class Method : std::uint8_t { None, Envelope, Fenced, Embedded, TrailingCommas, Salvage, BareArray, SExpressions };
    /// Why an unreadable reply could not be read, for the unreadable repair turn.
    enum class Unreadable : std::uint8_t { None, Empty, NoContent, CutOff };

    std::vector<ReplyCandidate> candidates;
    std::vector<ReplyUntranslated> untranslated;
    QString notes;
    /// A rewrite reply's numbers of the selected sentences to remove (rewrite.md §3).
    std::vector<int> retract;
    /// Items lacking a non-empty "sentence", skipped.
    int malformedItems = 0;
    Method method = Method::None;
    Unreadable unreadable = Unreadable::None;

    [[nodiscard]] bool isReadable() const { return !candidates.empty() || !untranslated.empty() || !retract.empty(); }
    /// "it was empty", "it held no JSON object and no s-expression", "it was cut off
    /// before any candidate was complete"; empty for a readable reply.
    [[nodiscard]] QString unreadableReason() const;
};

/// The defensive parser of §4.2 on a reply's text (never its thinking; the caller reads the
/// stop reason first). `segmentCount` > 0 drops untranslated entries naming no segment
/// 1…segmentCount. Pure and total: any text gives a ParsedReply.
/// `bare` reads step 7 (a language's bare candidates, Language::bareCandidates); empty: the
/// step is skipped.
[[nodiscard]] ParsedReply parseReply(
    const QString &reply, int segmentCount = 0, const std::function<std::vector<ReplyCandidate>(const QString &)> &bare = {});

} // namespace fanva::formalize
