// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/openaiprovider.h"

#include "jsonutil.h"
#include "llm/budget.h"
#include "llm/chatmessages.h"
#include "llm/format.h"
#include "llm/httprequest.h"
#include "llm/logging.h"
#include "llm/replyfields.h"
#include "llm/ssecall.h"
#include "status.h"

#include <QTimer>

namespace fanva::llm {

using nlohmann::json;

bool OpenAiProvider::isStrictCompatible(const json &schema)
{
    if (schema.is_array()) {
        for (const json &item : schema) {
            if (!isStrictCompatible(item))
                return false;
        }
        return true;
    }
    if (!schema.is_object())
        return true;
    if (schema.contains("properties") && schema["properties"].is_object()) {
        const json &properties = schema["properties"];
        if (schema.value("additionalProperties", true) != false)
            return false;
        const json required = schema.value("required", json::array());
        for (const auto &[name, property] : properties.items()) {
            if (std::find(required.begin(), required.end(), name) == required.end())
                return false;
            if (!isStrictCompatible(property))
                return false;
        }
    }
    for (const char *key : { "items", "anyOf", "oneOf", "allOf", "$defs", "definitions" }) {
        if (schema.contains(key)) {
            const json &sub = schema[key];
            if (sub.is_object() && (std::string_view(key) == "$defs" || std::string_view(key) == "definitions")) {
                for (const auto &[name, definition] : sub.items()) {
                    if (!isStrictCompatible(definition))
                        return false;
                }
            } else if (!isStrictCompatible(sub)) {
                return false;
            }
        }
    }
    return true;
}

namespace {

/// The server's text: error.message, else an error string, else message, else the raw start.
std::string errorMessage(const json *object, const QByteArray &raw)
{
    if (object) {
        if (const json *error = jsonutil::object(*object, "error")) {
            if (const auto message = jsonutil::optString(*error, "message"))
                return message->toStdString();
        }
        if (const auto error = jsonutil::optString(*object, "error"))
            return error->toStdString();
        if (const auto message = jsonutil::optString(*object, "message"))
            return message->toStdString();
    }
    return raw.left(200).toStdString();
}

class OpenAiCall final : public SseCall
{
public:
    OpenAiCall(QNetworkAccessManager *network, const ProviderOptions &options, Request request, QObject *parent)
        : SseCall(network, options, parent)
        , m_request(std::move(request))
    {
        QTimer::singleShot(0, this, &OpenAiCall::begin);
    }

protected:
    QString name(bool sentenceStart) const override
    {
        return QStringLiteral("%1 server at %2").arg(sentenceStart ? QStringLiteral("The") : QStringLiteral("the"), baseUrlText());
    }
    QString nameAt() const override { return name(false); }

    void bodyEnded() override
    {
        // Forks omit [DONE]: a finish_reason is enough.
        if (!m_finishReason.empty())
            finish();
    }

    void bufferedReply(int status, const QByteArray &body) override
    {
        // Only GET /models is buffered: it follows a 404 to name what the server offers.
        QStringList ids;
        const Result<json> parsed = jsonutil::parse(body);
        if (const json *data = status == 200 && parsed ? jsonutil::array(*parsed, "data") : nullptr) {
            for (const json &model : *data) {
                if (const auto id = jsonutil::optString(model, "id"))
                    ids << *id;
            }
        }
        const QString lists
            = ids.isEmpty() ? QStringLiteral("it lists no models") : QStringLiteral("it lists: %1").arg(ids.join(QStringLiteral(", ")));
        fail(makeFailure(Failure::Kind::ModelMissing,
            QStringLiteral("%1 does not serve the model \"%2\" (404); %3.")
                .arg(name(true), QString::fromStdString(m_request.model), lists)
                .toStdString(),
            m_notFoundDetail, 404));
    }

