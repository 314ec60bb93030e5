// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "kbbrowser/kbpages.h"

#include <memory>
#include <span>

/// The languages' own KB pages the KB browser knows (docs/spec/language-seam.md §7): the one
/// place of the widgets layer that names a language's pages, as engine/lang/registry.cpp lists
/// the languages.
class KbPagesRegistry final
{
public:
    KbPagesRegistry() = delete;

    /// Every factory, in the order they are asked.
    [[nodiscard]] static std::span<const KbPagesFactory> factories();
    /// The pages the first factory that takes @p kb makes, as children of @p parent; null when
    /// none does (the browser shows the KB by file) or @p kb is null.
    [[nodiscard]] static KbPages *create(const std::shared_ptr<const fanva::lang::Kb> &kb, QWidget *parent);
};
