// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

// The fuzz targets' bodies. Each is compiled into its libFuzzer executable (fuzz_<name>,
// FANVA_FUZZ=ON) and into tst_fuzzregressions, which feeds it every file under
// tests/data/fuzz/<name>/ so that each seed and each saved crash input runs in the normal suite.
// A body never throws and returns normally on any input; a broken invariant aborts.

#include <QByteArrayView>
#include <QLatin1StringView>
#include <QString>

#include <span>

namespace fanva::fuzz {

/// The KB reader and loader: parseDocument, parseSentence and an in-memory load; a text
/// read in pieces (parseDocument with ParallelReading) must be the one-pass document.
void kbReader(QByteArrayView data);
/// The nibli KR reader: read, resolve, the round-trip contract (aborts if it fails), fmt.
void nibliReader(QByteArrayView data);
/// formalize::parseReply on the input as UTF-8.
void replyParser(QByteArrayView data);
void rulesDrafter(QByteArrayView data); ///< rules::draft of the input as a document (a no-op without the rules)
/// llm::NdjsonParser: whole and in chunks, which must give the same lines.
void ndjson(QByteArrayView data);
/// llm::SseParser: whole and in chunks, which must give the same events.
void sse(QByteArrayView data);
/// proposal::loadSessionFile on the input written to a scratch file, then saved back to bytes.
void sessionFile(QByteArrayView data);
/// proposal::Journal on the input as its journal file.
void journal(QByteArrayView data);
/// Autosave recovery: the first line is the lock file, the rest the autosave.
void autosave(QByteArrayView data);
/// Edit sessions: replace and retract entries drawn from the input's head, spliced into the KB text after it.
void editSession(QByteArrayView data);

struct Target {
    QLatin1StringView name; ///< also the folder of its corpus under tests/data/fuzz
    void (*run)(QByteArrayView);
};
[[nodiscard]] std::span<const Target> targets();

/// A private folder for targets that need files: $FANVA_FUZZ_SCRATCH if set, else a folder
/// under /dev/shm (or the temp dir) named after the process, created on first use.
[[nodiscard]] QString scratchDirectory();
/// Writes `data` to `path` (truncating); aborts if it cannot.
void writeScratchFile(const QString &path, QByteArrayView data);

} // namespace fanva::fuzz
