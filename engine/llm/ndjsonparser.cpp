// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "llm/ndjsonparser.h"

namespace fanva::llm {

namespace {

QByteArray stripCr(QByteArray line)
{
    if (line.endsWith('\r'))
        line.chop(1);
    return line;
}

} // namespace

std::vector<QByteArray> NdjsonParser::feed(QByteArrayView data)
{
    std::vector<QByteArray> lines;
    if (m_overflowed)
        return lines;
    m_buffer.append(data);
    qsizetype start = 0;
    for (qsizetype newline = m_buffer.indexOf('\n', start); newline >= 0; newline = m_buffer.indexOf('\n', start)) {
        if (newline - start > kMaxLineBytes) {
            m_overflowed = true;
            m_buffer.clear();
            return lines;
        }
        lines.push_back(stripCr(m_buffer.mid(start, newline - start)));
        start = newline + 1;
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLineBytes) {
        m_overflowed = true;
        m_buffer.clear();
    }
    return lines;
}

std::optional<QByteArray> NdjsonParser::finish()
{
    if (m_overflowed || m_buffer.isEmpty())
        return std::nullopt;
    QByteArray rest = stripCr(std::exchange(m_buffer, {}));
    return rest;
}

} // namespace fanva::llm
