// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/scriptedprovider.h"

#include "llm/budget.h"
#include "llm/logging.h"

#include <QFile>
#include <QTimer>

#include <cmath>

namespace fanva::llm {

using nlohmann::json;

namespace {

struct Step {
    enum class Kind { Text, Thinking, Pause } kind = Kind::Text;
    std::string text;
    int delayMs = 0;
};

struct ScriptedFailure {
    Failure::Kind kind = Failure::Kind::Protocol;
    int status = 0;
    std::string message;
    int afterChunks = 0;
};

std::optional<int64_t> optionalCount(const json &object, const char *key)
{
    return object.contains(key) && object[key].is_number_integer() ? std::optional(object[key].get<int64_t>()) : std::nullopt;
}

/// Splits UTF-8 text into pieces of `chars` code points (0 = one piece).
std::vector<std::string> splitChars(const std::string &text, int chars)
{
    std::vector<std::string> pieces;
    if (text.empty())
        return pieces;
    if (chars <= 0) {
        pieces.push_back(text);
        return pieces;
    }
    std::string piece;
    int count = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const bool startsCodePoint = (byte & 0xC0) != 0x80;
        if (startsCodePoint && count == chars) {
            pieces.push_back(std::move(piece));
            piece.clear();
            count = 0;
        }
        if (startsCodePoint)
            ++count;
        piece += text[i];
    }
    pieces.push_back(std::move(piece));
    return pieces;
}

} // namespace

struct ScriptedProvider::Turn {
    std::optional<std::string> purpose, lastUserContains, systemContains;
    std::string thinking, text;
    std::optional<int> chunkChars, delayMs;
    std::optional<std::vector<Step>> chunks;
    std::string stopReason = "end_turn";
    std::optional<Refusal> refusal;
    std::optional<Usage> usage;
    std::optional<ScriptedFailure> failure;

    [[nodiscard]] bool matches(const Request &request) const
    {
        if (purpose && *purpose != request.purpose)
            return false;
        if (lastUserContains) {
            const Message *last = nullptr;
            for (const Message &message : request.messages) {
                if (message.role == Role::User)
                    last = &message;
            }
            if (!last || last->text.find(*lastUserContains) == std::string::npos)
                return false;
        }
        if (systemContains) {
            bool found = false;
            for (const SystemBlock &block : request.system)
                found = found || block.text.find(*systemContains) != std::string::npos;
            if (!found)
                return false;
        }
        return true;
    }

    [[nodiscard]] static std::optional<Turn> fromJson(const json &object, std::string *error)
    {
        if (!object.is_object()) {
            *error = "a turn is not an object";
            return std::nullopt;
        }
        Turn turn;
        if (const auto when = object.find("when"); when != object.end() && when->is_object()) {
            const auto text = [&](const char *key) -> std::optional<std::string> {
                return when->contains(key) && (*when)[key].is_string() ? std::optional((*when)[key].get<std::string>()) : std::nullopt;
            };
            turn.purpose = text("purpose");
            turn.lastUserContains = text("last_user_contains");
            turn.systemContains = text("system_contains");
        }
        turn.thinking = object.value("thinking", std::string());
        turn.text = object.value("text", std::string());
        if (object.contains("chunk_chars") && object["chunk_chars"].is_number_integer())
            turn.chunkChars = object["chunk_chars"].get<int>();
        if (object.contains("delay_ms") && object["delay_ms"].is_number_integer())
            turn.delayMs = object["delay_ms"].get<int>();
        if (const auto chunks = object.find("chunks"); chunks != object.end() && chunks->is_array()) {
            std::vector<Step> steps;
            for (const json &chunk : *chunks) {
                if (chunk.is_string())
                    steps.push_back({ Step::Kind::Text, chunk.get<std::string>(), 0 });
                else if (chunk.is_object() && chunk.contains("thinking") && chunk["thinking"].is_string())
                    steps.push_back({ Step::Kind::Thinking, chunk["thinking"].get<std::string>(), 0 });
                else if (chunk.is_object() && chunk.contains("delay_ms") && chunk["delay_ms"].is_number_integer())
                    steps.push_back({ Step::Kind::Pause, {}, chunk["delay_ms"].get<int>() });
                else {
                    *error = "a chunk is neither text, {\"thinking\"} nor {\"delay_ms\"}";
                    return std::nullopt;
                }
            }
            turn.chunks = std::move(steps);
        }
        turn.stopReason = object.value("stop_reason", std::string("end_turn"));
        if (const auto refusal = object.find("refusal"); refusal != object.end() && refusal->is_object())
            turn.refusal = Refusal { refusal->value("category", std::string()), refusal->value("explanation", std::string()) };
        if (const auto usage = object.find("usage"); usage != object.end() && usage->is_object()) {
            turn.usage = Usage { optionalCount(*usage, "input"), optionalCount(*usage, "output"), optionalCount(*usage, "cache_read"),
                optionalCount(*usage, "cache_write") };
        }
        if (const auto fail = object.find("fail"); fail != object.end() && fail->is_object()) {
            const auto kind = failureKindFromName(fail->value("kind", std::string("protocol")));
            if (!kind) {
                *error = "unknown fail kind \"" + fail->value("kind", std::string()) + "\"";
                return std::nullopt;
            }
            turn.failure = ScriptedFailure { *kind, fail->value("status", 0), fail->value("message", std::string()),
                fail->value("after_chunks", 0) };
        }
        return turn;
    }
};

