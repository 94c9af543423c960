#!/usr/bin/env bash
# The save loader under libFuzzer, with ASan and UBSan:
#   build-aux/fuzz.sh [SECONDS] [LIBFUZZER-OPTION...]     (SECONDS: default 600)
#   FUZZ_MODE=structure build-aux/fuzz.sh [SECONDS] [LIBFUZZER-OPTION...]
# Installs clang and its fuzzing runtime if missing (apt-get, as build-aux/dev
# does), builds the engine with clang in _build-fuzz/ (coverage for libFuzzer,
# ASan, UBSan with no recovery) and tests/fuzz/pen-fuzz-load.c against it,
# replays every input of tests/fuzz/regressions/, and fuzzes a copy of
# tests/fuzz/corpus/ for SECONDS. A crash is written to tests/fuzz/crashes/
# (git-ignored: once understood, an input worth keeping goes to
# tests/fuzz/regressions/) and makes this script fail.
#
# FUZZ_MODE=bytes (the default) mutates bytes, with save.dict: what the JSON
# parser and the loader's first checks make of damaged text. FUZZ_MODE=structure
# links tests/fuzz/pen-fuzz-mutator.c in too (_build-fuzz/pen-fuzz-load-structure):
# each input is parsed as JSON, its tree changed (numbers to boundaries, ids of
# the same save put in wrong places, arrays lengthened, emptied or reordered,
# members dropped, copied or renamed, kinds changed, values nested up to 10,000
# deep, parts of another save put in) and written back, so that damaged saves
# get deep into the loader. Both modes run the same target and its checks; the
# structure mode runs fewer inputs a second, and each one further.
#
# The files in tests/fuzz/regressions/ once crashed the target; each is run
# once, whole, before fuzzing (they are not fuzzing seeds: some are larger
# than -max_len). FUZZ_REGRESSIONS=0 sets them aside, to fuzz for something
# else while one still crashes.
#
# With FUZZ_MERGE=1, after a clean run the new inputs that add coverage are
# merged back into tests/fuzz/corpus/ with -merge=1 (off by default: five
# minutes of fuzzing find some 250 such inputs, 5 MB, and the corpus is kept
# small). Extra options go to libFuzzer, e.g. -jobs=4 -workers=4, or -fork=2
# -ignore_crashes=1 to collect several crashes; PEN_FUZZ_TOLERATE=TEXT lets
# GLib messages containing TEXT pass (to fuzz past a known bug).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${PENUMBRA_FUZZ_BUILD_DIR:-$top/_build-fuzz}"
seconds="${1:-600}"
[ $# -gt 0 ] && shift
fuzz="$top/tests/fuzz"
mode="${FUZZ_MODE:-bytes}"
case "$mode" in
  bytes)
    target="$build/pen-fuzz-load"
    sources=("$fuzz/pen-fuzz-load.c")
    mode_options=()
    ;;
  structure)
    target="$build/pen-fuzz-load-structure"
    sources=("$fuzz/pen-fuzz-load.c" "$fuzz/pen-fuzz-mutator.c")
    # The mutator keeps its output under max_size itself; libFuzzer's slow
    # growth of the length limit from the largest seed would leave it no
    # room to nest thousands deep or lengthen an array a thousandfold.
    mode_options=(-len_control=0)
    ;;
  *)
    echo "FUZZ_MODE is bytes or structure, not $mode" >&2
    exit 2
    ;;
esac

# Configuring the project needs the whole of build-aux/dev's build set.
packages=(
  clang libclang-rt-14-dev
  build-essential pkg-config meson ninja-build gettext
  libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev libjson-glib-dev librsvg2-dev
  desktop-file-utils appstream python3
)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  say "Installing ${missing[*]}"
  local sudo=()
  [ "$(id -u)" -ne 0 ] && sudo=(sudo)
  "${sudo[@]}" apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

build() {
  if [ ! -f "$build/build.ninja" ]; then
    say "Configuring in $build (clang, ASan + UBSan, libFuzzer coverage)"
    CC=clang meson setup "$build" "$top" \
      -Db_sanitize=address,undefined -Db_lundef=false -Dbuildtype=debugoptimized \
      -Dc_args="-fsanitize=fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer"
  fi
  say "Building the engine"
  ninja -C "$build" src/engine/libpenumbra-engine.a
  say "Building the fuzz target ($mode)"
  local deps=(glib-2.0 gobject-2.0 gio-2.0 json-glib-1.0)
  # shellcheck disable=SC2046
  clang -g -O1 -Wall -Wextra -Wno-unused-parameter -Werror -fno-omit-frame-pointer \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
    -DGLIB_VERSION_MIN_REQUIRED=GLIB_VERSION_2_74 -DGLIB_VERSION_MAX_ALLOWED=GLIB_VERSION_2_74 \
    -DJSON_VERSION_MIN_REQUIRED=JSON_VERSION_1_6 \
    -I"$top/src/engine" -I"$build/src/engine" -I"$build" \
    $(pkg-config --cflags "${deps[@]}") \
    "${sources[@]}" "$build/src/engine/libpenumbra-engine.a" \
    $(pkg-config --libs "${deps[@]}") -lm \
    -o "$target"
}

# Given as files, each runs once and whole (in a corpus, libFuzzer would cut
# one longer than -max_len).
replay() {
  local inputs
  shopt -s nullglob
  inputs=("$fuzz/regressions/"*.json)
  shopt -u nullglob
  [ ${#inputs[@]} -eq 0 ] && return 0
  if [ "${FUZZ_REGRESSIONS:-1}" = 0 ]; then
    say "Setting aside tests/fuzz/regressions/ (${#inputs[@]} files; FUZZ_REGRESSIONS=0)"
    return 0
  fi
  say "Replaying tests/fuzz/regressions/ (${#inputs[@]} files)"
  if ! "$target" -timeout=10 -rss_limit_mb=4096 "${inputs[@]}"; then
    say "A file of tests/fuzz/regressions/ crashes the target (FUZZ_REGRESSIONS=0 sets them aside)"
    return 1
  fi
}

run() {
  local work="$build/fuzz-corpus-$mode" status=0
  rm -rf "$work"
  mkdir -p "$work" "$fuzz/crashes"
  cp "$fuzz/corpus/"* "$work/"
  say "Fuzzing $mode for $seconds s ($(find "$work" -type f | wc -l) inputs to start from)"
  "$target" -max_total_time="$seconds" -max_len=131072 -timeout=10 -rss_limit_mb=4096 \
    -dict="$fuzz/save.dict" -artifact_prefix="$fuzz/crashes/" -print_final_stats=1 \
    "${mode_options[@]}" "$@" "$work" || status=$?
  if [ "$status" -ne 0 ]; then
    say "Found a problem (status $status): the input is in tests/fuzz/crashes/"
    return "$status"
  fi
  if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    local before after
    before=$(find "$fuzz/corpus" -type f | wc -l)
    "$target" -merge=1 -max_len=131072 "$fuzz/corpus" "$work" 2>"$build/fuzz-merge.log" \
      || { cat "$build/fuzz-merge.log" >&2; return 1; }
    after=$(find "$fuzz/corpus" -type f | wc -l)
    say "Nothing found; $((after - before)) new inputs merged into tests/fuzz/corpus/"
  else
    say "Nothing found (FUZZ_MERGE=1 merges the new inputs into tests/fuzz/corpus/)"
  fi
}

export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:symbolize=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
install_missing
build
replay
run "$@"
