#!/usr/bin/env bash
# The Futlog training tools end to end at toy sizes: self-play with drawn
# moves writes one 64-byte record per position, relabel, siblings and traps
# label positions again, fit reads them and writes a weights file, the
# engine plays with those weights on the tournament runner, games reads the
# positions of the runner's games (turned into its file by
# train/futlog/record_games.pl), and export turns the weights into the
# build's C++ initializer.
#   futlog_train_test.sh TRAIN PLAYER     (SWIPL, FOREIGN: as train.sh)
set -euo pipefail
train=$1 player=$2
root=$(cd "$(dirname "$0")/../.." && pwd)
swipl=${SWIPL:-swipl}
foreign=${FOREIGN:-$root/lib/$("$swipl" --no-packs -g 'current_prolog_flag(arch, A), write(A)' -t halt)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

"$train" selfplay --out "$work/a.bin" --games 6 --nodes 60 --random-plies 2 --sample-plies 10 \
  --temperature 200 --seed 3
size=$(stat -c %s "$work/a.bin")
[ "$size" -gt 0 ] && [ $((size % 64)) -eq 0 ] || fail "selfplay wrote $size bytes"

# The same seed gives the same games; another seed other games.
"$train" selfplay --out "$work/b.bin" --games 6 --nodes 60 --random-plies 2 --sample-plies 10 \
  --temperature 200 --seed 3 2>/dev/null
cmp -s "$work/a.bin" "$work/b.bin" || fail "selfplay is not reproducible for one seed"
"$train" selfplay --out "$work/c.bin" --games 6 --nodes 60 --random-plies 2 --sample-plies 10 \
  --temperature 200 --seed 4 2>/dev/null
cmp -s "$work/a.bin" "$work/c.bin" && fail "two seeds gave the same games"

# With the search's tree: more positions for as many games.
"$train" selfplay --out "$work/d.bin" --games 6 --nodes 60 --random-plies 2 --sample-plies 10 \
  --temperature 200 --tree 4 --seed 3
[ $(($(stat -c %s "$work/d.bin") % 64)) -eq 0 ] || fail "selfplay --tree wrote a partial record"
[ "$(stat -c %s "$work/d.bin")" -gt "$size" ] || fail "selfplay --tree recorded no tree position"

# Descent's searches (lines continued to the end of the game) give other
# trees and values from the same games' seed, still whole records.
"$train" selfplay --out "$work/e.bin" --games 6 --nodes 60 --random-plies 2 --sample-plies 10 \
  --temperature 200 --tree 4 --seed 3 --descent 1 2>/dev/null
[ $(($(stat -c %s "$work/e.bin") % 64)) -eq 0 ] || fail "selfplay --descent wrote a partial record"
cmp -s "$work/d.bin" "$work/e.bin" && fail "selfplay --descent searched as without it"

# Sibling groups: each searched position (byte 57 of a record: 00) is
# followed by children (01) without a result, whose labels are their
# shares, permille, of the search's choice: they sum to 1000 a group, to
# rounding.
# Forty games, so that the agreement below rests on enough positions not
# to swing with the committed weights' games (six, then twenty did).
"$train" selfplay --out "$work/g.bin" --games 40 --nodes 200 --random-plies 2 --sample-plies 10 \
  --temperature 200 --group 4 --group-others 2 --seed 3 2>/dev/null
od -An -v -tx1 -w64 "$work/g.bin" | awk '
  function hex(h,   i, n) { n = 0; for (i = 1; i <= length(h); ++i) n = 16 * n + index("0123456789abcdef", substr(h, i, 1)) - 1; return n }
  function close_group() { if (open && size > 0) { groups++; if (sum < 996 || sum > 1004) bad++ } open = 0 }
  $58 == "00" { close_group(); heads++; open = 1; sum = 0; size = 0; next }
  $58 == "01" { if (!open || $57 != "00" || ++size > 6) bad++
                v = hex($54 $53); if (v >= 32768) v -= 65536; if (v < 0) bad++; sum += v; next }
  { bad++ }
  END { close_group(); exit bad > 0 || groups == 0 || groups > heads }' ||
  fail "selfplay --group wrote sibling records out of place or shares that do not sum to 1000"
heads=$(od -An -v -tx1 -w64 "$work/g.bin" | awk '$58 == "00"' | wc -l)
# Without --rank the fit leaves the siblings out; with it, it learns to
# rank them as the search did, clearly better than it started and than the
# same fit without it (by how much depends on the committed weights' games:
# 0.24 to 0.42 for generation 17's, 0.28 to 0.52 for generation 15's).
"$train" fit --data "$work/g.bin" --out "$work/g0.txt" --hidden 8 --epochs 16 --rate 0.01 2>"$work/g0.log"
fitted=$(sed -n 's/^fit: [0-9]* records, [0-9]* positions (\([0-9]*\) train, \([0-9]*\) validation).*/\1 + \2/p' "$work/g0.log")
[ "$((fitted))" -eq "$heads" ] || fail "fit took $((fitted)) positions, the file has $heads searched ones"
"$train" fit --data "$work/g.bin" --out "$work/g1.txt" --hidden 8 --epochs 16 --rate 0.01 --rank 1 \
  2>"$work/g1.log" || { cat "$work/g1.log" >&2; fail "fit --rank failed"; }
agreed() { sed -n "s/^$1.*first choice agreed \([0-9.]*\)), validation.*/\1/p" "$work/$2" | tail -1; }
awk -v a="$(agreed start g1.log)" -v b="$(agreed epoch g1.log)" -v c="$(agreed epoch g0.log)" \
  'BEGIN { exit !(b > a + 0.1 && b > c + 0.1) }' ||
  fail "fit --rank did not learn the search's first choices: $(agreed start g1.log) then $(agreed epoch g1.log)," \
    "without it $(agreed epoch g0.log)"
"$train" fit --data "$work/g.bin" --out "$work/gx.txt" --rank 1 --beta 0 2>/dev/null && fail "fit accepted --beta 0"

# Reanalysis: every other record of d.bin that is a game position searched
# again, with its game's result kept (byte 56 of a record: +1 or -1); tree
# positions, which have no result, are skipped.
"$train" relabel --data "$work/d.bin" --out "$work/r.bin" --nodes 80 --every 2 2>/dev/null
rsize=$(stat -c %s "$work/r.bin")
[ "$rsize" -gt 0 ] && [ $((rsize % 64)) -eq 0 ] || fail "relabel wrote $rsize bytes"
[ "$rsize" -lt "$size" ] || fail "relabel did not take every other record only"
results=$(od -An -v -tx1 -w64 "$work/r.bin" | awk '{print $57}' | sort -u | tr '\n' ' ')
[ "$results" = "01 ff " ] || fail "relabel lost the games' results: $results"
# A relabelling stopped part way goes on with --resume 1: the records
# written are kept, a partial last one is cut off, and the rest is what
# one run writes.
head -c $((3 * 64 + 10)) "$work/r.bin" >"$work/rr.bin"
"$train" relabel --data "$work/d.bin" --out "$work/rr.bin" --nodes 80 --every 2 --resume 1 2>/dev/null
cmp -s "$work/r.bin" "$work/rr.bin" || fail "relabel --resume did not go on where the stopped run was"
"$train" relabel --data "$work/d.bin" --out "$work/rr.bin" --nodes 80 --every 2 --resume 1 2>/dev/null
cmp -s "$work/r.bin" "$work/rr.bin" || fail "relabel --resume added to a finished file"
# The same records by Descent's search: as many, other values.
"$train" relabel --data "$work/d.bin" --out "$work/rd.bin" --nodes 80 --every 2 --descent 1 2>/dev/null
[ "$(stat -c %s "$work/rd.bin")" -eq "$rsize" ] || fail "relabel --descent took other records"
cmp -s "$work/r.bin" "$work/rd.bin" && fail "relabel --descent searched as without it"
# And by the search with the exploration bonus of play: as many, other values.
"$train" relabel --data "$work/d.bin" --out "$work/re.bin" --nodes 80 --every 2 --explore 100 2>/dev/null
[ "$(stat -c %s "$work/re.bin")" -eq "$rsize" ] || fail "relabel --explore took other records"
cmp -s "$work/r.bin" "$work/re.bin" && fail "relabel --explore searched as without it"
# With --tree-out, the nodes each search entered at least --tree-visits
# times go to a file of their own as tree positions (no result); the
# relabelled records are those of the same run without it, and a higher
# threshold keeps fewer nodes.
"$train" relabel --data "$work/d.bin" --out "$work/rp.bin" --nodes 600 --every 2 2>/dev/null
"$train" relabel --data "$work/d.bin" --out "$work/rt.bin" --nodes 600 --every 2 \
  --tree-out "$work/t2.bin" --tree-visits 2 2>/dev/null
cmp -s "$work/rp.bin" "$work/rt.bin" || fail "relabel --tree-out changed the relabelled records"
"$train" relabel --data "$work/d.bin" --out "$work/rt8.bin" --nodes 600 --every 2 \
  --tree-out "$work/t8.bin" --tree-visits 8 2>/dev/null
t2=$(stat -c %s "$work/t2.bin") t8=$(stat -c %s "$work/t8.bin")
[ $((t2 % 64)) -eq 0 ] && [ $((t8 % 64)) -eq 0 ] || fail "relabel --tree-out wrote a partial record"
[ "$t2" -gt "$t8" ] && [ "$t8" -gt 0 ] || fail "relabel --tree-visits 2 and 8 kept $t2 and $t8 bytes"
[ "$(od -An -v -tx1 -w64 "$work/t2.bin" | awk '{print $57}' | sort -u)" = "00" ] ||
  fail "relabel --tree-out wrote positions with a result"
"$train" relabel --data "$work/d.bin" --out "$work/rx.bin" --tree-out "$work/rx.bin" 2>/dev/null &&
  fail "relabel accepted the same file for --out and --tree-out"
"$train" relabel --data "$work/d.bin" --out "$work/rx.bin" --tree-out "$work/./rx.bin" 2>/dev/null &&
  fail "relabel accepted one file under two names for --out and --tree-out"

# Siblings: children of every fourth game position, searched, written
# without a result (byte 56 is 0); at most --children of them a position.
"$train" siblings --data "$work/a.bin" --out "$work/s.bin" --children 2 --nodes 40 --every 4 2>/dev/null
ssize=$(stat -c %s "$work/s.bin")
[ "$ssize" -gt 0 ] && [ $((ssize % 64)) -eq 0 ] || fail "siblings wrote $ssize bytes"
[ "$ssize" -le $((size / 4 / 64 * 2 * 64 + 128)) ] || fail "siblings wrote more than 2 children a position"
results=$(od -An -v -tx1 -w64 "$work/s.bin" | awk '{print $57}' | sort -u | tr '\n' ' ')
[ "$results" = "00 " ] || fail "siblings gave results to positions never played: $results"
"$train" siblings --data "$work/a.bin" --out "$work/t.bin" --children 2 --top 3 --nodes 40 --every 4 2>/dev/null
[ "$(stat -c %s "$work/t.bin")" -gt 0 ] || fail "siblings --top wrote nothing"
# The same children (the same seed) searched with exploration: other values.
"$train" siblings --data "$work/a.bin" --out "$work/se.bin" --children 2 --nodes 40 --every 4 --explore 100 \
  2>/dev/null
[ "$(stat -c %s "$work/se.bin")" -eq "$ssize" ] || fail "siblings --explore drew other children"
cmp -s "$work/s.bin" "$work/se.bin" && fail "siblings --explore searched as without it"

# Exact proofs: every game position written again, whole, with its result,
# its label (bytes 53-54, little-endian) replaced where a proof is found by
# 1000 (e8 03) or -1000 (18 fc). With --children, only proven children, as
# tree positions (result 0) labelled +-1000.
"$train" traps --data "$work/a.bin" --out "$work/p.bin" 2>/dev/null
psize=$(stat -c %s "$work/p.bin")
[ "$psize" -gt 0 ] && [ $((psize % 64)) -eq 0 ] && [ "$psize" -le "$size" ] || fail "traps wrote $psize bytes"
results=$(od -An -v -tx1 -w64 "$work/p.bin" | awk '{print $57}' | sort -u | tr '\n' ' ')
[ "$results" = "01 ff " ] || fail "traps lost the games' results: $results"
# Each record is one of a.bin's, its label kept or replaced by a proof
# (+-1000), and some labels are replaced.
{ od -An -v -tx1 -w64 "$work/a.bin"; echo; od -An -v -tx1 -w64 "$work/p.bin"; } | awk '
  function key() { k = ""; for (i = 1; i <= 64; ++i) if (i != 53 && i != 54) k = k $i; return k }
  NF == 0 { second = 1; next }
  !second { label[key()] = $53 $54; next }
  { k = key(); if (!(k in label)) bad++; else if (label[k] != $53 $54) { changed++; if ($53 $54 != "e803" && $53 $54 != "18fc") bad++ } }
  END { exit bad > 0 || changed == 0 }' || fail "traps wrote records not in its input, labels other than proofs, or no proof"
"$train" traps --data "$work/a.bin" --out "$work/pc.bin" --children 3 2>/dev/null
labels=$(od -An -v -tx1 -w64 "$work/pc.bin" | awk '{print $53 $54 $57}' | sort -u | tr '\n' ' ')
[ -n "$labels" ] && [ -z "$(echo "$labels" | tr ' ' '\n' | grep -v -e '^e80300$' -e '^18fc00$' | grep .)" ] ||
  fail "traps --children wrote other than proven tree positions: $labels"
# Only the proofs the evaluation missed: fewer, the same labels.
"$train" traps --data "$work/a.bin" --out "$work/pm.bin" --children 3 --missed 500 2>/dev/null
pmsize=$(stat -c %s "$work/pm.bin")
[ "$pmsize" -gt 0 ] && [ "$pmsize" -lt "$(stat -c %s "$work/pc.bin")" ] || fail "traps --missed kept $pmsize bytes"
missed=$(od -An -v -tx1 -w64 "$work/pm.bin" | awk '{print $53 $54 $57}' | sort -u | tr '\n' ' ')
[ -z "$(echo "$missed" | tr ' ' '\n' | grep -v -e '^e80300$' -e '^18fc00$' | grep .)" ] ||
  fail "traps --missed wrote other than proven tree positions: $missed"
"$train" traps --data "$work/a.bin" --out "$work/px.bin" --depth 1 2>/dev/null && fail "traps accepted --depth 1"

"$train" fit --data "$work/a.bin,$work/c.bin,$work/d.bin,$work/s.bin" --out "$work/w.txt" --hidden 4 --epochs 2 2>"$work/fit.log" ||
  { cat "$work/fit.log" >&2; fail "fit failed"; }
head -c 40 "$work/w.txt" | grep -q '^futlog-eval ' || fail "fit wrote no weights file"
# A fine-tuning into a wider network starts as the same function: its
# losses before the first epoch are those of the 4 units it starts from.
start_of() { sed -n 's/^start: train loss \([0-9.]*\) .*validation loss \([0-9.]*\) .*/\1 \2/p' "$work/$1"; }
"$train" fit --data "$work/a.bin" --out "$work/w4.txt" --hidden 4 --epochs 1 --init "$work/w.txt" 2>"$work/f4.log"
"$train" fit --data "$work/a.bin" --out "$work/w7.txt" --hidden 7 --epochs 1 --init "$work/w.txt" 2>"$work/f7.log"
[ -n "$(start_of f4.log)" ] && [ "$(start_of f4.log)" = "$(start_of f7.log)" ] ||
  fail "the widened network did not start as its 4 units: $(start_of f4.log) against $(start_of f7.log)"
head -1 "$work/w7.txt" | grep -q ' 7$' || fail "the widened fit did not write 7 units"
"$train" fit --data "$work/a.bin" --out "$work/w3.txt" --hidden 3 --init "$work/w.txt" 2>/dev/null &&
  fail "fit narrowed 4 units to 3"
for h in 0 -3 129; do
  "$train" fit --data "$work/a.bin" --out "$work/wh.txt" --hidden $h --epochs 1 2>"$work/h.err" &&
    fail "fit accepted --hidden $h"
  grep -q -- "--hidden must be 1..128" "$work/h.err" || fail "no word of the hidden range for $h: $(cat "$work/h.err")"
  [ ! -e "$work/wh.txt" ] || fail "fit wrote weights for --hidden $h"
done

# A match of two players on the tournament runner: match OUT SEED A=CMD B=CMD
match() {
  "$swipl" --no-packs -p foreign="$foreign" -p library="$root/prolog" \
    -g 'use_module(library(tabula/tournament))' -g tabula_tournament_main -t halt -- \
    --game futlog --format match --concurrency 1 --out "$1" --rounds 1 --seed "$2" --plies 3 --tc 60 \
    --bridge "futlog-referee:$3" --bridge "futlog-referee:$4" >"$1.txt" 2>&1 ||
    { cat "$1.txt" >&2; fail "the match in $1 failed"; }
}
match "$work/m" 1 "new=$player --nodes 50 --weights $work/w.txt" "old=$player --nodes 50"
[ "$(grep -c '^game([12],.*rules(' "$work/m/games.pl")" = 2 ] ||
  { cat "$work/m/games.pl" >&2; fail "the match did not finish by the rules"; }

# The positions of recorded games: one record a ply, in the game's order,
# numbered from --first-game, each with its game's result for the side to
# move and no search value yet; an unfinished game is left out and an
# illegal move is an error.
match "$work/r" 5 "strong=$player --nodes 50" "weak=$player --nodes 5"
"$swipl" --no-packs -p foreign="$foreign" -p library="$root/prolog" "$root/train/futlog/record_games.pl" -- \
  "$work/r/games.pl" "$work/g.txt" || fail "record_games.pl failed"
[ "$(grep -c '^game [12] first=\(strong\|weak\) second=\(strong\|weak\) score [01] plies [0-9]* | ' "$work/g.txt")" = 2 ] ||
  fail "record_games.pl wrote other than two games: $(cat "$work/g.txt")"
# Each line holds the opening and the moves of its game.
[ "$(sed -n 's/.* plies \([0-9]*\) | .*/\1/p' "$work/g.txt" | awk '{n += $1} END {print n}')" = \
  "$("$swipl" --no-packs -g "consult('$work/r/games.pl'),
      aggregate_all(sum(N), (game(_, _, _, O, M, _, _, _), length(O, A), length(M, B), N is A + B), S), write(S)" -t halt)" ] ||
  fail "record_games.pl lost plies"
# A move our rules reject is an error, and nothing is written.
echo 'game(1, a, b, ["e5"], ["z9"], [0], 1, rules(x)).' >"$work/bad.pl"
"$swipl" --no-packs -p foreign="$foreign" -p library="$root/prolog" "$root/train/futlog/record_games.pl" -- \
  "$work/bad.pl" "$work/bad_games.txt" 2>"$work/bad.log" && fail "record_games.pl took an illegal move"
grep -q 'z9' "$work/bad.log" && [ ! -e "$work/bad_games.txt" ] ||
  fail "record_games.pl gave no word of the illegal move or wrote a file: $(cat "$work/bad.log")"
plies=$(sed -n 's/.* plies \([0-9]*\) | .*/\1/p' "$work/g.txt" | awk '{n += $1} END {print n}')
first=$(sed -n '1s/.* | \([^;]*\) ;.*/\1/p' "$work/g.txt")
{ cat "$work/g.txt"; echo "game 3 first=a second=b score 1 plies 1 | $first"; } >"$work/g3.txt"
"$train" games --games "$work/g3.txt" --out "$work/o.bin" --first-game 7000 2>"$work/o.log" ||
  { cat "$work/o.log" >&2; fail "games failed"; }
grep -q '^games: 2 of 3 games ended' "$work/o.log" || fail "games did not leave the unfinished game out: $(cat "$work/o.log")"
[ "$(stat -c %s "$work/o.bin")" = $((plies * 64)) ] || fail "games wrote $(stat -c %s "$work/o.bin") bytes for $plies plies"
rows=$(od -An -v -tx1 -w64 "$work/o.bin")
[ "$(echo "$rows" | sed -n 1p | awk '{print $49 $50 $51 $52 $53 $54}')" = 581b00000000 ] ||
  fail "the first record is not game 7000 with no search value: $(echo "$rows" | sed -n 1p)"
[ "$(echo "$rows" | awk '{print $53 $54 $58}' | sort -u | tr '\n' ' ')" = "000000 " ] ||
  fail "games wrote search values or other kinds than game positions"
winner1=$(head -1 "$work/g.txt" | sed -n 's/.* score \([01]\) plies .*/\1/p')  # the first player's
case $winner1 in 1) want=01 ;; *) want=ff ;; esac
[ "$(echo "$rows" | sed -n 1p | awk '{print $57}')" = "$want" ] || fail "the first position's result is not its game's ($winner1)"
[ "$(echo "$rows" | awk '{print $57}' | sort -u | tr '\n' ' ')" = "01 ff " ] || fail "games wrote results other than won and lost"
echo "game 1 first=a second=b score 1 plies 2 | $first ; 9,9" >"$work/bad.txt"
"$train" games --games "$work/bad.txt" --out "$work/bad.bin" 2>"$work/bad.log" && fail "games accepted an illegal move"
grep -q 'game 1: not a legal move: 9,9$' "$work/bad.log" || fail "no word of the illegal move: $(cat "$work/bad.log")"
"$train" games --games "$work/missing.txt" --out "$work/bad.bin" 2>"$work/bad.log" && fail "games read a missing file"
grep -q "cannot read $work/missing.txt" "$work/bad.log" || fail "no word of the missing file: $(cat "$work/bad.log")"
"$train" games --games "$work/g.txt" 2>"$work/bad.log" && fail "games ran without --out"
grep -q 'games needs --games and --out' "$work/bad.log" || fail "no word of the missing --out: $(cat "$work/bad.log")"
"$train" games --games "$work/g.txt" --out "$work/bad.bin" --first-game -3 2>"$work/bad.log" &&
  fail "games took a negative game number"
