#!/bin/sh
# A CodinGame UTTT player: answers the first valid action of each turn.
while read -r last; do
  read -r n
  first=""
  i=0
  while [ "$i" -lt "$n" ]; do
    read -r action
    [ -z "$first" ] && first=$action
    i=$((i + 1))
  done
  echo "$first"
done
