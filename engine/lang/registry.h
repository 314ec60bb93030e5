// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "jsonutil.h"
#include "lang/language.h"

#include <QString>
#include <QStringList>
#include <QStringView>

#include <optional>

namespace fanva::lang {

/// The ids of nibli-kr.md §1.2, in the order messages list them: fanva-kb, nibli.
[[nodiscard]] const QStringList &languageIds();

/// The language built into this Fanva with this id; null when it is not built (or unknown).
[[nodiscard]] const Language *languageById(QStringView id);

/// The default language (fanva-kb).
[[nodiscard]] const Language &defaultLanguage();
/// defaultLanguage()'s id: fanva.json without "language", a session file without kb.language.
inline constexpr QStringView defaultLanguageId = u"fanva-kb";

/// A language chosen by nibli-kr.md §1.2's rules, or why none was: `error` is an English
/// message; `usage` says the choice failed on what the user typed (fanva-cli: exit 2).
struct LanguageChoice {
    QString id;
    QString error;
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
    friend bool operator==(const LanguageChoice &, const LanguageChoice &) = default;
};

/// fanva.json's "language" key: absent → fanva-kb; "fanva-kb" or "nibli"; anything else is
/// `unknown language "X" in fanva.json: write "fanva-kb" or "nibli"` (the workspace stays
/// closed).
[[nodiscard]] LanguageChoice languageOfConfig(const jsonutil::Json &config);

/// The "language" of the fanva.json file in `folder`, when the file exists and reads as a
/// JSON object (a missing or unreadable fanva.json is not the language's concern: nullopt).
[[nodiscard]] std::optional<LanguageChoice> languageOfWorkspace(const QString &folder);

/// What fanva-cli knows when it picks a language (nibli-kr.md §1.2).
struct CliLanguageInput {
    /// The --language value, when given.
    std::optional<QString> option;
    /// The --kb DIR, when given.
    std::optional<QString> kbDir;
    /// The input files named on the command line.
    QStringList files;
};

/// fanva-cli's rules: --language; else the workspace's fanva.json (in the --kb DIR's parent,
/// then in DIR itself); else a file ending .nibli is nibli; else a --kb DIR holding *.nibli
/// files and no *.txt file is nibli (both: an error asking for --language); else fanva-kb.
[[nodiscard]] LanguageChoice chooseCliLanguage(const CliLanguageInput &input);

/// The language of a choice, or the message saying this build lacks it.
struct LanguageLookup {
    const Language *language = nullptr;
    QString error;
};
[[nodiscard]] LanguageLookup lookUp(const LanguageChoice &choice);

/// A session file's kb.language against the language its workspace opens in: nullopt when
/// they agree, else the message refusing to reopen it (nibli-kr.md §1.2). An empty
/// `sessionLanguage` is an older file's: fanva-kb.
[[nodiscard]] std::optional<QString> sessionLanguageMismatch(const QString &sessionLanguage, const QString &workspaceLanguage);

} // namespace fanva::lang
