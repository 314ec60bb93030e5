// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// Golden files (tests/data/reference): the output under test must equal a committed
// reference byte for byte. On a mismatch the actual output is written to the test output
// folder (FANVA_TEST_OUTPUT_DIR, which ctest sets to build/…/test-output) at the
// reference's path, and the failure shows `diff -u reference actual`, as
// KSyntaxHighlighting's compareFiles does:
//
//     FANVA_COMPARE_GOLDEN(actualBytes, referencePath);
#pragma once

#include <QByteArray>
#include <QString>
#include <QTest>

namespace fanva::testsupport {

/// How a difference is shown: with the system's `diff -u` when it is on PATH, else (or
/// when asked) with the built-in line diff.
enum class DiffTool { Auto, BuiltIn };

/// A unified diff from `before` (labelled `beforeLabel`) to `after`; empty when equal.
[[nodiscard]] QString unifiedDiff(const QByteArray &before, const QByteArray &after, const QString &beforeLabel, const QString &afterLabel,
    DiffTool tool = DiffTool::Auto);

/// Where a mismatching output for `referencePath` is written: the test output folder plus
/// the reference's path below tests/data (or its file name when it lives elsewhere).
[[nodiscard]] QString actualOutputPath(const QString &referencePath);

/// Empty when `actual` equals the file `referencePath`; else the failure message: what
/// differs as a unified diff, where the actual output was written and how to accept it.
[[nodiscard]] QString goldenMismatch(const QByteArray &actual, const QString &referencePath, DiffTool tool = DiffTool::Auto);

} // namespace fanva::testsupport

/// Fails the test with a unified diff when `actual` (a QByteArray) differs from the file
/// `referencePath`.
#define FANVA_COMPARE_GOLDEN(actual, referencePath)                                                                                        \
    do {                                                                                                                                   \
        const QString fanvaMismatch_ = ::fanva::testsupport::goldenMismatch((actual), (referencePath));                                    \
        if (!fanvaMismatch_.isEmpty())                                                                                                     \
            QFAIL(qPrintable(fanvaMismatch_));                                                                                             \
    } while (false)
