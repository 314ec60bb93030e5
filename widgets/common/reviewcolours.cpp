// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "common/reviewcolours.h"

#include <QPalette>

#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
#include "common/kbhighlighting_p.h"

#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/Theme>
#endif

bool isDarkPalette(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightnessF() < palette.color(QPalette::Text).lightnessF();
}

namespace {

// The fallbacks of formalize.md §9 are tuned for light backgrounds; on a dark one they keep
// their hue and gain lightness.
QColor forBackground(QColor colour, bool dark)
{
    if (!dark)
        return colour;
    float hue = 0;
    float saturation = 0;
    float lightness = 0;
    colour.getHslF(&hue, &saturation, &lightness);
    return QColor::fromHslF(hue, saturation, qMax(lightness, 0.7f));
}

#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
// A theme colour of 0 means "not specified"; keep the fallback then.
void takeThemeColour(QColor &colour, QRgb themeColour)
{
    if (themeColour != 0)
        colour = QColor::fromRgb(themeColour);
}
#endif

} // namespace

QColor ReviewColours::rankColour(GutterMark::Rank rank) const
{
    switch (rank) {
    case GutterMark::Rank::Refused:
        return refused;
    case GutterMark::Rank::Correctable:
        return correctable;
    case GutterMark::Rank::Doubted:
        return doubted;
    case GutterMark::Rank::Coined:
        return coined;
    case GutterMark::Rank::None:
    case GutterMark::Rank::Clean:
    case GutterMark::Rank::Known:
        break;
    }
    return muted;
}

ReviewColours ReviewColours::forPalette(const QPalette &palette)
{
    const bool dark = isDarkPalette(palette);
    ReviewColours colours;
    colours.gutterBackground = palette.color(QPalette::Window);
    colours.lineNumber = palette.color(QPalette::PlaceholderText);
    colours.decision = palette.color(QPalette::Text);
    colours.separator = palette.color(QPalette::Mid);
    colours.dimmedRow = palette.color(QPalette::AlternateBase);
    colours.refused = forBackground(QColor(0xc6, 0x28, 0x28), dark);
    colours.correctable = forBackground(QColor(0xe6, 0x51, 0x00), dark);
    colours.doubted = forBackground(QColor(0x6a, 0x1b, 0x9a), dark);
    colours.coined = forBackground(QColor(0x15, 0x65, 0xc0), dark);
    colours.silent = forBackground(QColor(0xf9, 0xa8, 0x25), dark);
    colours.muted = palette.color(QPalette::Mid);

#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
    using KSyntaxHighlighting::Theme;
    const Theme theme = kbSyntaxRepository().themeForPalette(palette);
    if (theme.isValid()) {
        takeThemeColour(colours.gutterBackground, theme.editorColor(Theme::IconBorder));
        takeThemeColour(colours.lineNumber, theme.editorColor(Theme::LineNumbers));
        takeThemeColour(colours.decision, theme.editorColor(Theme::CurrentLineNumber));
        takeThemeColour(colours.separator, theme.editorColor(Theme::Separator));
        takeThemeColour(colours.dimmedRow, theme.editorColor(Theme::CurrentLine));
        takeThemeColour(colours.refused, theme.textColor(Theme::Error));
        takeThemeColour(colours.correctable, theme.textColor(Theme::Warning));
        takeThemeColour(colours.doubted, theme.textColor(Theme::Others));
        takeThemeColour(colours.coined, theme.textColor(Theme::Information));
        // silent keeps the palette's amber: the themes' MarkWarning is an icon-border mark
        // colour, the same on light and dark backgrounds, and too faint for a glyph.
    }
#endif
    return colours;
}
