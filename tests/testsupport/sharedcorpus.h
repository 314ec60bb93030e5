// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The shared corpus (FANVA_SHARED_DIR: the folder beside the checkout holding corpus/) is
// test input a clone of the repository does not have. Every test that reads it finds it
// here, and skips — or, with FANVA_REQUIRE_SHARED=1 as CI sets it, fails — in one way:
//
//     FANVA_NEED_SHARED(u"corpus/vaelii-kb");   // QSKIP or QFAIL when it is absent
//     const QString kb = fanva::testsupport::sharedPath(u"corpus/vaelii-kb");
//
// A data function that builds its rows from the corpus adds one row that skips instead,
// so that QFETCH always has data. The corpus written for this project lives in tests/data
// and is always there: see tests/data/README.md.
#pragma once

#include <QString>
#include <QTest>

namespace fanva::testsupport {

/// The shared folder: the environment variable FANVA_SHARED_DIR when set (no rebuild
/// needed to point the tests at a corpus), else the CMake cache variable of that name.
[[nodiscard]] QString sharedDir();

/// `relative` (e.g. "corpus/fables") under the shared folder.
[[nodiscard]] QString sharedPath(QStringView relative);

/// Empty if the folder `relative` of the shared corpus exists; else one line saying what
/// is missing, naming the variable and the path, and how to provide it.
[[nodiscard]] QString sharedMissing(QStringView relative);

/// Whether a missing corpus is a failure (FANVA_REQUIRE_SHARED=1) rather than a skip.
[[nodiscard]] bool sharedRequired();

/// The folder of the project's own test data (tests/data).
[[nodiscard]] QString testDataDir();

/// `relative` under tests/data.
[[nodiscard]] QString testDataPath(QStringView relative);

/// In a data function: the column "goldFile" and a row for each gold file of fables
/// (`*.gold.txt`): the project's own (tests/data/fables) always, the shared corpus's
/// (corpus/fables) when it is there, else one row with an empty path, whose test skips.
void addFableGoldRows();

} // namespace fanva::testsupport

/// In a test function: skips the test (or the current data row) when the shared-corpus
/// folder `relative` is absent, and fails instead under FANVA_REQUIRE_SHARED=1.
#define FANVA_NEED_SHARED(relative)                                                                                                        \
    do {                                                                                                                                   \
        const QString fanvaMissing_ = ::fanva::testsupport::sharedMissing(relative);                                                       \
        if (!fanvaMissing_.isEmpty()) {                                                                                                    \
            if (::fanva::testsupport::sharedRequired())                                                                                    \
                QFAIL(qPrintable(fanvaMissing_ + QStringLiteral(" (FANVA_REQUIRE_SHARED=1: a missing corpus fails)")));                    \
            QSKIP(qPrintable(fanvaMissing_));                                                                                              \
        }                                                                                                                                  \
    } while (false)
