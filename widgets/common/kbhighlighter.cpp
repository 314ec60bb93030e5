// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "common/kbhighlighter.h"

#include "common/reviewcolours.h"

#include <QFont>
#include <QGuiApplication>
#include <QPalette>

#include <algorithm>

KbHighlighter::KbHighlighter(QTextDocument *document, const fanva::lang::Language &language)
    : QSyntaxHighlighter(document)
    , m_language(language)
    , m_formats(formatsForPalette(QGuiApplication::palette()))
{ }

KbHighlighter::~KbHighlighter() = default;

void KbHighlighter::setPalette(const QPalette &palette)
{
    m_formats = formatsForPalette(palette);
    rehighlight();
}

QTextCharFormat KbHighlighter::format(KbTokenClass tokenClass) const
{
    return m_formats.at(static_cast<std::size_t>(tokenClass));
}

KbFormats KbHighlighter::formatsForPalette(const QPalette &palette)
{
    // Hues give each class its own colour; saturation and lightness follow the palette, so
    // the classes stay readable on light and dark bases alike.
    const bool dark = isDarkPalette(palette);
    const auto tinted = [dark](int hue) {
        QTextCharFormat format;
        format.setForeground(QColor::fromHslF(hue / 360.0f, dark ? 0.55f : 0.75f, dark ? 0.72f : 0.36f));
        return format;
    };

    KbFormats formats;
    const auto at = [&formats](KbTokenClass c) -> QTextCharFormat & { return formats.at(static_cast<std::size_t>(c)); };

    at(KbTokenClass::Other).setForeground(palette.color(QPalette::Text));
    at(KbTokenClass::Comment).setForeground(palette.color(QPalette::PlaceholderText));
    at(KbTokenClass::Comment).setFontItalic(true);
    at(KbTokenClass::String) = tinted(100);
    at(KbTokenClass::Number) = tinted(28);
    at(KbTokenClass::Variable) = tinted(190);
    at(KbTokenClass::Individual) = tinted(275);
    at(KbTokenClass::Context) = tinted(325);
    at(KbTokenClass::Context).setFontWeight(QFont::DemiBold);
    at(KbTokenClass::Predicate) = tinted(218);
    at(KbTokenClass::Type) = tinted(160);
    at(KbTokenClass::Keyword).setForeground(palette.color(QPalette::Text));
    at(KbTokenClass::Keyword).setFontWeight(QFont::Bold);
    return formats;
}

void KbHighlighter::highlightBlock(const QString &text)
{
    // A block not highlighted yet has state -1: the start of a file.
    int state = std::max(previousBlockState(), 0);
    const QList<KbToken> tokens = m_language.tokenizeLine(text, state);
    for (const KbToken &token : tokens)
        setFormat(int(token.start), int(token.length), format(token.tokenClass));
    setCurrentBlockState(state);
}
