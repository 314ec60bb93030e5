// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QString>

namespace fanva::lang {
struct TermDescription;
}

/// The page of one term of a KB in any language, from what its language says of it
/// (lang::Language::describeTerm): role, places, reading, where it is defined, the
/// statements that use it, and for an unknown word the nearest known ones. Pure: HTML only.
class TermPage final
{
    Q_DECLARE_TR_FUNCTIONS(TermPage)

public:
    /// The link scheme of the terms a page names ("term:WORD").
    static constexpr QStringView termScheme = u"term";
    /// The page's HTML.
    [[nodiscard]] static QString html(const fanva::lang::TermDescription &term);
};
