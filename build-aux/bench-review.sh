#!/usr/bin/env bash
# The coach's review of whole games, timed on one core (issue 41: p95 of the
# review of a 26-turn game <= 20 s): build-aux/bench-review.sh [GAMES] [SIM]
# Plays GAMES (default 24) solo games of the coach against the six Automas in
# turn (seeds from 101; the coach, like a player who knows the game, plays
# games of 25 to 40 turns), saves them, and runs `penumbra-sim bench-review`
# on them, pinned to one core with taskset where there is one: each game's
# turns, decisions and seconds, then p50 and p95 of the wall and CPU seconds.
# On a busy machine the CPU seconds are the figure (the wall clock counts the
# time other processes took the core); the load average is printed before
# and after. Extra arguments after SIM (--deals N ...) go to bench-review.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
games="${1:-24}"
sim="${2:-$top/_build/src/sim/penumbra-sim}"
shift $(( $# < 2 ? $# : 2 ))
export LC_ALL=C.UTF-8 LANGUAGE=en GSETTINGS_BACKEND=memory
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

automas=(emerald jasper ruby amethyst sapphire amber)
for ((g = 0; g < games; g++)); do
  "$sim" selfplay --player coach --automa "${automas[g % 6]}" --seed $((101 + g)) --games 1 \
    --save-dir "$dir/${automas[g % 6]}" > /dev/null
done
pin=()
if command -v taskset > /dev/null; then
  pin=(taskset -c 0)
fi
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"${pin[@]}" "$sim" bench-review "$@" "$dir"/*/*.json
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
