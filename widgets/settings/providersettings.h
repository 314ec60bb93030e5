// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/session.h"
#include "llm/options.h"

#include <QHash>
#include <QProcessEnvironment>
#include <QString>

class QSettings;

/// The reviewer's per-user provider settings (providers.md §2, §6; formalize.md §5): the
/// default provider, each provider's model and base URL, the timeouts and the session
/// settings the Settings dialog edits. No secret is part of it: API keys come from the
/// environment, the OS keyring, or a key typed into the dialog that lives in memory only.
struct ProviderSettings {
    /// The largest reply cap the dialog offers, as fanva-cli's --max-reply.
    static constexpr int kMaxReplyMib = 1024;

    QString provider; ///< the user's default provider id; empty: never chosen
    QHash<QString, QString> models; ///< provider id → model; none: no model chosen
    QHash<QString, QString> baseUrls; ///< provider id → base URL; none: the default
    QString scriptPath; ///< the script the scripted provider replays
    int connectTimeoutSeconds = 10;
    int idleTimeoutSeconds = 300;
    int totalTimeoutMinutes = 30; ///< 0: no limit
    int maxReplyMib = int(fanva::llm::kDefaultMaxReplyBytes / (1024 * 1024)); ///< MiB of text one answer may bring
    fanva::formalize::SessionSettings session; ///< maxAttempts, judge, judgeRetries, contextWindow are edited
    /// The largest context a session may use, in tokens (formalize.md §5, providers.md §3's
    /// userCap): caps the length the model reports and Ollama's num_ctx. 0: no limit.
    int contextLimit = 0;
    bool anthropicThinking = false; ///< Anthropic: adaptive thinking (providers.md §4)
    QString anthropicEffort; ///< Anthropic: low | medium | high; empty: the model's default

    /// The provider a window uses when neither the command line nor the workspace's fanva.json names
    /// one: FANVA_PROVIDER, then the saved default, then the offline demo.
    [[nodiscard]] QString defaultProvider(const QProcessEnvironment &environment) const;

    /// The options of provider @p id, resolved as providers.md §2 orders them: the environment
    /// (FANVA_MODEL, FANVA_*_BASE_URL, FANVA_SCRIPT, FANVA_IDLE_TIMEOUT, the API key variables)
    /// before these settings, these before the vendors' variables and the built-in defaults.
    [[nodiscard]] fanva::llm::ProviderOptions resolve(const QString &id, const QProcessEnvironment &environment) const;

    /// Reads the values saved by save(); missing keys keep their defaults, out-of-range
    /// values are clamped.
    [[nodiscard]] static ProviderSettings load(const QSettings &settings);
    void save(QSettings &settings) const;
    /// The model knobs (contextLimit, Anthropic's thinking and effort) alone, as load()/save() do.
    void loadModelKnobs(const QSettings &settings);
    void saveModelKnobs(QSettings &settings) const;

    /// The reviewer's settings file (the one MainWindow keeps its geometry in).
    [[nodiscard]] static QString defaultFile();

    friend bool operator==(const ProviderSettings &, const ProviderSettings &) = default;
};
