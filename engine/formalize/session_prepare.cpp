// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Session::start (formalize.md §5, formalize.md §5.6): segment the document, build its turn and,
// when it does not fit whole, cut it into rounds — on a pool thread for a large document, so
// that neither the window nor the CLI's signal handling waits for it.
#include "formalize/session.h"
#include "formalize/session_p.h"

#include "formalize/events.h"

#include "formalize/rewrite.h"
#include "formalize/sessionkb.h"
#include "llm/provider.h"

#include <QFutureWatcher>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <limits>
#include <set>

namespace fanva::formalize {

using nlohmann::json;

using detail::estimate;
using detail::s_budgetSlack;
using detail::s_minimumCard;
using detail::sha256;

namespace detail {

Preparation prepare(const SessionInput &input, const std::function<bool(std::size_t, std::size_t)> &stop)
{
    Preparation p;
    Segmentation segmentation
        = input.rewrite.empty() ? formalize::segment(input.document) : Segmentation { rewriteSegments(input.document), std::nullopt };
    p.segments = std::move(segmentation.segments);
    p.error = segmentation.error;
    if (p.error)
        return p;

    std::vector<int> all;
    all.reserve(p.segments.size());
    // The focus (formalize.md §3.2.1): the selected segments that exist; none: the whole document.
    const std::set<int> selected(input.focus.begin(), input.focus.end());
    for (const Segment &s : p.segments) {
        all.push_back(s.number);
        if (selected.contains(s.number))
            p.focus.push_back(s.number);
    }
    if (p.focus.empty())
        p.focus = all;
    const SessionSettings &settings = input.settings;
    p.documentTurn = roundTurn(input, p.segments, all, p.focus, 0, 0);
    // A rewrite session (rewrite.md §2) lists the selected sentences of the target file instead.
    if (!input.rewrite.empty())
        p.documentTurn
            = rewriteTurn({ input.rewrite, input.context, input.documentName, input.card, settings.maxCandidates, input.instruction });
    const qint64 prompt = estimate(input.systemPrefix) + estimate(p.documentTurn) + s_budgetSlack;
    const bool cardTooSmall = input.cardBudget >= 0 && input.cardBudget < s_minimumCard;
    p.cut = prompt + settings.maxOutputTokens > settings.contextWindow;
    if (p.cut && input.rewrite.empty() && !cardTooSmall)
        p.rounds = cutRounds(input, p.segments, p.focus, stop);
    return p;
}

SessionInput completeInput(const SessionInput &shell)
{
    if (!shell.build)
        return shell;
    SessionInput built = shell.build();
    // The caller's own fields stay as the shell has them; build brings the KB's prompt pieces.
    built.context = shell.context;
    built.document = shell.document;
    built.documentName = shell.documentName;
    built.instruction = shell.instruction;
    built.settings = shell.settings;
    built.providerId = shell.providerId;
    built.kbSha256 = shell.kbSha256;
    built.focus = shell.focus;
    built.firstEntryId = shell.firstEntryId;
    built.rewrite = shell.rewrite;
    built.build = nullptr;
    return built;
}

} // namespace detail

void Session::start()
{
    m_startedAt = m_env.now();
    const SessionSettings &settings = m_input.settings;
    emitEvent(event::sessionStarted,
        { { "startedAt", utf8(m_startedAt.toUTC().toString(Qt::ISODateWithMs)) }, { "documentSha256", utf8(sha256(m_input.document)) },
            { "kbSha256", utf8(m_input.kbSha256) }, { "context", utf8(m_input.context) }, { "provider", utf8(m_input.providerId) },
            { "model", utf8(settings.model) }, { "settings", settings.toJson() } });
    if (m_input.document.size() < preparedOffThreadBytes) {
        if (m_input.build)
            adoptInput(detail::completeInput(m_input));
        prepared(detail::prepare(m_input));
        return;
    }
    // A large document (audit M9): the caller's event loop stays free meanwhile.
    auto *watcher = new QFutureWatcher<detail::Preparation>(this);
    connect(watcher, &QFutureWatcherBase::progressValueChanged, this,
        [this, watcher](int done) { Q_EMIT preparing(done, watcher->progressMaximum()); });
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher] {
        watcher->deleteLater();
        if (m_finished) // cancelled meanwhile
            return;
        detail::Preparation preparation = watcher->result();
        if (preparation.rounds.stopped) {
            finish(QStringLiteral("cancelled"), { { "phase", "formalize" }, { "attempt", 0 } });
            return;
        }
        prepared(std::move(preparation));
    });
    watcher->setFuture(QtConcurrent::run([input = m_input, stop = m_stopPreparing](QPromise<detail::Preparation> &promise) {
        std::size_t lastReport = 0;
        std::shared_ptr<SessionInput> built = input.build ? std::make_shared<SessionInput>(detail::completeInput(input)) : nullptr;
        if (stop->load()) { // cancelled while the input was built
            detail::Preparation stopped;
            stopped.rounds.stopped = true;
            promise.addResult(std::move(stopped));
            return;
        }
        const SessionInput &used = built ? *built : input;
        detail::Preparation preparation = detail::prepare(used, [&](std::size_t done, std::size_t total) {
            if (done == 0 || done - lastReport >= 256) {
                lastReport = done;
                promise.setProgressRange(0, int(std::min<std::size_t>(total, std::numeric_limits<int>::max())));
                promise.setProgressValue(int(std::min<std::size_t>(done, std::numeric_limits<int>::max())));
            }
            return stop->load();
        });
        preparation.built = std::move(built);
        promise.addResult(std::move(preparation));
    }));
}

