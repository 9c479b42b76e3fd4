#!/bin/sh
# Regenerates UTTT's opening book from our own long searches: builds
# uttt_book (book_builder.hpp), runs it and writes cpp/uttt/opening_book.inc,
# which the next build compiles in. Prints the cost at the end.
#
#   train/uttt/book.sh
#
# Settings (environment): SIMS per position (8000000), DEPTH in plies (5),
# WIDTH of the expansion (3), JOBS in parallel (2), SEED (1), BUILD
# (out/release; configured without Prolog when it does not exist yet),
# WORK (out/book), NICE (0), LINES (train/uttt/book_lines.txt: the lines
# of play the book follows past DEPTH, book_builder.hpp). The searches go
# to WORK/opening_book.inc as they end, and a rerun resumes from it: a
# killed run loses only the searches it had running, and lines added to
# LINES cost only their new positions. A run with other SIMS or SEED needs
# an empty WORK.
set -eu
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/out/release}
WORK=${WORK:-$ROOT/out/book}
SIMS=${SIMS:-8000000}
DEPTH=${DEPTH:-5}
WIDTH=${WIDTH:-3}
JOBS=${JOBS:-2}
SEED=${SEED:-1}
NICE=${NICE:-0}
LINES=${LINES:-$ROOT/train/uttt/book_lines.txt}

if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTABULA_PROLOG=OFF >/dev/null
fi
cmake --build "$BUILD" --target uttt_book
mkdir -p "$WORK"

start=$(date +%s)
# uttt_book ends with the cost of its searches: positions, wall and CPU time.
nice -n "$NICE" "$BUILD/train/uttt/uttt_book" --out "$WORK/opening_book.inc" --resume \
  --sims "$SIMS" --depth "$DEPTH" --width "$WIDTH" --jobs "$JOBS" --seed "$SEED" --lines "$LINES"
cp "$WORK/opening_book.inc" "$ROOT/cpp/uttt/opening_book.inc"
echo "book.sh: SIMS=$SIMS DEPTH=$DEPTH WIDTH=$WIDTH JOBS=$JOBS SEED=$SEED, $(($(date +%s) - start)) s:" \
  "cpp/uttt/opening_book.inc (the next build compiles it in)"
