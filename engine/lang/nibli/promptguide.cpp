// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
#include "lang/nibli/promptguide.h"

namespace fanva::lang::nibli {

std::string_view promptGuide()
{
    static constexpr std::string_view s_guide = R"guide(## Spelling (a wrong spelling is refused)

Each candidate is one nibli KR statement ending with a period. Predicates are the lowercase
words listed under "Predicates you may use", places in the listed order; any other word is
refused. Names are capitalised (Adam); $x is a variable; _ leaves a place empty. Positional
arguments come first; name a later place as label: term.

| write | it says |
|---|---|
| `person(Adam).` | Adam is a person |
| `uses(Adam, Varfarin).` | a particular fact |
| `~uses(Adam, Varfarin).` | a particular fact that is false |
| `animal(every dog).` | every dog is an animal |
| `all $x: person($x) & ~prisoner($x) -> travel($x).` | a general rule with conditions |
| `past goes(Adam, some market).` | something that happened |
| `obliged(every person, event { eats() }).` | a duty |

exactly, no, sum, product, quotient, and greater/less/num_equal over numbers are questions,
never statements; never state a bare either-or. If nothing listed fits, declare a predicate
before using it, e.g. pred consents(who, what): "{x1} consents to {x2}". and say so in notes.

## Example (use the request's names, not these)

[1] Adam is a person who uses Varfarin.
[2] Every dog is an animal.
[3] Anyone who is not a prisoner may travel.
[4] It was a cold morning.

{"candidates": [
 {"sentence": "person(Adam).", "segment": 1, "confidence": "high"},
 {"sentence": "uses(Adam, Varfarin).", "segment": 1, "confidence": "high"},
 {"sentence": "animal(every dog).", "segment": 2, "confidence": "high"},
 {"sentence": "all $x: person($x) & ~prisoner($x) -> travel($x).", "segment": 3, "confidence": "medium"}],
 "untranslated": [{"segment": 4, "reason": "weather; no claim"}]}
)guide";
    return s_guide;
}

} // namespace fanva::lang::nibli
