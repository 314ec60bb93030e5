// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/reader.h"

#include <algorithm>
#include <cstring>

namespace fanva::lang::nibli {

LineIndex::LineIndex(std::string_view text)
    : m_text(text)
{
    m_lineStarts.push_back(0);
    const char *base = text.data();
    const char *p = base;
    const char *end = base + text.size();
    while (p < end) {
        const void *nl = std::memchr(p, '\n', static_cast<size_t>(end - p));
        if (nl == nullptr)
            break;
        p = static_cast<const char *>(nl) + 1;
        m_lineStarts.push_back(static_cast<uint32_t>(p - base));
    }
}

std::pair<int, int> LineIndex::position(uint32_t offset) const
{
    const auto it = std::upper_bound(m_lineStarts.begin(), m_lineStarts.end(), offset);
    const auto line = static_cast<size_t>(it - m_lineStarts.begin());
    uint32_t start = m_lineStarts[line - 1];
    if (start == 0 && m_text.substr(0, 3) == "\xEF\xBB\xBF" && offset >= 3)
        start = 3;
    int column = 1;
    for (uint32_t i = start; i < offset && i < m_text.size(); ++i)
        if ((static_cast<unsigned char>(m_text[i]) & 0xC0u) != 0x80u)
            ++column;
    return { static_cast<int>(line), column };
}

} // namespace fanva::lang::nibli
