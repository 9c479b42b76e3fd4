#!/bin/sh
# A complete tournament player in POSIX sh, for any Tabula game: it speaks
# the player protocol of docs/tournament.md and plays the first legal
# move the referee lists. Run it as
#   --program first=examples/tournament/first_legal.sh
first=""
while IFS= read -r line; do
  case "$line" in
    "tabula-player 1") echo "tabula-player 1 first-legal" ;;
    "position "*) n=${line#position }
                  while [ "$n" -gt 0 ]; do IFS= read -r _; n=$((n - 1)); done ;;
    "legal "*) n=${line#legal }; first=""
               while [ "$n" -gt 0 ]; do
                 IFS= read -r move
                 [ -z "$first" ] && first=$move
                 n=$((n - 1))
               done ;;
    "go "*) echo "move $first" ;;
    quit) exit 0 ;;
  esac
done
