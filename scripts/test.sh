#!/usr/bin/env bash
# Builds and runs the tests. With no option: the fast tests in a Release build, the same
# under AddressSanitizer + UndefinedBehaviorSanitizer, the threaded tests under
# ThreadSanitizer, the network tests in a build with a net embedded, ten seconds of each
# libFuzzer target (a clang build), a short cross-check of perft divides against
# Stockfish, the fast tests in the portable x86-64 (v1) build, and the Windows and armv8
# cross builds run under wine and qemu-user (tests/cross_targets.sh), and the WebAssembly
# builds: bench and unit tests under node, the web page in headless chromium (web/tests).
# With --deep: also every perft suite at every listed depth (about half an hour on two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
deep=0
[ "${1:-}" = "--deep" ] && deep=1
bash scripts/install-deps.sh stockfish
jobs=$(nproc)

echo "== Release build, fast tests"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs" >/dev/null
(cd build && ctest -L fast -j"$jobs" --output-on-failure)

echo "== ASan + UBSan build (portable: magic bitboards, no PEXT), fast tests"
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVAZIR_SANITIZE=ON -DVAZIR_NATIVE=OFF >/dev/null
cmake --build build-sanitize -j"$jobs" >/dev/null
(cd build-sanitize && ctest -L fast -j"$jobs" --output-on-failure)

echo "== ThreadSanitizer build: searches with 1 to 8 threads, through the UCI thread and the pool; go perft and stop; tablebase probes from 2 threads"
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVAZIR_SANITIZE_THREAD=ON >/dev/null
cmake --build build-tsan -j"$jobs" >/dev/null
(cd build-tsan && TSAN_OPTIONS="halt_on_error=1" ctest -R '^(search|smp|tt|options|uci_text|tablebase|uci_e2e)$' --output-on-failure)

echo "== A build with a net embedded (VAZIR_NET=tests/data/tiny-h16.nnue): that net is the default evaluation"
cmake -S . -B build-embedded -DCMAKE_BUILD_TYPE=Release -DVAZIR_NET=tests/data/tiny-h16.nnue >/dev/null
cmake --build build-embedded -j"$jobs" --target vazir_tests >/dev/null
(cd build-embedded && ctest -R '^nnue$' --output-on-failure)

echo "== libFuzzer (clang, ASan + UBSan): a short fuzz of FEN text, UCI lines, net files and game files (fuzz/)"
bash scripts/install-deps.sh clang libclang-rt-14-dev
cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVAZIR_FUZZ=ON -DVAZIR_TESTS=OFF >/dev/null
cmake --build build-fuzz -j"$jobs" --target fuzz_fen fuzz_uci fuzz_net fuzz_games >/dev/null
(cd build-fuzz && ctest -L fuzz --output-on-failure)

echo "== perft divides against Stockfish on positions from random play"
python3 scripts/crosscheck_stockfish.py --vazir build/vazir --games 30 --plies 40 --depth 3

echo "== Portable x86-64 (v1: SSE2 only) Release build, fast tests"
start=$SECONDS
cmake --preset linux-x86-64 -DVAZIR_TESTS=ON >/dev/null
cmake --build build-linux-x86-64 -j"$jobs" --target vazir vazir_tests >/dev/null
(cd build-linux-x86-64 && ctest -L fast -j"$jobs" --output-on-failure)
echo "portable build and tests: $((SECONDS - start)) s"

echo "== Cross builds: Windows x86-64-v2 under wine, armv8 under qemu-user (bench, UCI exchange, NEON)"
start=$SECONDS
bash scripts/install-deps.sh g++-mingw-w64-x86-64-posix wine wine64 g++-aarch64-linux-gnu qemu-user
echo "cross toolchains and emulators installed: $((SECONDS - start)) s"
start=$SECONDS
bash tests/cross_targets.sh build/vazir
echo "cross targets: $((SECONDS - start)) s"

echo "== WebAssembly (emscripten): bench and unit tests under node; the web page in headless chromium"
start=$SECONDS
bash scripts/install-deps.sh emscripten chromium
bash scripts/build-web.sh build-web/site
bash tests/wasm_node.sh build/vazir
VAZIR_WEB_SITE=build-web/site node --test web/tests/
echo "WebAssembly and the web page: $((SECONDS - start)) s"

if [ "$deep" = 1 ]; then
  echo "== deep perft: every suite position at every depth"
  (cd build && ctest -L deep -j"$jobs" --output-on-failure -V | grep -E "positions|Passed|Failed|tests passed")
fi
