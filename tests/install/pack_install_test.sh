#!/usr/bin/env bash
# Installs Tabula as a user of one SWI-Prolog would, in a throw-away home,
# from a copy of this checkout's tracked files (what a clone holds), with no
# network, then loads a game and plays a short demo:
#   pack_install_test.sh SWIPL ROUTE [OLD_SWIPL]
# ROUTE:
#   folder   pack_install('file:///...', [interactive(false), register(false), inquiry(false)])
#   git      pack_install of a git:// URL (git daemon on the loopback)
#   archive  pack_install('.../tabula-<version>.tgz') (needs library(archive))
#   cli      swipl pack install -y file:///... (9.1.18 and later), with no
#            other swipl on PATH than SWIPL's
#   cwd      swipl pack install -y . inside the folder (a linked pack; before
#            9.1.18 pack_install('.', ...))
#   upgrade  installed by OLD_SWIPL first; SWIPL then refuses the libraries
#            with a message naming pack_rebuild(tabula), and pack_rebuild
#            makes them work
# Exit 77 (CTest's skip) when SWIPL cannot take the route at all (the
# route needs a newer version or a package this build lacks), saying why.
set -euo pipefail
swipl=$1 route=$2 old=${3:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tabula-pack-$route.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL ($route): $*" >&2; exit 1; }
skip() { echo "SKIP ($route): $*"; exit 77; }

version_of() { "$1" --dump-runtime-variables | sed -n 's/^PLVERSION="\([0-9]*\)";/\1/p'; }
running=$(version_of "$swipl")

# What a clone holds: the tracked files, as they are in the work tree.
src=$work/tabula
mkdir -p "$src"
(cd "$root" && git ls-files -z | xargs -0 cp --parents -t "$src")
pack_version=$(sed -n "s/^version('\(.*\)')\./\1/p" "$src/pack.pl")

export HOME=$work/home XDG_DATA_HOME=$work/home/.local/share XDG_CONFIG_HOME=$work/home/.config
mkdir -p "$HOME"
packs=$XDG_DATA_HOME/swi-prolog/pack

# PATH with every program of the system but its swipl: the Prolog under test
# must be the only one the build can find.
bin=$work/bin
mkdir -p "$bin"
for d in /usr/local/bin /usr/bin /bin; do
  [ -d "$d" ] || continue
  for f in "$d"/*; do
    name=${f##*/}
    [ "$name" = swipl ] || [ -e "$bin/$name" ] || ln -s "$f" "$bin/$name"
  done
done
with_prolog() { # with_prolog SWIPL CMD...: SWIPL's folder first on PATH
  local exe=$1
  shift
  PATH="$(dirname "$exe"):$bin" "$@"
}

install_with() { # install_with SWIPL GOAL: runs one pack_install goal
  with_prolog "$1" "$1" -g "$2" -t halt </dev/null >"$work/install.log" 2>&1 ||
    { tail -40 "$work/install.log" >&2; fail "the install failed: $2"; }
}

play() { # play SWIPL: the pack loads from any folder and plays
  local out
  out=$(cd "$work" && with_prolog "$1" "$1" -g \
    "use_module(library(tabula/uttt)), initialState(S), makeMove(S, (c,c), S1), getNextAvailableBoards(S1, Bs), print(Bs), nl, use_module(library(tabula)), play_demo([time(0.02)])" \
    -t halt </dev/null 2>&1) || { echo "$out" | tail -30 >&2; fail "the installed pack does not play"; }
  grep -q '^\[c\]$' <<<"$out" || fail "makeMove/getNextAvailableBoards gave: $(head -3 <<<"$out")"
  for title in "Ultimate Tic-Tac-Toe" Futlog 4Mation CrossCut; do
    grep -q "$title" <<<"$out" || fail "play_demo did not play $title"
  done
}

