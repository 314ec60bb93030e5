// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <utility>

class QWidget;

/// What the window may formalize and file sentences in, beyond the files the workspace has: the
/// new contexts named in this window (formalize.md §11.3), each with the contexts it sees and no
/// file until Apply creates it, and a new document that has no file until its first Formalize
/// names it (issue 16 item 4). Whether a KB's targets are contexts at all is its language's.
class Targets final
{
    Q_DECLARE_TR_FUNCTIONS(Targets)

public:
    /// Whether a KB in the language @p languageId (unknown: the default language) has contexts
    /// as its targets (the language's Contexts role), rather than its files.
    [[nodiscard]] static bool hasContexts(const QString &languageId);
    /// Why a KB in @p languageId has no New Context: its targets are its files.
    [[nodiscard]] static QString noContextsText(const QString &languageId);

    /// Forgets the new contexts (another workspace is open).
    void clearContexts() { m_newContexts.clear(); }
    /// The contexts the window knows: those of @p contextFiles and the new ones, sorted, once each.
    [[nodiscard]] QStringList knownContexts(const QStringList &contextFiles) const;
    /// Whether @p context is a new context of this window.
    [[nodiscard]] bool isNewContext(const QString &context) const { return m_newContexts.contains(context); }
    /// The contexts the new context @p context sees; empty for another.
    [[nodiscard]] QStringList sees(const QString &context) const { return m_newContexts.value(context); }
    /// Why a new context @p context that sees @p sees cannot join a KB with @p contextFiles: its
    /// name, taken or not a context name, no context it sees, or one the KB lacks. Empty when it can.
    [[nodiscard]] QString problemWithNewContext(const QString &context, const QStringList &sees, const QStringList &contextFiles) const;
    /// Makes @p context a new context that sees @p sees (after problemWithNewContext(), or as a
    /// session made it).
    void addContext(const QString &context, const QStringList &sees) { m_newContexts.insert(context, sees); }

    /// Whether the source is a new document that has no file yet.
    [[nodiscard]] bool isNewDocument() const { return m_newDocument; }
    void setNewDocument(bool isNew) { m_newDocument = isNew; }
    /// Tests answer the name question: given the suggested path, the path to save at ("" cancels).
    void setDocumentNamer(std::function<QString(const QString &)> namer) { m_documentNamer = std::move(namer); }
    /// Where to save the new document, suggested in @p folder (the home folder when empty): the
    /// namer's answer, else the user's in a save dialog over @p parent; empty when cancelled.
    [[nodiscard]] QString askDocumentPath(QWidget *parent, const QString &folder) const;

private:
    /// New contexts → the contexts each sees; Apply creates the file of the one that is the target.
    QHash<QString, QStringList> m_newContexts;
    bool m_newDocument = false;
    std::function<QString(const QString &)> m_documentNamer;
};
