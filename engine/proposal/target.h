// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <optional>

namespace fanva::lang {
class Language;
}

namespace fanva::proposal {

class Proposal;

/// Where Apply writes a proposal, or why it may not (docs/spec/rewrite.md §8).
struct ResolvedTarget {
    QString path; ///< absolute path of the target file (folder links resolved); empty on error
    QString error; ///< a sentence saying why nothing may be written there
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

/// Why `dir` is no knowledge base folder of `language` Apply may write in, or nullopt: it must
/// be a folder that holds KB files of the language (Language::kbFiles), or a brand-new
/// workspace's KB folder: an empty one whose workspace (the folder itself or its parent)
/// has a fanva.json naming the language.
[[nodiscard]] std::optional<QString> kbFolderProblem(const QString &dir, const lang::Language &language);

/// Why `target` cannot be written in `language` (Language::targetNameProblem), or nullopt;
/// formalize checks it before a run, Apply before it writes.
[[nodiscard]] std::optional<QString> targetNameProblem(const QString &target, const lang::Language &language);

/// The file Apply may write for `proposal`, or why none: kb.dir is a KB folder
/// (kbFolderProblem); the context is a target name of the language; the target file is
/// exactly the file the language maps the context to (Language::isTargetFile), as written
/// and as resolved, inside the KB folder and in no `.` folder; it is a regular file or none,
/// itself no link, with no other hard link.
[[nodiscard]] ResolvedTarget resolveTarget(const Proposal &proposal);

} // namespace fanva::proposal
