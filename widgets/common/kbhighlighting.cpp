// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "common/kbhighlighting.h"
#include "common/kbhighlighter.h"

#include <QPalette>

#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
#include "common/kbhighlighting_p.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcHighlighting, "fanva.widgets.highlighting")

// Q_INIT_RESOURCE must be used from the global namespace; fanva_widgets is a static library,
// so its resources are not registered by a static initializer.
static void initFanvaResources()
{
    Q_INIT_RESOURCE(fanva);
}

KSyntaxHighlighting::Repository &kbSyntaxRepository()
{
    static KSyntaxHighlighting::Repository repository;
    static const bool registered = [] {
        initFanvaResources();
        repository.addCustomSearchPath(QStringLiteral(":/fanva"));
        return true;
    }();
    Q_UNUSED(registered)
    return repository;
}
#endif

QSyntaxHighlighter *KbHighlighting::attach(QTextDocument *document, const QPalette &palette, const fanva::lang::Language &language)
{
#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
    KSyntaxHighlighting::Repository &repository = kbSyntaxRepository();
    const KSyntaxHighlighting::Definition definition = repository.definitionForName(language.syntaxDefinition());
    if (definition.isValid()) {
        auto *highlighter = new KSyntaxHighlighting::SyntaxHighlighter(document);
        highlighter->setTheme(repository.themeForPalette(palette));
        highlighter->setDefinition(definition);
        return highlighter;
    }
    qCWarning(lcHighlighting) << "the" << language.syntaxDefinition() << "syntax definition is missing; using the built-in highlighter";
#endif
    auto *highlighter = new KbHighlighter(document, language);
    highlighter->setPalette(palette);
    return highlighter;
}

void KbHighlighting::setPalette(QSyntaxHighlighter *highlighter, const QPalette &palette)
{
    if (auto *builtIn = qobject_cast<KbHighlighter *>(highlighter)) {
        builtIn->setPalette(palette);
        return;
    }
#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
    if (auto *syntaxHighlighter = qobject_cast<KSyntaxHighlighting::SyntaxHighlighter *>(highlighter)) {
        syntaxHighlighter->setTheme(kbSyntaxRepository().themeForPalette(palette));
        syntaxHighlighter->rehighlight();
    }
#endif
}
