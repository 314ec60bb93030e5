// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/call.h"
#include "llm/providerinfo.h"
#include "llm/types.h"

#include <QObject>
#include <QString>

namespace fanva::llm {

/// A model provider behind the neutral seam. start() returns at once with a Call that
/// reports through its signals; a provider keeps no session state.
class Provider : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Provider)

public:
    ~Provider() override;

    /// `scripted`, `demo`, `ollama`, `anthropic` or `openai`.
    [[nodiscard]] virtual QString id() const = 0;
    /// What it is and can do; the default is the registry's record of id() (llm::providerInfo).
    [[nodiscard]] virtual ProviderInfo info() const;
    /// Never null; the Call is a child of the provider and deletes itself when finished.
    [[nodiscard]] virtual Call *start(const Request &request) = 0;

protected:
    explicit Provider(QObject *parent = nullptr);
};

} // namespace fanva::llm
