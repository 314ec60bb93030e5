// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"
#include "llm/provider.h"

#include <QHash>
#include <QProcessEnvironment>
#include <QStringList>
#include <QUrl>

#include <functional>
#include <memory>
#include <optional>

namespace fanva::llm {

/// Where a selection looks, first found wins: the command line, then the environment, then
/// the GUI's saved settings, then the vendors' own variables, then the built-in defaults.
struct SelectionInput {
    QString provider, model, baseUrl, scriptPath; ///< command line (empty = not given)
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString settingsProvider, settingsModel; ///< saved settings (empty = none)
    QHash<QString, QString> settingsBaseUrls; ///< provider id → base URL
};

/// scripted, demo, ollama, anthropic, openai, then the registered ones (registerProvider).
[[nodiscard]] QStringList providerIds();

/// Reads OLLAMA_HOST as Ollama does: spaces and quotes trimmed; no scheme → http and port
/// 11434; `http://h` → 80, `https://h` → 443; user info kept; the path kept without a
/// trailing "/"; an empty host, 0.0.0.0 and :: become the loopback address.
[[nodiscard]] QUrl parseOllamaHost(const QString &value);

/// The provider the user chose (--provider, FANVA_PROVIDER, settings); empty when none.
[[nodiscard]] QString selectedProvider(const SelectionInput &input);

/// The options of provider `id`: model, base URL, API key from the environment (with its
/// source), script path and FANVA_IDLE_TIMEOUT. The key is registered with the Redactor.
[[nodiscard]] ProviderOptions resolveOptions(const QString &id, const SelectionInput &input);

/// Creates the provider the options name; nothing else is ever substituted for it.
struct ProviderResult {
    std::unique_ptr<Provider> provider;
    std::optional<Failure> failure;
};
[[nodiscard]] ProviderResult createProvider(const ProviderOptions &options, QObject *parent = nullptr);

/// A provider built outside engine/llm (the rules provider, docs/spec/rules.md): createProvider()
/// calls `factory` for `id`, and providerIds() lists it. Registering an id again replaces it.
using ProviderFactory = std::function<ProviderResult(const ProviderOptions &options, QObject *parent)>;
void registerProvider(const QString &id, ProviderFactory factory);

/// The resource the demo provider replays.
inline constexpr char kDemoReplayResource[] = ":/demo/replay.json";

} // namespace fanva::llm
