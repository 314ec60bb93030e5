// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/chatmessages.h"

namespace fanva::llm {

nlohmann::json chatMessages(const Request &request)
{
    nlohmann::json messages = nlohmann::json::array();
    std::string system;
    for (const SystemBlock &block : request.system)
        system += (system.empty() ? "" : "\n\n") + block.text;
    if (!request.system.empty())
        messages.push_back({ { "role", "system" }, { "content", system } });
    for (const Message &message : request.messages)
        messages.push_back({ { "role", message.role == Role::User ? "user" : "assistant" }, { "content", message.text } });
    return messages;
}

} // namespace fanva::llm
