#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
"""Checks .ci/lint-database on a planted compilation database (in a temporary folder).

    lintdatabase_test.py SOURCE_DIR

A unity batch must come out as one entry per unit it includes, each with the batch's flags,
and no entry may keep the flags of a precompiled header (FANVA_TEST_PCH): clang-tidy and
clazy cannot read GCC's .gch, and a unit they read must stand on its own includes.
"""
import json
import os
import subprocess
import sys
import tempfile


def fail(message):
    print(f"lintdatabase_test: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    source_dir = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        build = os.path.join(tmp, "build")
        unity_dir = os.path.join(build, "engine", "CMakeFiles", "lib.dir", "Unity")
        os.makedirs(unity_dir)
        batch = os.path.join(unity_dir, "unity_0_cxx.cxx")
        units = [os.path.join(tmp, "engine", name) for name in ("a.cpp", "b.cpp")]
        with open(batch, "w", encoding="utf-8") as f:
            f.write("/* generated */\n")
            for unit in units:
                f.write(f'#include "{unit}"\n')
        pch = os.path.join(build, "tests", "CMakeFiles", "host.dir", "cmake_pch.hxx")
        gcc_test = ["/usr/bin/c++", "-DX=1", "-Wall", "-Winvalid-pch", "-include", pch,
                    "-o", "tests/CMakeFiles/t.dir/t.cpp.o", "-c", os.path.join(tmp, "tests", "t.cpp")]
        clang_test = ["/usr/bin/clang++", "-DX=1", "-Xclang", "-include-pch", "-Xclang", pch + ".pch",
                      "-Xclang", "-include", "-Xclang", pch,
                      "-o", "tests/CMakeFiles/u.dir/u.cpp.o", "-c", os.path.join(tmp, "tests", "u.cpp")]
        database = [
            {"directory": build, "file": batch,
             "command": f"/usr/bin/c++ -DLIB=1 -o engine/CMakeFiles/lib.dir/Unity/unity_0_cxx.cxx.o -c {batch}"},
            {"directory": build, "file": gcc_test[-1], "arguments": gcc_test},
            {"directory": build, "file": clang_test[-1], "arguments": clang_test},
        ]
        with open(os.path.join(build, "compile_commands.json"), "w", encoding="utf-8") as f:
            json.dump(database, f)
        out_dir = os.path.join(tmp, "out")
        result = subprocess.run([sys.executable, os.path.join(source_dir, ".ci", "lint-database"),
                                 os.path.join(build, "compile_commands.json"), out_dir],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            fail(f"lint-database failed: {result.stdout}")
        with open(os.path.join(out_dir, "compile_commands.json"), encoding="utf-8") as f:
            entries = {entry["file"]: entry["arguments"] for entry in json.load(f)}
        for unit in units:
            if unit not in entries:
                fail(f"the batch's unit {unit} has no entry: {sorted(entries)}")
            if "-DLIB=1" not in entries[unit]:
                fail(f"{unit} lost its batch's flags: {entries[unit]}")
        for test in (gcc_test[-1], clang_test[-1]):
            args = entries.get(test)
            if args is None:
                fail(f"{test} has no entry")
            leftovers = [arg for arg in args if "cmake_pch" in arg or arg in ("-Winvalid-pch", "-include-pch")]
            if leftovers or "-Xclang" in args or "-include" in args:
                fail(f"{test} keeps precompiled-header flags: {args}")
            if "-DX=1" not in args or args[-1] != test:
                fail(f"{test} lost its own flags: {args}")
    print("lintdatabase_test: passed")


if __name__ == "__main__":
    main()
