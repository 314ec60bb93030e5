// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "llm/types.h"

#include <QObject>
#include <QString>

namespace fanva::llm {

/// One request in flight. Created by Provider::start(); its signals arrive on the provider's
/// thread. Exactly one of done()/error() is emitted, once, never inside start(); the text
/// deltas concatenate to the response's content (or, for a refused or failed reply, to its
/// `discarded` blocks). After cancel() only a queued error() with a Cancelled failure
/// follows. The Call deletes itself after its terminal signal: hold it in a QPointer.
class Call : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Call)

public:
    ~Call() override;

    /// Stops the call at once: the socket and any retry timer are dropped, no further
    /// delta, usage or notice is emitted, and a queued error(Cancelled) ends it.
    void cancel();

    /// True once the terminal signal is decided (it may still be queued).
    [[nodiscard]] bool isFinished() const { return m_finished; }

Q_SIGNALS:
    void textDelta(const QString &text);
    void thinkingDelta(const QString &text);
    /// Cumulative usage so far: each emission replaces the previous one.
    void usageUpdated(const fanva::llm::Usage &usage);
    void notice(const QString &text);
    void done(const fanva::llm::Response &response);
    void error(const fanva::llm::Response &response);

protected:
    explicit Call(QObject *parent);

    /// Drops every network object and timer so that nothing more reaches this call.
    virtual void abortTransport() = 0;

    /// Text and thinking of one answer beyond `bytes` end the call (0 = no limit).
    void setReplyLimit(qsizetype bytes) { m_replyLimit = bytes; }
    /// "Ollama", "Anthropic", "The server at URL": names the sender in messages.
    [[nodiscard]] virtual QString providerName() const { return QStringLiteral("The provider"); }

    void appendText(std::string_view utf8);
    void appendThinking(std::string_view utf8);
    void updateUsage(const Usage &usage);
    void emitNotice(const QString &text);

    /// The response being built: model, diagnostics and usage are filled in as they arrive.
    Response &response() { return m_response; }
    [[nodiscard]] const std::string &receivedText() const { return m_text; }

    /// Ends the call with a usable (or refused) answer; `done` is emitted from the event loop.
    void succeed(StopReason reason, std::optional<Refusal> refusal = std::nullopt);
    /// Ends the call with an error; the text received so far goes to `discarded`.
    void fail(Failure failure);

private:
    void deliver(bool ok);
    [[nodiscard]] std::vector<Block> receivedBlocks() const;
    /// False (and the call failed) when `more` bytes would pass the reply limit.
    [[nodiscard]] bool withinReplyLimit(std::size_t more);

    Response m_response;
    std::string m_text, m_thinking;
    qsizetype m_replyLimit = 0;
    bool m_finished = false;
};

} // namespace fanva::llm
