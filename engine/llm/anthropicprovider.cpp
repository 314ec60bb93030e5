// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/anthropicprovider.h"

#include "llm/budget.h"
#include "llm/format.h"
#include "llm/httpcall.h"
#include "llm/logging.h"
#include "llm/sseparser.h"

#include <QRegularExpression>
#include <QTimer>

namespace fanva::llm {

using nlohmann::json;

namespace {

class AnthropicCall final : public HttpCall
{
public:
    AnthropicCall(QNetworkAccessManager *network, const ProviderOptions &options, Request request, QObject *parent)
        : HttpCall(network, options, parent)
        , m_request(std::move(request))
    {
        QTimer::singleShot(0, this, &AnthropicCall::begin);
    }

protected:
    QString name(bool) const override { return QStringLiteral("Anthropic"); }
    QString nameAt() const override { return QStringLiteral("Anthropic at %1").arg(baseUrlText()); }

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
        }
        if (!isFinished())
            fail(makeFailure(Failure::Kind::StreamCut,
                "The connection to Anthropic closed in the middle of the answer; nothing from it is used.", detail(200, {}, {}), 200));
    }

    HttpError httpError(int status, const QByteArray &body, int tries) override
    {
        const json parsed = json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
        std::string type, text, errorCode;
        if (parsed.is_object() && parsed.contains("error") && parsed["error"].is_object()) {
            const json &error = parsed["error"];
            type = error.value("type", std::string());
            text = error.value("message", std::string());
            if (error.contains("details") && error["details"].is_object())
                errorCode = error["details"].value("error_code", std::string());
        } else {
            text = body.left(200).toStdString();
        }
        const QString qtype = QString::fromStdString(type);
        const QString server = serverText(QString::fromStdString(text));
        const QString model = QString::fromStdString(m_request.model);
        const auto failure = [&](Failure::Kind kind, const QString &message) {
            return makeFailure(kind, message.toStdString(), detail(status, qtype, body), status);
        };
        if (status == 400 && text.find("prompt is too long") != std::string::npos) {
            static const QRegularExpression s_counts(QStringLiteral("(\\d+) tokens > (\\d+)"));
            const QRegularExpressionMatch match = s_counts.match(QString::fromStdString(text));
            const QString counts = match.hasMatch()
                ? QStringLiteral(" (%1 > %2 tokens)")
                      .arg(formatCount(match.captured(1).toLongLong()), formatCount(match.captured(2).toLongLong()))
                : QString();
            return { false,
                failure(Failure::Kind::TooLarge, QStringLiteral("The prompt is longer than %1 accepts%2.").arg(model, counts)) };
        }
        if (status == 401)
            return { false, failure(Failure::Kind::Credential, QStringLiteral("The Anthropic API key was rejected (401).")) };
        if (status == 404)
            return { false,
                failure(Failure::Kind::ModelMissing, QStringLiteral("Anthropic does not know the model \"%1\" (404).").arg(model)) };
        if (status == 413)
            return { false, failure(Failure::Kind::TooLarge, QStringLiteral("The request exceeds Anthropic's 32 MB limit (413).")) };
        if (status == 429) {
            if (errorCode == "enforced_spend_limit_reached")
                return { false, failure(Failure::Kind::RateLimited, QStringLiteral("Anthropic usage limit reached (429).")) };
            return { true,
                failure(Failure::Kind::RateLimited, QStringLiteral("Rate limited by Anthropic (429)%1.").arg(afterTries(tries))) };
        }
        if (status >= 500) {
            const QString what = qtype.isEmpty() ? QString::number(status) : QStringLiteral("%1 %2").arg(status).arg(qtype);
            return { true,
                failure(Failure::Kind::Overloaded,
                    QStringLiteral("Anthropic is unavailable (%1)%2; try again shortly.").arg(what, afterTries(tries))) };
        }
        if (status == 408 || status == 409)
            return { true,
                failure(Failure::Kind::Http, QStringLiteral("Anthropic answered %1%2: %3").arg(status).arg(afterTries(tries), server)) };
        const QString what = qtype.isEmpty() ? QString::number(status) : QStringLiteral("%1 %2").arg(status).arg(qtype);
        return { false,
            failure(status == 403 ? Failure::Kind::Credential : Failure::Kind::Http,
                QStringLiteral("Anthropic rejected the request (%1): %2").arg(what, server)) };
    }

private:
    void begin()
    {
        if (options().apiKey.isEmpty()) {
            fail(makeFailure(Failure::Kind::Credential,
                "No Anthropic API key: set ANTHROPIC_API_KEY (or FANVA_ANTHROPIC_API_KEY) or store one in the keyring."));
            return;
        }
        if (!isLoopback(options().baseUrl) && options().baseUrl.scheme() != QLatin1String("https")) {
            fail(makeFailure(Failure::Kind::Config,
                QStringLiteral("Refusing to send the Anthropic API key over plain http to %1; use https.")
                    .arg(baseUrlText())
                    .toStdString()));
            return;
        }
        if (m_request.model.empty()) {
            fail(makeFailure(Failure::Kind::Config, "No model selected for Anthropic: pass --model or set FANVA_MODEL."));
            return;
        }
        response().diag.estimate = estimateTokens(m_request);

        json system = json::array();
        std::size_t breakpoint = m_request.system.size();
        for (std::size_t i = 0; i < m_request.system.size(); ++i) {
            if (m_request.system[i].cache)
                breakpoint = i;
        }
        for (std::size_t i = 0; i < m_request.system.size(); ++i) {
            json block { { "type", "text" }, { "text", m_request.system[i].text } };
            if (i == breakpoint)
                block["cache_control"] = { { "type", "ephemeral" } };
            system.push_back(std::move(block));
        }
        m_breakpointSent = breakpoint < m_request.system.size();
        if (m_breakpointSent) {
            int64_t prefix = 0;
            for (std::size_t i = 0; i <= breakpoint; ++i)
                prefix += estimateTokens(m_request.system[i].text);
            m_prefixEstimate = prefix;
        }
        json messages = json::array();
        for (const Message &message : m_request.messages)
            messages.push_back({ { "role", message.role == Role::User ? "user" : "assistant" }, { "content", message.text } });

        json body { { "model", m_request.model }, { "max_tokens", m_request.maxTokens }, { "stream", m_request.stream },
            { "messages", messages } };
        if (!system.empty())
            body["system"] = std::move(system);
        json outputConfig = json::object();
        if (m_request.effort)
            outputConfig["effort"] = effortName(*m_request.effort);
        if (m_request.outputSchema)
            outputConfig["format"] = { { "type", "json_schema" }, { "schema", *m_request.outputSchema } };
        if (!outputConfig.empty())
            body["output_config"] = std::move(outputConfig);
        if (options().anthropicThinking)
            body["thinking"] = { { "type", "adaptive" } };

        QUrl url = options().baseUrl;
        QString path = url.path();
        while (path.endsWith(QLatin1Char('/')))
            path.chop(1);
        url.setPath(path + QStringLiteral("/v1/messages"));
        Exchange exchange;
        exchange.url = url;
        exchange.headers = { { "x-api-key", options().apiKey.toUtf8() }, { "anthropic-version", "2023-06-01" },
            { "content-type", "application/json" }, { "accept", "text/event-stream" } };
        exchange.body = QByteArray::fromStdString(body.dump());
        qCDebug(lcLlm) << "anthropic" << m_request.purpose.c_str() << "estimate" << response().diag.estimate;
        send(std::move(exchange));
    }

