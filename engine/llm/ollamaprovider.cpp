// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/ollamaprovider.h"

#include "jsonutil.h"
#include "llm/budget.h"
#include "llm/chatmessages.h"
#include "llm/format.h"
#include "llm/httpcall.h"
#include "llm/httprequest.h"
#include "llm/logging.h"
#include "llm/ndjsonparser.h"
#include "llm/replyfields.h"
#include "status.h"

#include <QTimer>

#include <algorithm>
#include <cmath>

namespace fanva::llm {

using nlohmann::json;

bool OllamaModelInfo::canThink() const
{
    return std::find(capabilities.begin(), capabilities.end(), "thinking") != capabilities.end();
}

OllamaModelInfo OllamaModelInfo::fromShow(const json &show)
{
    // Whatever /api/show sends, a field missing or of another type only means "unknown".
    OllamaModelInfo info;
    if (const json *details = jsonutil::object(show, "details"))
        info.family = jsonutil::string(*details, "family").toStdString();
    if (const json *caps = jsonutil::array(show, "capabilities")) {
        for (const json &cap : *caps) {
            if (const auto name = jsonutil::asString(cap))
                info.capabilities.push_back(name->toStdString());
        }
    }
    const json *modelInfo = jsonutil::object(show, "model_info");
    if (!modelInfo)
        return info;
    const std::string architecture = jsonutil::string(*modelInfo, "general.architecture").toStdString();
    if (const auto length = jsonutil::optInteger(*modelInfo, architecture + ".context_length"); !architecture.empty() && length) {
        info.contextLength = *length;
        return info;
    }
    for (const auto &[key, value] : modelInfo->items()) {
        if (const auto length = jsonutil::optInteger(*modelInfo, key); key.ends_with(".context_length") && length) {
            info.contextLength = *length;
            break;
        }
    }
    return info;
}

namespace {

std::string errorText(const QByteArray &body)
{
    const Result<json> parsed = jsonutil::parse(body);
    if (const auto error = parsed ? jsonutil::optString(*parsed, "error") : std::nullopt)
        return error->toStdString();
    return body.left(200).toStdString();
}

class OllamaCall final : public HttpCall
{
public:
    OllamaCall(QNetworkAccessManager *network, const ProviderOptions &options, std::shared_ptr<OllamaProvider::ModelCache> models,
        Request request, QObject *parent)
        : HttpCall(network, options, parent)
        , m_models(std::move(models))
        , m_request(std::move(request))
    {
        QTimer::singleShot(0, this, &OllamaCall::begin);
    }

protected:
    QString name(bool) const override { return QStringLiteral("Ollama"); }
    QString nameAt() const override { return QStringLiteral("Ollama at %1").arg(baseUrlText()); }
    QString connectHint() const override { return QStringLiteral(" — is \"ollama serve\" running?"); }
    QString idleHint() const override { return QStringLiteral("; the model may still be loading — raise the idle timeout in Settings."); }

    void streamData(QByteArrayView data) override
    {
        for (const QByteArray &line : m_parser.feed(data)) {
            handleLine(line, false);
            if (isFinished())
                return;
        }
        if (m_parser.overflowed())
            unreadable(QStringLiteral("line %1 is longer than %2").arg(m_lineNumber + 1).arg(formatBytes(NdjsonParser::kMaxLineBytes)));
    }

    void streamEnded(bool cut) override
    {
        if (!cut) {
            if (const auto rest = m_parser.finish())
                handleLine(*rest, true);
        }
        if (!isFinished())
            streamCut();
    }

    void bufferedReply(int status, const QByteArray &body) override
    {
        // Only /api/show is buffered.
        const QString key = cacheKey();
        if (status == 404) {
            fail(modelMissing(body));
            return;
        }
        OllamaModelInfo info;
        if (status >= 200 && status < 300)
            info = OllamaModelInfo::fromShow(jsonutil::parse(body).valueOr(json()));
        else
            response().diag.notes.push_back("model details unavailable (/api/show answered " + std::to_string(status) + ")");
        m_models->insert(key, info);
        sendChat(info);
    }

