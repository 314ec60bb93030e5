// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// ctest's "shared-corpus" entry: exit 0 when every corpus folder the tests read is there,
// 77 (reported as skipped) when one is absent, 1 when one is absent under FANVA_REQUIRE_SHARED=1.
#include "sharedcorpus.h"

#include <cstdio>

int main()
{
    using namespace fanva::testsupport;
    int missing = 0;
    for (const QStringView folder : { QStringView(u"corpus/vaelii-kb"), QStringView(u"corpus/fables") }) {
        const QString why = sharedMissing(folder);
        if (why.isEmpty()) {
            std::printf("found %s\n", qPrintable(sharedPath(folder)));
        } else {
            std::printf("%s\n", qPrintable(why));
            ++missing;
        }
    }
    if (missing == 0)
        return 0;
    if (sharedRequired()) {
        std::printf("FANVA_REQUIRE_SHARED=1: the tests that read it fail instead of skipping\n");
        return 1;
    }
    std::printf("the tests that read it skip those parts (FANVA_REQUIRE_SHARED=1 makes them fail)\n");
    return 77;
}