grep -q "^futlog_train: --first-game needs a number of at least 0, not '-3'$" "$work/bad.log" ||
  fail "no word of the negative game number: $(cat "$work/bad.log")"
"$train" selfplay --out "$work/bad.bin" --games 2x 2>"$work/bad.log" && fail "selfplay took --games 2x"
grep -q "^futlog_train: --games needs a number, not '2x'$" "$work/bad.log" ||
  fail "no word of the option that is not a number: $(cat "$work/bad.log")"
[ ! -e "$work/bad.bin" ] || fail "games wrote records from bad input"

"$train" export --weights "$work/w.txt" --include "$work/w.inc"
grep -q 'kEmbeddedHidden = 4;' "$work/w.inc" || fail "export wrote no initializer of 4 units"

"$train" fit --data "$work/missing.bin" --out "$work/x.txt" 2>/dev/null && fail "fit accepted a missing file"
: >"$work/empty.bin"
"$train" relabel --data "$work/empty.bin" --out "$work/x.bin" 2>"$work/bad.log" && fail "relabel took a file of no position"
grep -q "^futlog_train: relabel: no position in --data $work/empty.bin$" "$work/bad.log" ||
  fail "no word of the empty data: $(cat "$work/bad.log")"
"$train" fit --out "$work/x.txt" 2>"$work/bad.log" && fail "fit ran without --data"
grep -q '^futlog_train: fit needs --data and --out$' "$work/bad.log" || fail "no word of the missing --data: $(cat "$work/bad.log")"
echo "futlog training tools: ok"
