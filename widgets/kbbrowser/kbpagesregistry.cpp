// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "kbbrowser/kbpagesregistry.h"

#include "kbbrowser/fanvakb/fanvakbpages.h"

#include <array>

namespace {

// One line per language with pages of its own; a language without shows by file.
constexpr std::array<KbPagesFactory, 1> s_factories { &FanvaKbPages::create };

} // namespace

std::span<const KbPagesFactory> KbPagesRegistry::factories()
{
    return s_factories;
}

KbPages *KbPagesRegistry::create(const std::shared_ptr<const fanva::lang::Kb> &kb, QWidget *parent)
{
    if (!kb)
        return nullptr;
    for (const KbPagesFactory factory : s_factories) {
        if (KbPages *pages = factory(kb, parent))
            return pages;
    }
    return nullptr;
}
