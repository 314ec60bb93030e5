// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/providerinfo.h"

#include "llm/selection.h"

#include <algorithm>
#include <mutex>

namespace fanva::llm {

namespace {

ProviderInfo replay(const QString &id, const QString &name, const QString &script)
{
    ProviderInfo info;
    info.id = id;
    info.displayName = name;
    info.needsScript = true;
    info.defaultScript = script;
    info.bringsOwnModel = true;
    return info;
}

ProviderInfo ollama()
{
    ProviderInfo info;
    info.id = QStringLiteral("ollama");
    info.displayName = QStringLiteral("Ollama");
    info.api = ProviderInfo::Api::Ollama;
    info.keyVariables = { QStringLiteral("OLLAMA_API_KEY") };
    info.usesBaseUrl = true;
    info.baseUrlOverrideVariable = QStringLiteral("FANVA_OLLAMA_HOST");
    info.baseUrlVendorVariable = QStringLiteral("OLLAMA_HOST");
    info.defaultBaseUrl = QStringLiteral("http://127.0.0.1:11434");
    info.reportsContextWindow = true;
    return info;
}

ProviderInfo anthropic()
{
    ProviderInfo info;
    info.id = QStringLiteral("anthropic");
    info.displayName = QStringLiteral("Anthropic");
    info.api = ProviderInfo::Api::Anthropic;
    info.keyVariables = { QStringLiteral("FANVA_ANTHROPIC_API_KEY"), QStringLiteral("ANTHROPIC_API_KEY") };
    info.needsKey = true;
    info.keyring = ProviderInfo::KeyringAccount::PerProvider;
    info.usesBaseUrl = true;
    info.baseUrlOverrideVariable = QStringLiteral("FANVA_ANTHROPIC_BASE_URL");
    info.baseUrlVendorVariable = QStringLiteral("ANTHROPIC_BASE_URL");
    info.defaultBaseUrl = QStringLiteral("https://api.anthropic.com");
    info.modelExample = QStringLiteral("claude-sonnet-4-5");
    info.thinkingKnobs = true;
    return info;
}

ProviderInfo openAi()
{
    ProviderInfo info;
    info.id = QStringLiteral("openai");
    info.displayName = QStringLiteral("OpenAI-compatible server");
    info.api = ProviderInfo::Api::OpenAi;
    info.keyVariables = { QStringLiteral("FANVA_OPENAI_API_KEY"), QStringLiteral("OPENAI_API_KEY") };
    info.keyring = ProviderInfo::KeyringAccount::PerHost;
    info.usesBaseUrl = true;
    info.baseUrlOverrideVariable = QStringLiteral("FANVA_OPENAI_BASE_URL");
    info.baseUrlVendorVariable = QStringLiteral("OPENAI_BASE_URL");
    info.needsBaseUrl = true;
    return info;
}

const std::vector<ProviderInfo> &builtIn()
{
    static const std::vector<ProviderInfo> infos {
        replay(QStringLiteral("scripted"), QStringLiteral("Scripted (replays a script file)"), QString()),
        replay(QStringLiteral("demo"), QStringLiteral("Demo (offline replay)"), QString::fromLatin1(kDemoReplayResource)),
        ollama(),
        anthropic(),
        openAi(),
    };
    return infos;
}

struct RegisteredInfos {
    std::mutex mutex;
    std::vector<ProviderInfo> infos;
};

RegisteredInfos &registeredInfos()
{
    static RegisteredInfos r;
    return r;
}

} // namespace

void registerProviderInfo(const ProviderInfo &info)
{
    RegisteredInfos &r = registeredInfos();
    const std::scoped_lock lock(r.mutex);
    const auto it = std::find_if(r.infos.begin(), r.infos.end(), [&](const ProviderInfo &i) { return i.id == info.id; });
    if (it != r.infos.end())
        *it = info;
    else
        r.infos.push_back(info);
}

std::optional<ProviderInfo> findProviderInfo(const QString &id)
{
    {
        RegisteredInfos &r = registeredInfos();
        const std::scoped_lock lock(r.mutex);
        for (const ProviderInfo &info : r.infos) {
            if (info.id == id)
                return info;
        }
    }
    for (const ProviderInfo &info : builtIn()) {
        if (info.id == id)
            return info;
    }
    return std::nullopt;
}

ProviderInfo providerInfo(const QString &id)
{
    if (std::optional<ProviderInfo> info = findProviderInfo(id))
        return std::move(*info);
    ProviderInfo info;
    info.id = id;
    info.displayName = id;
    return info;
}

std::vector<ProviderInfo> providerInfos()
{
    std::vector<ProviderInfo> infos;
    RegisteredInfos &r = registeredInfos();
    const std::scoped_lock lock(r.mutex);
    for (const ProviderInfo &info : builtIn()) {
        if (std::none_of(r.infos.begin(), r.infos.end(), [&](const ProviderInfo &i) { return i.id == info.id; }))
            infos.push_back(info);
    }
    infos.insert(infos.end(), r.infos.begin(), r.infos.end());
    return infos;
}

} // namespace fanva::llm
