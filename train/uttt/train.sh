#!/bin/sh
# Trains the UTTT value network end to end and compiles it into the engine:
# builds the tools, plays self-play games, fits the network, writes
# cpp/uttt/value_weights.inc and rebuilds.
#
#   train/uttt/train.sh
#
# Generation 0 plays with playouts at the leaves; each later generation
# plays with the network of the one before and is fitted, starting from
# that network, on the last two generations' positions. With INIT (a
# weights file, or "compiled" for the engine's own network) the first
# generation plays with that network and is fitted from it on its own
# positions. Settings (environment):
#   GENERATIONS (2), GAMES per job per generation (6000), SIMS per move
#   (800), JOBS in parallel (2), EPOCHS (12), LR (0.002), RANDOM_PLIES
#   (2,8: random moves that open each game), INIT (none), FIRST (0: the
#   number of the first generation, which names its files and seeds),
#   BUILD (out/train-build-uttt), WORK (out/train), NICE (10).
# BACKEND=slurm plays each generation's self-play as Slurm jobs
# (library(tabula/jobs) through scripts/jobs_run.pl, docs/cluster.md),
# JOBS jobs, with PARTITION, ACCOUNT, TIME (minutes a job) and SWIPL
# (swipl); ROOT, WORK and INIT must then be seen by the nodes at the same
# paths (INIT given as an absolute path).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# The tools' own build, without Prolog: configuring the shared release
# build so would switch its foreign libraries off.
BUILD=${BUILD:-$ROOT/out/train-build-uttt}
WORK=${WORK:-$ROOT/out/train}
GENERATIONS=${GENERATIONS:-2}
GAMES=${GAMES:-6000}
SIMS=${SIMS:-800}
JOBS=${JOBS:-2}
EPOCHS=${EPOCHS:-12}
LR=${LR:-0.002}
RANDOM_PLIES=${RANDOM_PLIES:-2,8}
INIT=${INIT:-}
FIRST=${FIRST:-0}
NICE=${NICE:-10}
BACKEND=${BACKEND:-local}

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_SWIPL=ON >/dev/null
cmake --build "$BUILD" --target uttt_selfplay uttt_fit
mkdir -p "$WORK"

# slurm_selfplay G: generation G's JOBS self-play jobs (the same commands
# and seeds as the local ones) as Slurm jobs; a job writes its games to
# OUT.tmp and renames it, so a killed task leaves no half-written OUT.
slurm_selfplay() {
  list="$WORK/gen$1.jobs"
  : >"$list"
  j=1
  while [ "$j" -le "$JOBS" ]; do
    out="$(cd "$WORK" && pwd)/gen$1_$j.bin"  # the nodes need absolute paths
    printf 'gen%s_%s\t%s\t/bin/sh\t-c\t%s\tselfplay\t%s\tnice\t-n\t%s\t%s\t--games\t%s\t--sims\t%s\t--seed\t%s' \
      "$1" "$j" "$out" 'o=$1; shift; rm -f "$o.tmp"; "$@" --out "$o.tmp" && mv "$o.tmp" "$o"' \
      "$out" "$NICE" "$BUILD/train/uttt/uttt_selfplay" "$GAMES" "$SIMS" $(($1 * 100 + j)) >>"$list"
    printf '\t--random-plies\t%s' "$RANDOM_PLIES" >>"$list"
    if [ -n "$previous" ]; then printf '\t--network\t%s' "$previous" >>"$list"; fi
    printf '\n' >>"$list"
    j=$((j + 1))
  done
  "${SWIPL:-swipl}" --no-packs -p library="$ROOT/prolog" "$ROOT/scripts/jobs_run.pl" "$list" \
    --backend slurm --concurrency "$JOBS" ${PARTITION:+--partition "$PARTITION"} \
    ${ACCOUNT:+--account "$ACCOUNT"} ${TIME:+--time-limit "$TIME"}
}

start=$(date +%s)
previous=$INIT
g=$FIRST
while [ "$g" -lt $((FIRST + GENERATIONS)) ]; do
  echo "generation $g: $JOBS x $GAMES games at $SIMS simulations a move"
  rm -f "$WORK"/gen${g}_*.bin
  if [ "$BACKEND" = slurm ]; then
    slurm_selfplay "$g"
  else
    j=1
    while [ "$j" -le "$JOBS" ]; do
      if [ -n "$previous" ]; then net="--network $previous"; else net=""; fi
      # shellcheck disable=SC2086
      nice -n "$NICE" "$BUILD/train/uttt/uttt_selfplay" --games "$GAMES" --sims "$SIMS" --seed $((g * 100 + j)) \
        --random-plies "$RANDOM_PLIES" --out "$WORK/gen${g}_$j.bin" $net &
      j=$((j + 1))
    done
    wait
  fi
  data="$WORK/gen${g}_*.bin"
  init=""
  if [ -n "$previous" ]; then init="--init $previous"; fi
  if [ "$g" -gt "$FIRST" ]; then data="$data $WORK/gen$((g - 1))_*.bin"; fi
  # shellcheck disable=SC2086
  nice -n "$NICE" "$BUILD/train/uttt/uttt_fit" --epochs "$EPOCHS" --lr "$LR" --seed $((g + 7)) $init \
    --out-bin "$WORK/net$g.bin" --out-inc "$WORK/net$g.inc" $data
  previous="$WORK/net$g.bin"
  echo "generation $g done after $(($(date +%s) - start)) s"
  g=$((g + 1))
done
cp "$WORK/net$((FIRST + GENERATIONS - 1)).inc" "$ROOT/cpp/uttt/value_weights.inc"
cmake --build "$BUILD"
# the engine of the release build, where there is one, with the new weights
if [ -f "$ROOT/out/release/build.ninja" ]; then cmake --build "$ROOT/out/release"; fi
echo "trained in $(($(date +%s) - start)) s: cpp/uttt/value_weights.inc"
