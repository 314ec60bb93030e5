#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
"""Checks that the test units of a build tree use their group's precompiled header.

    testpch_test.py BUILD_DIR MIN_UNITS

With FANVA_TEST_PCH (cmake/FanvaTesting.cmake) the tests are grouped by what a PCH depends
on: their folder (Qt's test macros name it) and the Qt modules they link (QT_*_LIB). Every
unit of a test (a tst_* or bench_* target, moc units aside) in a group of at least MIN_UNITS
units must use the group's PCH (GCC's -include .../cmake_pch.hxx, clang's -include-pch),
and no smaller group may build one. A test registered another way than fanva_add_test, or a
group the wiring missed, would compile QtTest and QtCore again in every unit.
"""
import collections
import json
import os
import re
import shlex
import sys


def main():
    build_dir, min_units = sys.argv[1], int(sys.argv[2])
    with open(os.path.join(build_dir, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    groups = collections.defaultdict(list)
    for entry in entries:
        args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
        output = args[args.index("-o") + 1] if "-o" in args else ""
        target = re.search(r"CMakeFiles/([^/]+)\.dir/", output)
        if not target or not target.group(1).startswith(("tst_", "bench_")) or "_autogen/" in output:
            continue
        modules = tuple(sorted(arg for arg in args if re.fullmatch(r"-DQT_[A-Z]+_LIB", arg)))
        uses_pch = any(os.path.basename(arg).startswith("cmake_pch.") for arg in args)
        # The target's folder (tests/app/CMakeFiles/NAME.dir/...): the folder Qt's macros name.
        groups[(output.split("/CMakeFiles/")[0], modules)].append((entry["file"], uses_pch))
    if not groups:
        print(f"testpch_test: no test units in {build_dir}/compile_commands.json", file=sys.stderr)
        sys.exit(1)
    wrong, with_pch = [], 0
    for (directory, modules), units in sorted(groups.items()):
        expected = len(units) >= min_units
        for path, uses_pch in units:
            with_pch += uses_pch
            if uses_pch != expected:
                state = "compiles without" if expected else "uses"
                wrong.append(f"{path} {state} a precompiled header (its group: {len(units)} units "
                             f"in {directory}, {' '.join(modules)})")
    if wrong:
        print("testpch_test: " + "\n  ".join(wrong), file=sys.stderr)
        sys.exit(1)
    if with_pch == 0:
        print("testpch_test: no group uses a precompiled header", file=sys.stderr)
        sys.exit(1)
    total = sum(len(units) for units in groups.values())
    print(f"testpch_test: {with_pch} of {total} test units in {len(groups)} groups use their group's "
          f"precompiled header")


if __name__ == "__main__":
    main()
