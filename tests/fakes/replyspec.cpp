// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "replyspec.h"

#include <QFile>

namespace fanva::fakes {

namespace {

QByteArray str(const QString &text)
{
    return QByteArray::fromStdString(nlohmann::json(text.toStdString()).dump());
}

QByteArray lineEnd(const ReplySpec &spec)
{
    return spec.crlf ? "\r\n" : "\n";
}

QByteArray sseEvent(const ReplySpec &spec, const QByteArray &event, const QByteArray &data)
{
    const QByteArray end = lineEnd(spec);
    QByteArray out;
    if (!event.isEmpty())
        out += "event: " + event + end;
    out += "data: " + data + end + end;
    return out;
}

void malform(const ReplySpec &spec, QList<QByteArray> &pieces)
{
    if (spec.malformedLine < 0 || spec.malformedLine >= pieces.size())
        return;
    QByteArray &piece = pieces[spec.malformedLine];
    const QByteArray end = lineEnd(spec);
    const qsizetype brace = piece.lastIndexOf('}');
    if (brace > 0)
        piece = piece.left(brace / 2 + 1) + (piece.startsWith("data:") || piece.startsWith("event:") ? end + end : end);
}

} // namespace

ReplySpec ollamaBasic()
{
    ReplySpec spec;
    spec.pieces = { QStringLiteral("{\"candidates\":"), QStringLiteral("[\"(dog Rex)\"]}") };
    spec.usage.output = 12;
    spec.promptEvalCount = 38;
    return spec;
}

ReplySpec anthropicBasic()
{
    ReplySpec spec;
    spec.pieces = { QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}") };
    spec.usage = { 25, 15, 4210, 0, std::nullopt };
    return spec;
}

ReplySpec openAiBasic()
{
    ReplySpec spec;
    spec.pieces = { QStringLiteral("{\"candidates\":[\"(dog Rex)\"]}") };
    spec.usage = { 412, 9, 0, 0, std::nullopt };
    return spec;
}

QList<QByteArray> renderOllama(const ReplySpec &spec)
{
    const QByteArray prefix = R"({"model":"qwen3:8b","created_at":"2026-01-05T10:00:00.1Z",)";
    const QByteArray end = lineEnd(spec);
    QList<QByteArray> pieces;
    if (!spec.thinking.isEmpty())
        pieces << prefix + R"("message":{"role":"assistant","content":"","thinking":)" + str(spec.thinking) + R"(},"done":false})" + end;
    for (qsizetype i = 0; i < spec.pieces.size(); ++i) {
        if (i == spec.errorAfter)
            break;
        pieces << prefix + R"("message":{"role":"assistant","content":)" + str(spec.pieces[i]) + R"(},"done":false})" + end;
    }
    if (spec.errorAfter >= 0) {
        pieces << R"({"error":)" + str(spec.errorText) + "}" + end;
    } else if (spec.done) {
        const QByteArray reason = spec.stopReason.isEmpty() ? QByteArray("stop") : spec.stopReason.toUtf8();
        pieces << prefix + R"("message":{"role":"assistant","content":)" + str(spec.finalPiece) + R"(},"done":true,"done_reason":")"
                + reason + R"(","total_duration":912000000,"load_duration":11000000,"prompt_eval_count":)"
                + QByteArray::number(spec.promptEvalCount) + R"(,"prompt_eval_duration":120000000,"eval_count":)"
                + QByteArray::number(spec.usage.output) + R"(,"eval_duration":700000000})" + end;
    }
    malform(spec, pieces);
    return pieces;
}

QList<QByteArray> renderAnthropic(const ReplySpec &spec)
{
    QList<QByteArray> pieces;
    pieces << sseEvent(spec, "message_start",
        R"({"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","model":"claude-test","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":)"
            + QByteArray::number(spec.usage.input) + R"(,"cache_creation_input_tokens":)" + QByteArray::number(spec.usage.cacheWrite)
            + R"(,"cache_read_input_tokens":)" + QByteArray::number(spec.usage.cacheRead) + R"(,"output_tokens":1}}})");
    int index = 0;
    if (!spec.thinking.isEmpty()) {
        pieces << sseEvent(
            spec, "content_block_start", R"({"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}})");
        pieces << sseEvent(spec, "ping", R"({"type":"ping"})");
        pieces << sseEvent(spec, "content_block_delta",
            R"({"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":)" + str(spec.thinking) + "}}");
        pieces << sseEvent(spec, "content_block_delta",
            R"({"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"c2lnbmF0dXJl"}})");
        pieces << sseEvent(spec, "content_block_stop", R"({"type":"content_block_stop","index":0})");
        index = 1;
    }
    const QByteArray i = QByteArray::number(index);
    pieces << sseEvent(
        spec, "content_block_start", R"({"type":"content_block_start","index":)" + i + R"(,"content_block":{"type":"text","text":""}})");
    if (spec.thinking.isEmpty())
        pieces << sseEvent(spec, "ping", R"({"type":"ping"})");
    for (qsizetype p = 0; p < spec.pieces.size(); ++p) {
        if (p == spec.errorAfter)
            break;
        pieces << sseEvent(spec, "content_block_delta",
            R"({"type":"content_block_delta","index":)" + i + R"(,"delta":{"type":"text_delta","text":)" + str(spec.pieces[p]) + "}}");
    }
    if (spec.errorAfter >= 0) {
        pieces << sseEvent(spec, "error", R"({"type":"error","error":{"type":"overloaded_error","message":)" + str(spec.errorText) + "}}");
    } else if (spec.done) {
        pieces << sseEvent(spec, "content_block_stop", R"({"type":"content_block_stop","index":)" + i + "}");
        const QByteArray reason = spec.stopReason.isEmpty() ? QByteArray("end_turn") : spec.stopReason.toUtf8();
        QByteArray delta = R"({"stop_reason":")" + reason + R"(","stop_sequence":null)";
        if (spec.refusal)
            delta += R"(,"stop_details":{"type":"refusal","category":)" + str(spec.refusal->first) + R"(,"explanation":)"
                + str(spec.refusal->second) + "}";
        delta += "}";
        pieces << sseEvent(spec, "message_delta",
            R"({"type":"message_delta","delta":)" + delta + R"(,"usage":{"output_tokens":)" + QByteArray::number(spec.usage.output) + "}}");
        pieces << sseEvent(spec, "message_stop", R"({"type":"message_stop"})");
    }
    malform(spec, pieces);
    return pieces;
}

