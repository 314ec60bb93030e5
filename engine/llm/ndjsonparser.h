// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <optional>
#include <vector>

namespace fanva::llm {

/// Splits a newline-delimited JSON stream into lines, whatever the read boundaries: a line may
/// span any number of feeds, a "\r" before "\n" is dropped, and a non-empty rest at the end of
/// the body is a last line. Lines are returned as they are (empty ones included): the caller
/// decides what a bad line means. A line longer than kMaxLineBytes stops the parser.
class NdjsonParser final
{
public:
    static constexpr qsizetype kMaxLineBytes = 8 * 1024 * 1024;

    /// The lines completed by `data`.
    [[nodiscard]] std::vector<QByteArray> feed(QByteArrayView data);
    /// The last line at the end of the body, if any bytes are left.
    [[nodiscard]] std::optional<QByteArray> finish();
    /// True once a line exceeded kMaxLineBytes; nothing more is returned.
    [[nodiscard]] bool overflowed() const { return m_overflowed; }

private:
    QByteArray m_buffer;
    bool m_overflowed = false;
};

} // namespace fanva::llm
