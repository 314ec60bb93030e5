// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "formalize/entry.h"

#include <QByteArray>
#include <QString>

namespace fanva::proposal {

class Proposal;

/// Seals a reviewer's `forced` decisions so that a session file keeps them only where this
/// user's Fanva wrote them (docs/formalize.md §13.1): an HMAC-SHA-256, with a per-user
/// secret key, over the entry's id, kind, text, the sentences it replaces, the problems it was
/// forced past and the proposal's language, context and target file. A forced entry whose
/// seal is missing or wrong loads as undecided (a received or forged file cannot force).
class ForcedSeal
{
public:
    /// The key at keyPath(), created (32 random bytes, mode 0600) when there is none.
    ForcedSeal();
    /// A seal with this key (tests).
    explicit ForcedSeal(QByteArray key);

    /// `<config folder>/session-seal.key` (QStandardPaths::AppConfigLocation).
    [[nodiscard]] static QString keyPath();
    /// False when no key could be read or made: nothing is sealed, every forced entry drops.
    [[nodiscard]] bool isValid() const { return !m_key.isEmpty(); }
    /// The seal of a forced entry of `proposal` (lower-case hex); empty without a key.
    [[nodiscard]] QString seal(const Proposal &proposal, const formalize::Entry &entry) const;
    /// True when `seal` is the entry's seal.
    [[nodiscard]] bool verify(const Proposal &proposal, const formalize::Entry &entry, const QString &seal) const;

private:
    QByteArray m_key;
};

} // namespace fanva::proposal
