#!/usr/bin/env bash
# How the build chooses its SWI-Prolog (cmake/TabulaProlog.cmake), by
# configuring scratch builds of this checkout:
#   cmake_prolog_test.sh SWIPL
# - -DSWIPL=SWIPL builds for SWIPL, with its own headers and version;
# - the SWIPL environment variable does the same;
# - a swipl on PATH is taken when neither is given;
# - a swipl whose headers are of another version is refused, never used;
# - a -DSWIPL that does not run is an error, not a build without Prolog;
# - -DTABULA_PROLOG=OFF builds the C++ cores only, and says so.
set -euo pipefail
swipl=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-cmake-prolog.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

version=$("$swipl" --dump-runtime-variables | sed -n 's/^PLVERSION="\([0-9]*\)";/\1/p')
dotted="$((version / 10000)).$((version / 100 % 100)).$((version % 100))"

n=0
configure() { # configure EXPECT(ok|error) PATTERN ARGS...: one scratch configure
  local expect=$1 pattern=$2 out rc=0
  shift 2
  n=$((n + 1))
  out=$(cmake -S "$root" -B "$work/build$n" -G Ninja -DTABULA_TESTS=OFF -DTABULA_BENCH=OFF "$@" 2>&1) || rc=$?
  if [ "$expect" = ok ] && [ $rc -ne 0 ]; then fail "configure $* failed: $out"; fi
  if [ "$expect" = error ] && [ $rc -eq 0 ]; then fail "configure $* should have failed: $out"; fi
  grep -q -- "$pattern" <<<"$out" || fail "configure $* did not say '$pattern': $out"
}

real=$(cd "$(dirname "$swipl")" && pwd -P)/$(basename "$swipl")
configure ok "SWI-Prolog $dotted .*from -DSWIPL" -DSWIPL="$swipl"
SWIPL=$swipl configure ok "SWI-Prolog $dotted .*from the environment variable SWIPL"
PATH="$(dirname "$real"):$PATH" configure ok "SWI-Prolog $dotted .*from PATH"

# A swipl that says it is 10.0.1 over the headers of 9.0.4: refused.
fake=$work/fake
mkdir -p "$fake/bin" "$fake/home/include"
printf '#define PLVERSION 90004\n' >"$fake/home/include/SWI-Prolog.h"
cat >"$fake/bin/swipl" <<EOF
#!/bin/sh
printf 'PLBASE="%s";\nPLARCH="x86_64-linux";\nPLVERSION="100001";\nPLSOEXT="so";\n' "$fake/home"
EOF
chmod +x "$fake/bin/swipl"
configure error "refusing to build for one Prolog with the headers of another" -DSWIPL="$fake/bin/swipl"

configure error "does not run" -DSWIPL="$work/no-such-swipl"
configure ok "building the C++ cores and their tests only" -DTABULA_PROLOG=OFF
echo "cmake_prolog: ok"
