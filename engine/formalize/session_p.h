// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Helpers shared by the .cpp files of Session (session.cpp, session_rounds.cpp, session_judge.cpp,
// coverage.cpp) and sessionsetup.cpp.

#include "formalize/replyparser.h"
#include "formalize/segmenter.h"
#include "formalize/sessionkb.h"
#include "llm/budget.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace fanva::formalize {
struct SessionInput;
}

namespace fanva::formalize::detail {

/// Tokens added to a prompt's estimate for what the chat template wraps around it.
inline constexpr int s_budgetSlack = 32;
/// The smallest card budget (tokens) a session runs with: below it the card says too little.
inline constexpr int s_minimumCard = 200;

/// A text's estimated size in tokens.
[[nodiscard]] inline qint64 estimate(const QString &text)
{
    return llm::estimateTokens(text.toStdString());
}

/// SHA-256 hex of `bytes`, as the session log records hashes.
[[nodiscard]] inline QString sha256(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

/// parseReply's step 7 through the session's language (null: the default).
inline std::function<std::vector<ReplyCandidate>(const QString &)> bareOf(const std::shared_ptr<const SessionKb> &kb)
{
    if (!kb)
        return {};
    return [kb](const QString &reply) { return kb->bareCandidates(reply); };
}

/// The document turn listing `listed` of `segments`, with `focus` and part `part` of `parts`
/// (formalize.md §3.2.1, §3); linear in the segments.
[[nodiscard]] QString roundTurn(const SessionInput &input, const std::vector<Segment> &segments, const std::vector<int> &listed,
    const std::vector<int> &focus, int part, int parts);

/// The focus cut into rounds (formalize.md §5.6), or the first segment that cannot fit alone.
struct RoundCut {
    std::vector<std::vector<int>> rounds;
    std::optional<int> misfit;
    bool stopped = false; ///< `stop` said so
};
/// Cuts in one pass (a round's size is the sum of its lines); `stop(i, focus size)`, asked before
/// the i-th focus segment, ends the cut early.
[[nodiscard]] RoundCut cutRounds(const SessionInput &input, const std::vector<Segment> &segments, const std::vector<int> &focus,
    const std::function<bool(std::size_t, std::size_t)> &stop = {});

/// What Session::start computes before its first call: the segments, the focus, the document
/// turn and, for a document too large whole, its rounds. Pure, so it can run off the caller's thread.
struct Preparation {
    std::shared_ptr<SessionInput> built; ///< SessionInput::build's result, when it had one
    std::vector<Segment> segments;
    std::optional<SegmentationError> error;
    std::vector<int> focus;
    QString documentTurn;
    bool cut = false; ///< the turn does not fit whole: `rounds` holds the cut
    RoundCut rounds;
};
/// `shell` with SessionInput::build's prompt pieces (kb, system prefix, card,
/// resolutions, cut, card budget); the shell's own fields stay. Without build: the shell.
[[nodiscard]] SessionInput completeInput(const SessionInput &shell);
/// `stop(done, total)` is asked as the cut goes on (done of the focus); true ends it early (rounds.stopped).
[[nodiscard]] Preparation prepare(const SessionInput &input, const std::function<bool(std::size_t, std::size_t)> &stop = {});

} // namespace fanva::formalize::detail
