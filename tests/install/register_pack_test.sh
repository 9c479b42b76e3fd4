#!/usr/bin/env bash
# scripts/register_pack.pl in a throw-away home: a first registration links
# the checkout as the pack `tabula`, a second one leaves it alone, and a
# link left by a checkout that no longer exists is replaced.
#   register_pack_test.sh SWIPL
set -euo pipefail
swipl=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
packs="$home/.local/share/swi-prolog/pack"
fail() { echo "FAIL: $*" >&2; exit 1; }
register() { HOME="$home" XDG_DATA_HOME="$home/.local/share" "$swipl" -q "$root/scripts/register_pack.pl" "$root" "$packs"; }
linked_here() { [ "$(cd "$packs/tabula" && pwd -P)" = "$(cd "$root" && pwd -P)" ]; }

mkdir -p "$packs"
register >/dev/null || fail "a first registration failed"
linked_here || fail "the pack does not lead to the checkout"
register >/dev/null || fail "a second registration failed"
linked_here || fail "a second registration moved the pack"

rm "$packs/tabula"
ln -s "$home/gone/checkout" "$packs/tabula"
out=$(register) || fail "a stale link made the registration fail"
grep -q "Removing the stale tabula link" <<<"$out" || fail "no word of the stale link: $out"
linked_here || fail "the stale link was not replaced by the checkout"
echo "register_pack: ok"
