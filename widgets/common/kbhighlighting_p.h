// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#ifdef FANVA_HAVE_KSYNTAXHIGHLIGHTING
namespace KSyntaxHighlighting {
class Repository;
}

/// The application's one KSyntaxHighlighting repository, with Fanva's own definition
/// (resources/syntax/fanva-kb.xml, embedded at :/fanva/syntax) registered.
[[nodiscard]] KSyntaxHighlighting::Repository &kbSyntaxRepository();
#endif
