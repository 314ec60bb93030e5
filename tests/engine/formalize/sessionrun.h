// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The set-up the formalize session tests share, written once: the fixture's files, the JSON
// reply of a scripted turn, and a session played to its end by a scripted provider.
#pragma once

#include "formalize/session.h"
#include "llm/scriptedprovider.h"

#include <QByteArray>
#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QtGlobal>

#include <nlohmann/json.hpp>

#include <memory>
#include <utility>
#include <vector>

namespace fanva::testing {

/// tests/data/formalize/fixture: the small KB and documents of the formalize tests.
inline QString fixtureDir()
{
    return QStringLiteral(FANVA_TEST_DATA_DIR "/formalize/fixture");
}

/// The bytes of @p path; empty when it does not read.
inline QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

/// A scripted turn whose text is the JSON reply with these candidates (sentence, segment).
inline nlohmann::json candidatesTurn(const std::vector<std::pair<QString, int>> &candidates)
{
    nlohmann::json c = nlohmann::json::array();
    for (const auto &[sentence, segment] : candidates)
        c.push_back({ { "sentence", sentence.toStdString() }, { "segment", segment }, { "confidence", "high" } });
    return { { "text", nlohmann::json { { "candidates", c } }.dump() }, { "stop_reason", "end_turn" } };
}

/// The scripted provider answering @p turns in order, then failing.
inline std::unique_ptr<llm::ScriptedProvider> scriptedProvider(const nlohmann::json &turns)
{
    const nlohmann::json script
        = { { "format", "fanva-script/1" }, { "model", "scripted" }, { "on_exhausted", "error" }, { "turns", turns } };
    llm::Failure error;
    std::unique_ptr<llm::ScriptedProvider> provider
        = llm::ScriptedProvider::fromJson(script, llm::ScriptedProvider::Mode::Scripted, &error);
    if (!provider)
        qFatal("bad script");
    return provider;
}

/// What a played session left: its outcome, entries, the requests the provider received and
/// the event log.
struct SessionRun {
    nlohmann::json outcome;
    std::vector<formalize::Entry> entries;
    std::vector<llm::Request> requests;
    nlohmann::json events;
};

/// Plays a session of @p provider (a scripted one, or one that wraps it and has `received()`)
/// on @p input to its end.
template<typename Provider> SessionRun playSession(Provider &provider, const formalize::SessionInput &input)
{
    formalize::Session session(&provider, input);
    QSignalSpy finished(&session, &formalize::Session::finished);
    session.start();
    if (!session.isFinished() && !finished.wait(20000))
        qFatal("the session did not finish");
    return { session.outcome(), session.entries(), provider.received(), session.events() };
}

} // namespace fanva::testing