void Session::adoptInput(SessionInput built)
{
    m_input = std::move(built);
    m_nextId = std::max(1, m_input.firstEntryId);
    m_kb = m_input.kb ? std::make_shared<const SessionKb>(m_input.kb) : nullptr;
}

void Session::prepared(detail::Preparation p)
{
    if (p.built)
        adoptInput(std::move(*p.built));
    const SessionSettings &settings = m_input.settings;
    m_segments = std::move(p.segments);
    m_segmentationError = p.error;
    if (m_segmentationError) {
        finish(QStringLiteral("exhausted"),
            { { "stopReason", utf8(QString(m_segmentationError->id())) }, { "message", utf8(m_segmentationError->message) } });
        return;
    }
    if (!m_provider || !m_kb) {
        finish(QStringLiteral("chat-failed"),
            { { "error", { { "kind", "protocol" }, { "httpStatus", 0 }, { "message", "no provider or knowledge base" } } } });
        return;
    }
    m_focus = std::move(p.focus);
    m_documentTurn = std::move(p.documentTurn);

    const qint64 systemTokens = estimate(m_input.systemPrefix);
    const qint64 documentTokens = estimate(m_documentTurn);
    emitEvent(event::promptBuilt,
        { { "systemSha256", utf8(sha256(m_input.systemPrefix.toUtf8())) }, { "systemTokens", systemTokens },
            { "documentTokens", documentTokens }, { "cardTokens", estimate(m_input.card) }, { "cut", m_input.inventoryCut } });

    const qint64 prompt = systemTokens + documentTokens + s_budgetSlack;
    const bool cardTooSmall = m_input.cardBudget >= 0 && m_input.cardBudget < s_minimumCard;
    auto tooLarge = [&](qint64 promptTokens, qint64 turnTokens, json extra) {
        extra["attempt"] = 0;
        extra["tokens"] = { { "prompt", promptTokens }, { "reserved", settings.maxOutputTokens }, { "window", settings.contextWindow },
            { "system", systemTokens }, { "document", turnTokens }, { "card", estimate(m_input.card) }, { "history", 0 } };
        finish(QStringLiteral("too-large"), std::move(extra));
    };
    if (cardTooSmall) {
        tooLarge(prompt, documentTokens, json::object());
        return;
    }
    m_rounds.clear();
    m_cut = p.cut;
    if (!m_cut) {
        m_rounds.push_back(m_focus);
    } else if (!m_input.rewrite.empty()) {
        tooLarge(prompt, documentTokens, json::object()); // a rewrite's selection is not cut into rounds
        return;
    } else if (const std::optional<int> misfit = p.rounds.misfit) {
        // Only a sentence that cannot fit alone is too large (formalize.md §5.6).
        const QString alone = roundTurn({ *misfit }, { *misfit }, 1, 2);
        tooLarge(systemTokens + estimate(alone) + s_budgetSlack, estimate(alone), { { "segment", *misfit } });
        return;
    } else if (m_rounds = std::move(p.rounds.rounds); m_rounds.size() > 1) {
        m_documentTurn = roundTurn(m_rounds.front(), m_rounds.front(), 1, int(m_rounds.size()));
    } else {
        m_cut = false; // one round after all: the focus fits without its context
        m_documentTurn = roundTurn(m_rounds.front(), m_rounds.front(), 0, 0);
    }
    startRound(0);
}

} // namespace fanva::formalize
