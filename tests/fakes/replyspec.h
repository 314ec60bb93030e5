// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "fakeserver.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace fanva::fakes {

/// A reply in the providers' own shapes (providers.md §10), rendered piece by piece: one
/// NDJSON line or one SSE event per piece.
struct ReplySpec {
    QString thinking;
    QStringList pieces; ///< text deltas
    QString stopReason; ///< the provider's own value; empty = its usual end of turn
    struct Usage {
        qint64 input = 0, output = 0, cacheRead = 0, cacheWrite = 0;
        std::optional<qint64> cached; ///< OpenAI prompt_tokens_details.cached_tokens
    } usage;
    std::optional<QPair<QString, QString>> refusal; ///< Anthropic stop_details (category, explanation)
    qint64 promptEvalCount = 38; ///< Ollama
    QString finalPiece; ///< Ollama: the content of the done:true line
    int errorAfter = -1; ///< text pieces before a mid-stream error (-1 = none)
    QString errorText;
    int malformedLine = -1; ///< index of a piece cut in the middle of its JSON
    bool done = true; ///< the terminal object: done:true, message_stop, finish_reason + [DONE]
    bool doneMarker = true; ///< OpenAI: the [DONE] line
    bool comments = false; ///< OpenAI: ": OPENROUTER PROCESSING" between events
    bool crlf = false; ///< CRLF line ends
};

/// The O2, A2 and P2 replies of providers.md §10.
[[nodiscard]] ReplySpec ollamaBasic();
[[nodiscard]] ReplySpec anthropicBasic();
[[nodiscard]] ReplySpec openAiBasic();

[[nodiscard]] QList<QByteArray> renderOllama(const ReplySpec &spec);
[[nodiscard]] QList<QByteArray> renderAnthropic(const ReplySpec &spec);
[[nodiscard]] QList<QByteArray> renderOpenAi(const ReplySpec &spec);

/// 200 replies streaming the rendered pieces with the provider's content type.
[[nodiscard]] Exchange ollamaStream(const ReplySpec &spec, Fault fault = {});
[[nodiscard]] Exchange anthropicStream(const ReplySpec &spec, Fault fault = {});
[[nodiscard]] Exchange openAiStream(const ReplySpec &spec, Fault fault = {});

/// A fixture file split into pieces: NDJSON by line, SSE by event (a blank line ends one).
[[nodiscard]] QList<QByteArray> fixturePieces(const QByteArray &bytes, bool sse);
/// The bytes of tests/data/llm/<name>; empty when missing.
[[nodiscard]] QByteArray readFixture(const QString &name);

/// The /api/show, /api/tags and /api/version replies of O8.
[[nodiscard]] QByteArray ollamaShowJson(qint64 contextLength = 40960, bool thinking = true);
[[nodiscard]] QByteArray ollamaTagsJson();
[[nodiscard]] QByteArray ollamaVersionJson();
/// P8's /models reply.
[[nodiscard]] QByteArray openAiModelsJson();

/// A FakeServer with O8's /api/show, /api/tags and /api/version as defaults.
[[nodiscard]] std::unique_ptr<FakeServer> fakeOllama(qint64 contextLength = 40960, bool thinking = true);

} // namespace fanva::fakes