    HttpError httpError(int status, const QByteArray &body, int tries) override
    {
        const std::string text = errorText(body);
        const QString server = serverText(QString::fromStdString(text));
        const QString model = QString::fromStdString(m_request.model);
        const auto failure = [&](Failure::Kind kind, const QString &message) {
            return makeFailure(kind, message.toStdString(), detail(status, {}, body), status);
        };
        if (status == 400 && text.find("longer than the context length") != std::string::npos) {
            return { false,
                failure(Failure::Kind::TooLarge,
                    QStringLiteral(
                        "The prompt is longer than %1's context at %2 (num_ctx %3) — raise the context limit or shorten the document.")
                        .arg(model, baseUrlText(), formatCount(m_numCtx))) };
        }
        if (status == 404)
            return { false, modelMissing(body) };
        if (status == 500 && text.find("more system memory") != std::string::npos) {
            return { false,
                failure(Failure::Kind::Http,
                    QStringLiteral("Ollama cannot load %1: not enough memory — choose a smaller model or lower the context limit")
                        .arg(model)) };
        }
        if (status == 503)
            return { true,
                failure(Failure::Kind::Overloaded, QStringLiteral("Ollama's request queue is full (503)%1").arg(afterTries(tries))) };
        if (status >= 500)
            return { true,
                failure(Failure::Kind::Http, QStringLiteral("Ollama failed (%1)%2: %3").arg(status).arg(afterTries(tries), server)) };
        if (status == 408 || status == 409 || status == 429) {
            return { true,
                failure(status == 429 ? Failure::Kind::RateLimited : Failure::Kind::Http,
                    QStringLiteral("Ollama answered %1%2: %3").arg(status).arg(afterTries(tries), server)) };
        }
        QString message = QStringLiteral("Ollama rejected the request (%1): %2").arg(status).arg(server);
        if (status == 401)
            message += QStringLiteral(" — set OLLAMA_API_KEY");
        return { false, failure(status == 401 || status == 403 ? Failure::Kind::Credential : Failure::Kind::Http, message) };
    }

private:
    QString cacheKey() const { return baseUrlText() + QLatin1Char('\n') + QString::fromStdString(m_request.model); }

    Failure modelMissing(const QByteArray &body) const
    {
        const QString model = QString::fromStdString(m_request.model);
        return makeFailure(Failure::Kind::ModelMissing,
            QStringLiteral("Model \"%1\" is not installed in Ollama at %2 — run: ollama pull %1").arg(model, baseUrlText()).toStdString(),
            detail(404, {}, body), 404);
    }

    std::vector<std::pair<QByteArray, QByteArray>> headers() const
    {
        HeaderList list { { "Content-Type", "application/json" }, { "Accept", "application/x-ndjson" } };
        const HeaderList key = keyHeaders(options());
        list.insert(list.end(), key.begin(), key.end());
        return list;
    }

    void begin()
    {
        if (m_request.model.empty()) {
            fail(makeFailure(Failure::Kind::Config,
                QStringLiteral("No model selected for Ollama at %1: pass --model or set FANVA_MODEL (fanva-cli providers --probe lists the "
                               "installed ones).")
                    .arg(baseUrlText())
                    .toStdString()));
            return;
        }
        if (!options().apiKey.isEmpty() && !isLoopback(options().baseUrl) && options().baseUrl.scheme() != QLatin1String("https")) {
            fail(makeFailure(Failure::Kind::Config,
                QStringLiteral("Refusing to send OLLAMA_API_KEY over plain http to %1; use https.").arg(baseUrlText()).toStdString()));
            return;
        }
        if (const auto it = m_models->constFind(cacheKey()); it != m_models->constEnd()) {
            sendChat(*it);
            return;
        }
        const PreparedPost request = ollamaShowRequest(options(), m_request.model);
        Exchange show;
        show.url = request.request.url();
        show.headers = request.headers();
        show.body = request.body;
        show.streaming = false;
        send(std::move(show));
    }

    void sendChat(const OllamaModelInfo &info)
    {
        const ContextSizing sizing = sizeContext(m_request, info.contextLength, options().contextCap);
        response().diag.estimate = sizing.estimate;
        m_estimate = sizing.estimate;
        if (sizing.tooLarge) {
            fail(*sizing.tooLarge);
            return;
        }
        m_numCtx = sizing.numCtx;
        response().diag.numCtx = sizing.numCtx;

        json body { { "model", m_request.model }, { "stream", m_request.stream }, { "keep_alive", options().keepAlive.toStdString() },
            { "truncate", false }, { "shift", false }, { "messages", chatMessages(m_request) },
            { "options", { { "num_ctx", sizing.numCtx }, { "num_predict", m_request.maxTokens }, { "temperature", 0 } } } };
        if (m_request.outputSchema)
            body["format"] = *m_request.outputSchema;
        if (info.family == "gptoss") {
            const Effort effort = m_request.effort.value_or(Effort::Low);
            body["think"] = effort == Effort::Max ? "high" : std::string(effortName(effort));
        } else if (info.canThink()) {
            body["think"] = m_request.effort.has_value();
        }
        qCDebug(lcLlm) << "ollama" << m_request.purpose.c_str() << "num_ctx" << sizing.numCtx << "estimate" << sizing.estimate;

        Exchange chat;
        chat.url = endpoint(QStringLiteral("/api/chat"));
        chat.headers = headers();
        chat.body = QByteArray::fromStdString(body.dump());
        send(std::move(chat));
    }

