// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QLatin1StringView>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace fanva::formalize {

/// One numbered sentence of a document (formalize.md §1.1). `start`/`end` are UTF-8 byte
/// offsets into the document as stored; `document.mid(start, end - start)` is the text.
/// A BOM and a list item's marker are outside every span; spans never start or end with
/// whitespace.
struct Segment {
    enum class Kind : std::uint8_t { Prose, Item, Heading };

    int number = 0; ///< 1-based: [1] … [n]
    qsizetype start = 0;
    qsizetype end = 0;
    Kind kind = Kind::Prose;

    [[nodiscard]] qsizetype length() const { return end - start; }
    friend bool operator==(const Segment &, const Segment &) = default;
};

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
