#!/bin/sh
# The opening book's lines of play, end to end: record_lines.pl takes the
# games a player did not win from a tournament record, and uttt_book
# follows them (a lines file it cannot read stops it with a message).
#   uttt_book_lines_test.sh UTTT_BOOK    (env: SWIPL, FOREIGN)
set -eu
BOOK_TOOL=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SWIPL=${SWIPL:-swipl}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Four games: api as o drew the same line twice and won once; as x it lost.
cat > "$work/games.pl" <<'GAMES'
game(1,bot,api,[],["c c","c nw","nw nw","nw se","se se","se e","e e"],[],0.5,rules(draw)).
game(2,bot,api,[],["c c","c nw","nw nw","nw se","se se","se e","e e"],[],0.5,rules(draw)).
game(3,bot,api,[],["c c","c nw","nw nw","nw se","se se","se e","e e"],[],0,rules(o)).
game(4,api,bot,[],["c c","c se","se se","se sw"],[],0,rules(o)).
GAMES
lines() {
  "$SWIPL" --no-packs -p foreign="$FOREIGN" -p library="$ROOT/prolog" \
    "$ROOT/train/uttt/record_lines.pl" -- "$work/games.pl" api "$@"
}
[ "$(lines 5 o)" = "o 44,33,00,22,88  2" ] || fail "o lines: $(lines 5 o)"
[ "$(lines 40 x)" = "x 44,55,88,86  1" ] || fail "x lines: $(lines 40 x)"
[ "$(lines 3 | wc -l)" -eq 2 ] || fail "both sides: $(lines 3)"
if lines 3 y 2>/dev/null; then fail "a side other than x or o was taken"; fi

# The book follows the o line past its first ply (depth 1: the start only).
lines 7 o > "$work/lines.txt"
"$BOOK_TOOL" --out "$work/book.inc" --sims 300 --depth 1 --width 1 --lines "$work/lines.txt" 2>"$work/log" ||
  fail "uttt_book: $(cat "$work/log")"
grep -q -- "--lines lines.txt" "$work/book.inc" || fail "the book does not name its lines file"
# Start, then o's positions (plies 1, 3, 5) while the book agrees.
entries=$(grep -c "^[-0-9]" "$work/book.inc")
[ "$entries" -ge 2 ] && [ "$entries" -le 4 ] || fail "$entries entries: $(cat "$work/book.inc")"
grep -q "^44  " "$work/book.inc" || fail "no entry after 44: $(cat "$work/book.inc")"
if grep -q "^44,33 " "$work/book.inc"; then fail "x's position searched on an o line"; fi

echo "x 44,33,55" > "$work/bad.txt"
if "$BOOK_TOOL" --out "$work/bad.inc" --sims 300 --depth 1 --lines "$work/bad.txt" 2>"$work/log"; then
  fail "an illegal line was accepted"
fi
grep -q "move 3 is illegal" "$work/log" || fail "message: $(cat "$work/log")"
if "$BOOK_TOOL" --out "$work/bad.inc" --sims 300 --depth 1 --lines "$work/none.txt" 2>"$work/log"; then
  fail "a missing lines file was accepted"
fi
echo "uttt book lines: ok"
