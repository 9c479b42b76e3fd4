#!/usr/bin/env bash
# Trains Futlog's learned evaluation end to end: builds the tools, then for
# each generation plays self-play games with the engine and the current
# weights (in parallel jobs, niced), fits the network on every game played
# so far, and finally writes the weights into the build
# (cpp/futlog/eval_weights.inc) and rebuilds.
#
#   train/futlog/train.sh [WORK_DIR]        (default out/train)
#
# Settings through the environment (defaults in brackets):
#   GENERATIONS [3]  GAMES per job and generation [1000]  JOBS [2]
#   NODES per move [2000]  HIDDEN units [16]  EPOCHS [15]  L2 [3e-4]
#   RATE [0.002]  LAMBDA [0.5]  INIT: weights file for the first generation
#   (default: the embedded weights)  BUILD: build folder [out/train-build]
#   INCLUDE: where the weights go [cpp/futlog/eval_weights.inc]
# Cost on this project's 2-core machine: see docs/futlog.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
WORK=${1:-out/train}
GENERATIONS=${GENERATIONS:-3}
GAMES=${GAMES:-1000}
JOBS=${JOBS:-2}
NODES=${NODES:-2000}
HIDDEN=${HIDDEN:-16}
EPOCHS=${EPOCHS:-15}
L2=${L2:-3e-4}
RATE=${RATE:-0.002}
LAMBDA=${LAMBDA:-0.5}
BUILD=${BUILD:-out/train-build}
INCLUDE=${INCLUDE:-cpp/futlog/eval_weights.inc}

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_SWIPL=ON \
    -DTABULA_GAMES=futlog -DTABULA_TESTS=OFF >/dev/null
fi
cmake --build "$BUILD" --target futlog_train
TRAIN="$BUILD/train/futlog/futlog_train"
mkdir -p "$WORK"
weights=${INIT:-}
start=$(date +%s)
for gen in $(seq 1 "$GENERATIONS"); do
  echo "generation $gen: self-play ($JOBS x $GAMES games, $NODES nodes a move)"
  pids=()
  for job in $(seq 1 "$JOBS"); do
    nice -n 10 "$TRAIN" selfplay --out "$WORK/g${gen}_$job.bin" --games "$GAMES" --nodes "$NODES" \
      --seed "$((gen * 100 + job))" ${weights:+--weights "$weights"} 2>"$WORK/g${gen}_$job.log" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  data=$(ls "$WORK"/g*_*.bin | paste -sd, -)
  echo "generation $gen: fitting on $data"
  nice -n 10 "$TRAIN" fit --data "$data" --out "$WORK/weights_g$gen.txt" --hidden "$HIDDEN" --epochs "$EPOCHS" \
    --l2 "$L2" --rate "$RATE" --lambda "$LAMBDA" --include "$WORK/eval_weights_g$gen.inc" 2>&1 | tail -n 3
  weights="$WORK/weights_g$gen.txt"
done
cp "$WORK/eval_weights_g$GENERATIONS.inc" "$INCLUDE"
echo "wrote $INCLUDE from $weights in $(( $(date +%s) - start )) s; rebuilding"
cmake --build "$BUILD"
