#!/usr/bin/env bash
# Saves killed mid-write: 200 times, `penumbra-sim apply STATE '{"type":"end-turn"}'
# --out FILE` is stopped with SIGKILL after a random 0–30 ms. Afterwards FILE is
# whole: exactly the state it held before, or exactly the new one, and
# `penumbra-sim actions FILE` loads it. Two states of a 4-player game serve as
# STATE, the one whose result differs from what FILE holds, so that a write
# that happened is always seen.
#   Usage: test-kill.sh PATH-TO-penumbra-sim [RUNS]
set -u
sim=$1
runs=${2:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
RANDOM=4242

die() { echo "not ok - $*"; exit 1; }

# A state of a 4-player game where the turn can end: random legal actions,
# then on to the next moment end-turn is offered.
turn_end_state() {  # turn_end_state OUT SEED MIN-ACTIONS
  local out=$1 seed=$2 min=$3 n=0 acts
  "$sim" new --seed "$seed" --players 4 --out "$out" || die "new"
  while :; do
    mapfile -t acts < <("$sim" actions "$out")
    [ ${#acts[@]} -gt 0 ] || die "no legal action in a game being set up"
    if [ "$n" -ge "$min" ] && printf '%s\n' "${acts[@]}" | grep -qx '{"type":"end-turn"}'; then
      return 0
    fi
    "$sim" apply "$out" "${acts[RANDOM % ${#acts[@]}]}" --out "$out" || die "apply while setting up"
    n=$((n + 1))
    [ "$n" -lt 3000 ] || die "no end-turn offered after $n actions"
  done
}

turn_end_state "$tmp/a.json" 11 40
turn_end_state "$tmp/b.json" 12 40
end_turn='{"type":"end-turn"}'
"$sim" apply "$tmp/a.json" "$end_turn" --out "$tmp/a-next.json" || die "end-turn on a"
"$sim" apply "$tmp/b.json" "$end_turn" --out "$tmp/b-next.json" || die "end-turn on b"
cmp -s "$tmp/a-next.json" "$tmp/b-next.json" && die "the two states are the same"

file="$tmp/save/game.json"
mkdir "$tmp/save"
cp "$tmp/b-next.json" "$file"
echo "# state files: $(stat -c %s "$tmp/a-next.json") and $(stat -c %s "$tmp/b-next.json") bytes"

killed=0 finished=0 changed=0 failures=0
for ((i = 1; i <= runs; i++)); do
  # The source whose next state is not what the file holds now.
  if cmp -s "$file" "$tmp/a-next.json"; then src=b; else src=a; fi
  cp "$file" "$tmp/before.json"
  delay=$(printf '0.%03d' $((RANDOM % 31)))
  "$sim" apply "$tmp/$src.json" "$end_turn" --out "$file" 2>/dev/null &
  pid=$!
  sleep "$delay"
  kill -KILL "$pid" 2>/dev/null
  { wait "$pid"; } 2>/dev/null
  status=$?
  if [ "$status" -eq 137 ]; then killed=$((killed + 1)); elif [ "$status" -eq 0 ]; then finished=$((finished + 1)); else
    echo "not ok $i - penumbra-sim apply exited with status $status"; failures=$((failures + 1)); fi

  if cmp -s "$file" "$tmp/$src-next.json"; then
    changed=$((changed + 1))
  elif ! cmp -s "$file" "$tmp/before.json"; then
    echo "not ok $i - after a kill at $delay s the file is neither the old state nor the new one"
    failures=$((failures + 1))
    cp "$file" "$tmp/../penumbra-kill-$i.json" 2>/dev/null
  fi
  if ! out=$("$sim" actions "$file" 2>&1); then
    echo "not ok $i - the file does not load after a kill at $delay s: ${out:0:200}"
    failures=$((failures + 1))
  fi
done

# A kill between creating the temporary file and renaming it leaves that file
# (game.json.XXXXXX) beside the save; it never takes the save's place.
leftovers=$(find "$tmp/save" -name 'game.json.*' | wc -l)
echo "# $runs runs: $killed killed, $finished finished first; the file was replaced $changed times;" \
     "$leftovers partial temporary files left beside the save"
if [ "$failures" -gt 0 ]; then
  echo "not ok - $failures failures"
  exit 1
fi
echo "ok - every file left by $runs killed saves loads"
