#!/usr/bin/env bash
# The sanitizer soak: build-aux/soak.sh [GAMES]      (GAMES: default 10000)
# Builds penumbra-sim with ASan + UBSan (no recovery) in _build-soak/ and plays
# GAMES self-play games with the invariants checked after every action, split
# evenly over: the random and the reference player against each of the six
# Automas, and plain 2-player random games. Any sanitizer report, GLib warning
# or critical, broken invariant or unfinished game fails the script, which
# names the run and shows its log. Runs go in parallel, one per core.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${PENUMBRA_SOAK_BUILD_DIR:-$top/_build-soak}"
games="${1:-10000}"
jobs="${SOAK_JOBS:-$(nproc)}"
automas=(emerald jasper ruby amethyst sapphire amber)

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }

if [ ! -f "$build/build.ninja" ]; then
  say "Configuring in $build (ASan + UBSan)"
  meson setup "$build" "$top" -Dbuildtype=debugoptimized \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args="-fno-sanitize-recover=all -fno-omit-frame-pointer"
fi
say "Building penumbra-sim"
ninja -C "$build" src/sim/penumbra-sim
sim="$build/src/sim/penumbra-sim"

# Every report is fatal, and leaves a non-zero status.
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="halt_on_error=1:abort_on_error=1:print_stacktrace=1"
export LSAN_OPTIONS="exitcode=23"
export G_DEBUG="fatal-warnings,fatal-criticals,gc-friendly"
export G_SLICE="always-malloc"
export GSETTINGS_BACKEND=memory

runs=()
for player in random reference; do
  for automa in "${automas[@]}"; do
    runs+=("$player-$automa:--automa $automa --player $player")
  done
done
runs+=("random-2-players:--players 2 --player random")
per_run=$(( (games + ${#runs[@]} - 1) / ${#runs[@]} ))

logs="$build/soak-logs"
rm -rf "$logs"
mkdir -p "$logs"
say "${#runs[@]} runs of $per_run games ($(( per_run * ${#runs[@]} )) in all), $jobs at a time; logs in $logs"

# One run: its log holds what penumbra-sim printed; its status file, the exit status.
run_one() {
  local name=${1%%:*} args=${1#*:} seed=$2 status=0
  # shellcheck disable=SC2086
  "$sim" selfplay $args --games "$per_run" --seed "$seed" --check-invariants >"$logs/$name.log" 2>&1 || status=$?
  echo "$status" >"$logs/$name.status"
}

start=$(date +%s)
pids=()
for i in "${!runs[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_one "${runs[$i]}" $(( 1 + i * 1000003 )) &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || true; done

failed=0
for run in "${runs[@]}"; do
  name=${run%%:*}
  status=$(cat "$logs/$name.status" 2>/dev/null || echo missing)
  played=$(grep -o '"games": [0-9]*' "$logs/$name.log" | grep -o '[0-9]*$' || true)
  if [ "$status" != 0 ] || [ "$played" != "$per_run" ] \
     || grep -qE 'Sanitizer|runtime error:|CRITICAL|WARNING' "$logs/$name.log"; then
    echo "FAIL $name (status $status, ${played:-0} of $per_run games)"
    tail -n 40 "$logs/$name.log" | sed 's/^/    /'
    failed=$((failed + 1))
  else
    echo "ok   $name: $played games"
  fi
done
say "$(( per_run * ${#runs[@]} )) games in $(( $(date +%s) - start )) s; $failed of ${#runs[@]} runs failed"
[ "$failed" -eq 0 ]
