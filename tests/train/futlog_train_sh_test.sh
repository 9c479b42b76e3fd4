#!/usr/bin/env bash
# train/futlog/train.sh at toy sizes with the tools of an existing build:
# a generation is played, fitted, gated and exported; a run continued with
# FIRST fits on the earlier generation's games too; a finished self-play
# job is not played again; a rejected generation leaves the weights alone.
# An unfinished job is played afresh, a window reaching before the
# folder's first generation is cut, and a fine-tuning fit starts from the
# current weights; the gate plays at equal time when asked; a relabelling
# run fits on the played positions searched again, and on nothing else,
# and a stopped relabelling goes on where it was; a run with proofs fits
# on the proven children too, and one with games at odds fits on their
# positions relabelled. The matches are played on the tournament runner.
#   futlog_train_sh_test.sh BUILD_DIR     (SWIPL, FOREIGN: as train.sh)
set -euo pipefail
build=$(cd "$1" && pwd)
script=$(cd "$(dirname "$0")/../../train/futlog" && pwd)/train.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
run() {
  env BUILD="$build" SKIP_BUILD=1 INCLUDE="$work/w.inc" GENERATIONS=1 GAMES=3 JOBS=2 NODES=40 TREE=2 \
    EPOCHS=1 HIDDEN=4 GATE_GAMES=2 GATE_NODES=40 "$@" "$script" "$work/run" >"$work/log" 2>&1 ||
    { cat "$work/log" >&2; fail "train.sh failed ($*)"; }
}

run GATE_SCORE=0
for f in g1_1.bin g1_2.bin g1_1.done g1_2.done weights_g1.txt gate_g1.txt gate_g1/games.pl; do
  [ -s "$work/run/$f" ] || [ -f "$work/run/$f" ] || fail "generation 1 left no $f"
done
grep -q 'generation 1: accepted' "$work/log" || fail "a gate at score 0 did not accept"
# The gate's score is the candidate's points over the runner's games, with
# the sides it played (first or second): 2 games, one opening of 3 plies.
grep -q '^generation 1: gate match against the current weights: games 2, new [0-9.]* points, score [0-9.]*$' \
  "$work/log" || { cat "$work/log" >&2; fail "no gate summary"; }
[ "$(grep -c '^game([12],\(new,current\|current,new\),\[[^]]*,[^]]*,[^]]*\],' "$work/run/gate_g1/games.pl")" = 2 ] ||
  { cat "$work/run/gate_g1/games.pl" >&2; fail "the gate did not play both sides of a 3-ply opening"; }
grep -q 'kEmbeddedHidden = 4;' "$work/w.inc" || fail "the accepted weights were not exported"

# Continued: generation 2 from generation 1's weights, fitted on both.
run GATE_SCORE=0 FIRST=2 INIT="$work/run/weights_g1.txt"
grep -q "fitting on .*g1_1.bin.*g2_1.bin" "$work/log" || fail "generation 2 was not fitted on generation 1's games"
[ -f "$work/run/weights_g2.txt" ] || fail "generation 2 wrote no weights"

# Again: the finished self-play jobs are not played again.
before=$(md5sum "$work/run/g2_1.bin" "$work/run/g2_2.bin")
touch -d '2000-01-01' "$work/run/g2_1.bin"
run GATE_SCORE=0 FIRST=2 INIT="$work/run/weights_g1.txt"
[ "$(stat -c %Y "$work/run/g2_1.bin")" = "$(date -d '2000-01-01' +%s)" ] || fail "a finished job was played again"
[ "$(md5sum "$work/run/g2_1.bin" "$work/run/g2_2.bin")" = "$before" ] || fail "the games of generation 2 changed"

# An unfinished job (no .done) is played afresh: its partial games are
# replaced by the same seed's games, not appended to.
rm "$work/run/g2_2.done"
head -c 64 "$work/run/g2_2.bin" >>"$work/run/g2_2.bin"
run GATE_SCORE=0 FIRST=2 INIT="$work/run/weights_g1.txt"
[ -f "$work/run/g2_2.done" ] || fail "the unfinished job did not finish"
[ "$(md5sum "$work/run/g2_1.bin" "$work/run/g2_2.bin")" = "$before" ] || fail "an unfinished job's games were kept"

# Generation 5 right after 2: the window (4-5) has no games of generation 4.
run GATE_SCORE=0 FIRST=5 WINDOW=2 INIT="$work/run/weights_g1.txt" GAMES=2
grep -q "fitting on .*g5_1.bin" "$work/log" && ! grep -q "g4_" "$work/log" ||
  { cat "$work/log" >&2; fail "a missing generation in the window was not skipped"; }

