#!/usr/bin/env bash
# The table's speed: the time from a changed game to the frame that shows it
# (rebuilt, laid out at the window's scale, painted), at 1280x800 and
# 1920x1080, under its own Xvfb. Usage: build-aux/bench-table.sh [ROUNDS]
# Builds tests/bench/bench-table.c in the project's build folder (_build/, or
# $PENUMBRA_BUILD).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
build=${PENUMBRA_BUILD:-$top/_build}
ninja -C "$build" tests/bench-table >/dev/null
export PENUMBRA_BENCH_ROUNDS=${1:-60}
export GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory G_TEST_SRCDIR="$top/tests"
export GDK_BACKEND=x11 GDK_DEBUG=${PENUMBRA_GDK_DEBUG-gl-disable} GTK_A11Y=none NO_AT_BRIDGE=1 ADW_DISABLE_PORTAL=1
export DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent
for size in 1280x800 1920x1080; do
  PENUMBRA_BENCH_SIZE=$size xvfb-run -a -s "-screen 0 ${size}x24" "$build/tests/bench-table" 2>/dev/null | grep -E " at [0-9]*x[0-9]*, |whole log"

done
