#!/usr/bin/env bash
# penumbra-sim on the command line: the documented state round trip, legal and
# refused actions, and damaged or foreign state files (exit 1 with a message,
# never a crash), among them the files of the issue "No save file can crash the
# game" (tests/common/saves/).   Usage: test-sim.sh PATH-TO-penumbra-sim
set -u
sim=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
checks=0

check() {  # check NAME EXPECTED-STATUS PATTERN-IN-OUTPUT COMMAND...
  local name=$1 expected=$2 pattern=$3
  shift 3
  local out status
  checks=$((checks + 1))
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" -ne "$expected" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "not ok - $name (status $status, expected $expected; output: ${out:0:300})"
    failures=$((failures + 1))
  else
    echo "ok - $name"
  fi
}

check "new writes a state" 0 "" "$sim" new --seed 3 --players 2 --out "$tmp/new.json"
check "the new state offers the Talent choice" 0 '"choose-talent"' "$sim" actions "$tmp/new.json"
check "Talents chosen" 0 "" "$sim" apply "$tmp/new.json" \
  '{"type":"choose-talent","talent":0}' '{"type":"choose-talent","talent":1}' --out "$tmp/s.json"
check "a turn offers Rest" 0 '"rest"' "$sim" actions "$tmp/s.json"
check "an illegal action is refused with the reason" 1 "Finish the current placement first|no placement|cannot" \
  "$sim" apply "$tmp/s.json" '{"type":"place","die":0,"location":"forest","section":"resource","cell":0}' \
  '{"type":"place","die":0,"location":"forest","section":"resource","cell":0}'
check "a Class six-cell refuses a die that is not a six of its colour" 1 "showing 6" \
  "$sim" apply "$tmp/s.json" "$(grep -oE '"id" ?: ?"[a-z]*-class"' "$tmp/s.json" | head -1 | sed 's/.*: *"\(.*\)"/{"type":"place","die":0,"location":"\1","section":"mark","cell":0}/')"
check "forced Resource die" 0 '"fruits" : [1-9]' "$sim" apply "$tmp/s.json" --force-dice 1 \
  '{"type":"place","die":0,"location":"forest","section":"resource","cell":0}' '{"type":"use-location"}'
check "score" 0 '"total"' "$sim" score "$tmp/s.json"

# A state written by hand to docs/save-format.md loads: a player choosing a Talent,
# with every Contract still in the deck.
data=$(dirname "$0")/../../data
contracts=$(grep -o '"id": *"[^"]*"' "$data/cards/contracts.json" | sed 's/"id": *//' | paste -sd, -)
cat > "$tmp/hand.json" <<JSON
{ "format": "penumbra-save", "version": 1, "seed": "42", "rng-state": "42",
  "players": [ { "talent": null, "dealt": ["druid", "bard"], "turns-taken": 0, "must-rest": false,
                 "marks": [null, null, null, null, null, null, null, null, null, null, null],
                 "dice": [], "ingredients": { "blood": 0, "crystals": 0, "jewels": 0, "fruits": 0,
                 "trinkets": 0, "arcana": 0 }, "mortal-wounds": 0, "reserved-contracts": [],
                 "fulfilled-contracts": [], "passed-trials": [], "reserved-trial": null } ],
  "locations": [], "fate-deck": ["wildwood"], "trial-row": ["goldeater"], "in-play": ["end-of-time"],
  "contract-deck": [$contracts], "contract-row": [null, null, null, null], "bind-offer": [],
  "quest": { "kind": "none", "id": null, "source": 0, "path": -1, "task": 0, "shield-done": false,
             "rift-done": false, "rift-left": 0, "colours-left": 0, "reward-cards": [0, 0, 0],
             "cancelled": 0, "vigilance-used": 0, "dead-water": false, "ring": false },
  "turn": { "player": 0, "type": "undeclared", "placements-left": 0, "hurried": false,
            "mortal-wound": false, "rest-exchange": false, "pending": "talent",
            "placed-location": -1, "placed-section": -1, "placed-defend": false,
            "placed-resource-dice": 0, "event-colours-left": 0, "bind-open": false, "resume": "none" },
  "threat-source": "ruins",
  "threat": { "dice": 0, "uncancellable": false, "rolled": [], "is-rolled": false, "step2": false,
              "mortal": false },
  "final-turns-left": -1, "end-triggered-this-turn": false, "over": false, "log": [], "actions": [] }
