#!/bin/sh
# A class-sized UTTT tournament, end to end: twelve players in a round
# robin at 0.1 s a move. Five course programs, as a class hands them in
# (a folder per group, each run in the checker's sandbox), six levels of
# Tabula's engine and one external program. The submissions are made
# from files of this checkout; the standings, chart and record go to OUT.
#
#   examples/tournament/class_event.sh [OUT]      (default results/class-event)
#
# About 5 minutes on two cores. Run it again with the same OUT to carry
# on after a stop: only games missing from OUT/games.pl are played.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-results/class-event}
sub=$out/submissions
mkdir -p "$sub"

# group_a, group_b: the course's drop-in (both stages on the engine's
# rules), playing greedy/2 and narrowGreedy/2.
for g in group_a group_b; do
  mkdir -p "$sub/$g"
  cp "$root/examples/dropin/uttt/uttt.pl" "$sub/$g/uttt.pl"
done
# group_c: a whole program in plain Prolog, on the pure reference rules.
mkdir -p "$sub/group_c"
cp "$root/bench/data/uttt_pure_program.pl" "$sub/group_c/uttt.pl"
cp "$root/tests/reference/uttt_ref.pl" "$sub/group_c/uttt_ref.pl"
# group_d plays its own last_move/2; group_e's player raises an error.
for g in group_d group_e; do
  mkdir -p "$sub/$g"
  cp "$root/tests/prolog/data/tournament/uttt_student/uttt.pl" "$sub/$g/uttt.pl"
done

exec swipl -g "use_module(library(tabula/tournament))" -g tabula_tournament_main -t halt -- \
  --game uttt \
  --course group_a="$sub/group_a/uttt.pl":greedy \
  --course group_b="$sub/group_b/uttt.pl":narrowGreedy \
  --course group_c="$sub/group_c/uttt.pl":greedy \
  --course group_d="$sub/group_d/uttt.pl":last_move \
  --course group_e="$sub/group_e/uttt.pl":broken \
  --engine nodes20:nodes=20 --engine nodes50:nodes=50 --engine nodes200:nodes=200 \
  --engine nodes1000:nodes=1000 --engine time50ms:time=0.05 --engine time100ms:time=0.1 \
  --program first="$root/examples/tournament/first_legal.sh" \
  --rounds 1 --tc 0.1 --seed 1 --out "$out"
