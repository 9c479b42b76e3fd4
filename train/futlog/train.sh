#!/usr/bin/env bash
# Trains Futlog's learned evaluation end to end: builds the tools, then for
# each generation
#  1. plays self-play games with the engine and the current weights (JOBS
#     processes in parallel, niced (within this session only: see
#     docs/futlog.md); the first plies random, the next ones
#     drawn among the best root moves, so that no two games are alike),
#     recording every position played and TREE positions a move from the
#     search's tree, each with its backed-up value;
#     with ODDS_GAMES, also plays matches of the current weights against
#     themselves at ten times the nodes for one side (a match on the
#     tournament runner, library(tabula/tournament), its record turned into
#     futlog_train's games file by record_games.pl): positions where the
#     weaker side's search was wrong, which games between equals rarely
#     reach;
#  2. with RELABEL_NODES, searches the played positions again at that many
#     nodes (JOBS processes) and keeps only them, with the deeper values:
#     labels from a search as deep as the one the network will serve;
#     with TRAPS_EVERY, adds children of those positions that an exact
#     check proves won or lost;
#  3. fits a network on the positions of the last WINDOW generations;
#  4. gates it: a match on the tournament runner (GATE_GAMES games, in
#     WORK/gate_gN/) against the current weights, at GATE_NODES nodes a
#     move or, with GATE_MS, at equal time; the new weights become current
#     only when they score at least GATE_SCORE (read from games.pl);
# and finally writes the current weights into the build
# (cpp/futlog/eval_weights.inc) and rebuilds.
#
#   train/futlog/train.sh [WORK_DIR]        (default out/train)
#
# Settings through the environment (defaults in brackets):
#   GENERATIONS [3]  GAMES per job and generation [4000]  JOBS [2]
#   NODES per move [800]  RANDOM_PLIES: the first 1..R plies random [4]
#   SAMPLE_PLIES: then P plies drawn by value [16]  TEMPERATURE [40]
#   TREE positions of the search tree recorded a move [8]
#   DESCENT=1: self-play searches with Descent (lines continued to the
#   end of the game, so tree values rest on results) [0]
#   EXPLORE: the self-play search's exploration bonus (play's is 100) [0:
#   the plain best-first search]
#   HIDDEN units [32]  EPOCHS [12]  L2 [1e-4]  RATE [0.002]  LAMBDA [0.5]
#   DECAY: the rate's factor after each epoch [0.6]
#   FINE_TUNE=1: each fit starts from the current weights (INIT, or the
#   embedded ones) rather than from random ones; HIDDEN is their size,
#   or a larger one that widens them [0]
#   WINDOW generations of games to fit on [2]
#   RELABEL_NODES: nodes of the search that labels the played positions
#   again; 0 fits on the self-play values [0]  RELABEL_EVERY: a record
#   in N is taken, then its game positions (tree positions are skipped)
#   are relabelled [3]. With it, fit with LAMBDA=0: the game's result
#   of shallow self-play only adds noise to a deep label (bench/results/
#   futlog.md, "Labels nearer the depth of play")
#   RELABEL_EXPLORE: the relabelling search's exploration bonus (play's
#   is 100) [0: the plain best-first search]
#   ODDS_GAMES: games per job and generation of the current weights at
#   ODDS_NODES [60000] a move against themselves at ODDS_WEAK [6000]
#   (each opening of ODDS_RANDOM_PLIES [4] random plies played with both
#   kick-offs, job j's runner seeded ODDS_SEED + j [generation x 100 +
#   50]; an odd count is rounded up to an even one); their positions
#   are relabelled and fitted with the played ones, so they need
#   RELABEL_NODES [0: none] (bench/results/futlog.md, "Games at ten
#   times the nodes")
#   TRAPS_EVERY: in one game position in N (of the relabelled ones with
#   RELABEL_NODES), the TRAPS_CHILDREN [8] children the current weights
#   rate best for the mover are checked exactly (futlog_train traps,
#   --depth TRAPS_DEPTH [3], a check dropped after TRAPS_MS [300] ms) and
#   the proven ones are fitted on too, labelled won or lost (with
#   TRAPS_MISSED, only those the weights rated under it for the winner
#   [1001: all]); 0: none [0]
#   (bench/results/futlog.md, "Exact proofs as labels")
#   GATE_GAMES [100] (0: no gate; an odd count is rounded up to an even
#   one)  GATE_NODES [20000]  GATE_SCORE [0.55]
#   (a gain at 2,000 nodes was seen to turn into a loss at 20,000: the
#   gate plays nearer the depth of a real search; confirm at equal time)
#   GATE_MS: milliseconds a move; set, the gate plays at equal time
#   instead of GATE_NODES (the measure that counts, but it needs a quiet
#   machine: both sides must get the same CPU) [0]
#   INIT: weights file of the first generation's player (default: the
#   embedded weights)  BUILD: build folder [out/train-build]
#   FIRST generation's number [1]: a run continues an earlier one in the
#   same WORK_DIR, whose generations' games the window then includes
#   (with INIT set to the weights that run ended with); a self-play job
#   that finished (its .done file exists) is not played again, so an
#   interrupted run resumes with its unfinished jobs: a self-play job is
#   played afresh, a relabelling goes on from the last position it wrote
#   INCLUDE: where the weights go [cpp/futlog/eval_weights.inc]
#   SKIP_BUILD=1: use the tools already built in BUILD, and do not rebuild
#   at the end (the tests run the script this way)
#   SWIPL [swipl] and FOREIGN [lib/ARCH of the checkout]: the SWI-Prolog
#   that runs the matches and the folder of its Futlog foreign library
#   BACKEND=slurm: the self-play step as Slurm jobs (library(tabula/jobs)
#   through scripts/jobs_run.pl, docs/cluster.md), with PARTITION, ACCOUNT,
#   TIME (minutes a job) and SWIPL [swipl]; the folders must be seen by the
#   nodes at the same paths [local: background processes]
# Cost on this project's 2-core machine: see docs/futlog.md.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/../.."
WORK=${1:-out/train}
GENERATIONS=${GENERATIONS:-3}
FIRST=${FIRST:-1}
GAMES=${GAMES:-4000}
JOBS=${JOBS:-2}
NODES=${NODES:-800}
RANDOM_PLIES=${RANDOM_PLIES:-4}
SAMPLE_PLIES=${SAMPLE_PLIES:-16}
TEMPERATURE=${TEMPERATURE:-40}
TREE=${TREE:-8}
DESCENT=${DESCENT:-0}
EXPLORE=${EXPLORE:-0}
HIDDEN=${HIDDEN:-32}
EPOCHS=${EPOCHS:-12}
L2=${L2:-1e-4}
RATE=${RATE:-0.002}
LAMBDA=${LAMBDA:-0.5}
DECAY=${DECAY:-0.6}
WINDOW=${WINDOW:-2}
RELABEL_NODES=${RELABEL_NODES:-0}
RELABEL_EVERY=${RELABEL_EVERY:-3}
RELABEL_EXPLORE=${RELABEL_EXPLORE:-0}
ODDS_GAMES=${ODDS_GAMES:-0}
ODDS_NODES=${ODDS_NODES:-60000}
ODDS_WEAK=${ODDS_WEAK:-6000}
ODDS_RANDOM_PLIES=${ODDS_RANDOM_PLIES:-4}
TRAPS_EVERY=${TRAPS_EVERY:-0}
TRAPS_CHILDREN=${TRAPS_CHILDREN:-8}
TRAPS_DEPTH=${TRAPS_DEPTH:-3}
TRAPS_MS=${TRAPS_MS:-300}
TRAPS_MISSED=${TRAPS_MISSED:-1001}
FINE_TUNE=${FINE_TUNE:-0}
GATE_GAMES=${GATE_GAMES:-100}
GATE_NODES=${GATE_NODES:-20000}
GATE_SCORE=${GATE_SCORE:-0.55}
GATE_MS=${GATE_MS:-0}
BUILD=${BUILD:-out/train-build}
INCLUDE=${INCLUDE:-cpp/futlog/eval_weights.inc}