QList<QByteArray> renderOpenAi(const ReplySpec &spec)
{
    const QByteArray prefix = R"({"id":"c1","object":"chat.completion.chunk","created":1767607200,"model":"qwen2.5-7b-instruct",)";
    const auto chunk = [&](const QByteArray &delta, const QByteArray &finish) {
        return sseEvent(spec, {}, prefix + R"("choices":[{"index":0,"delta":)" + delta + R"(,"finish_reason":)" + finish + "}]}");
    };
    QList<QByteArray> pieces;
    pieces << chunk(R"({"role":"assistant","content":""})", "null");
    if (!spec.thinking.isEmpty())
        pieces << chunk(R"({"reasoning_content":)" + str(spec.thinking) + "}", "null");
    for (qsizetype p = 0; p < spec.pieces.size(); ++p) {
        if (p == spec.errorAfter)
            break;
        pieces << chunk(R"({"content":)" + str(spec.pieces[p]) + "}", "null");
    }
    if (spec.errorAfter >= 0) {
        pieces << sseEvent(spec, {}, R"({"error":{"message":)" + str(spec.errorText) + R"(,"code":502}})");
    } else if (spec.done) {
        const QByteArray reason = spec.stopReason.isEmpty() ? QByteArray("stop") : spec.stopReason.toUtf8();
        pieces << chunk("{}", '"' + reason + '"');
        QByteArray usage = R"({"prompt_tokens":)" + QByteArray::number(spec.usage.input) + R"(,"completion_tokens":)"
            + QByteArray::number(spec.usage.output);
        if (spec.usage.cached)
            usage += R"(,"prompt_tokens_details":{"cached_tokens":)" + QByteArray::number(*spec.usage.cached) + "}";
        else
            usage += R"(,"total_tokens":)" + QByteArray::number(spec.usage.input + spec.usage.output);
        usage += "}";
        pieces << sseEvent(spec, {}, prefix + R"("choices":[],"usage":)" + usage + "}");
        if (spec.doneMarker)
            pieces << sseEvent(spec, {}, "[DONE]");
    }
    if (spec.comments) {
        for (qsizetype p = pieces.size() - 1; p > 0; --p)
            pieces.insert(p, ": OPENROUTER PROCESSING" + lineEnd(spec) + lineEnd(spec));
    }
    malform(spec, pieces);
    return pieces;
}

Exchange ollamaStream(const ReplySpec &spec, Fault fault)
{
    return Exchange { 200, { { "Content-Type", "application/x-ndjson" } }, renderOllama(spec), true, fault };
}

Exchange anthropicStream(const ReplySpec &spec, Fault fault)
{
    return Exchange { 200, { { "Content-Type", "text/event-stream" }, { "request-id", "req_stream_01" } }, renderAnthropic(spec), true,
        fault };
}

Exchange openAiStream(const ReplySpec &spec, Fault fault)
{
    return Exchange { 200, { { "Content-Type", "text/event-stream" } }, renderOpenAi(spec), true, fault };
}

QList<QByteArray> fixturePieces(const QByteArray &bytes, bool sse)
{
    QList<QByteArray> pieces;
    const QByteArray separator = sse ? QByteArray("\n\n") : QByteArray("\n");
    qsizetype start = 0;
    for (qsizetype at = bytes.indexOf(separator, start); at >= 0; at = bytes.indexOf(separator, start)) {
        pieces << bytes.mid(start, at + separator.size() - start);
        start = at + separator.size();
    }
    if (start < bytes.size())
        pieces << bytes.mid(start);
    return pieces;
}

QByteArray readFixture(const QString &name)
{
    QFile file(QStringLiteral(FANVA_TEST_DATA_DIR "/llm/") + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray ollamaShowJson(qint64 contextLength, bool thinking)
{
    return R"({"details":{"family":"qwen3"},"model_info":{"general.architecture":"qwen3","qwen3.context_length":)"
        + QByteArray::number(contextLength) + R"(},"capabilities":["completion")"
        + (thinking ? QByteArray(R"(,"thinking"]})") : QByteArray("]}"));
}

QByteArray ollamaTagsJson()
{
    return R"({"models":[{"name":"qwen3:8b","model":"qwen3:8b","size":5225388164}]})";
}

QByteArray ollamaVersionJson()
{
    return R"({"version":"0.12.3"})";
}

QByteArray openAiModelsJson()
{
    return R"({"object":"list","data":[{"id":"qwen2.5-7b-instruct","object":"model","created":0,"owned_by":"llamacpp"}]})";
}

std::unique_ptr<FakeServer> fakeOllama(qint64 contextLength, bool thinking)
{
    auto server = std::make_unique<FakeServer>();
    server->setDefault("/api/show", Exchange::json(200, ollamaShowJson(contextLength, thinking)));
    server->setDefault("/api/tags", Exchange::json(200, ollamaTagsJson()));
    server->setDefault("/api/version", Exchange::json(200, ollamaVersionJson()));
    return server;
}

} // namespace fanva::fakes
