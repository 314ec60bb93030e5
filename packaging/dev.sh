#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Fanva authors
# SPDX-License-Identifier: MIT
# The README's quick start: install what Fanva needs to build (Debian and derivatives),
# configure and build the dev preset, then run the app or the test suite.
#
#   packaging/dev.sh run    build the two executables (fanva, fanva-cli) and their libraries,
#                           then open the demo workspace (under Xvfb without a display:
#                           write a screenshot and print its path)
#   packaging/dev.sh test   build everything (tests, man pages), then run the test suite
#                           (benchmarks excluded)
set -euo pipefail

usage() {
    echo "usage: packaging/dev.sh run|test" >&2
    exit 2
}

[[ $# -eq 1 ]] || usage
mode=$1
[[ $mode == run || $mode == test ]] || usage

source_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=$source_dir/build/dev

headless() {
    [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]
}

# Prints those of the given packages that are not installed.
not_installed() {
    local installed
    # dpkg-query fails when one of them is unknown to dpkg; the others are still listed.
    installed=$(dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' "$@" 2>/dev/null | awk '/^ii/ { print $2 }') || true
    local package
    for package; do
        grep -qxF "$package" <<<"$installed" || echo "$package"
    done
}

# Whether the configured apt sources offer a package (needs current package lists).
has_candidate() {
    local candidate
    candidate=$(LC_ALL=C apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { print $2 }')
    [[ -n $candidate && $candidate != "(none)" ]]
}

# Whether the release ships the KF6 build of KSyntaxHighlighting: Debian 13 and later do,
# Debian 12 has only the Qt 5 one; elsewhere apt's package lists decide.
release_has_kf6() {
    local id version
    # shellcheck disable=SC1091
    id=$(. /etc/os-release && echo "${ID:-}")
    # shellcheck disable=SC1091
    version=$(. /etc/os-release && echo "${VERSION_ID:-}")
    if [[ $id == debian && $version =~ ^[0-9]+ ]]; then
        [[ ${version%%.*} -ge 13 ]]
    else
        has_candidate libkf6syntaxhighlighting-dev
    fi
}

apt_get() {
    if [[ $EUID -eq 0 ]]; then
        DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@"
    else
        sudo DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@"
    fi
}

can_install() {
    [[ $EUID -eq 0 ]] && return 0
    command -v sudo >/dev/null || return 1
    sudo -n true 2>/dev/null && return 0
    [[ -t 0 ]]
}

install_packages() {
    local packages=(cmake ninja-build g++ ccache lld
        qt6-base-dev qt6-base-dev-tools qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools qt6-qpa-plugins
        nlohmann-json3-dev qtkeychain-qt6-dev libgl-dev
        liblink-grammar-dev link-grammar-dictionaries-en wordnet-dev wordnet-base)
    if [[ $mode == run ]] && headless; then
        packages+=(xvfb xauth)
    fi
    # The man pages are generated from --help when everything is built; the Apply-as-a-commit
    # tests run git.
    if [[ $mode == test ]]; then
        packages+=(help2man git)
    fi
    local kf6=false
    if release_has_kf6; then
        kf6=true
        packages+=(libkf6syntaxhighlighting-dev)
    fi

    local missing
    mapfile -t missing < <(not_installed "${packages[@]}")
    [[ ${#missing[@]} -eq 0 ]] && return 0

    if ! can_install; then
        echo "dev.sh: missing packages; install them with:" >&2
        echo "  sudo apt-get update && sudo apt-get install --no-install-recommends ${missing[*]}" >&2
        exit 1
    fi
    echo "dev.sh: installing ${missing[*]}"
    apt_get update -qq
    # Where the release alone did not tell, the fresh package lists may offer KF6.
    if ! $kf6 && has_candidate libkf6syntaxhighlighting-dev; then
        missing+=(libkf6syntaxhighlighting-dev)
    fi
    apt_get install -y -qq --no-install-recommends "${missing[@]}"
}

if command -v dpkg-query >/dev/null && command -v apt-get >/dev/null; then
    install_packages
else
    echo "dev.sh: not a Debian-based system; install the packages README.md lists for your distribution." >&2
fi

cd "$source_dir"
# The libraries are unity builds unless the environment says otherwise: a first build takes
# about half the time, and this command builds what every CI leg builds (a tree configured
# before keeps its setting).
export FANVA_UNITY_BUILD=${FANVA_UNITY_BUILD:-ON}
# Configure once; again when help2man has been installed since (the man pages then build).
if [[ ! -f $build_dir/build.ninja ]] ||
    { command -v help2man >/dev/null && grep -q '^FANVA_HELP2MAN:FILEPATH=.*NOTFOUND' "$build_dir/CMakeCache.txt"; }; then
    cmake --preset dev
fi
case $mode in
test)
    cmake --build --preset dev
    exec ctest --preset dev
    ;;
run)
    cmake --build --preset dev --target fanva fanva-cli
    fanva=$build_dir/app/fanva
    workspace=$source_dir/resources/demo
    if ! headless; then
        exec "$fanva" --workspace "$workspace"
    fi
    screenshot=$build_dir/screenshots/fanva-demo.png
    mkdir -p "$(dirname "$screenshot")"
    xvfb-run -a -s "-screen 0 1600x1000x24" "$fanva" --workspace "$workspace" --screenshot "$screenshot"
    echo "No display: wrote a screenshot of the demo workspace to $screenshot"
    ;;
esac
