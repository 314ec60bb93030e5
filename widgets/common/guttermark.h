// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

/// What the proposal view's gutter shows for one line: the entry's rank and the reviewer's
/// decision (formalize.md §9). Lines that start no entry carry the default, empty mark.
/// The space (pixels) around a gutter's columns, in every gutter.
inline constexpr int gutterPadding = 4;

struct GutterMark {
    enum class Rank : quint8 { None, Refused, Correctable, Doubted, Coined, Clean, Known };
    enum class Decision : quint8 { None, Undecided, Accepted, Edited, Forced, Rejected, Applied };

    GutterMark() = default;
    GutterMark(Rank rank, Decision decision, QString toolTip = {})
        : rank(rank)
        , decision(decision)
        , toolTip(std::move(toolTip))
    { }

    Rank rank = Rank::None;
    Decision decision = Decision::None;
    QString toolTip; ///< every axis of the entry, one per line (empty: no tooltip); not part of ==

    [[nodiscard]] bool isEmpty() const { return rank == Rank::None && decision == Decision::None; }

    /// The glyph of @p rank (✗ ⇄ ? + · =), empty for Rank::None.
    [[nodiscard]] static QString glyph(Rank rank);
    /// The glyph of @p decision (○ ✓ ✎ ! – ◆), empty for Decision::None.
    [[nodiscard]] static QString glyph(Decision decision);

    friend bool operator==(const GutterMark &a, const GutterMark &b) { return a.rank == b.rank && a.decision == b.decision; }
};
