// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/openaiprovider.h"

#include "llm/budget.h"
#include "llm/format.h"
#include "llm/httpcall.h"
#include "llm/logging.h"
#include "llm/sseparser.h"

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

std::string errorMessage(const json &object, const QByteArray &raw)
{
    if (object.is_object()) {
        if (const auto error = object.find("error"); error != object.end()) {
            if (error->is_object() && error->contains("message") && (*error)["message"].is_string())
                return (*error)["message"].get<std::string>();
            if (error->is_string())
                return error->get<std::string>();
        }
        if (object.contains("message") && object["message"].is_string())
            return object["message"].get<std::string>();
    }
    return raw.left(200).toStdString();
}

class OpenAiCall final : public HttpCall
{
public:
    OpenAiCall(QNetworkAccessManager *network, const ProviderOptions &options, Request request, QObject *parent)
        : HttpCall(network, options, parent)
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

    void streamData(QByteArrayView data) override
    {
        for (const SseEvent &event : m_parser.feed(data)) {
            handleEvent(event);
            if (isFinished())
                return;
        }
        if (m_parser.overflowed())
            unreadable(QStringLiteral("a line is longer than 8 MiB"));
    }

    void streamEnded(bool cut) override
    {
        if (!cut) {
            for (const SseEvent &event : m_parser.finish()) {
                handleEvent(event);
                if (isFinished())
                    return;
            }
            // Forks omit [DONE]: a finish_reason is enough.
            if (!m_finishReason.empty()) {
                finish();
                return;
            }
        }
        if (!isFinished())
            fail(makeFailure(Failure::Kind::StreamCut,
                QStringLiteral("The connection to %1 closed in the middle of the answer; nothing from it is used.")
                    .arg(name(false))
                    .toStdString(),
                detail(200, {}, {}), 200));
    }

