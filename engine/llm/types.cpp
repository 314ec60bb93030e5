// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/types.h"

#include "llm/providerinfo.h"

#include <array>
#include <utility>

namespace fanva::llm {

namespace {

std::string joinBlocks(const std::vector<Block> &blocks, Block::Kind kind)
{
    std::string text;
    for (const Block &block : blocks) {
        if (block.kind == kind)
            text += block.text;
    }
    return text;
}

constexpr std::array s_failureKindNames {
    std::pair { Failure::Kind::Config, std::string_view("config") },
    std::pair { Failure::Kind::Credential, std::string_view("credential") },
    std::pair { Failure::Kind::Connect, std::string_view("connect") },
    std::pair { Failure::Kind::Tls, std::string_view("tls") },
    std::pair { Failure::Kind::Timeout, std::string_view("timeout") },
    std::pair { Failure::Kind::Http, std::string_view("http") },
    std::pair { Failure::Kind::RateLimited, std::string_view("rate-limited") },
    std::pair { Failure::Kind::Overloaded, std::string_view("overloaded") },
    std::pair { Failure::Kind::Protocol, std::string_view("protocol") },
    std::pair { Failure::Kind::StreamCut, std::string_view("stream-cut") },
    std::pair { Failure::Kind::MidStreamError, std::string_view("mid-stream-error") },
    std::pair { Failure::Kind::ModelMissing, std::string_view("model-missing") },
    std::pair { Failure::Kind::TooLarge, std::string_view("too-large") },
    std::pair { Failure::Kind::Cancelled, std::string_view("cancelled") },
};

} // namespace

std::string Response::text() const
{
    return joinBlocks(content, Block::Kind::Text);
}

std::string Response::thinking() const
{
    return joinBlocks(content, Block::Kind::Thinking);
}

std::string outcomeFor(Failure::Kind kind)
{
    switch (kind) {
    case Failure::Kind::TooLarge:
        return "too-large";
    case Failure::Kind::Cancelled:
        return "cancelled";
    default:
        return "chat-failed";
    }
}

Failure makeFailure(Failure::Kind kind, std::string message, std::string detail, int httpStatus)
{
    return Failure { kind, outcomeFor(kind), std::move(message), std::move(detail), httpStatus };
}

std::string_view failureKindName(Failure::Kind kind)
{
    for (const auto &[k, name] : s_failureKindNames) {
        if (k == kind)
            return name;
    }
    return "protocol";
}

std::optional<Failure::Kind> failureKindFromName(std::string_view name)
{
    for (const auto &[k, n] : s_failureKindNames) {
        if (n == name)
            return k;
    }
    return std::nullopt;
}

std::string_view stopReasonName(StopReason reason)
{
    switch (reason) {
    case StopReason::EndTurn:
        return "end-turn";
    case StopReason::MaxTokens:
        return "max-tokens";
    case StopReason::Refusal:
        return "refusal";
    case StopReason::ToolUse:
        return "tool-use";
    case StopReason::Error:
        break;
    }
    return "error";
}

std::string_view effortName(Effort effort)
{
    switch (effort) {
    case Effort::Low:
        return "low";
    case Effort::Medium:
        return "medium";
    case Effort::High:
        return "high";
    case Effort::Max:
        break;
    }
    return "max";
}

std::string refusalMessage(std::string_view providerId, const Refusal &refusal)
{
    // Anthropic's API names the refusal's category.
    if (providerInfo(QString::fromUtf8(providerId.data(), qsizetype(providerId.size()))).api == ProviderInfo::Api::Anthropic) {
        const std::string category = refusal.category.empty() ? std::string("unspecified") : refusal.category;
        return "Claude declined this request (refusal: " + category + "). Nothing from this answer is used.";
    }
    return "The model declined this request.";
}

nlohmann::json usageToJson(const Usage &usage)
{
    const auto field = [](const std::optional<int64_t> &value) { return value ? nlohmann::json(*value) : nlohmann::json(nullptr); };
    return nlohmann::json { { "input", field(usage.input) }, { "output", field(usage.output) }, { "cacheRead", field(usage.cacheRead) },
        { "cacheWrite", field(usage.cacheWrite) } };
}

} // namespace fanva::llm
