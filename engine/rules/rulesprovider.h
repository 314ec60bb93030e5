// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/options.h"
#include "llm/provider.h"

namespace fanva::rules {

/// The model id the rules provider reports.
inline constexpr char kRulesModel[] = "rules/1";

/// The `rules` provider (docs/spec/rules.md): answers a formalize turn without a model, from
/// the turn's structured form (Request::structured) with Link Grammar, WordNet and the
/// patterns of rules.md §3. Asynchronous like every provider: the drafting runs on a worker
/// thread and the reply arrives through the Call's signals on the caller's thread.
class RulesProvider final : public llm::Provider
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(RulesProvider)

public:
    explicit RulesProvider(QObject *parent = nullptr);
    ~RulesProvider() override;

    [[nodiscard]] QString id() const override;
    [[nodiscard]] llm::ProviderInfo info() const override;
    [[nodiscard]] llm::Call *start(const llm::Request &request) override;
};

/// Registers `rules` with llm::createProvider() (call once at start-up).
void registerRulesProvider();

} // namespace fanva::rules