    void unreadable(const QString &what)
    {
        fail(makeFailure(Failure::Kind::Protocol, QStringLiteral("Anthropic sent a reply Fanva cannot read (%1).").arg(what).toStdString(),
            detail(200, {}, {}), 200));
    }

    void readUsage(const json &usage)
    {
        if (!usage.is_object())
            return;
        Usage merged = response().usage;
        const auto take = [&](const char *key, std::optional<int64_t> &field) {
            if (const auto it = usage.find(key); it != usage.end() && it->is_number_integer())
                field = it->get<int64_t>();
        };
        take("input_tokens", merged.input);
        take("output_tokens", merged.output);
        take("cache_read_input_tokens", merged.cacheRead);
        take("cache_creation_input_tokens", merged.cacheWrite);
        updateUsage(merged);
    }

    void handleEvent(const SseEvent &event)
    {
        ++m_eventNumber;
        const json data = json::parse(event.data.constData(), event.data.constData() + event.data.size(), nullptr, false);
        if (data.is_discarded() || !data.is_object()) {
            unreadable(QStringLiteral("invalid JSON in event %1").arg(m_eventNumber));
            return;
        }
        const std::string type = data.value("type", std::string(event.event.constData(), size_t(event.event.size())));
        if (event.event == "error" || type == "error") {
            const json error = data.value("error", json::object());
            const std::string text = error.is_object() ? error.value("message", error.value("type", std::string())) : std::string();
            fail(makeFailure(Failure::Kind::MidStreamError,
                QStringLiteral("Anthropic reported an error in the middle of the answer: %1")
                    .arg(serverText(QString::fromStdString(text)))
                    .toStdString(),
                detail(200, QString::fromStdString(error.is_object() ? error.value("type", std::string()) : std::string()), event.data),
                200));
            return;
        }
        if (type == "message_start") {
            const json message = data.value("message", json::object());
            if (message.is_object()) {
                response().model = message.value("model", std::string());
                readUsage(message.value("usage", json::object()));
            }
        } else if (type == "content_block_delta") {
            const json delta = data.value("delta", json::object());
            if (!delta.is_object())
                return;
            const std::string deltaType = delta.value("type", std::string());
            if (deltaType == "text_delta")
                appendText(delta.value("text", std::string()));
            else if (deltaType == "thinking_delta")
                appendThinking(delta.value("thinking", std::string()));
        } else if (type == "message_delta") {
            const json delta = data.value("delta", json::object());
            if (delta.is_object()) {
                if (delta.contains("stop_reason") && delta["stop_reason"].is_string())
                    m_stopReason = delta["stop_reason"].get<std::string>();
                if (delta.contains("stop_details") && delta["stop_details"].is_object())
                    m_stopDetails = delta["stop_details"];
            }
            readUsage(data.value("usage", json::object()));
        } else if (type == "message_stop") {
            finish();
        }
    }

