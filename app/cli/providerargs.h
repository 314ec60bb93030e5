// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Provider options shared by the subcommands that talk to a model (ask, providers).

#include "llm/accounting.h"
#include "llm/options.h"
#include "llm/selection.h"
#include "status.h"

#include <QCommandLineParser>

#include <functional>
#include <memory>
#include <optional>

namespace fanva::formalize {
class Session;
struct SessionInput;
} // namespace fanva::formalize

namespace cli {

class CommandLine;

/// --provider, --model, --base-url, --script, --script-record, the three timeouts, --max-reply
/// and Anthropic's --thinking and --effort.
void addProviderOptions(QCommandLineParser &parser);

/// The command line's part of a selection; the environment is the process's.
[[nodiscard]] fanva::llm::SelectionInput selectionInput(const QCommandLineParser &parser);

/// Applies --connect-timeout/--idle-timeout/--total-timeout (seconds), --max-reply (MiB),
/// --script-record, --thinking on|off and --effort low|medium|high (Anthropic, providers.md §4);
/// why not when a value is not one the option takes.
[[nodiscard]] fanva::Status applyProviderOptions(const QCommandLineParser &parser, fanva::llm::ProviderOptions &options);

/// --max-attempts N, --judge on|off and --instruction TEXT of a formalize session.
void addSessionRunOptions(QCommandLineParser &parser);

/// --max-attempts into `*maxAttempts` and --judge into `*judge`; why not when a value is not
/// one the option takes. --instruction is read as it is.
[[nodiscard]] fanva::Status applySessionRunOptions(const QCommandLineParser &parser, int *maxAttempts, bool *judge);

/// --context-window N and --max-output-tokens N of a formalize session.
void addSessionBudgetOptions(QCommandLineParser &parser);

/// The session budget the command line asks for: `contextLimit` 0 when --context-window is not
/// given. Sets `maxOutputTokens` and, for Ollama's num_ctx, options.contextCap; why not when a
/// value is out of range.
[[nodiscard]] fanva::Status applySessionBudgetOptions(
    const QCommandLineParser &parser, int *contextLimit, int *maxOutputTokens, fanva::llm::ProviderOptions &options);

/// formalize.md §5: asks the provider for the model's context length and calls `next` with the
/// session's window — the reported length capped by `contextLimit`, else `contextLimit`, else
/// 8192 — from the event loop. The window is said on stderr.
void withContextWindow(const fanva::llm::ProviderOptions &options, int contextLimit, std::function<void(int window)> next);

/// The provider the command line selects (--provider, else FANVA_PROVIDER, …) into `options`,
/// with the provider options and the session budget (--context-window into `*contextLimit`,
/// --max-output-tokens into `*maxOutputTokens`) applied; nullopt, or the exit code after
/// saying why not (ExitError: no provider selected, or a usage error).
[[nodiscard]] std::optional<int> readProvider(
    const CommandLine &commandLine, fanva::llm::ProviderOptions &options, int *contextLimit, int *maxOutputTokens);

/// --prices FILE: prices per million tokens, so that a run can say what it cost.
void addPricesOption(QCommandLineParser &parser);

/// The price of the selected provider and model from --prices, if the file names them (none
/// without --prices); an error when the file cannot be read or parsed.
[[nodiscard]] fanva::Result<std::optional<fanva::llm::Price>> priceFor(
    const QCommandLineParser &parser, const fanva::llm::ProviderOptions &options);

/// Looks the key up in the OS keyring when the environment gave none and the provider needs
/// one, then calls `next` from the event loop.
/// Creates the provider `options` name and a session over `input` with the standard hooks
/// (the input's model and provider id filled in from `options`), not yet started. When the
/// provider cannot be created, prints "fanva-cli COMMAND: why" and returns false.
[[nodiscard]] bool createSession(const QString &command, const fanva::llm::ProviderOptions &options, fanva::formalize::SessionInput &input,
    std::unique_ptr<fanva::llm::Provider> &provider, std::unique_ptr<fanva::formalize::Session> &session);

void withKeyring(fanva::llm::ProviderOptions &options, std::function<void()> next);

} // namespace cli
