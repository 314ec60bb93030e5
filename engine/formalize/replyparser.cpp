// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "formalize/replyparser.h"

#include "enumnames.h"
#include "jsonutil.h"
#include "status.h"

#include <QStringList>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace fanva::formalize {

namespace {

using nlohmann::json;

constexpr std::array s_confidences {
    EnumName { Confidence::High, QLatin1StringView("high") },
    EnumName { Confidence::Medium, QLatin1StringView("medium") },
    EnumName { Confidence::Low, QLatin1StringView("low") },
};

constexpr std::array s_strengths {
    EnumName { Strength::Default, QLatin1StringView("default") },
    EnumName { Strength::Monotonic, QLatin1StringView("monotonic") },
};

std::string_view trimmed(std::string_view text)
{
    const auto isWs = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!text.empty() && isWs(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isWs(text.back()))
        text.remove_suffix(1);
    return text;
}

std::optional<json> parseJson(std::string_view text)
{
    Result<json> parsed = jsonutil::parse(text);
    if (!parsed)
        return std::nullopt;
    return std::move(parsed).value();
}

bool isEnvelope(const json &value)
{
    return value.is_object() && (value.contains("candidates") || value.contains("untranslated") || value.contains("retract"));
}

// The end (one past the closer) of the balanced {…} or […] starting at `open`, string- and
// escape-aware; npos if the text ends first.
std::size_t balancedEnd(std::string_view text, std::size_t open)
{
    int depth = 0;
    bool inString = false;
    for (std::size_t i = open; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
        }
    }
    return std::string_view::npos;
}

// The contents of every fenced block, in order (§4.2 step 2): ≥ 3 backticks or tildes, any
// info string, closed by a line of ≥ as many of the same character, or unclosed to the end.
std::vector<std::string_view> fencedBlocks(std::string_view text)
{
    std::vector<std::string_view> blocks;
    std::size_t pos = 0;
    const auto fenceAt = [&](std::size_t lineStart, std::size_t lineEnd, char &ch) -> std::size_t {
        std::size_t i = lineStart;
        while (i < lineEnd && (text[i] == ' ' || text[i] == '\t'))
            ++i;
        if (i >= lineEnd || (text[i] != '`' && text[i] != '~'))
            return 0;
        ch = text[i];
        std::size_t n = 0;
        while (i + n < lineEnd && text[i + n] == ch)
            ++n;
        return n >= 3 ? n : 0;
    };
    std::size_t contentStart = std::string_view::npos;
    char fenceChar = 0;
    std::size_t fenceLength = 0;
    while (pos <= text.size()) {
        std::size_t lineEnd = text.find('\n', pos);
        if (lineEnd == std::string_view::npos)
            lineEnd = text.size();
        char ch = 0;
        const std::size_t n = fenceAt(pos, lineEnd, ch);
        if (contentStart == std::string_view::npos) {
            if (n > 0) {
                fenceChar = ch;
                fenceLength = n;
                contentStart = std::min(lineEnd + 1, text.size());
            }
        } else if (n >= fenceLength && ch == fenceChar
            && trimmed(text.substr(pos, lineEnd - pos)).find_first_not_of(ch) == std::string_view::npos) {
            blocks.push_back(text.substr(contentStart, pos - contentStart));
            contentStart = std::string_view::npos;
        }
        pos = lineEnd + 1;
    }
    if (contentStart != std::string_view::npos)
        blocks.push_back(text.substr(contentStart));
    return blocks;
}

// Deletes commas before ] or } outside strings (§4.2 step 4).
std::string withoutTrailingCommas(std::string_view text)
{
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < text.size())
                out.push_back(text[++i]);
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        if (c == ',') {
            std::size_t j = i + 1;
            while (j < text.size() && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r' || text[j] == '\n'))
                ++j;
            if (j < text.size() && (text[j] == ']' || text[j] == '}'))
                continue;
        }
        out.push_back(c);
    }
    return out;
}

struct Scan {
    bool jsonFound = false;
    bool cutOff = false;
};

// Steps 1–3 on one text: the envelope itself, in a fence, or amid prose.
std::optional<std::pair<json, ParsedReply::Method>> findEnvelope(std::string_view text, Scan &scan)
{
    if (auto value = parseJson(trimmed(text))) {
        scan.jsonFound = true;
        if (isEnvelope(*value))
            return std::pair { *value, ParsedReply::Method::Envelope };
    }
    for (std::string_view block : fencedBlocks(text)) {
        if (auto value = parseJson(trimmed(block))) {
            scan.jsonFound = true;
            if (isEnvelope(*value))
                return std::pair { *value, ParsedReply::Method::Fenced };
        }
    }
    for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
        const std::size_t end = balancedEnd(text, open);
        if (end == std::string_view::npos) {
            scan.cutOff = true;
            continue;
        }
        if (auto value = parseJson(text.substr(open, end - open))) {
            scan.jsonFound = true;
            if (isEnvelope(*value))
                return std::pair { *value, ParsedReply::Method::Embedded };
        }
    }
    return std::nullopt;
}

