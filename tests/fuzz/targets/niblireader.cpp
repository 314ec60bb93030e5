// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "fuzztargets.h"

#include "lang/nibli/checks.h"
#include "lang/nibli/gloss.h"
#include "lang/nibli/knowledgebase.h"

#include <cstdlib>

namespace fanva::fuzz {

void nibliReader(QByteArrayView data)
{
    using namespace fanva::lang::nibli;
    const std::string_view text(data.data(), static_cast<size_t>(data.size()));
    ReadResult r = read(text);
    uint32_t last = 0;
    for (const Diagnostic &d : r.diagnostics) {
        // One diagnostic per failing statement, in text order, each inside the text.
        if (d.offset > text.size() || d.offset < last || d.line < 1 || d.column < 1)
            std::abort();
        last = d.offset;
    }
    static const Vocabulary vocabulary(Lexicon::builtin());
    for (Statement &s : r.statements) {
        if (s.begin >= s.end || s.end > text.size())
            std::abort();
        if (!resolve(s, vocabulary).empty())
            continue;
        // §5.4 holds for every statement that reads and resolves.
        if (roundTrip(s, vocabulary))
            std::abort();
        (void)assertability(s);
        (void)gloss(s, vocabulary);
    }
    if (const auto formatted = format(text, vocabulary); formatted && format(*formatted, vocabulary) != formatted)
        std::abort();
    (void)parseCandidate(text);
}

} // namespace fanva::fuzz
