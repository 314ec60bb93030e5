// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "window/targets.h"

#include "window/contextchooser.h"
#include "window/newcontextdialog.h"

#include "lang/language.h"
#include "lang/registry.h"

#include <QDir>
#include <QFileDialog>

bool Targets::hasContexts(const QString &languageId)
{
    const fanva::lang::Language *language = fanva::lang::languageById(languageId);
    return (language ? *language : fanva::lang::defaultLanguage()).contexts() != nullptr;
}

QString Targets::noContextsText(const QString &languageId)
{
    return tr("A %1 KB has no contexts: its targets are its files.").arg(languageId);
}

QStringList Targets::knownContexts(const QStringList &contextFiles) const
{
    QStringList contexts = ContextChooser::contextsOf(contextFiles) + m_newContexts.keys();
    contexts.sort();
    contexts.removeDuplicates();
    return contexts;
}

QString Targets::problemWithNewContext(const QString &context, const QStringList &sees, const QStringList &contextFiles) const
{
    QString problem = NewContextDialog::problemWith(context, knownContexts(contextFiles));
    if (problem.isEmpty() && sees.isEmpty())
        problem = tr("Check at least one context it sees.");
    const QStringList withFiles = ContextChooser::contextsOf(contextFiles);
    for (const QString &parent : sees) {
        if (problem.isEmpty() && !withFiles.contains(parent))
            problem = tr("The KB has no context %1 for %2 to see.").arg(parent, context);
    }
    return problem;
}

QString Targets::askDocumentPath(QWidget *parent, const QString &folder) const
{
    const QString suggested = QDir(folder.isEmpty() ? QDir::homePath() : folder).filePath(tr("document.md"));
    return m_documentNamer
        ? m_documentNamer(suggested)
        : QFileDialog::getSaveFileName(parent, tr("Save the New Document"), suggested, tr("English documents (*.md *.txt);;All files (*)"));
}
