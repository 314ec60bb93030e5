// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

namespace fanva::proposal {

class Proposal;

/// Where Apply writes a proposal, or why it may not (docs/spec/formalize.md §11).
struct ResolvedTarget {
    QString path; ///< absolute path of the target file (folder links resolved); empty on error
    QString error; ///< a sentence saying why nothing may be written there
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

/// The file Apply may write for `proposal`: it must resolve (folder links resolved) inside
/// the KB folder to a regular file or none, itself no link, with no other hard link.
[[nodiscard]] ResolvedTarget resolveTarget(const Proposal &proposal);

} // namespace fanva::proposal
