#!/usr/bin/env bash
# test-instance.sh: one running Penumbra per data folder (issue 40: "two
# instances share one autosave, last writer wins"), with the built `penumbra`
# under the Xvfb of the tests.
#   Usage: test-instance.sh PATH-TO-penumbra PATH-TO-penumbra-sim [bus]
# Without a session bus (the tests' DBUS_SESSION_BUS_ADDRESS points nowhere):
#  1. a first start takes the lock beside the autosave (penumbra.lock, its
#     process id in it);
#  2. a second start, given a save whose name is not UTF-8, under
#     G_DEBUG=fatal-warnings, opens no game: it says "Penumbra Is Already
#     Running" on stderr and in a dialog naming the file (its name made
#     readable, no Pango warning), leaves the autosave alone, and exits with
#     status 0 once the dialog is closed; so does one without a file;
#  3. once the first is killed the lock is free: a new start, on that save,
#     opens it with no warning and autosaves its game.
# With "bus", run inside its own dbus-run-session: a second `penumbra FILE`
# hands FILE to the first, which opens it (its autosave becomes FILE's game),
# and never takes the lock nor says that Penumbra is already running; a
# second `penumbra` without a file ends at once as well.
set -u
penumbra=$1
sim=$2
mode=${3:-}
if [ -z "${DISPLAY:-}" ]; then
  echo "no display; the UI tests need one (run them through build-aux/dev test)"
  exit 77
fi
if [ "$mode" = bus ] && [ -z "${PENUMBRA_TEST_IN_BUS:-}" ]; then
  command -v dbus-run-session >/dev/null || { echo "dbus-run-session is missing"; exit 77; }
  PENUMBRA_TEST_IN_BUS=1 exec dbus-run-session -- bash "$0" "$@"
fi

tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -KILL "$p" 2>/dev/null; done
  rm -rf "$tmp"
}
trap cleanup EXIT
export XDG_DATA_HOME=$tmp/data XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache XDG_STATE_HOME=$tmp/state
export PENUMBRA_REPORT_FIRST_FRAME=1
data=$XDG_DATA_HOME/penumbra
mkdir -p "$data"
failures=0
checks=0

ok() { checks=$((checks + 1)); echo "ok - $1"; }
not_ok() { checks=$((checks + 1)); failures=$((failures + 1)); echo "not ok - $1"; }
check() {  # check NAME COMMAND...
  local name=$1
  shift
  if "$@"; then ok "$name"; else not_ok "$name"; fi
}
finish() {
  echo "1..$checks"
  [ "$failures" -eq 0 ]
  exit
}

# Waits (at most 30 s) until FILE has a line matching PATTERN; fails early if
# PID has ended.
wait_for() {  # wait_for FILE PATTERN PID
  for _ in $(seq 300); do
    grep -q -- "$2" "$1" 2>/dev/null && return 0
    kill -0 "$3" 2>/dev/null || { grep -q -- "$2" "$1" 2>/dev/null; return; }
    sleep 0.1
  done
  return 1
}

# Waits (at most 10 s) for PID to end; its status in $status.
wait_exit() {  # wait_exit PID
  for _ in $(seq 100); do
    if ! kill -0 "$1" 2>/dev/null; then
      wait "$1"
      status=$?
      return 0
    fi
    sleep 0.1
  done
  status=timeout
  return 1
}

# Waits (at most 20 s) until FILE holds what EXPECTED holds.
wait_same() {  # wait_same FILE EXPECTED
  for _ in $(seq 200); do
    cmp -s "$1" "$2" && return 0
    sleep 0.1
  done
  return 1
}

# The dialog of PID says it too; Escape closes it, and with it the application.
close_dialog() {  # close_dialog PID STDERR-FILE
  local dialog=
  # No message, no dialog either: not waited for.
  grep -q "Penumbra Is Already Running" "$2" \
    && dialog=$(timeout 20 xdotool search --sync --all --onlyvisible --pid "$1" --name "Penumbra Is Already Running" 2>/dev/null | head -1)
  check "a dialog says so" test -n "$dialog"
  if [ -n "$dialog" ]; then
    xdotool windowfocus --sync "$dialog" key --clearmodifiers Escape
  fi
}

# A game in progress autosaved last time, and another game saved in a file
# whose name has the byte 0xff (not UTF-8).
"$sim" new --automa jasper --seed 9 --out "$data/autosave.json" || exit 1
cp "$data/autosave.json" "$tmp/autosave-before.json"
file=$tmp/$'g\xffame.penumbra'
"$sim" new --automa emerald --seed 4 --out "$file" || exit 1
cmp -s "$file" "$tmp/autosave-before.json" && { echo "the two games are the same"; exit 1; }