# A fine-tuning run: the fit starts from the current weights, which must
# have at most the fit's hidden size (the embedded ones have more).
run GATE_SCORE=0 FIRST=6 FINE_TUNE=1 INIT="$work/run/weights_g1.txt"
grep -q "generation 6: fitting on .*, from $work/run/weights_g1.txt" "$work/log" ||
  { cat "$work/log" >&2; fail "the fine-tuning fit did not start from the current weights"; }
[ -f "$work/run/weights_g6.txt" ] || fail "the fine-tuning fit wrote no weights"
if "$build/train/futlog/futlog_train" fit --data "$work/run/g6_1.bin" --out "$work/x.txt" --hidden 4 \
  --epochs 1 --init embedded 2>"$work/err"; then
  fail "a fit from weights of a larger hidden size ran"
fi
grep -q "32 hidden units, more than --hidden 4" "$work/err" || fail "no word of the hidden sizes: $(cat "$work/err")"

# A gate at equal time: both players search to the runner's clock.
run GATE_SCORE=0 FIRST=7 GATE_MS=20 INIT="$work/run/weights_g1.txt" GAMES=2
grep -q '^event(futlog,.*,move(0.02),' "$work/run/gate_g7/games.pl" && ! grep -q -- '--nodes' "$work/run/gate_g7/games.pl" ||
  { cat "$work/run/gate_g7/games.pl" >&2; fail "the gate did not play at 20 ms a move"; }
grep -q 'generation 7: accepted' "$work/log" || fail "the timed gate at score 0 did not accept"

# Relabelled: the played positions searched again, and the fit on them alone.
run GATE_SCORE=0 FIRST=8 RELABEL_NODES=60 RELABEL_EVERY=1 INIT="$work/run/weights_g1.txt" GAMES=2
grep -q "generation 8: relabelling the played positions at 60 nodes" "$work/log" ||
  { cat "$work/log" >&2; fail "generation 8 was not relabelled"; }
grep -q "generation 8: fitting on $work/run/r8_1.bin,$work/run/r8_2.bin$" "$work/log" ||
  { cat "$work/log" >&2; fail "the fit did not take the relabelled positions alone"; }
for j in 1 2; do
  r=$(stat -c %s "$work/run/r8_$j.bin") g=$(stat -c %s "$work/run/g8_$j.bin")
  [ -f "$work/run/r8_$j.done" ] && [ "$r" -gt 0 ] && [ $((r % 64)) = 0 ] && [ "$r" -lt "$g" ] ||
    fail "job $j's relabelled file holds $r bytes against $g played"
done

# A relabelling stopped part way (no .done, a partial last record) goes on
# where it was: its first record is kept as written (here marked by a
# label of 123, bytes 53-54), the rest is what one run writes.
cp "$work/run/r8_2.bin" "$work/r8_2.full"
rm "$work/run/r8_2.done"
# (No pipe into head here: under pipefail the writer's SIGPIPE would end
# the test silently whenever head closes first.)
{ head -c 52 "$work/r8_2.full"; printf '\173\000'; tail -c +55 "$work/r8_2.full"; } >"$work/r8_2.kept"
head -c $((54 + 10 + 20)) "$work/r8_2.kept" >"$work/run/r8_2.bin"
run GATE_SCORE=0 FIRST=8 RELABEL_NODES=60 RELABEL_EVERY=1 INIT="$work/run/weights_g1.txt" GAMES=2
[ -f "$work/run/r8_2.done" ] && cmp -s "$work/run/r8_2.bin" "$work/r8_2.kept" ||
  fail "a stopped relabelling did not go on where it was"
# A self-play job played afresh takes its relabelling with it: records of
# other games left in its file are not kept.
rm "$work/run/g8_2.done" "$work/run/r8_2.done"
head -c 128 "$work/run/r8_1.bin" >"$work/run/r8_2.bin"
run GATE_SCORE=0 FIRST=8 RELABEL_NODES=60 RELABEL_EVERY=1 INIT="$work/run/weights_g1.txt" GAMES=2
cmp -s "$work/run/r8_2.bin" "$work/r8_2.full" || fail "the replayed job's relabelling was not made afresh"

# Exact proofs: the best-rated children of the relabelled positions,
# checked, and the fit on both files of each job.
run GATE_SCORE=0 FIRST=9 WINDOW=1 RELABEL_NODES=60 RELABEL_EVERY=1 TRAPS_EVERY=1 TRAPS_CHILDREN=3 \
  INIT="$work/run/weights_g1.txt" GAMES=2
grep -q "generation 9: exact proofs for the best-rated children of one position in 1" "$work/log" ||
  { cat "$work/log" >&2; fail "generation 9 had no proofs"; }
grep -q "generation 9: fitting on $work/run/r9_1.bin,$work/run/r9_2.bin,$work/run/p9_1.bin,$work/run/p9_2.bin$" \
  "$work/log" || { cat "$work/log" >&2; fail "the fit did not take the proven children"; }