namespace {

class ScriptedCall final : public Call
{
public:
    ScriptedCall(
        std::vector<Step> steps, std::shared_ptr<const ScriptedProvider::Turn> turn, Request request, std::string model, QObject *parent)
        : Call(parent)
        , m_steps(std::move(steps))
        , m_turn(std::move(turn))
        , m_request(std::move(request))
    {
        response().model = std::move(model);
        response().diag.estimate = estimateTokens(m_request);
        response().diag.tries = 1;
        m_timer.setSingleShot(true);
        connect(&m_timer, &QTimer::timeout, this, &ScriptedCall::next);
        m_timer.start(0);
    }

    /// A call that fails at once (queued, as every terminal signal).
    ScriptedCall(Failure failure, std::string model, QObject *parent)
        : Call(parent)
    {
        response().model = std::move(model);
        fail(std::move(failure));
    }

protected:
    void abortTransport() override { m_timer.stop(); }

private:
    void next()
    {
        const ScriptedProvider::Turn &turn = *m_turn;
        if (turn.failure && m_pieces == turn.failure->afterChunks) {
            const ScriptedFailure &f = *turn.failure;
            const std::string message = f.message.empty() ? "Scripted failure (" + std::string(failureKindName(f.kind)) + ")." : f.message;
            fail(makeFailure(f.kind, message, "scripted", f.status));
            return;
        }
        if (m_index == m_steps.size()) {
            finish();
            return;
        }
        const Step &step = m_steps[m_index++];
        switch (step.kind) {
        case Step::Kind::Pause:
            m_timer.start(step.delayMs);
            return;
        case Step::Kind::Thinking:
            appendThinking(step.text);
            break;
        case Step::Kind::Text:
            appendText(step.text);
            break;
        }
        ++m_pieces;
        m_timer.start(m_index < m_steps.size() ? m_steps[m_index].delayMs : 0);
    }

    void finish()
    {
        const ScriptedProvider::Turn &turn = *m_turn;
        if (turn.usage) {
            updateUsage(*turn.usage);
        } else {
            const auto chars = static_cast<int64_t>(receivedText().size());
            updateUsage(Usage { estimateTokens(m_request), (2 * chars + 6) / 7, std::nullopt, std::nullopt });
        }
        response().diag.rawStopReason = turn.stopReason;
        const std::string &reason = turn.stopReason;
        if (reason == "end_turn" || reason == "end-turn" || reason == "stop")
            succeed(StopReason::EndTurn);
        else if (reason == "max_tokens" || reason == "max-tokens" || reason == "length")
            succeed(StopReason::MaxTokens);
        else if (reason == "refusal")
            succeed(StopReason::Refusal, turn.refusal.value_or(Refusal {}));
        else if (reason == "tool_use" || reason == "tool-use")
            succeed(StopReason::ToolUse);
        else
            fail(makeFailure(Failure::Kind::Protocol, "The script ends a turn with an unknown stop reason (" + reason + ").", "scripted"));
    }

    std::vector<Step> m_steps;
    std::shared_ptr<const ScriptedProvider::Turn> m_turn;
    Request m_request;
    QTimer m_timer;
    std::size_t m_index = 0;
    int m_pieces = 0;
};

json effortJson(const std::optional<Effort> &effort)
{
    return effort ? json(effortName(*effort)) : json(nullptr);
}

} // namespace

json requestToJson(const Request &request)
{
    json system = json::array();
    for (const SystemBlock &block : request.system)
        system.push_back({ { "text", block.text }, { "cache", block.cache } });
    json messages = json::array();
    for (const Message &message : request.messages)
        messages.push_back({ { "role", message.role == Role::User ? "user" : "assistant" }, { "text", message.text } });
    return json { { "purpose", request.purpose }, { "model", request.model }, { "system", system }, { "messages", messages },
        { "maxTokens", request.maxTokens }, { "effort", effortJson(request.effort) },
        { "outputSchema", request.outputSchema.value_or(json(nullptr)) }, { "numCtx", request.numCtx } };
}

ScriptedProvider::ScriptedProvider(Mode mode, QObject *parent)
    : Provider(parent)
    , m_mode(mode)
{ }

ScriptedProvider::~ScriptedProvider() = default;