SKIP_BUILD=${SKIP_BUILD:-0}
BACKEND=${BACKEND:-local}
if [ "$ODDS_GAMES" -gt 0 ] && [ "$RELABEL_NODES" -eq 0 ]; then
  echo "ODDS_GAMES needs RELABEL_NODES: the positions of those games have no search value of their own" >&2
  exit 2
fi
if [ "$SKIP_BUILD" != 1 ]; then
  if [ ! -f "$BUILD/build.ninja" ]; then
    cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_DISABLE_FIND_PACKAGE_SWIPL=ON \
      -DTABULA_GAMES=futlog -DTABULA_TESTS=OFF >/dev/null
  fi
  cmake --build "$BUILD" --target futlog_train futlog_player_bench
fi
TRAIN="$BUILD/train/futlog/futlog_train"
PLAYER="$BUILD/bench/futlog_player_bench"
SWIPL=${SWIPL:-swipl}
if [ -z "${FOREIGN:-}" ]; then
  FOREIGN=$PWD/lib/$("$SWIPL" --no-packs -g 'current_prolog_flag(arch, A), write(A)' -t halt)
fi
# A match of two futlog_player_bench commands on the tournament runner:
#   match OUT_DIR GAMES SEED PLIES SECONDS_A_MOVE NAME=COMMAND NAME=COMMAND
# GAMES/2 openings (rounded up), each played with both kick-offs.
match() {
  "$SWIPL" --no-packs -p foreign="$FOREIGN" -p library="$PWD/prolog" \
    -g 'use_module(library(tabula/tournament))' -g tabula_tournament_main -t halt -- \
    --game futlog --format match --concurrency 1 --out "$1" --rounds $((($2 + 1) / 2)) --seed "$3" \
    --plies "$4" --tc "$5" --bridge "futlog-referee:$6" --bridge "futlog-referee:$7"
}
mkdir -p "$WORK"
work_abs=$(cd "$WORK" && pwd)
weights=${INIT:-}
accepted=0
start=$(date +%s)
for gen in $(seq "$FIRST" $((FIRST + GENERATIONS - 1))); do
  echo "generation $gen: self-play ($JOBS x $GAMES games, $NODES nodes a move)"
  pids=()
  list=()
  for job in $(seq 1 "$JOBS"); do
    [ -f "$WORK/g${gen}_$job.done" ] && continue
    rm -f "$WORK/g${gen}_$job.bin"  # an unfinished job's games: self-play appends, so start afresh
    # and its relabelling and proofs were of other games
    rm -f "$WORK/r${gen}_$job.done" "$WORK/r${gen}_$job.bin" "$WORK/p${gen}_$job.done"
    if [ "$BACKEND" = slurm ]; then
      # the same command, its games written to .tmp and renamed, then .done
      args=(nice -n 10 "$TRAIN" selfplay --games "$GAMES" --nodes "$NODES" \
        --random-plies "$RANDOM_PLIES" --sample-plies "$SAMPLE_PLIES" --temperature "$TEMPERATURE" \
        --tree "$TREE" --descent "$DESCENT" --explore "$EXPLORE" --seed "$((gen * 100 + job))" \
        ${weights:+--weights "$weights"})
      list+=("$(printf '%s\t' "g${gen}_$job" "$work_abs/g${gen}_$job.done" /bin/sh -c \
        'o=$1 d=$2 log=$3; shift 3; rm -f "$o.tmp"; "$@" --out "$o.tmp" 2>"$log" && mv "$o.tmp" "$o" && : >"$d.tmp" && mv "$d.tmp" "$d"' \
        selfplay "$work_abs/g${gen}_$job.bin" "$work_abs/g${gen}_$job.done" "$work_abs/g${gen}_$job.log" "${args[@]}")")
      continue
    fi
    (nice -n 10 "$TRAIN" selfplay --out "$WORK/g${gen}_$job.bin" --games "$GAMES" --nodes "$NODES" \
      --random-plies "$RANDOM_PLIES" --sample-plies "$SAMPLE_PLIES" --temperature "$TEMPERATURE" \
      --tree "$TREE" --descent "$DESCENT" --explore "$EXPLORE" --seed "$((gen * 100 + job))" \
      ${weights:+--weights "$weights"} 2>"$WORK/g${gen}_$job.log" &&
      touch "$WORK/g${gen}_$job.done") &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  if ((${#list[@]})); then
    printf '%s\n' "${list[@]%$'\t'}" >"$WORK/g$gen.jobs"
    "${SWIPL:-swipl}" --no-packs -p library="$PWD/prolog" scripts/jobs_run.pl "$WORK/g$gen.jobs" \
      --backend slurm --concurrency "$JOBS" ${PARTITION:+--partition "$PARTITION"} \
      ${ACCOUNT:+--account "$ACCOUNT"} ${TIME:+--time-limit "$TIME"}
  fi
  if [ "$ODDS_GAMES" -gt 0 ]; then
    echo "generation $gen: games at odds ($JOBS x $ODDS_GAMES games, $ODDS_NODES against $ODDS_WEAK nodes a move)"
    pids=()
    for job in $(seq 1 "$JOBS"); do
      [ -f "$WORK/o${gen}_$job.done" ] && continue
      # The runner carries on a record it finds, and games appends: an
      # unfinished job starts afresh.
      rm -rf "$WORK/o${gen}_$job" "$WORK/o${gen}_$job.txt" "$WORK/o${gen}_$job.bin" "$WORK/ro${gen}_$job.done" \
        "$WORK/ro${gen}_$job.bin"
      seed=$((${ODDS_SEED:-$((gen * 100 + 50))} + job))
      # A minute a move: the node budgets set the pace.
      (match "$WORK/o${gen}_$job" "$ODDS_GAMES" "$seed" "$ODDS_RANDOM_PLIES" 60 \
        "strong=nice -n 10 $PLAYER --nodes $ODDS_NODES ${weights:+--weights $weights}" \
        "weak=nice -n 10 $PLAYER --nodes $ODDS_WEAK ${weights:+--weights $weights}" >"$WORK/o${gen}_$job.log" 2>&1 &&
        "$SWIPL" --no-packs -p foreign="$FOREIGN" -p library="$PWD/prolog" train/futlog/record_games.pl -- \
          "$WORK/o${gen}_$job/games.pl" "$WORK/o${gen}_$job.txt" 2>>"$WORK/o${gen}_$job.log" &&
        nice -n 10 "$TRAIN" games --games "$WORK/o${gen}_$job.txt" --out "$WORK/o${gen}_$job.bin" \
          --first-game $((seed * 1000)) 2>>"$WORK/o${gen}_$job.log" && touch "$WORK/o${gen}_$job.done") &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
  fi
  prefix=g
  if [ "$RELABEL_NODES" -gt 0 ]; then
    echo "generation $gen: relabelling the played positions at $RELABEL_NODES nodes (one record in $RELABEL_EVERY)"
    prefix=r
    pids=()
    for job in $(seq 1 "$JOBS"); do
      sources=(g)  # g: the played positions, relabelled into r; o: those of the games at odds, into ro
      [ "$ODDS_GAMES" -gt 0 ] && sources+=(o)
      (for src in "${sources[@]}"; do
        out=r${src/g/}
        [ -f "$WORK/${out}${gen}_$job.done" ] && continue
        [ "$src" = g ] && rm -f "$WORK/p${gen}_$job.done"  # the proofs follow the relabelling
        # A relabelling that was stopped goes on where it was (--resume): at
        # depth it is hours of work.
        nice -n 10 "$TRAIN" relabel --data "$WORK/${src}${gen}_$job.bin" --out "$WORK/${out}${gen}_$job.bin" \
          --nodes "$RELABEL_NODES" --every "$RELABEL_EVERY" --explore "$RELABEL_EXPLORE" --resume 1 \
          ${weights:+--weights "$weights"} 2>"$WORK/${out}${gen}_$job.log" && touch "$WORK/${out}${gen}_$job.done" ||
          exit 1
      done) &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
  fi
  if [ "$TRAPS_EVERY" -gt 0 ]; then
    echo "generation $gen: exact proofs for the best-rated children of one position in $TRAPS_EVERY"
    pids=()
    for job in $(seq 1 "$JOBS"); do
      [ -f "$WORK/p${gen}_$job.done" ] && continue
      rm -f "$WORK/p${gen}_$job.bin"  # traps appends too
      (nice -n 10 "$TRAIN" traps --data "$WORK/${prefix}${gen}_$job.bin" --out "$WORK/p${gen}_$job.bin" \
        --children "$TRAPS_CHILDREN" --depth "$TRAPS_DEPTH" --every "$TRAPS_EVERY" --offset 1 \
        --max-ms "$TRAPS_MS" --missed "$TRAPS_MISSED" ${weights:+--weights "$weights"} 2>"$WORK/p${gen}_$job.log" &&
        touch "$WORK/p${gen}_$job.done") &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
  fi
  first=$((gen - WINDOW + 1))
  files=()  # generations of the window with no games in WORK are skipped (nullglob)
  for g in $(seq $((first > 1 ? first : 1)) "$gen"); do files+=("$WORK"/${prefix}${g}_*.bin); done
  if [ "$RELABEL_NODES" -gt 0 ]; then
    for g in $(seq $((first > 1 ? first : 1)) "$gen"); do files+=("$WORK"/ro${g}_*.bin); done
  fi
  if [ "$TRAPS_EVERY" -gt 0 ]; then
    for g in $(seq $((first > 1 ? first : 1)) "$gen"); do files+=("$WORK"/p${g}_*.bin); done
  fi
  data=$(printf '%s\n' "${files[@]}" | paste -sd, -)
  init=()
  [ "$FINE_TUNE" = 1 ] && init=(--init "${weights:-embedded}")
  echo "generation $gen: fitting on $data${init:+, from ${init[1]}}"
  nice -n 10 "$TRAIN" fit --data "$data" --out "$WORK/weights_g$gen.txt" --hidden "$HIDDEN" --epochs "$EPOCHS" \
    --l2 "$L2" --rate "$RATE" --lambda "$LAMBDA" --decay "$DECAY" "${init[@]}" 2>&1 | tail -n 2
  if [ "$GATE_GAMES" -gt 0 ]; then
    if [ "$GATE_MS" -gt 0 ]; then
      budget=() tc=$(awk -v ms="$GATE_MS" 'BEGIN { print ms / 1000 }')  # each player searches to the referee's clock
    else
      budget=(--nodes "$GATE_NODES") tc=60
    fi
    gate=$WORK/gate_g$gen
    rm -rf "$gate"  # a record of another candidate would be carried on
    match "$gate" "$GATE_GAMES" "$gen" 3 "$tc" "new=$PLAYER ${budget[*]} --weights $WORK/weights_g$gen.txt" \
      "current=$PLAYER ${budget[*]} ${weights:+--weights $weights}" >"$gate.txt" 2>&1 ||
      { cat "$gate.txt" >&2; exit 1; }
    # The candidate's points, whichever side it played, over the games.
    summary=$("$SWIPL" --no-packs -g "consult('$gate/games.pl'),
      aggregate_all(count, game(_, _, _, _, _, _, _, _), N),
      aggregate_all(sum(P), (game(_, F, _, _, _, _, S, _), (F == new -> P = S ; P is 1 - S)), Sum),
      Score is Sum / max(1, N), format('games ~d, new ~w points, score ~3f~n', [N, Sum, Score])" -t halt)
    score=${summary##* }
    echo "generation $gen: gate match against the current weights: $summary"
    if awk -v s="$score" -v t="$GATE_SCORE" 'BEGIN { exit !(s >= t) }'; then
      weights="$WORK/weights_g$gen.txt"
      accepted=$((accepted + 1))
      echo "generation $gen: accepted"
    else
      echo "generation $gen: rejected, the current weights stay"
    fi
  else
    weights="$WORK/weights_g$gen.txt"
    accepted=$((accepted + 1))
  fi
done
# INIT alone is not a result: the build keeps its weights unless a
# generation won its gate.
if [ "$accepted" -eq 0 ]; then
  echo "no generation was accepted: $INCLUDE is unchanged"
  exit 0
fi
"$TRAIN" export --weights "$weights" --include "$INCLUDE"
echo "wrote $INCLUDE from $weights in $(($(date +%s) - start)) s"
[ "$SKIP_BUILD" = 1 ] || cmake --build "$BUILD"
