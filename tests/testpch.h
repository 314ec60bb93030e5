// SPDX-FileCopyrightText: 2026 The Fanva authors
// SPDX-License-Identifier: MIT
// The precompiled header of the tests (FANVA_TEST_PCH, cmake/FanvaTesting.cmake): the heavy,
// stable headers nearly every test unit reads (QtTest and the QtCore it pulls in), compiled
// once per group of tests with the same flags instead of once per unit. Only Qt and the
// standard library: a project header here would rebuild every test on each edit. Kept lean
// on purpose: GCC maps the whole PCH into every unit that uses it, so each header added costs
// every unit (measured: adding nlohmann/json and the common QtWidgets headers made a widgets
// test slower, not faster). Each test still includes what it uses (FANVA_TEST_PCH=OFF).
#pragma once

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>
#include <string>
#include <vector>
