// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The small helpers of the syntax tree (ast.h).
#include "lang/nibli/ast.h"

namespace fanva::lang::nibli {

std::string Unit::word() const
{
    std::string out;
    for (const std::string &part : parts) {
        if (!out.empty())
            out += '+';
        out += part;
    }
    return out;
}

const Unit &seqHead(const Seq &seq)
{
    const Unit *unit = &seq.back();
    while (unit->isGroup())
        unit = &unit->group.back();
    return *unit;
}

const char *prefixWord(Prefix p)
{
    switch (p) {
    case Prefix::Past:
        return "past";
    case Prefix::Now:
        return "now";
    case Prefix::Future:
        return "future";
    case Prefix::Must:
        return "must";
    case Prefix::May:
        return "may";
    case Prefix::None:
        break;
    }
    return "";
}

} // namespace fanva::lang::nibli
