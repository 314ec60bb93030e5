// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Helpers shared by the .cpp files of Session (session.cpp, session_rounds.cpp, session_judge.cpp,
// coverage.cpp) and sessionsetup.cpp.

#include "formalize/replyparser.h"
#include "formalize/sessionlanguage.h"
#include "llm/budget.h"

#include <QByteArray>
#include <QCryptographicHash>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

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
inline std::function<std::vector<ReplyCandidate>(const QString &)> bareOf(const std::shared_ptr<const SessionLanguage> &language)
{
    if (!language)
        return {};
    return [language](const QString &reply) { return language->bareCandidates(reply); };
}

} // namespace fanva::formalize::detail
