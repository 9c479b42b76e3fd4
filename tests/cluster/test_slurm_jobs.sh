#!/usr/bin/env bash
# The slurm backend of library(tabula/jobs) on a real single-node Slurm
# (slurm_node.sh), two runs of six tiny jobs:
#   1. a task is cancelled (scancel) while it runs: its jobs are submitted
#      again (retry events) and every job runs once and leaves its Result;
#   2. the coordinator is killed (kill -9) mid-run and started again: it
#      waits for the array already queued, submits nothing new, and no job
#      runs twice.
# The node's MaxArraySize is 4, so six jobs go as three tasks of two.
#   test_slurm_jobs.sh [SWIPL]     exit 0 passed, 1 failed, 77 skipped
# KEEP_SCRATCH=1 keeps the scratch folder (node, runs, logs) for a look.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
swipl=${1:-swipl}
scratch=$(mktemp -d /tmp/tabula-slurm-test.XXXXXX)
node=$scratch/node
export SLURM_NODE_MAX_ARRAY=4 SLURM_CONF=$node/slurm.conf
coordinator=

finish() {
  [ -n "$coordinator" ] && kill -KILL "$coordinator" 2>/dev/null
  "$here/slurm_node.sh" stop "$node" >/dev/null || echo "FAIL: the daemons did not stop"
  [ -n "${KEEP_SCRATCH:-}" ] || rm -rf "$scratch"
}
trap finish EXIT
fail() { echo "FAIL: $*"; for f in "$scratch"/run*/events.pl; do echo "--- $f"; cat "$f"; done; exit 1; }

"$here/slurm_node.sh" start "$node"
status=$?
((status == 0)) || exit "$status"

# coordinator RUN: starts the coordinator of run folder RUN in the background
coordinator() {
  "$swipl" --no-packs -p library="$root/prolog" "$here/slurm_jobs_run.pl" "$1" 6 "$2" \
    >>"$1/coordinator.log" 2>&1 &
  coordinator=$!
}
wait_for() { # wait_for SECONDS COMMAND...: until the command succeeds
  local limit=$((SECONDS + $1)); shift
  until "$@"; do ((SECONDS < limit)) || return 1; sleep 0.2; done
}
one_running() { [ -n "$(squeue -h -t RUNNING -o %i | sed -n 1p)" ]; }
some_result() { compgen -G "$run/results/*.res" >/dev/null; }
# every job ran exactly once and left its Result
each_once() {
  local id n
  for id in j1 j2 j3 j4 j5 j6; do
    [ -f "$run/results/$id.res" ] || fail "$id has no Result"
    n=$(grep -cx "$id" "$run/ran.log")
    ((n == 1)) || fail "$id ran $n times"
  done
}

echo "== 1. a cancelled task is submitted again"
run="$scratch/run 1" && mkdir -p "$run"   # a space: quoting is checked too
coordinator "$run" 3
wait_for 60 one_running || fail "no task started within 60 s"
task=$(squeue -h -t RUNNING -o %i | sed -n 1p)
scancel "$task" && echo "cancelled $task"
wait "$coordinator" || fail "the coordinator exited with $?"
coordinator=
grep -q "^retry(j[0-9],slurm('CANCELLED'))\.$" "$run/events.pl" || fail "no retry after scancel"
each_once
echo "retried: $(grep -c '^retry' "$run/events.pl") job(s); every job ran once"

echo "== 2. a killed coordinator, started again, submits nothing twice"
run="$scratch/run 2" && mkdir -p "$run"
coordinator "$run" 2
wait_for 60 some_result || fail "no Result within 60 s"
kill -KILL "$coordinator" && wait "$coordinator" 2>/dev/null
coordinator=
echo "killed the coordinator with $(compgen -G "$run/results/*.res" | wc -l) of 6 Results written"
[ -n "$(squeue -h -o %i)" ] || fail "nothing left in the queue to wait for"
coordinator "$run" 2
wait "$coordinator" || fail "the second coordinator exited with $?"
coordinator=
each_once
arrays=$(ls "$run"/results/jobs.slurm/*.jobs | wc -l)
((arrays == 1)) || fail "$arrays arrays were submitted, not 1"
! grep -q '^retry\|^failed' "$run/events.pl" || fail "a job was retried or failed"
echo "one array, every job ran once"
echo "PASS"
