#!/bin/sh
# 4Mation level ladder through the tournament runner (docs/tournament.md):
# level 1 (random), level 2 (the report's bot done right)
# and the search (level 3) thinking SECONDS a move, every pair ROUNDS
# times with the sides swapped, from the empty board, one game at a time.
#
#   bench/fourmation_ladder_bench.sh [SECONDS [ROUNDS [SIZE [OUT]]]]
#
# Defaults: 1 s, 50 rounds (100 games a pair), 7 x 7, $TMPDIR/tabula-ladder/fourmation-SIZE-SECONDS.
# Run from the checkout after the release build (libraries in lib/x86_64-linux);
# standings, the record of every game and each player's log go to OUT.
set -eu
seconds=${1:-1}
rounds=${2:-50}
size=${3:-7}
out=${4:-${TMPDIR:-/tmp}/tabula-ladder/fourmation-$size-$seconds}
# The search has no time option: it thinks half of the referee's time a move.
tc=$(awk -v s="$seconds" 'BEGIN { print 2 * s }')
exec swipl --no-packs -p foreign=lib/x86_64-linux -p library=prolog \
  -g "use_module(library(tabula/tournament))" -g tabula_tournament_main -t halt -- \
  --game fourmation --game-options "[size($size)]" --format round_robin \
  --engine search --engine level2:level=2 --engine level1:level=1 \
  --rounds "$rounds" --plies 0 --tc "$tc" --concurrency 1 --out "$out"
