// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QMetaType>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fanva::llm {

enum class Role { User, Assistant };

/// Why a reply ended. The caller reads it before anything else: a Refusal carries no usable text.
enum class StopReason { EndTurn, MaxTokens, Refusal, ToolUse, Error };

enum class Effort { Low, Medium, High, Max };

/// One block of the system prompt; `cache` marks the stable prefix (Anthropic's cache breakpoint
/// goes on the last block that has it).
struct SystemBlock {
    std::string text;
    bool cache = false;
    friend bool operator==(const SystemBlock &, const SystemBlock &) = default;
};

struct Message {
    Role role = Role::User;
    std::string text;
    friend bool operator==(const Message &, const Message &) = default;
};

/// A provider-neutral chat request. `purpose` is logged, never sent.
struct Request {
    std::string purpose;
    std::string model;
    std::vector<SystemBlock> system; ///< stable blocks first
    std::vector<Message> messages; ///< alternating, first and last User
    int maxTokens = 4096;
    std::optional<Effort> effort;
    std::optional<nlohmann::json> outputSchema;
    int numCtx = 0; ///< Ollama: 0 = size it, > 0 = the session's floor
    bool stream = true;
    /// The turn as data (docs/spec/rules.md §2), for a provider that reads no prose (`rules`);
    /// never sent to a server and never recorded. Absent when the caller gives none.
    std::optional<nlohmann::json> structured;
};

/// Token counts of one call; an absent field is unknown, not zero.
struct Usage {
    std::optional<int64_t> input, output, cacheRead, cacheWrite;
    friend bool operator==(const Usage &, const Usage &) = default;
};

struct Block {
    enum class Kind { Text, Thinking } kind = Kind::Text;
    std::string text;
    friend bool operator==(const Block &, const Block &) = default;
};

struct Refusal {
    std::string category, explanation;
    friend bool operator==(const Refusal &, const Refusal &) = default;
};

/// Why a call failed. `message` is one line for people (names the provider and its URL or
/// model, never a secret); `detail` carries status, error type, redacted server text and tries.
struct Failure {
    enum class Kind {
        Config,
        Credential,
        Connect,
        Tls,
        Timeout,
        Http,
        RateLimited,
        Overloaded,
        Protocol,
        StreamCut,
        MidStreamError,
        ModelMissing,
        TooLarge,
        Cancelled
    } kind
        = Kind::Protocol;
    std::string outcome; ///< chat-failed | too-large | cancelled
    std::string message;
    std::string detail;
    int httpStatus = 0;
};

struct Diagnostics {
    std::string baseUrl, requestId, rawStopReason;
    int tries = 0, numCtx = 0;
    int64_t estimate = 0;
    std::vector<std::string> notes;
};

/// The result of one call, delivered once through Call::done or Call::error.
/// Invariant: `content` is empty unless the stop reason is EndTurn, MaxTokens or ToolUse;
/// `failure` is set iff the stop reason is Error.
struct Response {
    StopReason stopReason = StopReason::Error;
    std::vector<Block> content;
    std::vector<Block> discarded; ///< partial text of a refused or failed reply: log only
    Usage usage;
    std::string model;
    std::optional<Refusal> refusal;
    std::optional<Failure> failure;
    Diagnostics diag;

    /// The concatenated Text blocks of `content`.
    [[nodiscard]] std::string text() const;
    /// The concatenated Thinking blocks of `content`.
    [[nodiscard]] std::string thinking() const;
};

/// Builds a Failure with its outcome derived from the kind.
[[nodiscard]] Failure makeFailure(Failure::Kind kind, std::string message, std::string detail = {}, int httpStatus = 0);

/// chat-failed, except TooLarge → too-large and Cancelled → cancelled.
[[nodiscard]] std::string outcomeFor(Failure::Kind kind);

/// Kebab-case names (`rate-limited`, `stream-cut`, …) as used by fanva-script/1.
[[nodiscard]] std::string_view failureKindName(Failure::Kind kind);
[[nodiscard]] std::optional<Failure::Kind> failureKindFromName(std::string_view name);

/// Kebab-case names (`end-turn`, `max-tokens`, …) used in Fanva's own JSON.
[[nodiscard]] std::string_view stopReasonName(StopReason reason);

[[nodiscard]] std::string_view effortName(Effort effort);

/// The one-line message shown for a refused answer, e.g.
/// "Claude declined this request (refusal: cyber). Nothing from this answer is used."
[[nodiscard]] std::string refusalMessage(std::string_view providerId, const Refusal &refusal);

/// Fanva's JSON form of usage: {input, output, cacheRead, cacheWrite}, unknown as null.
[[nodiscard]] nlohmann::json usageToJson(const Usage &usage);

} // namespace fanva::llm

Q_DECLARE_METATYPE(fanva::llm::Usage)
Q_DECLARE_METATYPE(fanva::llm::Response)
