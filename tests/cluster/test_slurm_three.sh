#!/usr/bin/env bash
# The three jobs of docs/cluster.md on a real single-node Slurm
# (slurm_node.sh), each compared with a local run of the same seed:
#   1. a tournament (uttt, two engines at 50 nodes, 4 games) with
#      --backend slurm, its coordinator killed (kill -9) once a game is
#      recorded and started again: games.pl holds every game once, the same
#      records as the local run apart from the move times;
#   2. a batch check of three small UTTT programs with --backend slurm:
#      the same summary.csv and reports as the local run, apart from times;
#   3. a self-play slice of uttt_selfplay as train/uttt/train.sh submits it
#      (scripts/jobs_run.pl), one running task cancelled (scancel): it is
#      submitted again and the games files are those of the local run; and
#      train/futlog/train.sh with BACKEND=slurm at toy sizes, when built.
#   test_slurm_three.sh [SWIPL [FOREIGN_DIR [BUILD_DIR]]]
#                                  exit 0 passed, 1 failed, 77 skipped
# BUILD_DIR holds the training tools (train/...; default out/release).
# KEEP_SCRATCH=1 keeps the scratch folder for a look.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
swipl=${1:-swipl}
foreign=${2:-$root/lib/x86_64-linux}
build=${3:-$root/out/release}
selfplay=$build/train/uttt/uttt_selfplay
[ -x "$selfplay" ] || selfplay=$root/out/release/train/uttt/uttt_selfplay
if [ ! -x "$selfplay" ]; then
  echo "SKIP: no uttt_selfplay in $build or out/release (build the release preset)"
  exit 77
fi
futlog_build=$build
[ -x "$futlog_build/train/futlog/futlog_train" ] || futlog_build=$root/out/release
scratch=$(mktemp -d /tmp/tabula-slurm-three.XXXXXX)
node=$scratch/node
export SLURM_CONF=$node/slurm.conf
coordinator=
t0=$SECONDS

finish() {
  # a coordinator (or the subshell running one) left by a failure
  [ -n "$coordinator" ] && { pkill -KILL -P "$coordinator"; kill -KILL "$coordinator"; } 2>/dev/null
  "$here/slurm_node.sh" stop "$node" >/dev/null || echo "FAIL: the daemons did not stop"
  [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$scratch"
}
trap finish EXIT
fail() { echo "FAIL: $*"; exit 1; }
took() { echo "   ($((SECONDS - t0)) s so far)"; }
wait_for() { # wait_for SECONDS COMMAND...: until the command succeeds
  local limit=$((SECONDS + $1)); shift
  until "$@"; do ((SECONDS < limit)) || return 1; sleep 0.1; done
}
# exec: a coordinator started with `pl ... &` is the process $! names
pl() { exec "$swipl" --no-packs -p foreign="$foreign" -p library="$root/prolog" "$@"; }

"$here/slurm_node.sh" start "$node"
status=$?
((status == 0)) || exit "$status"
export PATH=$PATH:/usr/sbin

echo "== 1. a tournament: local, then on Slurm with its coordinator killed once"
event=(-g "use_module(library(tabula/tournament))" -g tabula_tournament_main -t halt --
       --game uttt --engine 'a:nodes=50' --engine 'b:nodes=50,seed=3' --rounds 2 --seed 5
       --concurrency 2)
# The record file without the move times, one term a line, sorted.
records() (
  pl -g "read_file_to_terms('$1', Ts, []),
         forall(member(T, Ts), ( ( T = game(I,A,B,O,M,_,S,R) -> writeq(game(I,A,B,O,M,S,R)) ; writeq(T) ), nl ))" \
    -t halt
)
(pl "${event[@]}" --out "$scratch/t-local") >"$scratch/t-local.log" 2>&1 || { cat "$scratch/t-local.log"; fail "the local tournament failed"; }
t_slurm=$scratch/t-slurm
pl "${event[@]}" --out "$t_slurm" --backend slurm --poll-interval 0.5 >"$scratch/t-slurm.log" 2>&1 &
coordinator=$!
some_game() { grep -q '^game(' "$t_slurm/games.pl" 2>/dev/null; }
wait_for 90 some_game || { cat "$scratch/t-slurm.log"; fail "no game recorded on Slurm within 90 s"; }
kill -KILL "$coordinator"; wait "$coordinator" 2>/dev/null
coordinator=
echo "killed the coordinator: $(compgen -G "$t_slurm/jobs/results/g*.pl" | wc -l) game(s) ended," \
  "$(grep -c '^game(' "$t_slurm/games.pl") recorded"
(pl "${event[@]}" --out "$t_slurm" --backend slurm --poll-interval 0.5) >>"$scratch/t-slurm.log" 2>&1 ||
  { cat "$scratch/t-slurm.log"; fail "the restarted coordinator failed"; }
grep -q '^games 4/4 ' "$scratch/t-slurm.log" || { cat "$scratch/t-slurm.log"; fail "no progress line 'games 4/4'"; }
n=$(grep -c '^game(' "$t_slurm/games.pl")
((n == 4)) || fail "games.pl holds $n game lines, not 4"
for run in t-local t-slurm; do
  records "$scratch/$run/games.pl" >"$scratch/$run.records" || fail "cannot read $run/games.pl"
  sort -o "$scratch/$run.records" "$scratch/$run.records"
done
n=$(grep -c '^game(' "$scratch/t-local.records")
((n == 4)) || fail "the local run recorded $n games, not 4"
diff "$scratch/t-local.records" "$scratch/t-slurm.records" ||
  fail "the Slurm tournament's records differ from the local ones"
echo "4 games, each recorded once, the same records as the local run"
took

echo "== 2. a batch check of three programs: local, then on Slurm"
subs=$scratch/subs
for p in crash missed_diagonal rejects_legal; do
  mkdir -p "$subs/$p"
  cp "$root/tests/prolog/data/check/uttt/$p.pl" "$subs/$p/uttt.pl"
  cp "$root/tests/prolog/data/check/uttt/base.pl" "$subs/$p/"
done
check() ( # check OUT [FLAGS...]
  out=$1; shift
  pl -g "use_module(library(tabula/check))" -g tabula_check_main -t halt -- \
    --batch uttt "$subs" --out "$out" --seed 7 --positions 20 --jobs 2 "$@"
)
check "$scratch/c-local" >"$scratch/c-local.log" 2>&1 || { cat "$scratch/c-local.log"; fail "the local batch failed"; }
check "$scratch/c-slurm" --backend slurm >"$scratch/c-slurm.log" 2>&1 ||
  { cat "$scratch/c-slurm.log"; fail "the Slurm batch failed"; }
compgen -G "$scratch/c-slurm/jobs.slurm/*.sh" >/dev/null || fail "the batch submitted no array"
cmp "$scratch/c-local/summary.csv" "$scratch/c-slurm/summary.csv" || fail "summary.csv differs"
untimed() { sed -e 's/ checked in [0-9.]* s/ checked/' -e 's/seconds([0-9.e+-]*)/seconds/' "$1"; }
for f in "$scratch"/c-local/reports/*.txt "$scratch"/c-local/reports/*.term; do
  diff <(untimed "$f") <(untimed "$scratch/c-slurm/reports/${f##*/}") ||
    fail "the report ${f##*/} differs"
