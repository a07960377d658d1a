#!/usr/bin/env bash
# Builds Vazir (Release) and starts it; any arguments are passed to the engine.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)" --target vazir >/dev/null
exec ./build/vazir "$@"