std::optional<int> segmentOf(const json &value)
{
    // A number outside int's range names no segment (and must not wrap onto one).
    constexpr double lowest = std::numeric_limits<int>::min();
    constexpr double highest = std::numeric_limits<int>::max();
    if (value.is_number_unsigned()) {
        const auto n = value.get<std::uint64_t>();
        return n <= std::uint64_t(highest) ? std::optional<int>(int(n)) : std::nullopt;
    }
    if (value.is_number_integer()) {
        const auto n = value.get<std::int64_t>();
        return n >= std::int64_t(lowest) && n <= std::int64_t(highest) ? std::optional<int>(int(n)) : std::nullopt;
    }
    if (value.is_number_float()) {
        const double d = value.get<double>();
        if (d >= lowest && d <= highest && d == double(int(d)))
            return int(d);
        return std::nullopt;
    }
    if (const std::optional<QString> string = jsonutil::asString(value)) {
        QString text = string->trimmed();
        if (text.startsWith(QLatin1Char('[')) && text.endsWith(QLatin1Char(']')))
            text = text.mid(1, text.size() - 2).trimmed();
        bool ok = false;
        const int n = text.toInt(&ok);
        if (ok)
            return n;
    }
    return std::nullopt;
}

/// Sentence numbers from [1,2], 1, "1", "[1]" or "1,2" (rewrite.md §3); unreadable items skipped.
std::vector<int> numbersOf(const json &value)
{
    std::vector<int> out;
    const auto add = [&out](std::optional<int> n) {
        if (n && std::find(out.begin(), out.end(), *n) == out.end())
            out.push_back(*n);
    };
    if (value.is_array()) {
        for (const json &item : value)
            add(segmentOf(item));
    } else if (const std::optional<QString> text = jsonutil::asString(value); text && text->contains(QLatin1Char(','))) {
        QString list = text->trimmed();
        if (list.startsWith(QLatin1Char('[')) && list.endsWith(QLatin1Char(']')))
            list = list.mid(1, list.size() - 2);
        for (const QString &part : list.split(QLatin1Char(','))) {
            bool ok = false;
            const int n = part.trimmed().toInt(&ok);
            add(ok ? std::optional<int>(n) : std::nullopt);
        }
    } else {
        add(segmentOf(value));
    }
    return out;
}

void addCandidate(ParsedReply &reply, const json &item)
{
    const std::optional<QString> sentence = jsonutil::optString(item, "sentence");
    if (!sentence) {
        ++reply.malformedItems;
        return;
    }
    ReplyCandidate candidate;
    candidate.sentence = sentence->trimmed();
    if (candidate.sentence.isEmpty()) {
        ++reply.malformedItems;
        return;
    }
    if (const json *segment = jsonutil::member(item, "segment"))
        candidate.segment = segmentOf(*segment);
    if (const json *replaces = jsonutil::member(item, "replaces")) {
        candidate.replaces = numbersOf(*replaces);
        if (!candidate.segment && !candidate.replaces.empty())
            candidate.segment = candidate.replaces.front();
    }
    candidate.confidence = confidenceFromName(jsonutil::string(item, "confidence")).value_or(Confidence::Medium);
    candidate.strength = strengthFromName(jsonutil::string(item, "strength")).value_or(Strength::Default);
    candidate.pattern = jsonutil::string(item, "pattern");
    if (const json *unused = jsonutil::array(item, "unused")) {
        for (const json &word : *unused) {
            if (const std::optional<QString> text = jsonutil::asString(word); text && !text->isEmpty())
                candidate.unused << *text;
        }
    }
    reply.candidates.push_back(std::move(candidate));
}

