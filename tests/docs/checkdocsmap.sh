#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# Keeps the map honest: the README's source tree against the tree, the design documents'
# section citations against their headings, Markdown links against the files, and no absolute
# path of a machine in a tracked file. Usage: checkdocsmap.sh SOURCE_DIR (exit 0: all hold; 1: each failure printed as
# FILE:LINE: what is wrong) or checkdocsmap.sh --self-test (plants each failure in a temporary
# tree and expects this script to report it).
set -uo pipefail
LC_ALL=C.UTF-8
export LC_ALL

# The tracked files of SOURCE_DIR (git), else every file outside build trees and .git.
tracked_files() {
    if git -C "$1" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        git -C "$1" ls-files
    else
        (cd "$1" && find . -path ./.git -prune -o -path './build*' -prune -o -type f -print | sed 's|^\./||')
    fi
}

# The README's "## Source tree" block as "LINE<TAB>PATH" per entry: an entry is a line indented
# by at most 8 spaces whose first word names a folder (ending in /) or a file; its nesting is
# its indentation (two spaces a level), so "  kb/" under "engine/" is engine/kb/.
tree_entries() {
    awk '
        /^## Source tree/ { section = 1; next }
        section && /^## / { exit }
        section && /^```/ { if (inblock) exit; inblock = 1; next }
        inblock {
            match($0, /^ */); indent = RLENGTH
            if (indent > 8 || NF == 0) next
            level = int(indent / 2)
            stack[level] = $1
            path = ""
            for (i = 0; i <= level; i++) path = path stack[i]
            printf "%d\t%s\n", NR, path
        }' "$1"
}

# The lines of the block from the docs/ entry to the next entry at its level or above.
docs_section() {
    awk '
        /^## Source tree/ { section = 1; next }
        section && /^```/ { if (inblock) exit; inblock = 1; next }
        inblock {
            match($0, /^ */); indent = RLENGTH
            if (indent <= 8 && NF > 0) {
                if ($1 == "docs/") { indocs = 1; docsindent = indent }
                else if (indocs && indent <= docsindent) indocs = 0
            }
            if (indocs) print
        }' "$1"
}

check_tree() {
    local root=$1 readme=$1/README.md files entries listed status=0
    files=$(tracked_files "$root")
    if [[ ! -f $readme ]]; then
        echo "README.md: missing"
        return 1
    fi
    entries=$(tree_entries "$readme")
    if [[ -z $entries ]]; then
        echo "README.md: no \"## Source tree\" block with entries"
        return 1
    fi
    listed=$(cut -f2 <<<"$entries")
    # Every entry names something that exists.
    while IFS=$'\t' read -r line path; do
        if [[ $path == */ && ! -d $root/$path ]] || [[ $path != */ && ! -e $root/$path ]]; then
            echo "README.md:$line: the source tree lists $path, which does not exist"
            status=1
        fi
    done <<<"$entries"
    # Every top-level folder, engine/ folder and sub-folder, and widgets/ folder is listed.
    local folder
    while read -r folder; do
        [[ -z $folder ]] && continue
        if ! grep -qxF "$folder" <<<"$listed"; then
            echo "README.md: the source tree does not list $folder"
            status=1
        fi
    done < <(grep -v '^\.' <<<"$files" | awk -F/ '
        NF > 1 { print $1 "/" }
        $1 == "engine" && NF > 2 { print $1 "/" $2 "/" }
        $1 == "engine" && NF > 3 { print $1 "/" $2 "/" $3 "/" }
        $1 == "widgets" && NF > 2 { print $1 "/" $2 "/" }' | sort -u)
    # Every file in docs/ is named in the block's docs/ part, and every document named there exists.
    local section name
    section=$(docs_section "$readme")
    while read -r name; do
        [[ -z $name ]] && continue
        if ! grep -qF "$(basename "$name")" <<<"$section"; then
            echo "README.md: the source tree's docs/ part does not name $name"
            status=1
        fi
    done < <(grep '^docs/.' <<<"$files")
    while read -r name; do
        [[ -z $name ]] && continue
        if ! grep -q "^docs/\(.*/\)\?$name\$" <<<"$files"; then
            echo "README.md: the source tree's docs/ part names $name, which is not in docs/"
            status=1
        fi
    done < <(grep -oE '[A-Za-z0-9_-]+\.(md|png)' <<<"$section" | sort -u)
    return $status
}

# Section numbers of a Markdown document's headings ("## 5. Title", "### 5.1 Title"), outside
# code fences, one a line.
heading_numbers() {
    awk '/^```/ { fence = !fence; next }
         !fence && /^#+ +[0-9]+(\.[0-9]+)*\.? / {
             n = $2; sub(/\.$/, "", n); print n }' "$1"
}

