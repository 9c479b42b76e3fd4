#!/bin/sh
# Trains the UTTT value network end to end and compiles it into the engine:
# builds the tools, plays self-play games, fits the network, writes
# cpp/uttt/value_weights.inc and rebuilds.
#
#   train/uttt/train.sh
#
# Generation 0 plays with playouts at the leaves; each later generation
# plays with the network of the one before and is fitted, starting from
# that network, on the last two generations' positions. Settings (environment):
#   GENERATIONS (2), GAMES per job per generation (6000), SIMS per move
#   (800), JOBS in parallel (2), EPOCHS (12), BUILD (out/release),
#   WORK (out/train), NICE (10).
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/out/release}
WORK=${WORK:-$ROOT/out/train}
GENERATIONS=${GENERATIONS:-2}
GAMES=${GAMES:-6000}
SIMS=${SIMS:-800}
JOBS=${JOBS:-2}
EPOCHS=${EPOCHS:-12}
NICE=${NICE:-10}

cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_SWIPL=ON >/dev/null
cmake --build "$BUILD" --target uttt_selfplay uttt_fit
mkdir -p "$WORK"
start=$(date +%s)
previous=""
g=0
while [ "$g" -lt "$GENERATIONS" ]; do
  echo "generation $g: $JOBS x $GAMES games at $SIMS simulations a move"
  rm -f "$WORK"/gen${g}_*.bin
  j=1
  while [ "$j" -le "$JOBS" ]; do
    if [ -n "$previous" ]; then net="--network $previous"; else net=""; fi
    # shellcheck disable=SC2086
    nice -n "$NICE" "$BUILD/train/uttt/uttt_selfplay" --games "$GAMES" --sims "$SIMS" --seed $((g * 100 + j)) \
      --out "$WORK/gen${g}_$j.bin" $net &
    j=$((j + 1))
  done
  wait
  data="$WORK/gen${g}_*.bin"
  init=""
  if [ "$g" -gt 0 ]; then
    data="$data $WORK/gen$((g - 1))_*.bin"
    init="--init $previous"
  fi
  # shellcheck disable=SC2086
  nice -n "$NICE" "$BUILD/train/uttt/uttt_fit" --epochs "$EPOCHS" --seed $((g + 7)) $init \
    --out-bin "$WORK/net$g.bin" --out-inc "$WORK/net$g.inc" $data
  previous="$WORK/net$g.bin"
  echo "generation $g done after $(($(date +%s) - start)) s"
  g=$((g + 1))
done
cp "$WORK/net$((GENERATIONS - 1)).inc" "$ROOT/cpp/uttt/value_weights.inc"
cmake --build "$BUILD"
echo "trained in $(($(date +%s) - start)) s: cpp/uttt/value_weights.inc"
