// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Per-segment coverage (formalize.md §10): which sentences of the document the kept entries
// cover, which the model reported untranslated, and which it passed over in silence.
#include "formalize/session.h"

#include "enumnames.h"

#include <array>
#include <map>

namespace fanva::formalize {

using nlohmann::json;

QString coverageStateName(SegmentCoverage::State state)
{
    static constexpr std::array names {
        EnumName { SegmentCoverage::State::Covered, QLatin1StringView("covered") },
        EnumName { SegmentCoverage::State::RefusedOnly, QLatin1StringView("refused-only") },
        EnumName { SegmentCoverage::State::Untranslated, QLatin1StringView("untranslated") },
        EnumName { SegmentCoverage::State::Silent, QLatin1StringView("silent") },
    };
    return enumName(names, state);
}

std::vector<SegmentCoverage> Session::coverage() const
{
    // One pass over the entries: per segment, whether any is reviewable and any admissible.
    std::map<int, std::pair<bool, bool>> bySegment;
    for (const Entry &e : m_entries) {
        if (!e.isReviewable())
            continue;
        auto &[any, admissible] = bySegment[e.segment];
        any = true;
        admissible = admissible || e.state == EntryState::Admissible || e.state == EntryState::Known;
    }
    std::vector<SegmentCoverage> out;
    for (const Segment &s : m_segments) {
        if (s.kind == Segment::Kind::Heading)
            continue;
        SegmentCoverage c;
        c.segment = s.number;
        const auto found = bySegment.find(s.number);
        const bool any = found != bySegment.end() && found->second.first;
        const bool admissible = found != bySegment.end() && found->second.second;
        const auto reason = m_untranslated.find(s.number);
        if (reason != m_untranslated.end())
            c.reason = reason->second;
        if (admissible)
            c.state = SegmentCoverage::State::Covered;
        else if (any)
            c.state = SegmentCoverage::State::RefusedOnly;
        else if (reason != m_untranslated.end())
            c.state = SegmentCoverage::State::Untranslated;
        else
            c.state = SegmentCoverage::State::Silent;
        out.push_back(c);
    }
    return out;
}

json Session::coverageJson() const
{
    json segments = json::array();
    int covered = 0, untranslated = 0, silent = 0, refusedOnly = 0;
    const std::vector<SegmentCoverage> all = coverage();
    for (const SegmentCoverage &c : all) {
        segments.push_back({ { "segment", c.segment }, { "state", utf8(coverageStateName(c.state)) }, { "reason", utf8(c.reason) } });
        covered += c.state == SegmentCoverage::State::Covered;
        untranslated += c.state == SegmentCoverage::State::Untranslated;
        silent += c.state == SegmentCoverage::State::Silent;
        refusedOnly += c.state == SegmentCoverage::State::RefusedOnly;
    }
    return { { "covered", covered }, { "total", all.size() }, { "untranslated", untranslated }, { "silent", silent },
        { "refusedOnly", refusedOnly }, { "segments", segments } };
}

} // namespace fanva::formalize