check_citations() {
    local root=$1 files doc sections status=0
    files=$(tracked_files "$root")
    sections=$(grep '^docs/.*\.md$' <<<"$files" | while IFS= read -r doc; do
        heading_numbers "$root/$doc" | sed "s|^|$(basename "$doc") |"
        echo "$(basename "$doc") -"
    done)
    [[ -z $sections ]] && return 0
    # "formalize.md §5.1", "formalize.md §9, §13", "formalize.md §9–§11", "§2.1/§2.2".
    (cd "$root" && grep -vE '\.(png|svg|ico|jpg|gz)$' <<<"$files" | tr '\n' '\0' |
        xargs -0 grep -nHoE '[A-Za-z0-9_-]+\.md §[0-9]+(\.[0-9]+)*(( ?[,/–-] ?| and )§[0-9]+(\.[0-9]+)*)*' 2>/dev/null) |
        awk -v sections="$sections" -v others="$(grep -oE '[^/]+\.md$' <<<"$files" | sort -u)" '
            BEGIN {
                n = split(sections, lines, "\n")
                for (i = 1; i <= n; i++) { split(lines[i], f, " "); known[f[1]] = 1; has[f[1] " " f[2]] = 1 }
                n = split(others, names, "\n")
                for (i = 1; i <= n; i++) other[names[i]] = 1
            }
            {
                file = $0; sub(/:.*/, "", file)
                rest = substr($0, length(file) + 2); line = rest; sub(/:.*/, "", line)
                text = substr(rest, length(line) + 2); name = text; sub(/ .*/, "", name)
                if (!(name in known)) {
                    # A section of a document the tree does not hold (one folded into another).
                    if (!(name in other)) {
                        printf "%s:%s: cites %s, which is no document of this tree\n", file, line, name
                        bad = 1
                    }
                    next
                }
                while (match(text, /§[0-9]+(\.[0-9]+)*/)) {
                    number = substr(text, RSTART, RLENGTH); sub(/^§/, "", number)
                    text = substr(text, RSTART + RLENGTH)
                    if (!((name " " number) in has)) {
                        printf "%s:%s: cites %s §%s, which has no such section\n", file, line, name, number
                        bad = 1
                    }
                }
            }
            END { exit bad }' || status=1
    # A document named by its path ("docs/spec/rules.md") is there.
    local hit
    while IFS= read -r hit; do
        [[ -z $hit ]] && continue
        if [[ ! -f $root/${hit##*:} ]]; then
            echo "${hit%:*}: names ${hit##*:}, which does not exist"
            status=1
        fi
    done < <(cd "$root" && grep -vE '\.(png|svg|ico|jpg|gz)$' <<<"$files" | tr '\n' '\0' |
        xargs -0 grep -nHoE '(^|[^A-Za-z0-9_./-])docs/[A-Za-z0-9_/-]+\.md' 2>/dev/null |
        sed -E 's/:[^:]*(docs\/[A-Za-z0-9_/-]+\.md)$/:\1/')
    return $status
}

# A relative Markdown link ("[rules.md](docs/spec/rules.md)") leads to a file that exists.
check_links() {
    local root=$1 status=0 hit file target
    while IFS= read -r hit; do
        [[ -z $hit ]] && continue
        file=${hit%%:*}
        target=${hit#*:}
        target=${target#](}
        target=${target%)}
        target=${target%%#*}
        [[ -z $target || $target == *://* || $target == mailto:* ]] && continue
        if [[ ! -e $root/$(dirname "$file")/$target ]]; then
            echo "$file: links to $target, which does not exist"
            status=1
        fi
    done < <(cd "$root" && tracked_files . | grep '\.md$' | tr '\n' '\0' | xargs -0 grep -oHE '\]\([^) ]+\)' 2>/dev/null)
    return $status
}

# An absolute path of a machine: a home or work folder (Unix, macOS) or a Windows drive path.
check_paths() {
    local root=$1 hits hit
    hits=$(cd "$root" && tracked_files . | grep -vE '\.(png|svg|ico|jpg|gz)$' | tr '\n' '\0' |
        xargs -0 grep -nHIE '(^|[^A-Za-z0-9_.~/-])/(home|Users|root|work|mnt/[a-z])/[A-Za-z0-9_.-]|(^|[^A-Za-z])[A-Z]:\\+[A-Za-z]' 2>/dev/null)
    if [[ -n $hits ]]; then
        while IFS= read -r hit; do
            echo "$hit   <- an absolute path of a machine: name it relative to the project or as a placeholder"
        done <<<"$hits"
        return 1
    fi
}

check_all() {
    local status=0
    check_tree "$1" || status=1
    check_citations "$1" || status=1
    check_links "$1" || status=1
    check_paths "$1" || status=1
    return $status
}

# Plants one failure at a time in a small tree that passes, and expects it reported.
self_test() {
    local failures=0
    # The planted faults are spelled so that this file does not hold them itself: the section
    # sign, a path and a drive come from pieces joined at run time.
    local sign='§' spec=docs/spec home=/ho drive=C
    selftest_dir=$(mktemp -d)
    local dir=$selftest_dir
    trap 'rm -rf "$selftest_dir"' EXIT
    plant() {
        rm -rf "$dir/t" && mkdir -p "$dir/t/engine/kb" "$dir/t/engine/lang/nibli" "$dir/t/docs/spec" "$dir/t/app"
        touch "$dir/t/engine/kb/reader.cpp" "$dir/t/engine/lang/nibli/reader.cpp" "$dir/t/app/main.cpp" \
            "$dir/t/docs/spec/rules.md"
        # shellcheck disable=SC2016 # Markdown backquotes, not a shell expansion
        printf '# F\n\n## 1. One\n\n### 1.1 Sub\n\n```\n## 7. not a heading\n```\n' >"$dir/t/docs/formalize.md"
        printf '// formalize.md %s1.1 and formalize.md %s1, %s1.1\n' "$sign" "$sign" "$sign" >"$dir/t/app/main.cpp"
        cat >"$dir/t/README.md" <<'MD'
# T

## Source tree

```
engine/        the engine
  kb/            reader
  lang/          the seam
    nibli/         nibli KR
app/           the executables
docs/          formalize.md
  spec/          rules.md
```
MD
    }
    expect() { # expect WHAT MESSAGE-PART
        local out
        if out=$(check_all "$dir/t") || ! grep -qF -- "$2" <<<"$out"; then
            echo "FAIL: $1: expected a failure naming \"$2\", got:"
            echo "${out:-(nothing, exit 0)}"
            failures=$((failures + 1))
        else
            echo "ok: $1: $(grep -F -- "$2" <<<"$out" | head -n 1)"
        fi
    }
    plant
    if ! out=$(check_all "$dir/t"); then
        echo "FAIL: the planted tree without a fault does not pass:"
        echo "$out"
        failures=$((failures + 1))
    fi
    plant && mkdir -p "$dir/t/engine/rules" && touch "$dir/t/engine/rules/drafter.cpp"
    expect "an engine folder the README omits" "does not list engine/rules/"
    plant && mkdir -p "$dir/t/engine/lang/fanvakb" && touch "$dir/t/engine/lang/fanvakb/gloss.cpp"
    expect "an engine sub-folder the README omits" "does not list engine/lang/fanvakb/"
    plant && mkdir -p "$dir/t/widgets/editor" && touch "$dir/t/widgets/editor/completer.cpp"
    expect "a widgets folder the README omits" "does not list widgets/editor/"
    plant && rm -r "$dir/t/engine/kb"
    expect "a listed folder that is gone" "lists engine/kb/, which does not exist"
    plant && touch "$dir/t/docs/providers.md"
    expect "a document the README omits" "does not name docs/providers.md"
    plant && sed -i 's|^docs/          formalize.md|docs/          formalize.md, architecture.md|' "$dir/t/README.md"
    expect "a listed document that is gone" "names architecture.md, which is not in docs/"
    plant && printf '// formalize.md %s7\n' "$sign" >>"$dir/t/app/main.cpp"
    expect "a citation of a section that is not there" "cites formalize.md ${sign}7"
    plant && printf '// see formalize.md %s1, %s2.3\n' "$sign" "$sign" >>"$dir/t/app/main.cpp"
    expect "a second section in one citation" "cites formalize.md ${sign}2.3"
    plant && printf '// iteration.md %s3\n' "$sign" >>"$dir/t/app/main.cpp"
    expect "a citation of a document that is gone" "cites iteration.md, which is no document of this tree"
    plant && printf '// %s/formalize.md %s1\n' "$spec" "$sign" >>"$dir/t/app/main.cpp"
    expect "a document named by a path that is not there" "app/main.cpp:2: names $spec/formalize.md"
    plant && printf 'See [the rules](spec/rule.md).\n' >>"$dir/t/docs/formalize.md"
    expect "a link to a document that is not there" "docs/formalize.md: links to spec/rule.md"
    plant && printf 'the KB is in %s\n' "${home}me/ana/kb" >>"$dir/t/docs/spec/rules.md"
    expect "a home folder" "docs/spec/rules.md:1:the KB is in"
    plant && printf 'QStringLiteral("%s")\n' "${drive}:\\\\Users\\\\ana" >>"$dir/t/app/main.cpp"
    expect "a Windows drive path" "app/main.cpp:2:"
    echo "$failures planted checks failed"
    [[ $failures -eq 0 ]]
}

if [[ ${1:-} == --self-test ]]; then
    self_test
elif [[ $# -eq 1 && -d $1 ]]; then
    if check_all "$1"; then
        echo "docs map: the README's source tree, the section citations, the links and the paths hold"
    else
        exit 1
    fi
else
    echo "usage: $0 SOURCE_DIR | --self-test" >&2
    exit 2
fi
