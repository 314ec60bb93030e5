// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

/// What the proposal view's gutter shows for one line: the entry's rank and the reviewer's
/// decision (formalize.md §9). Lines that start no entry carry the default, empty mark.
struct GutterMark {
    enum class Rank : quint8 { None, Refused, Correctable, Doubted, Coined, Clean, Known };
    enum class Decision : quint8 { None, Undecided, Accepted, Edited, Forced, Rejected, Applied };

    Rank rank = Rank::None;
    Decision decision = Decision::None;

    [[nodiscard]] bool isEmpty() const { return rank == Rank::None && decision == Decision::None; }

    /// The glyph of @p rank (✗ ⇄ ? + · =), empty for Rank::None.
    [[nodiscard]] static QString glyph(Rank rank);
    /// The glyph of @p decision (○ ✓ ✎ ! – ◆), empty for Decision::None.
    [[nodiscard]] static QString glyph(Decision decision);

    friend bool operator==(const GutterMark &, const GutterMark &) = default;
};
