#!/usr/bin/env bash
# The cross-built targets, run through emulators on this x86-64 Linux machine:
#  - Windows x86-64-v2 (mingw-w64, static) under wine: `bench` must give the native build's
#    node count, and a short UCI exchange is checked line by line (tests/uci_exchange.py:
#    CRLF line endings, an EvalFile path with a drive letter and spaces, a ';'-separated
#    SyzygyPath answered by an info string, go depth, stop during go infinite).
#  - Linux armv8 (static) under qemu-user: `bench` at a reduced depth (qemu is about 6x
#    slower) against the native count at that depth, the NEON kernel against the scalar
#    one (the nnue test suite), and the same UCI exchange.
# Usage: tests/cross_targets.sh <native vazir binary>   (from scripts/test.sh, after
# scripts/install-deps.sh has installed the cross compilers, wine and qemu-user)
set -euo pipefail
native=$(realpath "$1")
cd "$(dirname "$0")/.."
jobs=$(nproc)
qemu_depth=11
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="  # no Mono/Gecko prompts in a fresh prefix
fails=0
nodes() { tail -1 | tr -d '\r' | awk '{print $1}'; }
same() {  # name, expected, actual
  if [ "$2" = "$3" ]; then echo "ok   $1: $3 nodes"; else echo "FAIL $1: $3 nodes, native $2"; fails=$((fails + 1)); fi
}

start=$SECONDS
cmake --preset windows-x86-64-v2 >/dev/null
cmake --build --preset windows-x86-64-v2 -j"$jobs" >/dev/null
cmake --preset linux-armv8 -DVAZIR_TESTS=ON >/dev/null
cmake --build build-linux-armv8 -j"$jobs" --target vazir vazir_tests >/dev/null
echo "cross builds: $((SECONDS - start)) s"

win=build-windows-x86-64-v2/vazir.exe
arm=build-linux-armv8/vazir
start=$SECONDS
same "windows-x86-64-v2 under wine, bench" "$("$native" bench | nodes)" "$(wine "$win" bench | nodes)"
same "linux-armv8 under qemu, bench $qemu_depth" "$("$native" bench $qemu_depth | nodes)" \
  "$(qemu-aarch64 "$arm" bench $qemu_depth | nodes)"
echo "benches: $((SECONDS - start)) s"

start=$SECONDS
# A net under a folder with spaces, named as a Windows program sees it (wine maps Z: to /).
netdir=$(mktemp -d)/"net folder"
mkdir -p "$netdir"
cp nets/net10-h128-ob8.nnue "$netdir/net 10.nnue"
winnet="Z:$(printf '%s' "$netdir/net 10.nnue" | tr / '\\')"
echo "-- UCI exchange, windows-x86-64-v2 under wine"
python3 tests/uci_exchange.py --eol crlf --target windows-x86-64-v2 --net "$winnet" \
  --tables 'C:\syzygy 345;D:\syzygy 6' --slow 4 -- wine "$win" || fails=$((fails + 1))
echo "-- UCI exchange, linux-armv8 under qemu-user"
python3 tests/uci_exchange.py --eol lf --target linux-armv8 --net "$netdir/net 10.nnue" \
  --tables "$PWD/tests/data/syzygy" --slow 6 -- qemu-aarch64 "$arm" || fails=$((fails + 1))
echo "-- NEON kernel against scalar (nnue test suite under qemu-user)"
qemu-aarch64 build-linux-armv8/tests/vazir_tests --test-suite=nnue | tail -3 || fails=$((fails + 1))
rm -rf "$(dirname "$netdir")"
echo "emulated runs: $((SECONDS - start)) s"

[ "$fails" = 0 ] || { echo "$fails cross-target check(s) failed"; exit 1; }
echo "cross targets: all passed"
