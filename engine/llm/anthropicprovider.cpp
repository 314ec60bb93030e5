// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/anthropicprovider.h"

#include "jsonutil.h"
#include "llm/budget.h"
#include "llm/format.h"
#include "llm/httprequest.h"
#include "llm/logging.h"
#include "llm/replyfields.h"
#include "llm/ssecall.h"
#include "status.h"

#include <QRegularExpression>
#include <QTimer>

namespace fanva::llm {

using nlohmann::json;

namespace {

class AnthropicCall final : public SseCall
{
public:
    AnthropicCall(QNetworkAccessManager *network, const ProviderOptions &options, Request request, QObject *parent)
        : SseCall(network, options, parent)
        , m_request(std::move(request))
    {
        QTimer::singleShot(0, this, &AnthropicCall::begin);
    }

protected:
    QString name(bool) const override { return QStringLiteral("Anthropic"); }
    QString nameAt() const override { return QStringLiteral("Anthropic at %1").arg(baseUrlText()); }

    HttpError httpError(int status, const QByteArray &body, int tries) override
    {
        std::string type, text, errorCode;
        const Result<json> parsed = jsonutil::parse(body);
        if (const json *error = parsed ? jsonutil::object(*parsed, "error") : nullptr) {
            ReplyFields fields;
            type = fields.string(*error, "type").value_or(std::string());
            text = fields.string(*error, "message").value_or(std::string());
            if (const json *details = jsonutil::object(*error, "details"))
                errorCode = fields.string(*details, "error_code").value_or(std::string());
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
        if (const std::optional<Effort> effort = m_request.effort ? m_request.effort : options().anthropicEffort)
            outputConfig["effort"] = effortName(*effort);
        if (m_request.outputSchema)
            outputConfig["format"] = { { "type", "json_schema" }, { "schema", *m_request.outputSchema } };
        if (!outputConfig.empty())
            body["output_config"] = std::move(outputConfig);
        if (options().anthropicThinking)
            body["thinking"] = { { "type", "adaptive" } };

        Exchange exchange;
        exchange.url = endpoint(QStringLiteral("/v1/messages"));
        exchange.headers = keyHeaders(options());
        exchange.headers.insert(exchange.headers.end(),
            { { "anthropic-version", "2023-06-01" }, { "content-type", "application/json" }, { "accept", "text/event-stream" } });
        exchange.body = QByteArray::fromStdString(body.dump());
        qCDebug(lcLlm) << "anthropic" << m_request.purpose.c_str() << "estimate" << response().diag.estimate;
        send(std::move(exchange));
    }

    static void readUsage(ReplyFields &fields, const json *usage, Usage &merged)
    {
        if (!usage)
            return;
        const auto take = [&](const char *key, std::optional<int64_t> &field) {
            if (const auto value = fields.integer(*usage, key, ReplyFields::Null::Absent))
                field = value;
        };
        take("input_tokens", merged.input);
        take("output_tokens", merged.output);
        take("cache_read_input_tokens", merged.cacheRead);
        take("cache_creation_input_tokens", merged.cacheWrite);
    }

    void handleEvent(const SseEvent &event) override
    {
        const std::optional<json> data = parseEvent(event);
        if (!data)
            return;
        ReplyFields fields;
        const std::string type = fields.string(*data, "type").value_or(std::string(event.event.constData(), size_t(event.event.size())));
        if (event.event == "error" || type == "error") {
            // Whatever its shape, an error event ends the answer as one.
            const json *error = jsonutil::object(*data, "error");
            const std::string errorType = error ? jsonutil::string(*error, "type").toStdString() : std::string();
            const std::string text
                = error ? jsonutil::string(*error, "message", QString::fromStdString(errorType)).toStdString() : std::string();
            fail(makeFailure(Failure::Kind::MidStreamError,
                QStringLiteral("Anthropic reported an error in the middle of the answer: %1")
                    .arg(serverText(QString::fromStdString(text)))
                    .toStdString(),
                detail(200, QString::fromStdString(errorType), event.data), 200));
            return;
        }
        // Every field is read before anything is acted upon: a reply with a field of the wrong
        // type is one Fanva cannot read, whatever it carried.
        Usage usage = response().usage;
        std::optional<std::string> model, text, thinking, stopReason;
        std::optional<Refusal> stopDetails;
        bool stop = false;
        if (type == "message_start") {
            if (const json *message = fields.object(*data, "message")) {
                model = fields.string(*message, "model");
                readUsage(fields, fields.object(*message, "usage", ReplyFields::Null::Absent), usage);
            }
        } else if (type == "content_block_delta") {
            if (const json *delta = fields.object(*data, "delta")) {
                const std::string deltaType = fields.string(*delta, "type").value_or(std::string());
                if (deltaType == "text_delta")
                    text = fields.string(*delta, "text");
                else if (deltaType == "thinking_delta")
                    thinking = fields.string(*delta, "thinking");
            }
        } else if (type == "message_delta") {
            if (const json *delta = fields.object(*data, "delta")) {
                stopReason = fields.string(*delta, "stop_reason", ReplyFields::Null::Absent);
                if (const json *details = fields.object(*delta, "stop_details", ReplyFields::Null::Absent)) {
                    stopDetails = Refusal { fields.string(*details, "category", ReplyFields::Null::Absent).value_or(std::string()),
                        fields.string(*details, "explanation", ReplyFields::Null::Absent).value_or(std::string()) };
                }
            }
            readUsage(fields, fields.object(*data, "usage", ReplyFields::Null::Absent), usage);
        } else if (type == "message_stop") {
            stop = true;
        }
        if (!fields.ok()) {
            unreadable(QStringLiteral("%1 in event %2").arg(fields.problem()).arg(eventNumber()));
            return;
        }
        if (model)
            response().model = *model;
        if (text)
            appendText(*text);
        if (thinking)
            appendThinking(*thinking);
        if (stopReason)
            m_stopReason = *stopReason;
        if (stopDetails)
            m_stopDetails = std::move(*stopDetails);
        updateUsage(usage);
        if (stop && !isFinished())
            finish();
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
            succeed(StopReason::Refusal, m_stopDetails);
        } else {
            fail(makeFailure(Failure::Kind::Protocol,
                QStringLiteral("Anthropic ended the answer for an unexpected reason (%1).")
                    .arg(QString::fromStdString(m_stopReason))
                    .toStdString(),
                "stop_reason " + m_stopReason));
        }
    }

    Request m_request;
    std::string m_stopReason;
    Refusal m_stopDetails;
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
