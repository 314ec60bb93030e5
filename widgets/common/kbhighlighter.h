// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "common/kbtokenizer.h"
#include "lang/registry.h"

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

#include <array>

class QPalette;

/// One format per KbTokenClass, indexed by the class.
using KbFormats = std::array<QTextCharFormat, kbTokenClassCount>;

/// The built-in KB highlighter, used where KSyntaxHighlighting is not available: classifies
/// each line with the KB language's line tokenizer (fanva-kb: KbTokenizer) and paints the
/// classes in formats derived from a palette. The block state is the tokenizer's line state.
class KbHighlighter final : public QSyntaxHighlighter
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(KbHighlighter)

public:
    explicit KbHighlighter(QTextDocument *document, const fanva::lang::Language &language = fanva::lang::defaultLanguage());
    ~KbHighlighter() override;

    /// Derives the formats from @p palette (light or dark) and re-highlights.
    void setPalette(const QPalette &palette);

    /// The format the class @p tokenClass is painted with.
    [[nodiscard]] QTextCharFormat format(KbTokenClass tokenClass) const;

    /// Formats for every token class, derived from @p palette.
    [[nodiscard]] static KbFormats formatsForPalette(const QPalette &palette);

protected:
    void highlightBlock(const QString &text) override;

private:
    const fanva::lang::Language &m_language;
    KbFormats m_formats;
};
