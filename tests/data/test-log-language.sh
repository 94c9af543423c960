#!/usr/bin/env bash
# A game's log is rendered in the language of whoever reads it (issue 18): the
# version 5 fixture, played in English, reads in Russian under LANGUAGE=ru,
# every line of it; a version 4 save's lines, kept as text, read as written.
#   Usage: test-log-language.sh SOURCE_ROOT PENUMBRA_SIM LOCALEDIR
set -u
root=$1 sim=$2 localedir=$3
saves=$root/tests/common/saves
failures=0

log_in() {  # log_in LANGUAGE STATE
  env -u LC_ALL LANG=C.UTF-8 LANGUAGE="$1" PENUMBRA_LOCALEDIR="$localedir" "$sim" log "$2"
}

expect() {  # expect NAME ACTUAL EXPECTED
  if [ "$2" != "$3" ]; then
    echo "not ok - $1: “$2”, expected “$3”"
    failures=$((failures + 1))
  else
    echo "ok - $1"
  fi
}

en=$(log_in en "$saves/mid-game-v5.json")
ru=$(log_in ru "$saves/mid-game-v5.json")
expect "the English log's first line" "$(head -1 <<<"$en")" "A new solo game against the Automa."
expect "the same log in Russian" "$(head -1 <<<"$ru")" "Новая одиночная игра против Автомы."
expect "a card's name in Russian" "$(sed -n 6p <<<"$ru")" "Получена карта «Дар Рощи»."
expect "as many lines in both languages" "$(wc -l <<<"$ru")" "$(wc -l <<<"$en")"
expect "no line left in English" "$(paste -d '\n' <(echo "$en") <(echo "$ru") | paste - - | awk -F '\t' '$1 == $2' | head -1)" ""

expect "a version 4 save's lines read as written" "$(log_in ru "$saves/mid-game-v4.json")" \
  "$(log_in en "$saves/mid-game-v4.json")"
[ "$failures" -eq 0 ]
