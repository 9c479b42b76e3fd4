#!/usr/bin/env bash
# The cost of the Slurm backend against the local pool on this machine:
# the same tiny jobs through both, two at a time (the local pool's
# concurrency(2); on Slurm the node's cores), on a single-node Slurm
# started in a scratch folder. Figures go to docs/cluster.md.
#   bench/jobs_slurm_bench.sh [SWIPL]
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
swipl=${1:-swipl}
scratch=$(mktemp -d /tmp/tabula-slurm-bench.XXXXXX)
trap '"$root/tests/cluster/slurm_node.sh" stop "$scratch/node" >/dev/null; rm -rf "$scratch"' EXIT
"$root/tests/cluster/slurm_node.sh" start "$scratch/node" || exit $?
export SLURM_CONF=$scratch/node/slurm.conf
run=0
for case in "20 0" "100 0" "20 1"; do
  set -- $case
  for backend in local slurm; do
    run=$((run + 1))
    "$swipl" --no-packs -p library="$root/prolog" "$here/jobs_slurm_bench.pl" \
      "$backend" "$1" "$2" "$scratch/run$run"
  done
done
# the same 100 jobs in two tasks of 50: the cost per task is paid twice
"$swipl" --no-packs -p library="$root/prolog" "$here/jobs_slurm_bench.pl" \
  slurm 100 0 "$scratch/sliced" 2
