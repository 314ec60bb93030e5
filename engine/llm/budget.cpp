// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/budget.h"

#include "llm/format.h"

#include <algorithm>

namespace fanva::llm {

int64_t estimateTokensOfBytes(int64_t bytes)
{
    // ceil(n / 3.5) == ceil(2n / 7), in integers.
    return (2 * bytes + 6) / 7;
}

int64_t estimateTokens(std::string_view text)
{
    return estimateTokensOfBytes(static_cast<int64_t>(text.size()));
}

int64_t estimateTokens(const Request &request)
{
    int64_t bytes = 0;
    for (const SystemBlock &block : request.system)
        bytes += static_cast<int64_t>(block.text.size());
    for (const Message &message : request.messages)
        bytes += static_cast<int64_t>(message.text.size());
    return estimateTokensOfBytes(bytes);
}

ContextSizing sizeContext(const Request &request, std::optional<int64_t> contextMax, int userCap)
{
    ContextSizing sizing;
    sizing.estimate = estimateTokens(request);
    const int64_t need = sizing.estimate + request.maxTokens;
    const auto tooLarge = [&](int64_t window, const QString &what) {
        const QString message = QStringLiteral("The prompt (≈%1 tokens) plus the output budget (%2) does not fit %3 (%4); "
                                               "shorten the document or choose a larger model.")
                                    .arg(formatCount(sizing.estimate), formatCount(request.maxTokens), what, formatCount(window));
        return makeFailure(Failure::Kind::TooLarge, message.toStdString(),
            QStringLiteral("estimate %1, maxTokens %2, window %3").arg(sizing.estimate).arg(request.maxTokens).arg(window).toStdString());
    };
    if (contextMax && need > *contextMax) {
        sizing.tooLarge = tooLarge(*contextMax, QStringLiteral("%1's window").arg(QString::fromStdString(request.model)));
        return sizing;
    }
    if (userCap > 0 && need > userCap) {
        sizing.tooLarge = tooLarge(userCap, QStringLiteral("the context limit set in Settings"));
        return sizing;
    }
    const int64_t wanted = (5 * sizing.estimate + 3) / 4 + request.maxTokens;
    int64_t numCtx = (wanted + 2047) / 2048 * 2048;
    numCtx = std::max<int64_t>(numCtx, request.numCtx);
    if (userCap > 0)
        numCtx = std::min<int64_t>(numCtx, userCap);
    if (contextMax)
        numCtx = std::min(numCtx, *contextMax);
    sizing.numCtx = static_cast<int>(numCtx);
    return sizing;
}

} // namespace fanva::llm
