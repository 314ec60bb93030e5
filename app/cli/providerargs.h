// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// Provider options shared by the subcommands that talk to a model (ask, providers).

#include "llm/accounting.h"
#include "llm/options.h"
#include "llm/selection.h"

#include <QCommandLineParser>

#include <functional>

namespace cli {

/// --provider, --model, --base-url, --script, --script-record, the three timeouts and --max-reply.
void addProviderOptions(QCommandLineParser &parser);

/// The command line's part of a selection; the environment is the process's.
[[nodiscard]] fanva::llm::SelectionInput selectionInput(const QCommandLineParser &parser);

/// Applies --connect-timeout/--idle-timeout/--total-timeout (seconds), --max-reply (MiB) and
/// --script-record; false with `error` set when a value is not a number in range.
[[nodiscard]] bool applyProviderOptions(const QCommandLineParser &parser, fanva::llm::ProviderOptions &options, QString *error);

/// --prices FILE: prices per million tokens, so that a run can say what it cost.
void addPricesOption(QCommandLineParser &parser);

/// The price of the selected provider and model from --prices, if the file names them;
/// false with `error` set when the file cannot be read or parsed.
[[nodiscard]] bool priceFor(
    const QCommandLineParser &parser, const fanva::llm::ProviderOptions &options, std::optional<fanva::llm::Price> *price, QString *error);

/// Looks the key up in the OS keyring when the environment gave none and the provider needs
/// one, then calls `next` from the event loop.
void withKeyring(fanva::llm::ProviderOptions &options, std::function<void()> next);

} // namespace cli
