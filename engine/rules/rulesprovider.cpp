// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "rules/rulesprovider.h"

#include "jsonutil.h"
#include "lang/language.h"
#include "lang/registry.h"
#include "llm/call.h"
#include "llm/selection.h"
#include "rules/drafter.h"
#include "rules/inputguard.h"
#include "rules/lexicon.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cstdint>
#include <stop_token>
#include <vector>

namespace fanva::rules {

using nlohmann::json;

namespace {

/// A repair turn gets no new idea from the rules: every sentence its structured turn names
/// (the sentences still pending, rules.md §2) is given up with the reason, so the session
/// settles at once (formalize.md §5.2).
json repairReply(const json &structured)
{
    json untranslated = json::array();
    std::vector<std::int64_t> seen;
    if (const json *segments = jsonutil::array(structured, "segments")) {
        for (const json &segment : *segments) {
            const std::int64_t n = jsonutil::integer(segment, "number");
            if (n <= 0 || std::find(seen.begin(), seen.end(), n) != seen.end())
                continue;
            seen.push_back(n);
            untranslated.push_back({ { "segment", n }, { "reason", "the rules have no other reading" } });
        }
    }
    return json { { "candidates", json::array() }, { "untranslated", untranslated }, { "notes", "drafted by rules — no model." } };
}

/// A draft as the worker hands it back: the reply, and one notice per sentence too long for
/// the rules (the attempt log shows notices; a reason in `untranslated` alone is easy to miss).
struct Drafted {
    std::string reply;
    QStringList notices;
};

Drafted drafted(const json &structured, const std::stop_token &stop)
{
    Drafted out;
    if (const json *segments = jsonutil::array(structured, "segments")) {
        for (const json &segment : *segments) {
            if (jsonutil::string(segment, "kind") == QLatin1String("heading"))
                continue;
            if (const auto reason = tooLongForTheRules(jsonutil::string(segment, "text")))
                out.notices
                    << QStringLiteral("sentence %1 is left untranslated: %2").arg(jsonutil::integer(segment, "number")).arg(*reason);
        }
    }
    out.reply = draft(structured, Lexicon::instance(), stop).dump();
    return out;
}

class RulesCall final : public llm::Call
{
public:
    RulesCall(const llm::Request &request, QObject *parent)
        : Call(parent)
    {
        response().model = kRulesModel;
        response().diag.tries = 1;
        const json structured = request.structured.value_or(json());
        const std::string purpose = request.purpose;
        if (purpose == "judge") {
            fail(llm::makeFailure(llm::Failure::Kind::Config, "The rules provider has no model to judge with."));
            return;
        }
        if (!structured.is_object()) {
            fail(llm::makeFailure(
                llm::Failure::Kind::Config, "The rules provider drafts only formalize sessions: the request carries no structured turn."));
            return;
        }
        if (purpose == "repair") {
            QMetaObject::invokeMethod(
                this,
                [this, structured] {
                    emitNotice(QStringLiteral("drafted by rules — no model"));
                    appendText(repairReply(structured).dump());
                    succeed(llm::StopReason::EndTurn);
                },
                Qt::QueuedConnection);
            return;
        }
        connect(&m_watcher, &QFutureWatcher<Drafted>::finished, this, [this] {
            if (isFinished())
                return;
            const Drafted result = m_watcher.result();
            emitNotice(QStringLiteral("drafted by rules — no model"));
            for (const QString &notice : result.notices)
                emitNotice(notice);
            appendText(result.reply);
            succeed(llm::StopReason::EndTurn);
        });
        m_watcher.setFuture(QtConcurrent::run([structured, stop = m_stop.get_token()] { return drafted(structured, stop); }));
    }

protected:
    void abortTransport() override
    {
        // The worker stops before its next sentence, so a cancelled call (or the process's
        // exit, which waits for the pool) does not wait for the rest of the draft.
        m_stop.request_stop();
        m_watcher.disconnect(this);
    }
    [[nodiscard]] QString providerName() const override { return QStringLiteral("The rules provider"); }

private:
    std::stop_source m_stop;
    QFutureWatcher<Drafted> m_watcher;
};

} // namespace

RulesProvider::RulesProvider(QObject *parent)
    : Provider(parent)
{ }

RulesProvider::~RulesProvider() = default;

QString RulesProvider::id() const
{
    return QStringLiteral("rules");
}

llm::ProviderInfo RulesProvider::info() const
{
    llm::ProviderInfo info;
    info.id = id();
    info.displayName = QStringLiteral("Rules (drafts without a model)");
    info.bringsOwnModel = info.draftsWithoutModel = true;
    info.streams = false;
    info.readsStructuredTurn = true;
    info.judges = false;
    // Every built language that renders the drafter's claims (lang::ClaimWriter).
    for (const QString &language : lang::languageIds()) {
        if (const lang::Language *built = lang::languageById(language); built && built->claimWriter())
            info.draftsLanguages << language;
    }
    return info;
}

llm::Call *RulesProvider::start(const llm::Request &request)
{
    return new RulesCall(request, this);
}

void registerRulesProvider()
{
    llm::registerProvider(QStringLiteral("rules"), [](const llm::ProviderOptions &, QObject *parent) {
        llm::ProviderResult result;
        result.provider = std::make_unique<RulesProvider>(parent);
        return result;
    });
}

} // namespace fanva::rules
