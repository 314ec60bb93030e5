// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace fanva::llm {

/// What a provider is and can do, so that callers read capabilities instead of comparing
/// provider ids (docs/providers.md §1). Every field has the value of a provider with
/// nothing to configure by default; the built-in records are in providerinfo.cpp, and a
/// provider registered at run time brings its own (registerProvider).
struct ProviderInfo {
    /// The provider's stable id (`ollama`, `anthropic`, `openai`, `rules`, `demo`, `scripted`).
    QString id;
    /// The name a person reads (English; the window translates it), e.g. "Ollama".
    QString displayName;

    /// The wire protocol it speaks, which decides what a probe asks and how a key is sent.
    enum class Api { None, Ollama, Anthropic, OpenAi };
    Api api = Api::None;

    /// The environment variables that hold its API key, first set wins; empty: it takes no key.
    QStringList keyVariables;
    /// A call fails without a key (Anthropic); false when a key is optional (Ollama).
    bool needsKey = false;
    /// Where the OS keyring keeps its key: none, one account per provider (`anthropic`), or
    /// one per server host (`openai@HOST`).
    enum class KeyringAccount { None, PerProvider, PerHost };
    KeyringAccount keyring = KeyringAccount::None;

    /// Talks to a server at a base URL; the variables that set it ahead of the settings
    /// (`FANVA_*`) and after them (the vendor's own), and its default (empty: none, the user
    /// must give one when needsBaseUrl).
    bool usesBaseUrl = false;
    QString baseUrlOverrideVariable;
    QString baseUrlVendorVariable;
    QString defaultBaseUrl;
    bool needsBaseUrl = false;

    /// Replays a script file (FANVA_SCRIPT); `defaultScript` is the one it replays when none
    /// is given (empty: the user must choose one).
    bool needsScript = false;
    QString defaultScript;

    /// Needs no model named: it brings its own answers (a replay) or drafts without one.
    bool bringsOwnModel = false;
    /// Its drafts come from no language model at all (the rules, docs/spec/rules.md): the
    /// window says so, and a proposal's provenance comments name it.
    bool draftsWithoutModel = false;
    /// A model name to show as an example where one is asked for; empty: none.
    QString modelExample;
    /// Tells the model's context length before a session (Ollama's /api/show, providers.md §3).
    bool reportsContextWindow = false;
    /// Offers adaptive thinking and an effort level (providers.md §4).
    bool thinkingKnobs = false;
    /// Streams its answer as it is written.
    bool streams = true;

    /// Reads `Request::structured` (the formalize turn as data, docs/spec/rules.md §2) and
    /// not the prompt's prose.
    bool readsStructuredTurn = false;
    /// Can read a gloss and give a verdict (the judge round, formalize.md §6); false for a
    /// provider with no model behind it.
    bool judges = true;
    /// The KB languages it can draft (ids); empty: any, since it follows the prompt.
    QStringList draftsLanguages;
};

/// The record of provider `id`: a built-in one, or one registered with registerProvider();
/// nullopt for an id nobody knows. Makes no provider.
[[nodiscard]] std::optional<ProviderInfo> findProviderInfo(const QString &id);
/// As findProviderInfo(), with a record holding only the id for an unknown provider.
[[nodiscard]] ProviderInfo providerInfo(const QString &id);
/// Every known record: the built-in ones (scripted, demo, ollama, anthropic, openai), then the
/// registered ones in the order they were registered.
[[nodiscard]] std::vector<ProviderInfo> providerInfos();

/// Adds or replaces a run-time provider's record (registerProvider() calls it).
void registerProviderInfo(const ProviderInfo &info);

} // namespace fanva::llm