JSON
check "a hand-written state loads" 0 '"talent":1' "$sim" actions "$tmp/hand.json"
check "...and plays on" 0 '"druid"' "$sim" apply "$tmp/hand.json" '{"type":"choose-talent","talent":0}'

head -c 300 "$tmp/s.json" > "$tmp/truncated.json"
echo '{"hello": "world"}' > "$tmp/foreign.json"
# (written compact by --out, as every save: docs/save-format.md, "Files on disk")
sed -E 's/"version" ?: ?[0-9]*/"version" : 99/' "$tmp/s.json" > "$tmp/newer.json"
sed -E 's/"fruits" ?: ?[0-9]*/"fruits" : 13/' "$tmp/s.json" > "$tmp/overcap.json"
printf '\x00\x01\x02garbage' > "$tmp/binary.json"
check "a truncated state is refused" 1 "penumbra-sim: " "$sim" actions "$tmp/truncated.json"
check "a foreign JSON file is refused" 1 "not a saved game of Penumbra" "$sim" actions "$tmp/foreign.json"
check "a newer save is refused" 1 "newer version" "$sim" actions "$tmp/newer.json"
check "13 Fruits are refused" 1 "damaged" "$sim" actions "$tmp/overcap.json"
check "a binary file is refused" 1 "penumbra-sim: " "$sim" score "$tmp/binary.json"
check "a missing file is refused" 1 "penumbra-sim: " "$sim" actions "$tmp/nothing-here.json"
check "a malformed action is refused" 1 "penumbra-sim: " "$sim" apply "$tmp/s.json" '{"type":"fly"}'

# Issue 40: only a regular file is read, and nothing waits. A named pipe with
# no writer once blocked open() for ever; a folder and a device are refused
# as well, each in the player's words (timeout: a hang fails, as status 124).
mkfifo "$tmp/pipe.penumbra"
check "a named pipe is refused at once" 1 "penumbra-sim: “pipe.penumbra” is not a file: it is a named pipe" \
  timeout 10 "$sim" actions "$tmp/pipe.penumbra"
check "a named pipe is refused by apply too" 1 "is not a file: it is a named pipe" \
  timeout 10 "$sim" apply "$tmp/pipe.penumbra" '{"type":"rest"}'
check "a folder is refused" 1 "penumbra-sim: “$(basename "$tmp")” is not a file: it is a folder" \
  timeout 10 "$sim" score "$tmp"
check "a device is refused" 1 "penumbra-sim: “zero” is not a file: it is a device" \
  timeout 10 "$sim" actions /dev/zero

# The issue's files, and the save of version 1 that every later version loads.
saves=$(dirname "$0")/../common/saves
repeat() {  # repeat TEXT N: TEXT written N times
  head -c "$2" /dev/zero | tr '\0' "$1"
}
{ printf '{"x": '; repeat '[' 100000; repeat ']' 100000; printf '}'; } > "$tmp/deep.json"
{ cat "$saves/mid-game-v1.json"; repeat ' ' 1100000; } > "$tmp/large.json"
# The fixture with DICE more dice in the first player's supply.
with_dice() {
  local state dice
  state=$(<"$saves/mid-game-v1.json")
  dice=$(printf '{"die":"bone","value":1},%.0s' $(seq "$1"))
  printf '%s\n' "${state/\"dice\" : \[/\"dice\" : [$dice}"
}
with_dice 40000 > "$tmp/dice-40000.json"
with_dice 100000 > "$tmp/dice-100000.json"
check "the save of version 1 loads" 0 '"type":"rest"' "$sim" actions "$saves/mid-game-v1.json"
check "a file nesting 100,000 lists is refused" 1 "penumbra-sim: .*nested more than 16 levels deep" \
  "$sim" actions "$tmp/deep.json"