std::unique_ptr<ScriptedProvider> ScriptedProvider::fromFile(const QString &path, Mode mode, Failure *error, QObject *parent)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = makeFailure(Failure::Kind::Config,
            QStringLiteral("Cannot read the %1 %2: %3")
                .arg(mode == Mode::Demo ? QStringLiteral("demo replay") : QStringLiteral("script"), path, file.errorString())
                .toStdString());
        return nullptr;
    }
    const QByteArray bytes = file.readAll();
    const json script = json::parse(bytes.constData(), bytes.constData() + bytes.size(), nullptr, false);
    if (script.is_discarded()) {
        *error = makeFailure(Failure::Kind::Config, QStringLiteral("The script %1 is not valid JSON.").arg(path).toStdString());
        return nullptr;
    }
    auto provider = fromJson(script, mode, error, parent);
    if (!provider)
        error->message = QStringLiteral("%1: %2").arg(path, QString::fromStdString(error->message)).toStdString();
    return provider;
}

std::unique_ptr<ScriptedProvider> ScriptedProvider::fromJson(const json &script, Mode mode, Failure *error, QObject *parent)
{
    const auto invalid = [&](const std::string &why) {
        *error = makeFailure(Failure::Kind::Config, "not a fanva-script/1 document: " + why);
        return nullptr;
    };
    if (!script.is_object() || script.value("format", std::string()) != "fanva-script/1")
        return invalid("\"format\" must be \"fanva-script/1\"");
    if (!script.contains("turns") || !script["turns"].is_array())
        return invalid("\"turns\" must be an array");
    std::unique_ptr<ScriptedProvider> provider(new ScriptedProvider(mode, parent));
    const bool demo = mode == Mode::Demo;
    provider->m_model = script.value("model", std::string(demo ? "demo" : "scripted"));
    provider->m_reuse = script.value("reuse", demo);
    provider->m_chunkChars = script.value("chunk_chars", demo ? 24 : 16);
    provider->m_delayMs = script.value("delay_ms", demo ? 15 : 0);
    provider->m_repeatLast = script.value("on_exhausted", std::string("error")) == "repeat-last";
    for (const json &object : script["turns"]) {
        std::string why;
        auto turn = Turn::fromJson(object, &why);
        if (!turn)
            return invalid(why);
        provider->m_turns.push_back(std::make_shared<Turn>(std::move(*turn)));
    }
    provider->m_used.assign(provider->m_turns.size(), false);
    return provider;
}

QString ScriptedProvider::id() const
{
    return m_mode == Mode::Demo ? QStringLiteral("demo") : QStringLiteral("scripted");
}

int ScriptedProvider::usedTurnCount() const
{
    return int(std::count(m_used.begin(), m_used.end(), true));
}

int ScriptedProvider::turnCount() const
{
    return int(m_turns.size());
}

Call *ScriptedProvider::start(const Request &request)
{
    Request copy = request;
    if (copy.model.empty())
        copy.model = m_model;
    m_received.push_back(copy);
    if (!m_recordPath.isEmpty()) {
        QFile record(m_recordPath);
        if (record.open(QIODevice::Append | QIODevice::Text))
            record.write(QByteArray::fromStdString(requestToJson(copy).dump() + '\n'));
        else
            qCWarning(lcLlm) << "cannot append to the script record" << m_recordPath;
    }

    std::optional<std::size_t> chosen;
    for (std::size_t i = 0; i < m_turns.size() && !chosen; ++i) {
        if ((m_reuse || !m_used[i]) && m_turns[i]->matches(copy))
            chosen = i;
    }
    if (!chosen && m_repeatLast) {
        for (std::size_t i = m_used.size(); i > 0 && !chosen; --i) {
            if (m_used[i - 1])
                chosen = i - 1;
        }
    }
    if (!chosen) {
        const std::string message = m_mode == Mode::Demo
            ? "The demo provider only answers for the bundled demo document; choose a real provider in Settings."
            : "script has no turn for request " + std::to_string(m_received.size()) + " (purpose " + copy.purpose + ")";
        return new ScriptedCall(
            makeFailure(m_mode == Mode::Demo ? Failure::Kind::Config : Failure::Kind::Protocol, message), m_model, this);
    }
    m_used[*chosen] = true;
    const std::shared_ptr<Turn> &turn = m_turns[*chosen];

    const int chunkChars = turn->chunkChars.value_or(m_chunkChars);
    const int delayMs = turn->delayMs.value_or(m_delayMs);
    std::vector<Step> steps;
    if (turn->chunks) {
        for (Step step : *turn->chunks) {
            if (step.kind != Step::Kind::Pause)
                step.delayMs = delayMs;
            steps.push_back(std::move(step));
        }
    } else {
        for (std::string &piece : splitChars(turn->thinking, chunkChars))
            steps.push_back({ Step::Kind::Thinking, std::move(piece), delayMs });
        for (std::string &piece : splitChars(turn->text, chunkChars))
            steps.push_back({ Step::Kind::Text, std::move(piece), delayMs });
    }
    return new ScriptedCall(std::move(steps), turn, std::move(copy), m_model, this);
}

} // namespace fanva::llm
