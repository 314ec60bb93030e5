// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "proposal/proposal.h"
#include "status.h"

#include <QDateTime>
#include <QString>
#include <QStringView>

#include <nlohmann/json.hpp>

#include <map>
#include <optional>

namespace fanva::formalize {
class Session;
}

namespace fanva::proposal {

/// A `.fanva` session file (formalize.md §13): everything needed to reopen a review, and no
/// secret (the provider's credential is only named: env:NAME, keyring or none). Paths are
/// stored relative to the session file's folder, so a session moved with its workspace
/// still opens; `proposal.kbDir` and `documentPath` are absolute in memory.
struct SessionFile {
    QString id;
    QDateTime created;
    QDateTime modified;

    QString documentPath;
    QString documentSha256;
    QString documentText;

    QString kbSha256;
    std::map<QString, QString> kbFiles; ///< file (relative to the KB dir) → SHA-256

    QString providerId, model, baseUrl, credential;
    nlohmann::json settings = nlohmann::json::object();
    QString instruction;
    QString systemSha256;
    QString documentTurn;

    /// Produced by the session loop and kept as it wrote them.
    nlohmann::json segments = nlohmann::json::array();
    nlohmann::json resolutions = nlohmann::json::array();
    nlohmann::json inventoryCut = nlohmann::json::object();
    nlohmann::json events = nlohmann::json::array();
    nlohmann::json outcome = nlohmann::json::object();

    /// Target, document name, segment texts, entries, decisions and applies.
    Proposal proposal;

    /// The JSON document; `baseDir` is the folder paths are made relative to.
    [[nodiscard]] nlohmann::json toJson(const QString &baseDir) const;
    /// The UTF-8 bytes written to disk (indented, final newline).
    [[nodiscard]] QByteArray toBytes(const QString &baseDir) const;

    /// Saves atomically to `path`; why not, as a sentence, when it cannot.
    [[nodiscard]] Status save(const QString &path) const;

    friend bool operator==(const SessionFile &, const SessionFile &) = default;
};

/// Reading a session file: the session, or a message saying why not.
struct SessionLoad {
    std::optional<SessionFile> session;
    QString error;
    /// Entries the file had forced without this user's seal (ForcedSeal): loaded undecided.
    QStringList unsealed;
};

[[nodiscard]] SessionLoad loadSessionFile(const QString &path);
[[nodiscard]] SessionLoad sessionFromJson(const nlohmann::json &json, const QString &baseDir);

/// The KB's fingerprint: every KB file below `dir` (the file patterns of the language
/// `languageId`: *.txt for fanva-kb, *.nibli for nibli) with its SHA-256, and one hash over them.
struct KbFingerprint {
    QString sha256;
    std::map<QString, QString> files;
};

/// Where a finished session came from, for its session file.
struct SessionOrigin {
    QString id;
    QDateTime created;
    QDateTime modified;
    QString kbDir;
    /// The KB's language id (kb.language).
    QString language = lang::defaultLanguageId.toString();
    QString documentPath;
    QString providerId, model, baseUrl;
    QString credential = QStringLiteral("none"); ///< env:NAME, keyring or none — never the key
    /// The KB's fingerprint as the run's KB was loaded (the window hashes it off the GUI
    /// thread with the load); none: sessionFileFrom() hashes `kbDir` now.
    std::optional<KbFingerprint> fingerprint;
};

/// The session file of a session (finished or interrupted): its entries undecided, the target
/// file the context's own (`<Context>.txt` when the KB has none) hashed now as the base.
[[nodiscard]] SessionFile sessionFileFrom(const formalize::Session &session, const SessionOrigin &origin);

/// The fingerprint of the KB in `dir` in the language `languageId`, hashed now.
[[nodiscard]] KbFingerprint kbFingerprint(const QString &dir, QStringView languageId);

/// Segment texts (number n at n − 1) cut from a document by the byte spans of `segments`
/// ([{number, start, end, …}]).
[[nodiscard]] QStringList segmentTextsFrom(const QString &documentText, const nlohmann::json &segments);

} // namespace fanva::proposal
