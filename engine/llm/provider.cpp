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
    ProviderInfo info;
    info.id = id();
    return info;
}

} // namespace fanva::llm