url="file://$src"
case "$route" in
  folder)
    install_with "$swipl" "pack_install('$url', [interactive(false), register(false), inquiry(false)])" ;;
  git)
    # A real git URL: git daemon serving a bare clone on the loopback only
    # (SWI-Prolog 9.0.4 takes git from git://, http:// and https://).
    (cd "$src" && git init -q && git add -A && git -c user.name=t -c user.email=t@t commit -qm snapshot)
    git clone -q --bare "$src" "$work/tabula.git"
    for attempt in 1 2 3 4 5; do
      port=$((20000 + RANDOM % 20000))
      git daemon --reuseaddr --export-all --base-path="$work" --listen=127.0.0.1 --port="$port" \
        --pid-file="$work/daemon.pid" "$work" >"$work/daemon.log" 2>&1 &
      daemon=$!
      trap 'kill "$daemon" 2>/dev/null; rm -rf "$work"' EXIT
      for _ in $(seq 50); do
        git ls-remote "git://127.0.0.1:$port/tabula.git" >/dev/null 2>&1 && break 2
        kill -0 "$daemon" 2>/dev/null || break
        sleep 0.1
      done
      kill "$daemon" 2>/dev/null || true
      daemon=""
    done
    [ -n "$daemon" ] || fail "git daemon did not start: $(cat "$work/daemon.log")"
    install_with "$swipl" "pack_install('git://127.0.0.1:$port/tabula.git', [interactive(false), register(false), inquiry(false)])" ;;
  archive)
    with_prolog "$swipl" "$swipl" -g "use_module(library(archive))" -t halt >/dev/null 2>&1 ||
      skip "this SWI-Prolog has no library(archive) (its archive package was not built)"
    (cd "$work" && mv tabula "tabula-$pack_version" &&
       tar -czf "tabula-$pack_version.tgz" "tabula-$pack_version" && mv "tabula-$pack_version" tabula)
    install_with "$swipl" "pack_install('$work/tabula-$pack_version.tgz', [interactive(false), register(false), inquiry(false)])" ;;
  cwd)
    if ((running >= 90118)); then
      (cd "$src" && with_prolog "$swipl" swipl pack install -y .) </dev/null >"$work/install.log" 2>&1 ||
        { tail -40 "$work/install.log" >&2; fail "swipl pack install -y . failed"; }
    else
      (cd "$src" && install_with "$swipl" "pack_install('.', [interactive(false), register(false), inquiry(false)])")
    fi
    [ -L "$packs/tabula" ] || fail "installing from the folder itself did not link it" ;;
  cli)
    ((running >= 90118)) || skip "swipl pack install exists from 9.1.18"
    (cd "$work" && with_prolog "$swipl" swipl pack install -y "$url") </dev/null >"$work/install.log" 2>&1 ||
      { tail -40 "$work/install.log" >&2; fail "swipl pack install -y $url failed"; } ;;
  upgrade)
    [ -n "$old" ] || fail "upgrade needs OLD_SWIPL"
    install_with "$old" "pack_install('$url', [interactive(false), register(false), inquiry(false)])"
    out=$(cd "$work" && with_prolog "$swipl" "$swipl" -g \
      "use_module(library(tabula/uttt)), catch((initialState(_), writeln(loaded)), E, (print_message(error, E), writeln(refused)))" \
      -t halt </dev/null 2>&1) || true
    grep -q "^refused$" <<<"$out" || fail "libraries built for another version were not refused: $out"
    grep -q "pack_rebuild(tabula)" <<<"$out" || fail "the refusal does not name pack_rebuild(tabula): $out"
    install_with "$swipl" "pack_rebuild(tabula)" ;;
  *) fail "unknown route" ;;
esac

[ -f "$packs/tabula/pack.pl" ] || fail "no pack in $packs"
ls "$packs/tabula/lib/"*/tabula_uttt.* >/dev/null 2>&1 || fail "no foreign library was built"
play "$swipl"
echo "pack install ($route) on $("$swipl" --version): ok"
