#!/usr/bin/env bash
# Builds the web page (web/) into one folder that any static host can serve:
#   index.html, style.css, app/, the UCI worker vazir-worker.js, both WebAssembly builds
#   (vazir-threads.*: pthreads, for a page served cross-origin isolated; vazir-single.*:
#   no threads, the fallback), and the npm packages pinned in web/package-lock.json
#   (chessground, chess.js) under vendor/.
# Installs what it needs on Debian 12 (emscripten; node and npm if there are none).
# Usage: scripts/build-web.sh [OUTDIR]     (default: build-web/site)
# Then:  scripts/serve-web.py OUTDIR       (http://127.0.0.1:8000/)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build-web/site}
jobs=$(nproc)

need=()
command -v emcc >/dev/null || need+=(emscripten)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
command -v cmake >/dev/null || need+=(cmake)
if [ ${#need[@]} -gt 0 ]; then bash scripts/install-deps.sh "${need[@]}"; fi
source scripts/wasm-env.sh

# Quiet unless it fails.
quietly() {
  local log
  log=$(mktemp)
  "$@" >"$log" 2>&1 || { tail -40 "$log"; rm -f "$log"; return 1; }
  rm -f "$log"
}
for preset in wasm-threads wasm-single; do
  quietly emcmake cmake --preset "$preset"
  quietly cmake --build "build-$preset" -j"$jobs" --target vazir-web
done

# The packages exactly as the lock file pins them (no browser download: puppeteer-core
# is a development package and brings none anyway).
(cd web && npm ci --no-audit --no-fund --loglevel=error >/dev/null)

rm -rf "$out"
mkdir -p "$out/app" "$out/vendor"
cp web/index.html web/style.css web/favicon.svg web/vazir-worker.js "$out/"
cp web/app/*.js "$out/app/"
cp build-wasm-threads/vazir-threads.js build-wasm-threads/vazir-threads.wasm build-wasm-threads/vazir-threads.worker.js "$out/"
cp build-wasm-single/vazir-single.js build-wasm-single/vazir-single.wasm "$out/"
cg=web/node_modules/@lichess-org/chessground
cp "$cg/dist/chessground.min.js" "$cg"/assets/chessground.{base,brown,cburnett}.css "$out/vendor/"
cp web/node_modules/chess.js/dist/esm/chess.js "$out/vendor/chess.js"
# The licences of what the site ships: Vazir's and the two packages'.
cp LICENSE "$out/LICENSE.txt"
cp "$cg/LICENSE" "$out/vendor/chessground.LICENSE.txt"
cp web/node_modules/chess.js/LICENSE "$out/vendor/chess.js.LICENSE.txt"

bytes=$(cat "$out"/index.html "$out"/style.css "$out"/app/*.js "$out"/vendor/*.js "$out"/vendor/*.css \
  "$out"/vazir-worker.js "$out"/vazir-threads.{js,wasm,worker.js} | gzip -9 | wc -c)
echo "web page built in $out: $(du -sh "$out" | cut -f1) on disk; the threaded page gzipped: $((bytes / 1024)) KB"