void readEnvelope(ParsedReply &reply, const json &envelope, int segmentCount)
{
    if (const json *items = jsonutil::array(envelope, "candidates")) {
        for (const json &item : *items)
            addCandidate(reply, item);
    }
    if (const json *items = jsonutil::array(envelope, "untranslated")) {
        for (const json &item : *items) {
            const json *number = jsonutil::member(item, "segment");
            if (!number)
                continue;
            const std::optional<int> segment = segmentOf(*number);
            if (!segment || (segmentCount > 0 && (*segment < 1 || *segment > segmentCount)))
                continue;
            reply.untranslated.push_back(ReplyUntranslated { *segment, jsonutil::string(item, "reason") });
        }
    }
    if (const json *retract = jsonutil::member(envelope, "retract")) {
        for (const int n : numbersOf(*retract)) {
            if (segmentCount <= 0 || (n >= 1 && n <= segmentCount))
                reply.retract.push_back(n);
        }
    }
    reply.notes = jsonutil::string(envelope, "notes");
}

// Step 5: every complete balanced object with a "sentence" key.
bool salvage(ParsedReply &reply, std::string_view text)
{
    bool any = false;
    for (std::size_t open = text.find('{'); open != std::string_view::npos;) {
        const std::size_t end = balancedEnd(text, open);
        if (end != std::string_view::npos) {
            if (auto value = parseJson(text.substr(open, end - open)); value && value->is_object() && value->contains("sentence")) {
                addCandidate(reply, *value);
                any = true;
                open = text.find('{', end);
                continue;
            }
        }
        open = text.find('{', open + 1);
    }
    return any;
}

// Step 6: a bare JSON array of candidate objects, as the reply or in a fence.
bool bareArray(ParsedReply &reply, std::string_view text, Scan &scan)
{
    std::vector<std::string_view> texts { trimmed(text) };
    for (std::string_view block : fencedBlocks(text))
        texts.push_back(trimmed(block));
    for (std::string_view candidate : texts) {
        const auto value = parseJson(candidate);
        if (!value || !value->is_array())
            continue;
        scan.jsonFound = true;
        bool allObjects = !value->empty();
        for (const json &item : *value)
            allObjects = allObjects && item.is_object() && item.contains("sentence");
        if (!allObjects)
            continue;
        for (const json &item : *value)
            addCandidate(reply, item);
        return true;
    }
    return false;
}

} // namespace

QLatin1StringView confidenceName(Confidence confidence)
{
    return enumName(s_confidences, confidence);
}

std::optional<Confidence> confidenceFromName(QStringView name)
{
    return enumFromName(s_confidences, name);
}

QLatin1StringView strengthName(Strength strength)
{
    return enumName(s_strengths, strength);
}

std::optional<Strength> strengthFromName(QStringView name)
{
    return enumFromName(s_strengths, name);
}

QString ParsedReply::unreadableReason() const
{
    switch (unreadable) {
    case Unreadable::None:
        return {};
    case Unreadable::Empty:
        return QStringLiteral("it was empty");
    case Unreadable::NoContent:
        return QStringLiteral("it held no JSON object and no s-expression");
    case Unreadable::CutOff:
        return QStringLiteral("it was cut off before any candidate was complete");
    }
    return {};
}

ParsedReply parseReply(const QString &replyText, int segmentCount, const std::function<std::vector<ReplyCandidate>(const QString &)> &bare)
{
    ParsedReply reply;
    const std::string utf8 = replyText.toStdString();
    const std::string_view text = utf8;
    Scan scan;

    if (auto found = findEnvelope(text, scan)) {
        readEnvelope(reply, found->first, segmentCount);
        reply.method = found->second;
    } else {
        const std::string lenient = withoutTrailingCommas(text);
        Scan lenientScan;
        if (auto again = findEnvelope(lenient, lenientScan)) {
            readEnvelope(reply, again->first, segmentCount);
            reply.method = ParsedReply::Method::TrailingCommas;
            scan.jsonFound = true;
        } else if (salvage(reply, text)) {
            reply.method = ParsedReply::Method::Salvage;
            scan.jsonFound = true;
        } else if (bareArray(reply, text, scan)) {
            reply.method = ParsedReply::Method::BareArray;
        } else {
            scan.jsonFound = scan.jsonFound || lenientScan.jsonFound;
            if (!scan.jsonFound) {
                reply.candidates = bare ? bare(replyText) : std::vector<ReplyCandidate> {};
                if (!reply.candidates.empty())
                    reply.method = ParsedReply::Method::SExpressions;
            }
        }
    }

    if (!reply.isReadable()) {
        reply.method = ParsedReply::Method::None;
        if (trimmed(text).empty())
            reply.unreadable = ParsedReply::Unreadable::Empty;
        else if (scan.cutOff)
            reply.unreadable = ParsedReply::Unreadable::CutOff;
        else
            reply.unreadable = ParsedReply::Unreadable::NoContent;
    }
    return reply;
}

} // namespace fanva::formalize
