// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QString>

#include <cstddef>
#include <cstdint>

// UTF-8 decoding shared by every reader of KB text and documents (fanva_engine_langvocab):
// fanva-kb's reader and formalize's segmenter.
namespace fanva::lang {

/// One step of UTF-8 decoding under Unicode's "maximal subpart" rule: an ill-formed
/// sequence is consumed as one unit (one error, one column).
struct Utf8Step {
    enum class Error : std::uint8_t { None, Continuation, Overlong, Truncated, Surrogate, TooLarge, NeverValid };
    int length = 1;
    Error error = Error::None;
    char32_t codePoint = 0;
};

[[nodiscard]] inline Utf8Step decodeUtf8(const unsigned char *p, const unsigned char *end)
{
    using Error = Utf8Step::Error;
    const unsigned c = p[0];
    if (c < 0x80)
        return { 1, Error::None, c };
    int need = 0;
    unsigned lo = 0x80;
    unsigned hi = 0xBF;
    char32_t cp = 0;
    Error firstError = Error::Truncated;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
        cp = c & 0x1F;
    } else if (c == 0xE0) {
        need = 2, lo = 0xA0, cp = c & 0x0F, firstError = Error::Overlong;
    } else if ((c >= 0xE1 && c <= 0xEC) || c == 0xEE || c == 0xEF) {
        need = 2, cp = c & 0x0F;
    } else if (c == 0xED) {
        need = 2, hi = 0x9F, cp = c & 0x0F, firstError = Error::Surrogate;
    } else if (c == 0xF0) {
        need = 3, lo = 0x90, cp = c & 0x07, firstError = Error::Overlong;
    } else if (c >= 0xF1 && c <= 0xF3) {
        need = 3, cp = c & 0x07;
    } else if (c == 0xF4) {
        need = 3, hi = 0x8F, cp = c & 0x07, firstError = Error::TooLarge;
    } else if (c >= 0x80 && c <= 0xBF) {
        return { 1, Error::Continuation, 0 };
    } else if (c == 0xC0 || c == 0xC1) {
        return { 1, Error::Overlong, 0 };
    } else {
        return { 1, c <= 0xF7 ? Error::TooLarge : Error::NeverValid, 0 };
    }
    for (int i = 1; i <= need; ++i) {
        if (p + i >= end)
            return { i, Error::Truncated, 0 };
        const unsigned b = p[i];
        if (b < lo || b > hi) {
            // A continuation byte outside the narrowed first range: the lead alone is the
            // maximal subpart, and the reason is specific (overlong, surrogate, too large).
            if (i == 1 && b >= 0x80 && b <= 0xBF)
                return { 1, firstError, 0 };
            return { i, Error::Truncated, 0 };
        }
        cp = (cp << 6) | (b & 0x3F);
        lo = 0x80;
        hi = 0xBF;
    }
    return { need + 1, Error::None, cp };
}

[[nodiscard]] inline QString utf8ErrorMessage(Utf8Step::Error error, unsigned char lead)
{
    const QString byte = QLatin1String("0x") + QString::number(lead, 16).toUpper().rightJustified(2, QLatin1Char('0'));
    switch (error) {
    case Utf8Step::Error::Continuation:
        return QStringLiteral("invalid UTF-8: unexpected continuation byte %1 — the file must be UTF-8").arg(byte);
    case Utf8Step::Error::Overlong:
        return QStringLiteral("invalid UTF-8: overlong sequence starting with byte %1 — the file must be UTF-8").arg(byte);
    case Utf8Step::Error::Truncated:
        return QStringLiteral("invalid UTF-8: truncated sequence starting with byte %1 — the file must be UTF-8").arg(byte);
    case Utf8Step::Error::Surrogate:
        return QStringLiteral("invalid UTF-8: encoded surrogate starting with byte %1 — the file must be UTF-8").arg(byte);
    case Utf8Step::Error::TooLarge:
        return QStringLiteral("invalid UTF-8: sequence starting with byte %1 is above U+10FFFF — the file must be UTF-8").arg(byte);
    case Utf8Step::Error::NeverValid:
        return QStringLiteral("invalid UTF-8: byte %1 never occurs in UTF-8 — the file must be UTF-8").arg(byte);
    case Utf8Step::Error::None:
        break;
    }
    return {};
}

/// "U+00E9"
[[nodiscard]] inline QString codePointName(char32_t cp)
{
    return QStringLiteral("U+%1").arg(uint(cp), 4, 16, QLatin1Char('0')).toUpper();
}

} // namespace fanva::lang