    void bufferedReply(int status, const QByteArray &body) override
    {
        // Only GET /models is buffered: it follows a 404 to name what the server offers.
        QStringList ids;
        const json parsed = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
        if (status == 200 && parsed.is_object() && parsed.contains("data") && parsed["data"].is_array()) {
            for (const json &model : parsed["data"]) {
                if (model.is_object() && model.contains("id") && model["id"].is_string())
                    ids << QString::fromStdString(model["id"].get<std::string>());
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
        const json parsed = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
        const QString server = serverText(QString::fromStdString(errorMessage(parsed, body)));
        std::string type;
        if (parsed.is_object() && parsed.contains("error") && parsed["error"].is_object())
            type = parsed["error"].value("type", std::string());
        const auto failure = [&](Failure::Kind kind, const QString &message) {
            return makeFailure(kind, message.toStdString(), detail(status, QString::fromStdString(type), body), status);
        };
        if (type == "exceed_context_size_error")
            return { false, contextExceeded(parsed["error"], status, body) };
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
    QUrl endpoint(const QString &path) const
    {
        QUrl url = options().baseUrl;
        QString base = url.path();
        while (base.endsWith(QLatin1Char('/')))
            base.chop(1);
        url.setPath(base + path);
        return url;
    }

    std::vector<std::pair<QByteArray, QByteArray>> headers(bool streaming) const
    {
        std::vector<std::pair<QByteArray, QByteArray>> list { { "Content-Type", "application/json" },
            { "Accept", streaming ? "text/event-stream" : "application/json" } };
        if (!options().apiKey.isEmpty())
            list.emplace_back("Authorization", "Bearer " + options().apiKey.toUtf8());
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

        json messages = json::array();
        std::string system;
        for (const SystemBlock &block : m_request.system)
            system += (system.empty() ? "" : "\n\n") + block.text;
        if (!m_request.system.empty())
            messages.push_back({ { "role", "system" }, { "content", system } });
        for (const Message &message : m_request.messages)
            messages.push_back({ { "role", message.role == Role::User ? "user" : "assistant" }, { "content", message.text } });

        json body { { "model", m_request.model }, { "stream", true }, { "messages", messages } };
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
        const auto number = [&](const char *key) -> int64_t {
            return error.is_object() && error.contains(key) && error[key].is_number_integer() ? error[key].get<int64_t>() : 0;
        };
        const int64_t prompt = number("n_prompt_tokens");
        const int64_t context = number("n_ctx");
        QString message = prompt > 0 && context > 0 ? QStringLiteral("The prompt (%1 tokens) exceeds the server's context (%2 tokens).")
                                                          .arg(formatCount(prompt), formatCount(context))
                                                    : QStringLiteral("The prompt exceeds the server's context.");
        return makeFailure(
            Failure::Kind::TooLarge, message.toStdString(), detail(status, QStringLiteral("exceed_context_size_error"), body), status);
    }

    void unreadable(const QString &what)
    {
        fail(makeFailure(Failure::Kind::Protocol,
            QStringLiteral("%1 sent a reply Fanva cannot read (%2).").arg(name(true), what).toStdString(), detail(200, {}, {}), 200));
    }

    void handleEvent(const SseEvent &event)
    {
        ++m_eventNumber;
        if (event.data.trimmed() == "[DONE]") {
            finish();
            return;
        }
        const json chunk = json::parse(event.data.constData(), event.data.constData() + event.data.size(), nullptr, false);
        if (chunk.is_discarded() || !chunk.is_object()) {
            unreadable(QStringLiteral("invalid JSON in event %1").arg(m_eventNumber));
            return;
        }
        if (chunk.contains("error") || chunk.value("object", std::string()) == "error") {
            if (chunk.contains("error") && chunk["error"].is_object()
                && chunk["error"].value("type", std::string()) == "exceed_context_size_error") {
                fail(contextExceeded(chunk["error"], 200, event.data));
                return;
            }
            fail(makeFailure(Failure::Kind::MidStreamError,
                QStringLiteral("%1 reported an error in the middle of the answer: %2")
                    .arg(name(true), serverText(QString::fromStdString(errorMessage(chunk, event.data))))
                    .toStdString(),
                detail(200, {}, event.data), 200));
            return;
        }
        if (chunk.contains("model") && chunk["model"].is_string())
            response().model = chunk["model"].get<std::string>();
        if (const auto choices = chunk.find("choices"); choices != chunk.end() && choices->is_array() && !choices->empty()) {
            const json &choice = choices->front();
            if (const auto delta = choice.find("delta"); delta != choice.end() && delta->is_object()) {
                for (const char *key : { "reasoning_content", "reasoning" }) {
                    if (delta->contains(key) && (*delta)[key].is_string())
                        appendThinking((*delta)[key].get_ref<const std::string &>());
                }
                if (delta->contains("content") && (*delta)["content"].is_string())
                    appendText((*delta)["content"].get_ref<const std::string &>());
                if (delta->contains("refusal") && (*delta)["refusal"].is_string()) {
                    m_refused = true;
                    m_refusalText += (*delta)["refusal"].get<std::string>();
                }
            }
            if (choice.contains("finish_reason") && choice["finish_reason"].is_string())
                m_finishReason = choice["finish_reason"].get<std::string>();
        }
        if (const auto usage = chunk.find("usage"); usage != chunk.end() && usage->is_object()) {
            Usage counted;
            const auto count = [&](const json &object, const char *key) -> std::optional<int64_t> {
                return object.contains(key) && object[key].is_number_integer() ? std::optional(object[key].get<int64_t>()) : std::nullopt;
            };
            const auto prompt = count(*usage, "prompt_tokens");
            std::optional<int64_t> cached;
            if (usage->contains("prompt_tokens_details") && (*usage)["prompt_tokens_details"].is_object())
                cached = count((*usage)["prompt_tokens_details"], "cached_tokens");
            if (prompt)
                counted.input = *prompt - cached.value_or(0);
            counted.cacheRead = cached;
            counted.output = count(*usage, "completion_tokens");
            updateUsage(counted);
        }
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
    SseParser m_parser;
    int m_eventNumber = 0;
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
