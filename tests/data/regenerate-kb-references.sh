#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# Regenerates tests/data/reference/kb/*.txt: the diagnostics `fanva-cli parse` prints for
# each malformed input in tests/data/input/kb/. Review the diff like code.
# Usage: tests/data/regenerate-kb-references.sh [path/to/fanva-cli]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cli=${1:-$here/../../build/dev/app/fanva-cli}
[ -x "$cli" ] || { echo "fanva-cli not found at $cli (pass its path)" >&2; exit 2; }
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
mkdir -p "$here/reference/kb"
cd "$here/input/kb"
for input in *.txt; do
    # Exit status 1 is expected: every input here is malformed.
    "$cli" parse "$input" 2>"$here/reference/kb/$input" >/dev/null || true
done
echo "regenerated $(ls "$here/reference/kb" | wc -l) references"