    HttpError httpError(int status, const QByteArray &body, int tries) override
    {
        const Result<json> parsed = jsonutil::parse(body);
        const QString server = serverText(QString::fromStdString(errorMessage(parsed ? &*parsed : nullptr, body)));
        const json *error = parsed ? jsonutil::object(*parsed, "error") : nullptr;
        const std::string type = error ? jsonutil::string(*error, "type").toStdString() : std::string();
        const auto failure = [&](Failure::Kind kind, const QString &message) {
            return makeFailure(kind, message.toStdString(), detail(status, QString::fromStdString(type), body), status);
        };
        if (type == "exceed_context_size_error")
            return { false, contextExceeded(*error, status, body) };
        if (status == 401)
            return { false, failure(Failure::Kind::Credential, QStringLiteral("%1 rejected the API key (401).").arg(name(true))) };
        if (status == 404) {
            m_notFoundDetail = detail(status, QString::fromStdString(type), body);
            // The message names what the server does serve: ask /models, then fail.
            QMetaObject::invokeMethod(this, &OpenAiCall::listModels, Qt::QueuedConnection);
            return { false, {}, true };
        }
        if (status == 408 || status == 409 || status == 429 || status >= 500) {
            return { true,
                failure(status == 429 ? Failure::Kind::RateLimited : Failure::Kind::Http,
                    QStringLiteral("%1 answered %2%3: %4").arg(name(true)).arg(status).arg(afterTries(tries), server)) };
        }
        return { false,
            failure(status == 403 ? Failure::Kind::Credential : Failure::Kind::Http,
                QStringLiteral("%1 rejected the request (%2): %3").arg(name(true)).arg(status).arg(server)) };
    }

private:
    std::vector<std::pair<QByteArray, QByteArray>> headers(bool streaming) const
    {
        HeaderList list { { "Content-Type", "application/json" }, { "Accept", streaming ? "text/event-stream" : "application/json" } };
        const HeaderList key = keyHeaders(options());
        list.insert(list.end(), key.begin(), key.end());
        return list;
    }

    void begin()
    {
        if (options().baseUrl.isEmpty()) {
            fail(makeFailure(Failure::Kind::Config,
                "No base URL for the OpenAI-compatible provider: pass --base-url or set FANVA_OPENAI_BASE_URL (including /v1)."));
            return;
        }
        if (!options().apiKey.isEmpty() && !isLoopback(options().baseUrl) && options().baseUrl.scheme() != QLatin1String("https")) {
            fail(makeFailure(Failure::Kind::Config,
                QStringLiteral("Refusing to send the API key over plain http to %1; use https.").arg(baseUrlText()).toStdString()));
            return;
        }
        if (m_request.model.empty()) {
            fail(makeFailure(Failure::Kind::Config,
                QStringLiteral("No model selected for %1: pass --model or set FANVA_MODEL.").arg(name(false)).toStdString()));
            return;
        }
        response().diag.estimate = estimateTokens(m_request);

        json body { { "model", m_request.model }, { "stream", true }, { "messages", chatMessages(m_request) } };
        if (options().includeUsage)
            body["stream_options"] = { { "include_usage", true } };
        if (options().sendTemperature)
            body["temperature"] = 0;
        body[options().baseUrl.host() == QLatin1String("api.openai.com") ? "max_completion_tokens" : "max_tokens"] = m_request.maxTokens;
        if (m_request.outputSchema) {
            body["response_format"] = { { "type", "json_schema" },
                { "json_schema",
                    { { "name", "fanva_" + m_request.purpose }, { "strict", OpenAiProvider::isStrictCompatible(*m_request.outputSchema) },
                        { "schema", *m_request.outputSchema } } } };
        }
        if (m_request.effort)
            body["reasoning_effort"] = m_request.effort == Effort::Max ? "high" : std::string(effortName(*m_request.effort));

        Exchange exchange;
        exchange.url = endpoint(QStringLiteral("/chat/completions"));
        exchange.headers = headers(true);
        exchange.body = QByteArray::fromStdString(body.dump());
        qCDebug(lcLlm) << "openai" << m_request.purpose.c_str() << "estimate" << response().diag.estimate;
        send(std::move(exchange));
    }

    void listModels()
    {
        Exchange models;
        models.verb = "GET";
        models.url = endpoint(QStringLiteral("/models"));
        models.headers = headers(false);
        models.streaming = false;
        send(std::move(models));
    }

    Failure contextExceeded(const json &error, int status, const QByteArray &body) const
    {
        const auto number = [&](const char *key) -> int64_t { return jsonutil::integer(error, key); };
        const int64_t prompt = number("n_prompt_tokens");
        const int64_t context = number("n_ctx");
        QString message = prompt > 0 && context > 0 ? QStringLiteral("The prompt (%1 tokens) exceeds the server's context (%2 tokens).")
                                                          .arg(formatCount(prompt), formatCount(context))
                                                    : QStringLiteral("The prompt exceeds the server's context.");
        return makeFailure(
            Failure::Kind::TooLarge, message.toStdString(), detail(status, QStringLiteral("exceed_context_size_error"), body), status);
    }

