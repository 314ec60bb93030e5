// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include "lang/drafting.h"

#include <QByteArray>
#include <QLatin1StringView>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace fanva::formalize {

/// One numbered sentence of a document (lang/drafting.h).
using Segment = lang::Segment;

[[nodiscard]] QLatin1StringView segmentKindName(Segment::Kind kind);

/// Why a document is refused: no session starts.
struct SegmentationError {
    enum class Code : std::uint8_t { DocumentEncoding, EmptyDocument };
    Code code = Code::EmptyDocument;
    qsizetype byteOffset = 0;
    QString message;

    /// "document-encoding" or "empty-document".
    [[nodiscard]] QLatin1StringView id() const;
    friend bool operator==(const SegmentationError &, const SegmentationError &) = default;
};

struct Segmentation {
    std::vector<Segment> segments;
    std::optional<SegmentationError> error;

    [[nodiscard]] bool ok() const { return !error.has_value(); }
};

/// Splits a UTF-8 document into sentences, list items and headings (§1.1). Invalid UTF-8
/// gives `document-encoding`, a document without a sentence `empty-document`. Pure.
[[nodiscard]] Segmentation segment(const QByteArray &document);

/// The text of a segment (UTF-8 decoded).
[[nodiscard]] QString segmentText(const QByteArray &document, const Segment &segment);

} // namespace fanva::formalize
