// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/registry.h"

class QPalette;
class QSyntaxHighlighter;
class QTextDocument;

/// Attaches KB highlighting to a text document: KSyntaxHighlighting with the KB language's
/// definition (fanva-kb: "Fanva KB") where the framework was found at build time, else the
/// built-in KbHighlighter with the language's line tokenizer. Both use the same token classes.
class KbHighlighting final
{
public:
    /// Highlights @p document as KB text in colours matching @p palette. The highlighter is
    /// a child of @p document.
    static QSyntaxHighlighter *attach(
        QTextDocument *document, const QPalette &palette, const fanva::lang::Language &language = fanva::lang::defaultLanguage());

    /// Re-derives the colours of a highlighter made by attach() after a palette change.
    static void setPalette(QSyntaxHighlighter *highlighter, const QPalette &palette);
};
