#!/usr/bin/env bash
# Checks that `vazir bench` reproduces the node count stated ("Bench: N") by the newest
# commit message that states one. Usage: bench_signature.sh path/to/vazir
set -euo pipefail
engine=$1
cd "$(dirname "$0")/.."
expected=$(git log --format=%B 2>/dev/null | grep -m1 -oE '^Bench: [0-9]+' | grep -oE '[0-9]+' || true)
if [ -z "$expected" ]; then
  echo "no commit states a Bench signature yet; nothing to compare"
  echo "1 passed, 0 failed"
  exit 0
fi
actual=$("$engine" bench | tail -1 | awk '{print $1}')
echo "bench: $actual nodes, newest commit message says $expected"
if [ "$actual" = "$expected" ]; then
  echo "1 passed, 0 failed"
else
  echo "0 passed, 1 failed"
  exit 1
fi