p=$(($(stat -c %s "$work/run/p9_1.bin") + $(stat -c %s "$work/run/p9_2.bin")))
[ -f "$work/run/p9_1.done" ] && [ "$p" -gt 0 ] && [ $((p % 64)) = 0 ] || fail "the proofs wrote $p bytes"
labels=$(od -An -v -tx1 -w64 "$work/run/p9_1.bin" "$work/run/p9_2.bin" | awk '{print $53 $54 $57}' | sort -u | tr '\n' ' ')
[ -z "$(echo "$labels" | tr ' ' '\n' | grep -v -e '^e80300$' -e '^18fc00$' | grep .)" ] ||
  fail "the proofs wrote other than proven tree positions: $labels"

# Games at odds: matches of the current weights against themselves at a
# tenth of the nodes, their positions relabelled (with the played ones'
# exploration) and fitted after the played ones; they need a relabelling.
run GATE_SCORE=0 FIRST=10 WINDOW=1 RELABEL_NODES=60 RELABEL_EVERY=1 RELABEL_EXPLORE=100 ODDS_GAMES=2 \
  ODDS_NODES=80 ODDS_WEAK=8 INIT="$work/run/weights_g1.txt" GAMES=2
grep -q "generation 10: games at odds (2 x 2 games, 80 against 8 nodes a move)" "$work/log" ||
  { cat "$work/log" >&2; fail "generation 10 played no games at odds"; }
grep -q "generation 10: fitting on $work/run/r10_1.bin,$work/run/r10_2.bin,$work/run/ro10_1.bin,$work/run/ro10_2.bin$" \
  "$work/log" || { cat "$work/log" >&2; fail "the fit did not take the relabelled positions of the games at odds"; }
for j in 1 2; do
  [ "$(grep -c '^game [12] first=\(strong\|weak\) second=\(strong\|weak\) ' "$work/run/o10_$j.txt")" = 2 ] ||
    fail "job $j's games at odds: $(cat "$work/run/o10_$j.txt")"
  o=$(stat -c %s "$work/run/o10_$j.bin") r=$(stat -c %s "$work/run/ro10_$j.bin")
  [ -f "$work/run/ro10_$j.done" ] && [ "$o" -gt 0 ] && [ "$r" = "$o" ] ||
    fail "job $j's games at odds gave $o bytes of positions and $r relabelled"
done
# job 1's runner is seeded 10 x 100 + 50 + 1, and its games numbered from 1051 x 1000
[ "$(od -An -tx1 -j48 -N4 "$work/run/o10_1.bin" | tr -d ' ')" = 78091000 ] || fail "job 1's games are not numbered from 1051000"
"$build/train/futlog/futlog_train" relabel --data "$work/run/o10_1.bin" --out "$work/ro.bin" --nodes 60 --explore 100 \
  --weights "$work/run/weights_g1.txt" 2>/dev/null
cmp -s "$work/ro.bin" "$work/run/ro10_1.bin" || fail "the games at odds were not relabelled as asked (60 nodes, exploration 100)"
if env BUILD="$build" SKIP_BUILD=1 ODDS_GAMES=2 "$script" "$work/none" >"$work/log" 2>&1; then
  fail "games at odds ran without a relabelling"
fi
grep -q "ODDS_GAMES needs RELABEL_NODES" "$work/log" || fail "no word that games at odds need a relabelling: $(cat "$work/log")"

# Self-play with an exploration bonus: job 1's games are the ones
# futlog_train plays with that bonus and the job's seed (11 x 100 + 1),
# and not the plain search's.
run GATE_SCORE=0 FIRST=11 WINDOW=1 EXPLORE=1000 INIT="$work/run/weights_g1.txt" GAMES=2
selfplay() {
  "$build/train/futlog/futlog_train" selfplay --out "$1" --games 2 --nodes 40 --random-plies 4 --sample-plies 16 \
    --temperature 40 --tree 2 --seed 1101 --weights "$work/run/weights_g1.txt" "${@:2}" 2>/dev/null
}
selfplay "$work/e1000.bin" --explore 1000
selfplay "$work/e0.bin"
cmp -s "$work/e1000.bin" "$work/run/g11_1.bin" || fail "the self-play did not search with EXPLORE's bonus"
! cmp -s "$work/e0.bin" "$work/run/g11_1.bin" || fail "the bonus changed nothing in the self-play games"

# A gate no candidate can pass: the exported weights stay as they were.
cp "$work/w.inc" "$work/w.before"
run GATE_SCORE=1.01 FIRST=3 INIT="$work/run/weights_g2.txt"
grep -q 'generation 3: rejected' "$work/log" || fail "a gate at 1.01 did not reject"
grep -q 'no generation was accepted' "$work/log" || fail "no word that nothing was accepted"
cmp -s "$work/w.inc" "$work/w.before" || fail "a rejected run changed the exported weights"
echo "futlog train.sh: ok"