check "a file larger than 1 MiB is refused" 1 "penumbra-sim: This file is too large to be a Penumbra save" \
  "$sim" actions "$tmp/large.json"
check "a Fate deck naming one card eight times is refused" 1 "penumbra-sim: The save holds .{1,3}Practice.{1,3} twice in the Fate deck" \
  "$sim" actions "$saves/duplicate-fate-card.json"
check "a supply of 257 dice is refused" 1 "penumbra-sim: The save gives player 1 too many dice \(257; a dice supply holds at most 256\)" \
  "$sim" score "$saves/too-many-dice.json"
check "a supply of 40,002 dice is refused" 1 "too many dice \(40002; a dice supply holds at most 256\)" \
  "$sim" actions "$tmp/dice-40000.json"
check "a supply of 100,002 dice is larger than a save" 1 "too large to be a Penumbra save" \
  "$sim" actions "$tmp/dice-100000.json"
check "an action nesting 100,000 lists is refused" 1 "penumbra-sim: the action is nested too deeply" \
  "$sim" apply "$tmp/s.json" "$(repeat '[' 100000)"

# Rulebook, "Threat": a Mortal Wound during a Trial ends the attempt. This
# seeded random game meets one from a card's Threat after its Trial was
# passed: the Trial, already taken, is not taken again (a GLib-CRITICAL once).
check "a Mortal Wound after a passed Trial" 0 '"games": 1' \
  env G_DEBUG=fatal-criticals "$sim" selfplay --player random --automa emerald --seed 384 --games 1

# Issue 40: names that are not UTF-8 (the byte 0xff) come back in messages
# made readable (U+FFFD in their place), so that the message itself is UTF-8.
check_utf8() {  # check_utf8 NAME EXPECTED-STATUS PATTERN-IN-OUTPUT COMMAND...
  local name=$1 expected=$2 pattern=$3
  shift 3
  local out status
  checks=$((checks + 1))
  out=$("$@" 2>&1)
  status=$?
  if [ "$status" -ne "$expected" ] || ! grep -qE -- "$pattern" <<<"$out" \
     || ! iconv -f UTF-8 -t UTF-8 <<<"$out" >/dev/null 2>&1; then
    echo "not ok - $name (status $status, expected $expected; output: ${out:0:300})"
    failures=$((failures + 1))
  else
    echo "ok - $name"
  fi
}
bad=$'\xff'
shown=$'\xef\xbf\xbd'
check_utf8 "an unknown command that is not UTF-8 is named in UTF-8" 2 "unknown command “x${shown}”" \
  "$sim" "x$bad"
check_utf8 "a CSV file that cannot be written is named, readably, with the reason" 1 \
  "cannot write the CSV file “.*/no${shown}where/games.csv”: No such file" \
  "$sim" selfplay --games 1 --csv "$tmp/no${bad}where/games.csv"
check_utf8 "a missing state file whose name is not UTF-8 is named readably" 1 "m${shown}issing.json" \
  "$sim" actions "$tmp/m${bad}issing.json"
check_utf8 "a state that cannot be written there is named readably" 1 "no${shown}where/out.json" \
  "$sim" new --out "$tmp/no${bad}where/out.json"
# Issue 41: the coach's review of a finished game (its costliest decisions as
# JSON, each action exactly as `actions` prints it) and the game rewound to
# before any action, as Review Game shows it. The game: the reference player
# against Jasper, to its end.
check "selfplay saves its finished games" 0 '"games": 1' \
  "$sim" selfplay --player reference --automa jasper --seed 3 --games 1 --save-dir "$tmp/games"
game="$tmp/games/game-3.json"
check "review on a finished game" 0 '"suggested"' \
  bash -c 'set -o pipefail; "$0" review "$1" | tee "$2"' "$sim" "$game" "$tmp/review.json"
