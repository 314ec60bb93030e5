#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# Regenerates tests/data/reference/formalize/: the system prefix the fixture KB
# (tests/data/formalize/fixture/kb) yields. Review the diff like code: every change to it
# changes what every model is told.
# Usage: tests/data/regenerate-formalize-references.sh [path/to/build-dir]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build/dev}
test=$build/tests/engine/tst_inventory
[ -x "$test" ] || { echo "tst_inventory not found in $build (build it, or pass the build dir)" >&2; exit 2; }
FANVA_REGENERATE_REFERENCES=1 QT_QPA_PLATFORM=offscreen "$test" systemPrefixGolden
echo "regenerated $(ls "$here/reference/formalize" | wc -l) references"