"$penumbra" > "$tmp/a.out" 2> "$tmp/a.err" &
a=$!
pids+=("$a")
check "the first start shows its window" wait_for "$tmp/a.out" "first frame" "$a"

if [ "$mode" = bus ]; then
  # The second start is the remote instance: it hands FILE over and ends.
  "$penumbra" "$file" > "$tmp/b.out" 2> "$tmp/b.err" &
  b=$!
  pids+=("$b")
  wait_exit "$b"
  check "a second start with a file ends at once, with status 0 (status $status)" test "$status" = 0
  check "the first window opens the file handed over (its autosave becomes the file's game)" \
    wait_same "$data/autosave.json" "$file"
  check "the second start does not say that Penumbra is already running" \
    bash -c '! grep -q "Already Running" "$1"' _ "$tmp/b.err"
  check "the second start never took the lock: the first one's process id is in it" \
    test "$(cat "$data/penumbra.lock" 2>/dev/null)" = "$a"
  check "the second start made no window" bash -c '! grep -q "first frame" "$1"' _ "$tmp/b.out"
  # And one without a file activates the first and ends too.
  "$penumbra" > "$tmp/c.out" 2> "$tmp/c.err" &
  c=$!
  pids+=("$c")
  wait_exit "$c"
  check "a second start without a file ends at once, with status 0 (status $status)" test "$status" = 0
  check "… without saying that Penumbra is already running, nor making a window" \
    bash -c '! grep -q "Already Running" "$1" && ! grep -q "first frame" "$2"' _ "$tmp/c.err" "$tmp/c.out"
  check "the first is still running" kill -0 "$a"
  finish
fi

check "the first start holds the lock beside the autosave, its process id in it" \
  test "$(cat "$data/penumbra.lock" 2>/dev/null)" = "$a"

G_DEBUG=fatal-warnings "$penumbra" "$file" > "$tmp/b.out" 2> "$tmp/b.err" &
b=$!
pids+=("$b")
check "a second start says on stderr that Penumbra is already running" \
  wait_for "$tmp/b.err" "Penumbra Is Already Running" "$b"
check "… and that the file, named readably, could not be handed over" \
  grep -qF "“g"$'\xef\xbf\xbd'"ame.penumbra” could not be handed over" "$tmp/b.err"
close_dialog "$b" "$tmp/b.err"
wait_exit "$b"
check "the second start ends with status 0 once the dialog is closed (status $status)" test "$status" = 0
check "the second start warned of nothing (G_DEBUG=fatal-warnings)" \
  bash -c '! grep -qE "WARNING|CRITICAL" "$1"' _ "$tmp/b.err"
check "the second start opened no game window" bash -c '! grep -q "first frame" "$1"' _ "$tmp/b.out"
check "the autosave is untouched" cmp -s "$data/autosave.json" "$tmp/autosave-before.json"
check "the first is still running" kill -0 "$a"

# Without a file: the same, in other words.
"$penumbra" > "$tmp/d.out" 2> "$tmp/d.err" &
d=$!
pids+=("$d")
check "a second start without a file says that only one Penumbra can run at a time" \
  wait_for "$tmp/d.err" "Only one Penumbra can run at a time" "$d"
close_dialog "$d" "$tmp/d.err"
wait_exit "$d"
check "… and ends with status 0 once the dialog is closed (status $status)" test "$status" = 0
check "… having opened no game window nor touched the autosave" \
  bash -c '! grep -q "first frame" "$1" && cmp -s "$2" "$3"' _ "$tmp/d.out" "$data/autosave.json" "$tmp/autosave-before.json"

# Killed, the first leaves the lock behind it free (the kernel releases it).
kill -KILL "$a"
wait "$a" 2>/dev/null
G_DEBUG=fatal-warnings "$penumbra" "$file" > "$tmp/c.out" 2> "$tmp/c.err" &
c=$!
pids+=("$c")
check "after the first was killed, a new start shows its window" wait_for "$tmp/c.out" "first frame" "$c"
check "… and holds the lock" test "$(cat "$data/penumbra.lock" 2>/dev/null)" = "$c"
check "… and opens the file whose name is not UTF-8 (its autosave is the file's game)" \
  wait_same "$data/autosave.json" "$file"
check "… with no warning (G_DEBUG=fatal-warnings)" \
  bash -c 'kill -0 "$1" && ! grep -qE "WARNING|CRITICAL" "$2"' _ "$c" "$tmp/c.err"
kill -TERM "$c"
finish