    void finish()
    {
        response().diag.rawStopReason = m_stopReason;
        const Usage &usage = response().usage;
        if (m_breakpointSent && usage.cacheRead.value_or(0) == 0 && usage.cacheWrite.value_or(0) == 0) {
            response().diag.notes.push_back(
                QStringLiteral("prompt caching did not apply (prefix ≈%1 tokens, probably below this model's minimum)")
                    .arg(formatCount(m_prefixEstimate))
                    .toStdString());
        }
        if (m_stopReason == "end_turn" || m_stopReason == "stop_sequence") {
            succeed(StopReason::EndTurn);
        } else if (m_stopReason == "max_tokens" || m_stopReason == "model_context_window_exceeded") {
            succeed(StopReason::MaxTokens);
        } else if (m_stopReason == "tool_use") {
            succeed(StopReason::ToolUse);
        } else if (m_stopReason == "refusal") {
            Refusal refusal;
            if (m_stopDetails.is_object()) {
                if (m_stopDetails.contains("category") && m_stopDetails["category"].is_string())
                    refusal.category = m_stopDetails["category"].get<std::string>();
                if (m_stopDetails.contains("explanation") && m_stopDetails["explanation"].is_string())
                    refusal.explanation = m_stopDetails["explanation"].get<std::string>();
            }
            succeed(StopReason::Refusal, refusal);
        } else {
            fail(makeFailure(Failure::Kind::Protocol,
                QStringLiteral("Anthropic ended the answer for an unexpected reason (%1).")
                    .arg(QString::fromStdString(m_stopReason))
                    .toStdString(),
                "stop_reason " + m_stopReason));
        }
    }

    Request m_request;
    SseParser m_parser;
    int m_eventNumber = 0;
    std::string m_stopReason;
    json m_stopDetails;
    bool m_breakpointSent = false;
    int64_t m_prefixEstimate = 0;
};

} // namespace

AnthropicProvider::AnthropicProvider(ProviderOptions options, QObject *parent)
    : HttpProvider(std::move(options), parent)
{ }

AnthropicProvider::~AnthropicProvider() = default;

Call *AnthropicProvider::start(const Request &request)
{
    return new AnthropicCall(network(), options(), withModel(request), this);
}

} // namespace fanva::llm
