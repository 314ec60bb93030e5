// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/guttermark.h"

#include <QColor>

class QPalette;

/// Whether a palette is dark: its base (background) is darker than its text.
[[nodiscard]] bool isDarkPalette(const QPalette &palette);

/// The colours the review widgets paint with: the KSyntaxHighlighting theme matching the
/// palette when the framework is available, else the palette and formalize.md §9's fallback
/// hues (lightened for dark palettes). Paint code takes its colours from here only.
struct ReviewColours {
    QColor gutterBackground;
    QColor lineNumber;
    QColor decision; ///< the reviewer's decision glyphs
    QColor separator;
    QColor dimmedRow; ///< background of rows whose entry is already known
    QColor refused;
    QColor correctable;
    QColor doubted;
    QColor coined;
    QColor silent; ///< a sentence with no candidate and no reason (§10)
    QColor muted;

    /// The colour of a rank's glyph.
    [[nodiscard]] QColor rankColour(GutterMark::Rank rank) const;

    [[nodiscard]] static ReviewColours forPalette(const QPalette &palette);

    friend bool operator==(const ReviewColours &, const ReviewColours &) = default;
};
