#!/usr/bin/env bash
# The three jobs of docs/cluster.md on the local pool and on a single-node
# Slurm (tests/cluster/slurm_node.sh in a scratch folder), two at a time on
# both, with the wall time of each run. Figures go to docs/cluster.md.
#   bench/cluster_three_bench.sh [SWIPL [FOREIGN_DIR [BUILD_DIR]]]
# GAMES (tournament games, 12), PROGRAMS (batch check, 12), SLICES
# (self-play jobs of 40 uttt games at 400 simulations, 8).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
swipl=${1:-swipl}
foreign=${2:-$root/lib/x86_64-linux}
build=${3:-$root/out/release}
games=${GAMES:-12} programs=${PROGRAMS:-12} slices=${SLICES:-8}
scratch=$(mktemp -d /tmp/tabula-three-bench.XXXXXX)
trap '"$root/tests/cluster/slurm_node.sh" stop "$scratch/node" >/dev/null; rm -rf "$scratch"' EXIT
"$root/tests/cluster/slurm_node.sh" start "$scratch/node" || exit $?
export SLURM_CONF=$scratch/node/slurm.conf PATH=$PATH:/usr/sbin
pl() { "$swipl" --no-packs -p foreign="$foreign" -p library="$root/prolog" "$@"; }
timed() { # timed LABEL COMMAND...: prints the wall time of the command
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >"$scratch/last.log" 2>&1 || { cat "$scratch/last.log"; echo "FAILED: $1"; exit 1; }
  t1=$(date +%s.%N)
  printf '%-36s %6.1f s\n' "$label" "$(echo "$t1 - $t0" | bc)"
}

slurm=(--backend slurm --poll-interval 0.5)
for backend in local slurm; do
  flags=(); [ "$backend" = slurm ] && flags=("${slurm[@]}")
  label="tournament, $games games, $backend"
  timed pl -g "use_module(library(tabula/tournament))" -g tabula_tournament_main -t halt -- \
    --game uttt --engine 'a:nodes=50' --engine 'b:nodes=50,seed=3' --rounds $((games / 2)) \
    --seed 5 --format match --concurrency 2 --out "$scratch/t-$backend" "${flags[@]}"
done

subs=$scratch/subs
for i in $(seq 1 "$programs"); do
  p=$(echo crash missed_diagonal rejects_legal | cut -d' ' -f$(((i - 1) % 3 + 1)))
  mkdir -p "$subs/p$i"
  cp "$root/tests/prolog/data/check/uttt/$p.pl" "$subs/p$i/uttt.pl"
  cp "$root/tests/prolog/data/check/uttt/base.pl" "$subs/p$i/"
done
# check_batch/3 itself: its command line has no --poll-interval
for backend in local slurm; do
  label="batch check, $programs programs, $backend"
  timed pl -g "use_module(library(tabula/check_batch)),
               check_batch(uttt, '$subs', [ out('$scratch/c-$backend'), seed(7), positions(20),
                                            jobs(2), quiet(true), backend($backend),
                                            poll_interval(0.5) ])" -t halt
done

for backend in local slurm; do
  mkdir -p "$scratch/s-$backend"
  for j in $(seq 1 "$slices"); do
    out=$scratch/s-$backend/gen0_$j.bin
    printf 'gen0_%s\t%s\t/bin/sh\t-c\t%s\tselfplay\t%s\t%s\t--games\t40\t--sims\t400\t--seed\t%s\n' \
      "$j" "$out" 'o=$1; shift; rm -f "$o.tmp"; "$@" --out "$o.tmp" && mv "$o.tmp" "$o"' \
      "$out" "$build/train/uttt/uttt_selfplay" "$j"
  done >"$scratch/s-$backend/gen0.jobs"
  flags=(); [ "$backend" = slurm ] && flags=("${slurm[@]}")
  label="self-play, $slices jobs, $backend"
  timed pl "$root/scripts/jobs_run.pl" "$scratch/s-$backend/gen0.jobs" --concurrency 2 "${flags[@]}"
done