    void handleEvent(const SseEvent &event) override
    {
        if (event.data.trimmed() == "[DONE]") {
            finish();
            return;
        }
        const std::optional<json> chunk = parseEvent(event);
        if (!chunk)
            return;
        ReplyFields fields;
        using Null = ReplyFields::Null;
        const json *error = jsonutil::member(*chunk, "error");
        if ((error && !error->is_null()) || fields.string(*chunk, "object") == "error") {
            if (const json *object = jsonutil::object(*chunk, "error");
                object && jsonutil::string(*object, "type") == QLatin1String("exceed_context_size_error")) {
                fail(contextExceeded(*object, 200, event.data));
                return;
            }
            fail(makeFailure(Failure::Kind::MidStreamError,
                QStringLiteral("%1 reported an error in the middle of the answer: %2")
                    .arg(name(true), serverText(QString::fromStdString(errorMessage(&*chunk, event.data))))
                    .toStdString(),
                detail(200, {}, event.data), 200));
            return;
        }
        // Every field is read before anything is acted upon: a chunk with a field of the wrong
        // type is one Fanva cannot read, whatever it carried. OpenAI-compatible servers send
        // null for whatever a chunk lacks.
        const auto model = fields.string(*chunk, "model", Null::Absent);
        std::optional<std::string> thinking, content, refusal, finishReason;
        if (const json *choices = fields.array(*chunk, "choices", Null::Absent); choices && !choices->empty()) {
            const json &choice = choices->front();
            if (!choice.is_object())
                fields.wrong("choices", "an array of objects");
            if (const json *delta = fields.object(choice, "delta", Null::Absent)) {
                for (const char *key : { "reasoning_content", "reasoning" }) {
                    if (const auto text = fields.string(*delta, key, Null::Absent))
                        thinking = thinking.value_or(std::string()) + *text;
                }
                content = fields.string(*delta, "content", Null::Absent);
                refusal = fields.string(*delta, "refusal", Null::Absent);
            }
            finishReason = fields.string(choice, "finish_reason", Null::Absent);
        }
        std::optional<Usage> counted;
        if (const json *usage = fields.object(*chunk, "usage", Null::Absent)) {
            counted.emplace();
            const auto prompt = fields.integer(*usage, "prompt_tokens", Null::Absent);
            std::optional<int64_t> cached;
            if (const json *details = fields.object(*usage, "prompt_tokens_details", Null::Absent))
                cached = fields.integer(*details, "cached_tokens", Null::Absent);
            if (prompt)
                counted->input = *prompt - cached.value_or(0);
            counted->cacheRead = cached;
            counted->output = fields.integer(*usage, "completion_tokens", Null::Absent);
        }
        if (!fields.ok()) {
            unreadable(QStringLiteral("%1 in event %2").arg(fields.problem()).arg(eventNumber()));
            return;
        }
        if (model)
            response().model = *model;
        if (thinking)
            appendThinking(*thinking);
        if (content)
            appendText(*content);
        if (refusal) {
            m_refused = true;
            m_refusalText += *refusal;
        }
        if (finishReason)
            m_finishReason = *finishReason;
        if (counted)
            updateUsage(*counted);
    }

    void finish()
    {
        response().diag.rawStopReason = m_finishReason;
        if (m_refused || m_finishReason == "content_filter") {
            succeed(StopReason::Refusal, Refusal { m_refused ? "refusal" : "content_filter", m_refusalText });
        } else if (m_finishReason.empty() || m_finishReason == "stop") {
            succeed(StopReason::EndTurn);
        } else if (m_finishReason == "length") {
            succeed(StopReason::MaxTokens);
        } else if (m_finishReason == "tool_calls" || m_finishReason == "function_call") {
            succeed(StopReason::ToolUse);
        } else {
            fail(makeFailure(Failure::Kind::Protocol,
                QStringLiteral("%1 ended the answer for an unexpected reason (%2).")
                    .arg(name(true), QString::fromStdString(m_finishReason))
                    .toStdString(),
                "finish_reason " + m_finishReason));
        }
    }

    Request m_request;
    std::string m_finishReason;
    bool m_refused = false;
    std::string m_refusalText;
    std::string m_notFoundDetail;
};

} // namespace

OpenAiProvider::OpenAiProvider(ProviderOptions options, QObject *parent)
    : HttpProvider(std::move(options), parent)
{ }

OpenAiProvider::~OpenAiProvider() = default;

Call *OpenAiProvider::start(const Request &request)
{
    return new OpenAiCall(network(), options(), withModel(request), this);
}

} // namespace fanva::llm
