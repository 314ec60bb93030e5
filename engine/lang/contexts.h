// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>
#include <QStringList>

namespace fanva::lang {

/// Optional role "contexts" (Language::contexts(); null: the language has none, and its targets
/// are its KB files' stems): a KB whose targets are named contexts that see each other, each in
/// a context file, and to which a new context can be added. The window words its target as a
/// context, lists the context files and offers File ▸ New Context only when the role is there.
class Contexts
{
public:
    Contexts() = default;
    virtual ~Contexts() = default;
    Contexts(const Contexts &) = delete;
    Contexts &operator=(const Contexts &) = delete;

    /// The context files under `kbFolder` (any depth, symbolic links not followed), sorted.
    [[nodiscard]] virtual QStringList contextFiles(const QString &kbFolder) const = 0;
    /// True if `name` is spelled as a plain context name (a workspace's fanva.json names one).
    [[nodiscard]] virtual bool isContextName(const QString &name) const = 0;
};

} // namespace fanva::lang