    /// One line of the body; `last` when the body ended without its newline (it may be cut).
    void handleLine(const QByteArray &line, bool last)
    {
        ++m_lineNumber;
        const Result<json> object = jsonutil::parse(line);
        if (line.trimmed().isEmpty() || !object || !object->is_object()) {
            if (last && !line.trimmed().isEmpty())
                streamCut();
            else
                unreadable(QStringLiteral("invalid JSON in line %1").arg(m_lineNumber));
            return;
        }
        if (const json *error = jsonutil::member(*object, "error")) {
            const std::string text = jsonutil::asString(*error).value_or(QString::fromStdString(error->dump())).toStdString();
            fail(makeFailure(Failure::Kind::MidStreamError,
                QStringLiteral("Ollama reported an error in the middle of the answer: %1")
                    .arg(serverText(QString::fromStdString(text)))
                    .toStdString(),
                detail(200, {}, line), 200));
            return;
        }
        // Every field is read before anything is acted upon: a line with a field of the wrong
        // type is one Fanva cannot read, whatever it carried.
        ReplyFields fields;
        const auto model = fields.string(*object, "model");
        std::optional<std::string> thinking, content;
        if (const json *message = fields.object(*object, "message")) {
            thinking = fields.string(*message, "thinking");
            content = fields.string(*message, "content");
        }
        const bool done = fields.boolean(*object, "done").value_or(false);
        Usage usage;
        std::optional<int64_t> promptRead;
        std::string reason;
        if (done) {
            const auto promptEval = fields.integer(*object, "prompt_eval_count");
            const auto cached = fields.integer(*object, "prompt_eval_cached_count");
            usage.output = fields.integer(*object, "eval_count");
            if (promptEval)
                usage.input = *promptEval - cached.value_or(0);
            usage.cacheRead = cached;
            reason = fields.string(*object, "done_reason").value_or(std::string());
            // What Ollama read of the prompt: releases that report prompt_eval_cached_count count
            // the cache inside prompt_eval_count, some earlier ones beside it; the larger reading
            // is the one that cannot mistake a cache hit for a truncation.
            if (promptEval)
                promptRead = *promptEval + cached.value_or(0);
        }
        if (!fields.ok()) {
            unreadable(QStringLiteral("%1 in line %2").arg(fields.problem()).arg(m_lineNumber));
            return;
        }
        if (model)
            response().model = *model;
        if (thinking)
            appendThinking(*thinking);
        if (content)
            appendText(*content);
        if (done && !isFinished())
            finishWith(usage, promptRead, reason);
    }

    /// True when a read count this far below the estimate is a truncation: it is near the window
    /// the prompt was sent with (num_ctx, or the 2,048 tokens Ollama ran with by default), where
    /// a shortened prompt ends; far below any window, the rest came from Ollama's cache.
    [[nodiscard]] bool nearTheWindow(int64_t read) const
    {
        // A shifted prompt keeps between half of the window and all of it, plus the template's few.
        const auto near = [read](int64_t window) { return window > 0 && read >= window / 2 && read <= window + 64; };
        return near(m_numCtx) || near(kOllamaDefaultWindow);
    }

    void finishWith(const Usage &usage, std::optional<int64_t> promptRead, const std::string &reason)
    {
        updateUsage(usage);
        response().diag.rawStopReason = reason;
        if (!promptRead) {
            response().diag.notes.push_back("truncation check skipped");
        } else if (double(*promptRead) < kTruncationRatio * double(m_estimate) && nearTheWindow(*promptRead)) {
            fail(makeFailure(Failure::Kind::TooLarge,
                QStringLiteral(
                    "Ollama silently dropped part of the prompt: it read %1 of ≈%2 tokens; raise the context limit or use a larger model.")
                    .arg(formatCount(*promptRead), formatCount(m_estimate))
                    .toStdString(),
                QStringLiteral("prompt_eval_count %1, estimate %2, num_ctx %3")
                    .arg(*promptRead)
                    .arg(m_estimate)
                    .arg(m_numCtx)
                    .toStdString()));
            return;
        } else if (double(*promptRead) < kTruncationRatio * double(m_estimate)) {
            response().diag.notes.push_back(
                QStringLiteral("Ollama reported reading %1 of ≈%2 prompt tokens, far below the window of %3 it was sent with: the rest "
                               "was served from its cache (some releases count only what they evaluated), so nothing was dropped.")
                    .arg(formatCount(*promptRead), formatCount(m_estimate), formatCount(m_numCtx))
                    .toStdString());
        }
        if (reason.empty() || reason == "stop") {
            succeed(StopReason::EndTurn);
        } else if (reason == "length") {
            succeed(StopReason::MaxTokens);
        } else {
            fail(makeFailure(Failure::Kind::Protocol,
                QStringLiteral("Ollama ended the answer for an unexpected reason (%1).").arg(QString::fromStdString(reason)).toStdString(),
                "done_reason " + reason));
        }
    }

    std::shared_ptr<OllamaProvider::ModelCache> m_models;
    Request m_request;
    NdjsonParser m_parser;
    int m_lineNumber = 0;
    int m_numCtx = 0;
    int64_t m_estimate = 0;
};

} // namespace

OllamaProvider::OllamaProvider(ProviderOptions options, QObject *parent)
    : HttpProvider(std::move(options), parent)
    , m_models(std::make_shared<ModelCache>())
{ }

OllamaProvider::~OllamaProvider() = default;

Call *OllamaProvider::start(const Request &request)
{
    return new OllamaCall(network(), options(), m_models, withModel(request), this);
}

} // namespace fanva::llm
