#!/usr/bin/env bash
# The sanitizer soak: build-aux/soak.sh [GAMES]      (GAMES: default 10000)
# Builds penumbra-sim with ASan + UBSan (no recovery) in _build-soak/ and plays
# GAMES self-play games with the invariants checked after every action: one
# game in 26 by the coach against each of the six Automas (its play-outs copy
# and replay the game, code the other players never reach; a UBSan abort was
# found there), the rest split evenly over the random and the reference player
# against each Automa and plain 2-player random games. The coach is slow (some
# 3 to 6 s of CPU a game under the sanitizers, against under 0.01 s for the
# others), so its share is what keeps the CI size, 2600 games, well inside its
# 1200 s on two cores (measured: HACKING.md). Any sanitizer report, GLib warning or
# critical, broken invariant or unfinished game fails the script, which names
# the run and shows its log. Runs go in parallel, one per core, the coach's
# first (the longest).
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

# A run is NAME:GAMES:ARGS. The coach's first, so that the long runs start
# at once; the seeds follow the other runs' order as before.
coach_games=$(( (games + 25) / 26 ))
coach_per_run=$(( (coach_games + ${#automas[@]} - 1) / ${#automas[@]} ))
others=()
for player in random reference; do
  for automa in "${automas[@]}"; do
    others+=("$player-$automa:--automa $automa --player $player")
  done
done
others+=("random-2-players:--players 2 --player random")
per_run=$(( (games - coach_games + ${#others[@]} - 1) / ${#others[@]} ))
runs=()
for automa in "${automas[@]}"; do
  runs+=("coach-$automa:$coach_per_run:--automa $automa --player coach")
done
for run in "${others[@]}"; do
  runs+=("${run%%:*}:$per_run:${run#*:}")
done
total=0
for run in "${runs[@]}"; do
  rest=${run#*:}
  total=$(( total + ${rest%%:*} ))
done

logs="$build/soak-logs"
rm -rf "$logs"
mkdir -p "$logs"
say "${#runs[@]} runs: the coach's ${#automas[@]} of $coach_per_run games, ${#others[@]} of $per_run ($total in all), $jobs at a time; logs in $logs"

# One run: its log holds what penumbra-sim printed; its status file, the exit
# status; its time file, the seconds it took and the seconds of CPU it used
# (on a machine shared with others, the CPU is what says how long the soak
# takes on two cores of its own: the sum over the runs, halved).
run_one() {
  local name=${1%%:*} rest=${1#*:} seed=$2 status=0 began
  local count=${rest%%:*} args=${rest#*:} TIMEFORMAT='%0U %0S'
  began=$(date +%s)
  # shellcheck disable=SC2086
  { time "$sim" selfplay $args --games "$count" --seed "$seed" --check-invariants >"$logs/$name.log" 2>&1 \
      || status=$?; } 2>"$logs/$name.cpu"
  echo "$status" >"$logs/$name.status"
  echo $(( $(date +%s) - began )) >"$logs/$name.time"
}

start=$(date +%s)
pids=()
for i in "${!runs[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  # The other runs keep the seeds they had before the coach's came first.
  if [ "$i" -lt "${#automas[@]}" ]; then
    seed=$(( 1 + (i + ${#others[@]}) * 1000003 ))
  else
    seed=$(( 1 + (i - ${#automas[@]}) * 1000003 ))
  fi
  run_one "${runs[$i]}" "$seed" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || true; done

failed=0
total_cpu=0
for run in "${runs[@]}"; do
  name=${run%%:*}
  rest=${run#*:}
  count=${rest%%:*}
  status=$(cat "$logs/$name.status" 2>/dev/null || echo missing)
  seconds=$(cat "$logs/$name.time" 2>/dev/null || echo "?")
  read -r user system <"$logs/$name.cpu" || true
  cpu=$(( ${user:-0} + ${system:-0} ))
  total_cpu=$(( total_cpu + cpu ))
  played=$(grep -o '"games": [0-9]*' "$logs/$name.log" | grep -o '[0-9]*$' || true)
  if [ "$status" != 0 ] || [ "$played" != "$count" ] \
     || grep -qE 'Sanitizer|runtime error:|CRITICAL|WARNING' "$logs/$name.log"; then
    echo "FAIL $name (status $status, ${played:-0} of $count games, $seconds s, CPU $cpu s)"
    tail -n 40 "$logs/$name.log" | sed 's/^/    /'
    failed=$((failed + 1))
  else
    echo "ok   $name: $played games in $seconds s (CPU $cpu s)"
  fi
done
say "$total games in $(( $(date +%s) - start )) s (CPU $total_cpu s: some $(( total_cpu / 2 )) s on two cores of its own); $failed of ${#runs[@]} runs failed"
[ "$failed" -eq 0 ]
