#!/usr/bin/env bash
# Save and load of late-game states, timed: build-aux/bench-saves.sh [SECONDS-PER-MEASURE]
# Builds tests/bench/bench-saves.c in the project's build folder (_build/, or
# PENUMBRA_BUILD_DIR; configured like build-aux/dev does if missing) and prints,
# per state, its size and the milliseconds of a save (pen_game_to_json +
# json_to_string) and of a load (parse + pen_game_new_from_json), averaged over
# as many runs as fit in SECONDS (default 1). Goal: together <= 5 ms, <= 100 KB.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${PENUMBRA_BUILD_DIR:-$top/_build}"

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$top" --werror
fi
ninja -C "$build" tests/bench-saves >/dev/null
exec "$build/tests/bench-saves" "$@"
