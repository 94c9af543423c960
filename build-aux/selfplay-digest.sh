#!/usr/bin/env bash
# build-aux/selfplay-digest.sh [SIM]: one SHA-256 line per run of 10,000 seeded
# self-play games in all (random and reference players; solo against each of
# the six Automas; 2, 3 and 4 players), over every game's final state, its
# action log and its game log. Two builds that print the same lines play the
# same games: the check that a refactoring changed no behaviour.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sim="${1:-$top/_build/src/sim/penumbra-sim}"
export LC_ALL=C.UTF-8 LANGUAGE=en GSETTINGS_BACKEND=memory

runs=()
for player in random reference; do
  for automa in emerald jasper ruby amethyst sapphire amber; do
    runs+=("--player $player --automa $automa --games 500")
  done
  for players in 2 3 4; do
    runs+=("--player $player --players $players --games 667")
  done
done
# 2 × (6 × 500 + 3 × 667) = 10,002 games

for run in "${runs[@]}"; do
  # shellcheck disable=SC2086
  digest=$("$sim" selfplay --seed 1 --digest $run | python3 -c "import json,sys; print(json.load(sys.stdin)[\"digest\"])")
  printf '%s  %s\n' "$digest" "$run"
done
