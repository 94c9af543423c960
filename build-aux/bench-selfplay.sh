#!/usr/bin/env bash
# Random self-play games per second on one core, built as the Flatpak builds
# the game (release, link-time optimisation): build-aux/bench-selfplay.sh [GAMES]
# Configures _build-release/ (or PENUMBRA_RELEASE_DIR) if missing, builds
# penumbra-sim there and runs `penumbra-sim bench --games GAMES` (default
# 3000), which prints games and actions per second. Goal: >= 3,000 games/s.
# Run it on an idle machine: the figure is wall-clock time.
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build="${PENUMBRA_RELEASE_DIR:-$top/_build-release}"

if [ ! -f "$build/build.ninja" ]; then
  meson setup "$build" "$top" --buildtype=release -Db_lto=true --werror >/dev/null
fi
ninja -C "$build" src/sim/penumbra-sim >/dev/null
exec "$build/src/sim/penumbra-sim" bench --games "${1:-3000}"