# Each decision: INDEX, then the played and suggested actions as printed.
if ! python3 - "$tmp/review.json" "$game" > "$tmp/decisions.txt" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
review = json.loads(text)
save = json.load(open(sys.argv[2]))
assert 3 <= len(review) <= 5, "review lists %d decisions" % len(review)
decoder = json.JSONDecoder()
last = -1
for line in text.splitlines():
    if not line.startswith('{'):
        continue
    d = json.loads(line.rstrip(','))
    assert d["index"] > last, "not in game order"
    last = d["index"]
    # index: the action's index in the save's actions; played: that action.
    assert save["actions"][d["index"]] == d["played"], "played is not the save's action %d" % d["index"]
    assert d["suggested"] != d["played"]
    assert d["suggested_points"] > d["played_points"]
    assert abs(d["cost"] - (d["suggested_points"] - d["played_points"])) < 0.011
    raw = {}
    for key in ("played", "suggested"):
        start = line.index('"%s": ' % key) + len(key) + 4
        raw[key] = line[start:decoder.raw_decode(line, start)[1]]
    print(d["index"], raw["played"], raw["suggested"], sep="\t")
PY
then
  echo "not ok - the review's JSON (output: $(head -c 300 "$tmp/review.json"))"
  failures=$((failures + 1))
else
  echo "ok - the review lists 3 to 5 decisions of the save's actions, in game order, with their points"
fi
checks=$((checks + 1))
while IFS=$'\t' read -r index played suggested; do
  checks=$((checks + 1))
  if ! "$sim" rewind "$game" "$index" --out "$tmp/at.json" || ! "$sim" actions "$tmp/at.json" > "$tmp/at-actions.txt" \
     || ! grep -qFx -- "$suggested" "$tmp/at-actions.txt" || ! grep -qFx -- "$played" "$tmp/at-actions.txt"; then
    echo "not ok - the decision at action $index: $played and $suggested are not both legal there"
    failures=$((failures + 1))
  else
    echo "ok - the decision at action $index: what was played and what the coach suggests are legal there"
  fi
done < "$tmp/decisions.txt"
[ -s "$tmp/decisions.txt" ] || { echo "not ok - no decision reviewed"; failures=$((failures + 1)); }

# Rewound to before action N, the game has the first N actions and plays on
# to the saved game with the rest.
n_actions=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["actions"]))' "$game")
rest_of() {  # rest_of N: the save's actions from N on, one argument each
  python3 -c 'import json,sys
for a in json.load(open(sys.argv[1]))["actions"][int(sys.argv[2]):]: print(json.dumps(a, separators=(",", ":")))' "$game" "$1"
}
for n in 0 $((n_actions / 2)) "$n_actions"; do
  checks=$((checks + 1))
  mapfile -t rest < <(rest_of "$n")
  "$sim" rewind "$game" "$n" --out "$tmp/rewound.json"
  kept=$(python3 -c 'import json,sys; a=json.load(open(sys.argv[1]))["actions"]; b=json.load(open(sys.argv[2]))["actions"]; print(a == b[:int(sys.argv[3])])' \
         "$tmp/rewound.json" "$game" "$n")
  if [ "${#rest[@]}" -gt 0 ]; then
    "$sim" apply "$tmp/rewound.json" "${rest[@]}" --out "$tmp/replayed.json"
  else
    cp "$tmp/rewound.json" "$tmp/replayed.json"
  fi
  if [ "$kept" = True ] && cmp -s "$tmp/replayed.json" "$game"; then
    echo "ok - rewind $n keeps the first $n actions, and the rest of them play on to the saved game"
  else
    echo "not ok - rewind $n (first actions kept: $kept; played on to the saved game: $(cmp -s "$tmp/replayed.json" "$game" && echo yes || echo no))"
    failures=$((failures + 1))
  fi
done
check "rewind refuses a negative N" 1 "N must be 0 to $n_actions" "$sim" rewind "$game" -1 --out "$tmp/bad.json"
check "rewind refuses N past the end" 1 "N must be 0 to $n_actions: the game has $n_actions actions" \
  "$sim" rewind "$game" $((n_actions + 1)) --out "$tmp/bad.json"
check "rewind refuses an N that is not a number" 1 "N must be a whole number.*not .three" \
  "$sim" rewind "$game" three --out "$tmp/bad.json"
check "rewind writes nothing when it refuses" 1 "" test -e "$tmp/bad.json"

echo "1..$checks"
[ "$failures" -eq 0 ]