done
echo "the same summary and reports as the local run"
took

echo "== 3. self-play: a uttt slice with a running task cancelled, futlog's train.sh"
# train/uttt/train.sh's own slurm_selfplay (the whole script would also
# fit and rebuild): generation 0, two jobs of 40 games at 400 simulations,
# against the commands its local loop runs.
slurm_selfplay=$(sed -n '/^slurm_selfplay() {/,/^}/p' "$root/train/uttt/train.sh")
[ -n "$slurm_selfplay" ] || fail "no slurm_selfplay in train/uttt/train.sh"
mkdir -p "$scratch/s-local" "$scratch/s-slurm"
for j in 1 2; do
  "$selfplay" --games 40 --sims 400 --seed "$j" --out "$scratch/s-local/gen0_$j.bin" >/dev/null 2>&1 ||
    fail "the local self-play failed"
done
(eval "$slurm_selfplay"
 ROOT=$root WORK=$scratch/s-slurm JOBS=2 NICE=10 BUILD=${selfplay%/train/uttt/uttt_selfplay} GAMES=40 \
   SIMS=400 RANDOM_PLIES=2,8 SWIPL=$swipl previous=
 slurm_selfplay 0) >"$scratch/s-slurm.log" 2>&1 &
coordinator=$!
one_running() { [ -n "$(squeue -h -t RUNNING -o %i | sed -n 1p)" ]; }
wait_for 60 one_running || fail "no self-play task started within 60 s"
task=$(squeue -h -t RUNNING -o %i | sed -n 1p)
scancel "$task" && echo "cancelled $task"
wait "$coordinator" || { cat "$scratch/s-slurm.log"; fail "the Slurm self-play failed"; }
coordinator=
grep -q "again (slurm('CANCELLED'))" "$scratch/s-slurm.log" ||
  { cat "$scratch/s-slurm.log"; fail "the cancelled task was not submitted again"; }
for j in 1 2; do
  cmp "$scratch/s-local/gen0_$j.bin" "$scratch/s-slurm/gen0_$j.bin" || fail "gen0_$j.bin differs"
done
! compgen -G "$scratch/s-slurm/*.tmp" >/dev/null || fail "a .tmp file was left"
echo "resubmitted after scancel; the same games files as the local run"
if [ -x "$futlog_build/train/futlog/futlog_train" ]; then
  futlog() { # futlog WORK [VAR=VALUE...]
    local work=$1; shift
    env "$@" BUILD="$futlog_build" SKIP_BUILD=1 INCLUDE="$work.inc" GENERATIONS=1 GAMES=3 JOBS=2 \
      NODES=40 TREE=2 EPOCHS=1 HIDDEN=4 GATE_GAMES=0 SWIPL="$swipl" "$root/train/futlog/train.sh" "$work" \
      >"$work.log" 2>&1 || { cat "$work.log"; fail "futlog train.sh failed ($*)"; }
  }
  futlog "$scratch/f-local"
  futlog "$scratch/f-slurm" BACKEND=slurm
  compgen -G "$scratch/f-slurm/jobs.slurm/*.sh" >/dev/null || fail "futlog train.sh submitted no array"
  for j in 1 2; do
    cmp "$scratch/f-local/g1_$j.bin" "$scratch/f-slurm/g1_$j.bin" || fail "futlog g1_$j.bin differs"
  done
  echo "futlog train.sh BACKEND=slurm: the same self-play games as the local run"
else
  echo "futlog train.sh: not run, no futlog_train in $build or out/release"
fi
took
echo "PASS"
