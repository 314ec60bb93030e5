// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/scriptedprovider.h"

#include "jsonutil.h"
#include "llm/budget.h"
#include "llm/logging.h"
#include "llm/replyfields.h"
#include "status.h"

#include <QFile>
#include <QTimer>

#include <cmath>
#include <limits>

namespace fanva::llm {

using nlohmann::json;

// Named, not anonymous: ScriptedProvider::Turn holds them, and a class with linkage may not
// hold a type without it (GCC's -Wsubobject-linkage, which a unity build turns on here).
namespace scripted {

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

} // namespace scripted

using scripted::ScriptedFailure;
using scripted::Step;

namespace {

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
        ReplyFields fields;
        const auto small = [&](const json &j, const char *key) -> std::optional<int> {
            const auto value = fields.integer(j, key);
            if (value && (*value < 0 || *value > std::numeric_limits<int>::max())) {
                fields.wrong(key, "an integer from 0 to 2147483647");
                return std::nullopt;
            }
            return value ? std::optional(int(*value)) : std::nullopt;
        };
        if (const json *when = fields.object(object, "when")) {
            turn.purpose = fields.string(*when, "purpose");
            turn.lastUserContains = fields.string(*when, "last_user_contains");
            turn.systemContains = fields.string(*when, "system_contains");
        }
        turn.thinking = fields.string(object, "thinking").value_or(std::string());
        turn.text = fields.string(object, "text").value_or(std::string());
        turn.chunkChars = small(object, "chunk_chars");
        turn.delayMs = small(object, "delay_ms");
        if (const json *chunks = fields.array(object, "chunks")) {
            std::vector<Step> steps;
            for (const json &chunk : *chunks) {
                if (const auto text = jsonutil::asString(chunk))
                    steps.push_back({ Step::Kind::Text, text->toStdString(), 0 });
                else if (const auto thinking = jsonutil::optString(chunk, "thinking"))
                    steps.push_back({ Step::Kind::Thinking, thinking->toStdString(), 0 });
                else if (const auto delay = jsonutil::member(chunk, "delay_ms") ? small(chunk, "delay_ms") : std::nullopt)
                    steps.push_back({ Step::Kind::Pause, {}, *delay });
                else {
                    *error = "a chunk is neither text, {\"thinking\"} nor {\"delay_ms\"}";
                    return std::nullopt;
                }
            }
            turn.chunks = std::move(steps);
        }
        turn.stopReason = fields.string(object, "stop_reason").value_or("end_turn");
        if (const json *refusal = fields.object(object, "refusal"))
            turn.refusal = Refusal { fields.string(*refusal, "category").value_or(std::string()),
                fields.string(*refusal, "explanation").value_or(std::string()) };
        if (const json *usage = fields.object(object, "usage")) {
            turn.usage = Usage { fields.integer(*usage, "input"), fields.integer(*usage, "output"), fields.integer(*usage, "cache_read"),
                fields.integer(*usage, "cache_write") };
        }
        if (const json *fail = fields.object(object, "fail")) {
            const std::string kindName = fields.string(*fail, "kind").value_or("protocol");
            const auto kind = failureKindFromName(kindName);
            if (!kind) {
                *error = "unknown fail kind \"" + kindName + "\"";
                return std::nullopt;
            }
            turn.failure = ScriptedFailure { *kind, small(*fail, "status").value_or(0),
                fields.string(*fail, "message").value_or(std::string()), small(*fail, "after_chunks").value_or(0) };
        }
        if (!fields.ok()) {
            *error = "a turn's " + fields.problem().toStdString();
            return std::nullopt;
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
    const Result<json> script = jsonutil::parse(bytes);
    if (!script) {
        *error = makeFailure(Failure::Kind::Config,
            QStringLiteral("The script %1 is not valid JSON (line %2): %3")
                .arg(path)
                .arg(script.error().line)
                .arg(script.message())
                .toStdString());
        return nullptr;
    }
    auto provider = fromJson(*script, mode, error, parent);
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
    if (jsonutil::string(script, "format") != QLatin1String("fanva-script/1"))
        return invalid("\"format\" must be \"fanva-script/1\"");
    const json *turns = jsonutil::array(script, "turns");
    if (!turns)
        return invalid("\"turns\" must be an array");
    std::unique_ptr<ScriptedProvider> provider(new ScriptedProvider(mode, parent));
    const bool demo = mode == Mode::Demo;
    ReplyFields fields;
    const auto count = [&](const char *key, int fallback) {
        const auto value = fields.integer(script, key);
        if (value && (*value < 0 || *value > std::numeric_limits<int>::max()))
            fields.wrong(key, "an integer from 0 to 2147483647");
        return value && *value >= 0 && *value <= std::numeric_limits<int>::max() ? int(*value) : fallback;
    };
    provider->m_model = fields.string(script, "model").value_or(demo ? "demo" : "scripted");
    provider->m_reuse = fields.boolean(script, "reuse").value_or(demo);
    provider->m_chunkChars = count("chunk_chars", demo ? 24 : 16);
    provider->m_delayMs = count("delay_ms", demo ? 15 : 0);
    provider->m_repeatLast = fields.string(script, "on_exhausted").value_or("error") == "repeat-last";
    if (!fields.ok())
        return invalid(fields.problem().toStdString());
    for (const json &object : *turns) {
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
