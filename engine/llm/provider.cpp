// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/provider.h"

namespace fanva::llm {

Provider::Provider(QObject *parent)
    : QObject(parent)
{ }

Provider::~Provider() = default;

ProviderInfo Provider::info() const
{
    return providerInfo(id());
}

} // namespace fanva::llm
